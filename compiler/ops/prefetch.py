"""The async-prefetch ops, `pl.prefetch.*` (src/ir/op/prefetch/prefetch_async.cpp): a
context, the prefetch of a flat GM region it starts, the context's session, and the wait
on the prefetch's event; each handle typed, each operand checked as the deductions do.

The wrappers (python/pypto/language/op/prefetch_ops.py) pass each operand on unwrapped
with no keyword, so the deductions' argument-count and keyword checks never fail from
DSL source (a wrong count is the wrapper's own Python TypeError, raised by the parser's
binding first).
"""

from __future__ import annotations

from compiler.ir import (
    AsyncEventType,
    AsyncSessionType,
    Const,
    Expr,
    IRType,
    PrefetchAsyncContextType,
    ScalarType,
    TensorType,
    UnknownType,
    Var,
)
from compiler.ops.call import OpCall, OpError
from compiler.ops.memory_operands import is_dynamic_dim
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import ir_type_name, static_int


@wrapper("prefetch.make_context")
def make_context(call: OpCall) -> IRType | None:
    return PrefetchAsyncContextType()


@wrapper("prefetch.async_prefetch")
def async_prefetch(call: OpCall) -> IRType | None:
    """`CheckFlatContiguous1DSource` on `src`, then the context handle."""
    op = "prefetch.async_prefetch"
    if not _flat_source(op, call.expr(call.param(0))):
        return None
    if not _handle(op, call.expr(call.param(1)), PrefetchAsyncContextType, _CONTEXT):
        return None
    return AsyncEventType()


@wrapper("prefetch.session")
def session(call: OpCall) -> IRType | None:
    op = "prefetch.session"
    if not _handle(op, call.expr(call.param(0)), PrefetchAsyncContextType, _CONTEXT):
        return None
    return AsyncSessionType()


@wrapper("prefetch.wait")
def wait(call: OpCall) -> IRType | None:
    op = "prefetch.wait"
    if not _handle(op, call.expr(call.param(0)), AsyncEventType, _EVENT):
        return None
    if not _handle(op, call.expr(call.param(1)), AsyncSessionType, _SESSION):
        return None
    return ScalarType("BOOL")


# handle class -> (what the operand must be, the op that makes one)
_CONTEXT = ("ctx to be a PrefetchAsyncContext", "prefetch.make_context")
_EVENT = ("event to be an AsyncEvent", "prefetch.async_prefetch")
_SESSION = ("session to be an AsyncSession", "prefetch.session")


def _handle(op: str, arg: Expr | None, kind: type[IRType], wanted: tuple[str, str]) -> bool:
    """`CheckHandle`: the operand is a handle of `kind`. False when its type is not known."""
    found = arg.type if arg is not None else None
    if isinstance(found, kind):
        return True
    name = ir_type_name(found)
    if name is None:
        return False
    role, producer = wanted
    raise OpError(f"{op} expects {role} (output of {producer}), got {name}")


def _flat_source(op: str, src: Expr | None) -> bool:
    """`CheckFlatContiguous1DSource`: a variable holding a GM tensor of a static shape whose
    dimensions are all 1 but the last. False when that is not known here."""
    if src is None or isinstance(src.type, UnknownType):
        return False
    if not isinstance(src, Var):
        if isinstance(src, Const) or ir_type_name(src.type) is not None:
            raise OpError(f"{op} expects src to be a Var or IterArg")
        return False
    if not isinstance(src.type, TensorType):
        name = ir_type_name(src.type)
        if name is None:
            return False
        raise OpError(f"{op} expects src to be a GM Tensor (prefetch reads global memory), got {name}")
    shape = src.type.shape
    if shape is None:
        return False
    if not shape:
        raise OpError(f"{op} expects src to have rank >= 1, got a rank-0 tensor")
    dims = [static_int(dim) for dim in shape]
    for index, (dim, value) in enumerate(zip(shape, dims)):
        if value is None:
            if not is_dynamic_dim(dim):
                return False
            raise OpError(
                f"{op} expects src to have a fully static shape, but dimension {index} is dynamic; "
                "async prefetch needs a compile-time byte extent"
            )
    for index, value in enumerate(dims[:-1]):
        if value != 1:
            raise OpError(
                f"{op} expects src to be a flat contiguous logical 1D GM region (all dimensions except "
                f"the last must be 1), but dimension {index} is {value}; reshape the tensor to [N] or "
                "[1, ..., N] before prefetching"
            )
    return True
