"""The C++ `CHECK`s of a type deduction, as a rule writes them.

A rule runs the real checks in their order. A check whose outcome we know refuses
(`OpError`) or passes; one we cannot decide (a symbolic dimension, an unknown dtype)
is passed over, as the real one may pass it. An operand whose type we do not know
at all stops the rule (`Unknown`): the rule then types nothing and refuses nothing.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from compiler.ir import Expr, IRType, TensorType
from compiler.ops.call import OpCall, OpError
from compiler.ops.type_inference import FREE_DIM, dtype_text, ir_type_name
from compiler.syntax.values import DynVar

T = TypeVar("T", bound=IRType)


class Unknown(Exception):
    """An operand whose type is not known: nothing more can be said about the call."""


def rule(fn: Callable[[OpCall], IRType | None]) -> Callable[[OpCall], IRType | None]:
    """A rule that may stop on an `Unknown` operand (then it types nothing)."""

    @functools.wraps(fn)
    def run(call: OpCall) -> IRType | None:
        token = FREE_DIM.set(_free_dim_test(call))
        try:
            return fn(call)
        except Unknown:
            return None
        finally:
            FREE_DIM.reset(token)

    return run


def _free_dim_test(call: OpCall) -> Callable[[Any], bool]:
    """Whether a dim is the name of a `pl.dynamic` variable bound at the call's module
    level (a type holds a `pl.dynamic` dim as its name)."""

    def free(dim: Any) -> bool:
        if not isinstance(dim, str) or not dim.isidentifier():
            return False
        value = call.evaluate(ast.Name(id=dim, ctx=ast.Load()))
        return isinstance(value, DynVar) and value.name == dim

    return free


def check(ok: bool | None, message: str | Callable[[], str]) -> None:
    """`CHECK(ok) << message`: refuses when `ok` is False (None: not known, passed over)."""
    if ok is False:
        raise OpError(message() if callable(message) else message)


def dtype_among(dtype: str | None, allowed: Collection[str], message: str, suffix: str = "") -> None:
    """`CHECK(allowed contains dtype) << message << dtype << suffix` (the dtype as the C++
    writes it); passed over when the dtype is not known."""
    if dtype is not None and dtype not in allowed:
        raise OpError(f"{message}{dtype_text(dtype)}{suffix}")


def known(value: object) -> None:
    """Stop here when a value the next checks need is not known."""
    if value is None:
        raise Unknown


def known_type(expr: Expr | None) -> IRType | None:
    """The type of an unwrapped operand; stops the rule when the operand is not known."""
    known(expr)
    assert expr is not None
    return expr.type


def expect(ir_type: IRType | None, cls: type[T] | tuple[type, ...], message: str) -> T:
    """`CHECK(As<cls>(type)) << message << type->TypeName()`."""
    if isinstance(ir_type, cls) and not (
        cls is TensorType and isinstance(ir_type, TensorType) and ir_type.distributed
    ):
        return ir_type  # type: ignore[return-value]
    name = ir_type_name(ir_type)
    if name is None:
        raise Unknown
    raise OpError(f"{message}{name}")


def expect_tensor_like(ir_type: IRType | None, message: str) -> TensorType:
    """`CHECK(AsTensorTypeLike(type))`: a tensor or a distributed tensor (window)."""
    if isinstance(ir_type, TensorType):
        return ir_type
    name = ir_type_name(ir_type)
    if name is None:
        raise Unknown
    raise OpError(f"{message}{name}")
