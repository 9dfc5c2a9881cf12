"""What the rules of the matmul, gather/scatter/sort and cross-core families read off
their operands, the way the C++ deductions do: an operand's class (`As<TileType>`), a
dimension's constant, a tile's valid shape, a keyword's Python value.

Each reader answers one of three ways: the value, an `OpError` with the real message
(the operand's type is known and the real rule refuses it), or `None` when this front
end does not know enough to tell — the rule then stops and reports nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, TypeVar

from compiler.ir import Const, IRType, ScalarType, TileType
from compiler.ir.types import UNKNOWN_VIEW, TileView, UnknownView
from compiler.ir.views import canonical_tile_view, effective_tile_view
from compiler.ops.call import OpCall, OpError, is_wrapped
from compiler.ops.type_inference import dtype_text, ir_type_name, static_int
from compiler.syntax.values import UNKNOWN, DType, EnumMember

_T = TypeVar("_T", bound=IRType)


def operand(call: OpCall, param: str | None, kind: type[_T], message: str) -> _T | None:
    """The operand's type when it is a `kind`; raises `message` (with `{got}` replaced by
    the C++ `TypeName()` of the operand's type) when it is known to be something else;
    None when its type is not known, or when it is a raw literal (a wrapper's `.unwrap()`
    fails on one before any type deduction runs)."""
    found = call.type_of(param)
    if isinstance(found, kind):
        return found
    got = ir_type_name(found)
    if got is None or not is_wrapped(call.expr(param)):
        return None
    raise OpError(message.format(got=got))


def of_kind(call: OpCall, param: str | None, kind: type[_T], op: str, which: str) -> _T | None:
    """`operand` with the message most of these deductions write: "The operator <op>
    requires <which> to be a <TileType|TensorType>, but got <TypeName>"."""
    return operand(
        call, param, kind, f"The operator {op} requires {which} to be a {kind.ir_class_name}, but got {{got}}"
    )


def dtype_in(op: str, dtype: str, allowed: Collection[str], wanted: str) -> None:
    """A dtype check: "The operator <op> requires <wanted>, but got <dtype>" unless the
    dtype is one of `allowed` (`wanted` says which, as the real message does)."""
    if dtype not in allowed:
        raise OpError(f"The operator {op} requires {wanted}, but got {dtype_text(dtype)}")


def rank_in(op: str, shape: tuple[Any, ...], ranks: Collection[int], wanted: str) -> None:
    """A rank check: "The operator <op> requires <wanted>, but got rank <n>"."""
    if len(shape) not in ranks:
        raise OpError(f"The operator {op} requires {wanted}, but got rank {len(shape)}")


def given(call: OpCall, param: str) -> bool:
    """Whether a parameter is given a value other than None (a keyword's literal None is
    the wrapper's "absent")."""
    return call.has(param) and not (param in call.keywords and call.evaluate(call.nodes[param]) is None)


def constants_differ(a: Any, b: Any) -> bool:
    """Both dims constant and different (the only mismatch a C++ `As<ConstInt>` check sees)."""
    x, y = static_int(a), static_int(b)
    return x is not None and y is not None and x != y


def identical_dtypes(op: str, lhs: str, rhs: str) -> None:
    """The matrix products' "identical lhs and rhs data types"."""
    if lhs != rhs:
        raise OpError(
            f"The operator {op} requires identical lhs and rhs data types, but got "
            f"{dtype_text(lhs)} and {dtype_text(rhs)}"
        )


def extents_equal(a: Any, b: Any) -> bool | None:
    """`ProveValidExtentEqual(a, b) == kTrue`, where this front end can decide it (None:
    a dim it could not fold)."""
    if a == "?" or b == "?":
        return None
    x, y = static_int(a), static_int(b)
    if x is not None and y is not None:
        return x == y
    return isinstance(a, str) and a == b


def tile_result(
    shape: tuple[Any, ...] | None,
    dtype: str | None,
    memory: str | None,
    view: TileView | UnknownView | None,
    *,
    stamped: bool = False,
) -> TileType:
    """A deduced tile as the real `TileType` constructor keeps it: its view canonical (no
    view when it says nothing the absence of one would not). `stamped`: the deduction
    made it without a memory space, which the registry then stamped (`memory`), so the
    view was first made canonical without one."""
    if isinstance(view, TileView) and shape is not None:
        if stamped:
            view = canonical_tile_view(view, shape, None)
        view = canonical_tile_view(view, shape, memory) if view is not None else None
    elif shape is None:
        view = UNKNOWN_VIEW
    return TileType(shape, dtype, memory, view)


def inherited_view(valid: tuple[Any, ...] | None, src: TileType) -> TileView | UnknownView:
    """`InheritTileViewLayout`: a fresh view of valid shape `valid` with the source's
    effective block and scatter layout, pad and compact mode (not its fractal)."""
    effective = effective_tile_view(src)
    if effective is None or valid is None:
        return UNKNOWN_VIEW
    return TileView(
        valid_shape=tuple(valid),
        blayout=effective.blayout,
        slayout=effective.slayout,
        pad=effective.pad,
        compact=effective.compact,
    )


def flag(call: OpCall, param: str, default: Any = False) -> Any:
    """A keyword's Python value as the wrapper receives it (UNKNOWN when not static)."""
    return call.keyword_value(param, default)


def kwarg_type_error(op: str, key: str, value: Any, expected: str) -> OpError | None:
    """The registry's `ValidateKwargs` for one keyword: an `OpError` when the converted
    value's C++ type is not the attribute's (`expected`: "bool", "int", "string",
    "DataType"), None when it is, or when the value is not one we can classify."""
    kind = _converted_kind(value)
    if kind is None or kind == expected:
        return None
    if expected == "DataType":
        if kind == "int":
            return None
        return OpError(
            f"Kwarg '{key}' for operator '{op}' expects DataType or int, but got incompatible type"
        )
    return OpError(f"Kwarg '{key}' for operator '{op}' has incompatible type")


def validated(op: str, key: str, value: Any, expected: str) -> Any:
    """The value, after the registry's `ValidateKwargs` of it (`kwarg_type_error` raised)."""
    error = kwarg_type_error(op, key, value, expected)
    if error is not None:
        raise error
    return value


def int_kwarg(op: str, key: str, value: Any) -> int | None:
    """An int attribute after `ValidateKwargs`; None when its value is not known here."""
    validated(op, key, value, "int")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def bool_kwarg(op: str, key: str, value: Any) -> bool | None:
    """A bool attribute after `ValidateKwargs`; None when its value is not known here."""
    validated(op, key, value, "bool")
    return value if isinstance(value, bool) else None


def _converted_kind(value: Any) -> str | None:
    """The C++ type `ConvertKwargsDict` stores a Python keyword value as."""
    if value is UNKNOWN or value is None:
        return None
    if value is RAW_CONSTANT:
        return "Expr"
    if isinstance(value, DType):
        return "DataType"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "string"
    if isinstance(value, float):
        return "double"
    return None


def scalar_dtype(call: OpCall, param: str) -> str | None:
    """The dtype of a scalar operand (a DSL Scalar, a literal), None when not known."""
    found = call.type_of(param)
    return found.dtype if isinstance(found, ScalarType) else None


class _RawConstant:
    """A number written as a positional argument: the real parser parses it to an IR
    constant (`ConstInt`), which the wrapper passes on unwrapped — a keyword's literal
    would have stayed a Python value."""

    def __repr__(self) -> str:
        return "RAW_CONSTANT"


RAW_CONSTANT: Any = _RawConstant()


# `ConvertKwargsDict`'s one arm for a list under a key it reserves nothing for (a key
# other than the arg-direction / dependency-edge ones, whose lists the DSL never writes).
_LIST_ATTR_MESSAGE = (
    "Unsupported list element type for key: {key}. A list-valued attr under an arbitrary key may "
    "hold Var (a reference) or ArgDirection. Integer lists are accepted only for the reserved key "
    "'arg_direction_overrides'."
)


def check_list_attr(call: OpCall, param: str, key: str) -> None:
    """A list the wrapper hands on as the attr `key` (a list written where it takes a bool or
    an int): the binding's `ConvertKwargsDict` takes a list there only of Vars or
    ArgDirections, so one starting with a number or a string (a literal, a module constant) is
    refused before the op is built. An empty list, or one starting with a DSL variable (a
    Var list, then judged by the op's own kwarg check), is not judged here."""
    node = call.nodes.get(param)
    if not (isinstance(node, (ast.List, ast.Tuple)) and node.elts):
        return
    first = call.evaluate(node.elts[0])  # a literal, or a module constant's value
    if isinstance(first, (bool, int, float, str)):
        raise OpError(_LIST_ATTR_MESSAGE.format(key=key))


def wrapper_value(call: OpCall, param: str, default: Any = None) -> Any:
    """The Python value the wrapper receives for a non-operand parameter (an int, a
    string, a dtype, an enum member): `default` when absent, RAW_CONSTANT for a number
    written positionally, UNKNOWN when not static here."""
    node = call.nodes.get(param)
    if node is None:
        return default
    if param in call.keywords:
        return call.evaluate(node)
    if isinstance(node, ast.Attribute):
        value = call.evaluate(node)
        if isinstance(value, (DType, EnumMember)) or (
            isinstance(value, (int, float)) and not isinstance(value, bool)
        ):
            return value
        return UNKNOWN
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        return RAW_CONSTANT
    return UNKNOWN


def const(call: OpCall, anchor: str, value: int | bool, dtype: str | None = None) -> Const:
    """A constant the IR builder puts into the call (a default keyword, an enum member
    passed as its int), anchored at the span of the operand `anchor`."""
    expr = call.expr(anchor)
    assert expr is not None
    kind = dtype or ("BOOL" if isinstance(value, bool) else "INDEX")
    return Const(expr.span, value, type=ScalarType(kind))


@dataclass(frozen=True)
class Given:
    """In a built call's keywords: the source's parsed value of the parameter `name`."""

    name: str


def built(call: OpCall, args: list[str], kwargs: dict[str, Any], op: str | None = None) -> None:
    """Record the IR call the builder makes: the operands `args` (parameter names) and
    `kwargs` (plain values the printer writes as the real one does — ints, bools, dtypes,
    enum members, Exprs — or `Given(param)` for the source's own value)."""
    exprs = [call.expr(param) for param in args]
    if any(expr is None for expr in exprs):
        return
    values = {
        key: call.values.get(value.name) if isinstance(value, Given) else value
        for key, value in kwargs.items()
    }
    if any(value is None for value in values.values()):
        return
    call.built.update(args=exprs, kwargs=values)
    if op is not None:
        call.built["op"] = op
