"""The distributed ops' own rules and result types (`pld.system.notify`, `pld.tensor.put`,
`pld.tensor.allreduce`, `pld.tile.remote_load`, ...), checked once the call's arguments
bind to the op's wrapper, in the real order: the Python wrapper's checks of its operands
(`<op> expects a DistributedTensor <role> (window-bound); got <type>`), then the op's
type deduction (`<op> <role> must be a DistributedTensor (window-bound), got <TypeName>`).

Only what is certain is judged: an operand whose type we do not know, an attribute that is
not a literal, is never a reason for an error. The result is the deduction's: a comm
context, an INT32 scalar, the target's distributed tensor for a collective, a tile for a
remote load, and the real `UnknownType` for the side-effect-only ops (notify, wait, put,
get, remote_store), which is an analysed call all the same.

`alloc_window_buffer`, `window` and `world_size` are `distributed_calls`' (their placement
rules come first).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler.ir import (
    CommCtxType,
    Const,
    Expr,
    IRType,
    MakeTuple,
    ScalarType,
    TensorType,
    TileType,
    UnknownType,
)
from compiler.ops.type_inference import dtype_text
from compiler.parser.errors import invalid_operation
from compiler.printer.types import format_type

# What the real deduction names a type with (`TypeName()`), where our class name differs.
_DISTRIBUTED_TYPE_NAME = "DistributedTensorType"
_SIGNAL_DTYPE = "INT32"
_ALLREDUCE_DTYPES = ("FP16", "FP32")


class _Refused(Exception):
    """A rule's refusal: the message as the op raised it (before the parser's prefix)."""


@dataclass
class _Call:
    """One distributed call, its operands by parameter name (absent: not passed), parsed
    and as written."""

    op: str  # `pld.<category>.<op>`, as the op's own messages name it
    node: ast.Call
    operands: dict[str, Any]
    written: dict[str, ast.expr]

    def expr(self, param: str) -> Expr | None:
        value = self.operands.get(param)
        return value if isinstance(value, Expr) else None

    def literal(self, param: str) -> object:
        """The literal the call wrote for `param`: `_ABSENT` when not passed,
        `_NOT_LITERAL` when written otherwise."""
        node = self.written.get(param)
        return _ABSENT if node is None else _literal(node)

    def attribute(self, param: str) -> str | None:
        """`pld.WaitCmp.Ge` -> "Ge": the enum member an operand names, if written so."""
        node = self.written.get(param)
        return node.attr if isinstance(node, ast.Attribute) else None


_ABSENT = object()
_NOT_LITERAL = object()


def _literal(node: ast.expr) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
    ):
        value = node.operand.value
        if type(value) in (int, float):
            return -value
    return _NOT_LITERAL


def _distributed(value: Expr | None) -> TensorType | None:
    if value is not None and isinstance(value.type, TensorType) and value.type.distributed:
        return value.type
    return None


def _known_other(value: Expr | None) -> bool:
    """The operand's type is known and is not a window-bound tensor."""
    return value is not None and not isinstance(value.type, UnknownType) and _distributed(value) is None


def _type_name(ir_type: IRType) -> str:
    if isinstance(ir_type, TensorType) and ir_type.distributed:
        return _DISTRIBUTED_TYPE_NAME
    return ir_type.ir_class_name


def _wrapper_window(call: _Call, role: str) -> None:
    """The wrapper's check: a window-bound operand, its type printed as the real printer does."""
    value = call.expr(role)
    if not _known_other(value):
        return
    assert value is not None
    printed = format_type(value.type)
    if printed is not None:
        raise _Refused(f"{call.op} expects a DistributedTensor {role} (window-bound); got {printed}")


def _deducer_window(call: _Call, role: str) -> TensorType | None:
    """The deduction's check: a window-bound operand (None: its type is not known)."""
    value = call.expr(role)
    if _known_other(value):
        assert value is not None
        raise _Refused(
            f"{call.op} {role} must be a DistributedTensor (window-bound), got {_type_name(value.type)}"
        )
    return _distributed(value)


def _scalar(call: _Call, role: str, what: str) -> None:
    value = call.expr(role)
    if value is None or isinstance(value.type, (UnknownType, ScalarType)):
        return
    raise _Refused(f"{call.op} {role} must be {what}, got {_type_name(value.type)}")


def _offsets_rank(call: _Call, role: str, target: TensorType | None, what: str = "target tensor") -> None:
    offsets = call.expr(role)
    if target is None or target.shape is None or not isinstance(offsets, MakeTuple):
        return
    if len(offsets.items) != len(target.shape):
        raise _Refused(
            f"{call.op} {role} rank ({len(offsets.items)}) must match {what} rank ({len(target.shape)})"
        )


def _signal_dtype(call: _Call, signal: TensorType | None, detail: str = "") -> None:
    if signal is not None and signal.dtype is not None and signal.dtype != _SIGNAL_DTYPE:
        raise _Refused(
            f"{call.op} signal must have INT32 element type{detail}, got dtype {dtype_text(signal.dtype)}"
        )


_COUNTER = " (the barrier slot is an int counter)"


# ------------------------------------------------------------------ pld.system


def _get_comm_ctx(call: _Call) -> IRType:
    value = call.expr("dist_tensor")
    if _known_other(value):
        assert value is not None
        raise _Refused(f"{call.op} expects a DistributedTensor (window-bound), got {_type_name(value.type)}")
    return CommCtxType()


def _comm_ctx_scalar(call: _Call) -> IRType:
    value = call.expr("ctx")
    if value is not None and not isinstance(value.type, (UnknownType, CommCtxType)):
        raise _Refused(
            f"{call.op} expects a CommCtx (output of pld.system.get_comm_ctx), got {_type_name(value.type)}"
        )
    return ScalarType("INT32")


def _notify(call: _Call) -> IRType:
    target = _deducer_window(call, "target")
    _scalar(call, "peer", "a scalar (rank index)")
    _offsets_rank(call, "offsets", target)
    _scalar(call, "value", "a scalar")
    return UnknownType()


def _wait(call: _Call) -> IRType:
    signal = _deducer_window(call, "signal")
    _offsets_rank(call, "offsets", signal)
    _scalar(call, "expected", "a scalar")
    return UnknownType()


def _defer_wait(call: _Call) -> IRType:
    signal = _deducer_window(call, "signal")
    if signal is not None and signal.dtype is not None and signal.dtype != _SIGNAL_DTYPE:
        raise _Refused(f"{call.op} signal dtype must be INT32, got {dtype_text(signal.dtype)}")
    _offsets_rank(call, "offsets", signal)
    if call.attribute("cmp") == "Eq":
        raise _Refused(f"{call.op} only supports WaitCmp.Ge (got int 0)")
    return UnknownType()


# ------------------------------------------------------------------ pld.tensor


def _chunks(call: _Call) -> None:
    """`put` / `get`: the staging tile's chunk sizes, literal ints, 0 for the full extent."""
    chunks: dict[str, object] = {}
    for name in ("chunk_rows", "chunk_cols"):
        value = call.literal(name)
        chunks[name] = 0 if value is _ABSENT else value
        if value is _ABSENT or value is _NOT_LITERAL:
            continue
        if type(value) is not int:
            raise _Refused(f"{call.op} {name} must be an int (static), got {type(value).__name__}")
        if value < 0:
            raise _Refused(f"{call.op} {name} must be non-negative (0 = full), got {value}")
    rows, cols = chunks["chunk_rows"], chunks["chunk_cols"]
    if (
        call.literal("pipeline") is True
        and type(rows) is int
        and type(cols) is int
        and not (rows > 0 and cols > 0)
    ):
        raise _Refused(
            f"{call.op} pipeline=True requires both chunk_rows>0 and chunk_cols>0 "
            f"(got chunk_rows={rows}, chunk_cols={cols})"
        )


def _tensor_like(call: _Call, role: str, what: str) -> None:
    value = call.expr(role)
    if value is None or isinstance(value.type, (UnknownType, TensorType)):
        return
    printed = format_type(value.type)
    if printed is not None:
        raise _Refused(f"{call.op} expects a {what} {role}; got {printed}")


def _region(call: _Call) -> None:
    given = [name in call.operands for name in ("dst_offsets", "src_offsets", "shape")]
    if any(given) and not all(given):
        raise _Refused(f"{call.op} dst_offsets, src_offsets, and shape must be provided together")


def _put(call: _Call) -> IRType:
    _chunks(call)
    _wrapper_window(call, "dst")
    _tensor_like(call, "src", "Tensor or DistributedTensor")
    _region(call)
    return UnknownType()


def _get(call: _Call) -> IRType:
    _chunks(call)
    _tensor_like(call, "dst", "Tensor or DistributedTensor")
    _wrapper_window(call, "src")
    _region(call)
    return UnknownType()


def _tensor_remote_store(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    src = call.expr("src")
    if src is not None and isinstance(src.type, (TileType, ScalarType)):
        printed = format_type(src.type)
        if printed is not None:
            raise _Refused(
                f"{call.op} expects a Tensor src (a tensor-level value); got {printed}. "
                "In a tile-level kernel use pld.tile.remote_store; to push one window buffer into "
                "another use pld.tensor.put."
            )
    _remote_store_contract(call, _distributed(call.expr("target")))
    return UnknownType()


def _allreduce(call: _Call) -> IRType:
    core_num = call.literal("core_num")
    if core_num is not _ABSENT and core_num is not _NOT_LITERAL:
        if type(core_num) is not int:
            raise _Refused(
                f"{call.op} core_num must be a positive compile-time int, got {type(core_num).__name__}"
            )
        if core_num <= 0:
            raise _Refused(f"{call.op} core_num must be positive, got {core_num}")
    if "signal" not in call.operands:
        mode = call.literal("mode")
        if isinstance(mode, str) and mode != "mesh":
            raise _Refused(
                f'{call.op} mode="{mode}" requires an explicit signal; '
                "host signal synthesis only supports mesh mode. Pass a window-bound "
                'signal, e.g. pld.tensor.allreduce(target, signal, mode="ring").'
            )
        _wrapper_window(call, "target")
    else:
        if call.literal("signal") is None:
            raise _Refused(f"{call.op} signal cannot be None; omit the signal argument for host synthesis")
        _wrapper_window(call, "target")
        _wrapper_window(call, "signal")
    target = _distributed(call.expr("target"))
    if target is not None and target.dtype is not None and target.dtype not in _ALLREDUCE_DTYPES:
        raise _Refused(f"{call.op} target dtype must be FP16 or FP32, got {dtype_text(target.dtype)}")
    _signal_dtype(call, _distributed(call.expr("signal")), _COUNTER)
    return _result(call, "target")


def _barrier(call: _Call) -> IRType:
    _wrapper_window(call, "signal")
    _signal_dtype(call, _distributed(call.expr("signal")), _COUNTER)
    return _result(call, "signal")


def _broadcast(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    _wrapper_window(call, "signal")
    _signal_dtype(call, _distributed(call.expr("signal")))
    root = call.literal("root")
    if type(root) is int and root < 0:
        raise _Refused(f"{call.op} root rank must be non-negative, got {root}")
    return _result(call, "target")


def _windows(*roles: str) -> Callable[[_Call], IRType]:
    """A collective whose operands `roles` the wrapper requires window-bound, its result
    the target's type."""

    def rule(call: _Call) -> IRType:
        for role in roles:
            _wrapper_window(call, role)
        return _result(call, "target")

    return rule


def _result(call: _Call, role: str) -> IRType:
    value = call.expr(role)
    return value.type if _distributed(value) is not None and value is not None else UnknownType()


# ------------------------------------------------------------------ pld.tile


def _remote_load(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    target = _distributed(call.expr("target"))
    _scalar(call, "peer", "a scalar (rank index)")
    _offsets_rank(call, "offsets", target)
    _offsets_rank(call, "shape", target)
    valid = call.expr("valid_shape")
    if valid is not None and "valid_shape" in call.operands:
        _offsets_rank(call, "valid_shape", target)
    shape = call.expr("shape")
    if target is None or not isinstance(shape, MakeTuple):
        return UnknownType()
    dims = tuple(
        item.value if isinstance(item, Const) and type(item.value) is int else item for item in shape.items
    )
    return TileType(dims, target.dtype)


def _tile_remote_store(call: _Call) -> IRType:
    _wrapper_window(call, "target")
    src = call.expr("src_tile")
    if src is not None and not isinstance(src.type, (UnknownType, TileType)):
        raise _Refused(
            f"{call.op} src_tile must be a TileType, got {_type_name(src.type)}. In a tensor-level kernel "
            "(@pl.jit) call pld.tensor.remote_store instead (pld.remote_store dispatches between the two)."
        )
    _remote_store_contract(call, _distributed(call.expr("target")))
    return UnknownType()


def _remote_store_contract(call: _Call, target: TensorType | None) -> None:
    """Both remote stores' deduction, as far as it needs no shapes: a scalar peer, one
    offset per target dimension, the source's dtype the target's."""
    _scalar(call, "peer", "a scalar (rank index)")
    _offsets_rank(call, "offsets", target)
    src = call.expr("src_tile") or call.expr("src")
    src_dtype = src.type.dtype if src is not None and isinstance(src.type, (TensorType, TileType)) else None
    if (
        target is not None
        and target.dtype is not None
        and src_dtype is not None
        and src_dtype != target.dtype
    ):
        raise _Refused(
            f"{call.op} src dtype ({dtype_text(src_dtype)}) must match target dtype ({dtype_text(target.dtype)})"
        )


def _unified_remote_store(call: _Call) -> IRType:
    """`pld.remote_store`: the tile form for a tile operand, else the tensor form."""
    src = call.expr("src")
    if src is not None and isinstance(src.type, TileType):
        tile = _Call("pld.tile.remote_store", call.node, _renamed(call.operands), _renamed(call.written))
        return _RULES["pld.tile.remote_store"](tile)
    return _RULES["pld.tensor.remote_store"](
        _Call("pld.tensor.remote_store", call.node, call.operands, call.written)
    )


def _renamed(by_param: dict[str, Any]) -> dict[str, Any]:
    return {("src_tile" if name == "src" else name): value for name, value in by_param.items()}


_RULES: dict[str, Callable[[_Call], IRType]] = {
    "pld.system.get_comm_ctx": _get_comm_ctx,
    "pld.system.rank": _comm_ctx_scalar,
    "pld.system.nranks": _comm_ctx_scalar,
    "pld.system.notify": _notify,
    "pld.system.wait": _wait,
    "pld.system.defer_wait": _defer_wait,
    "pld.tensor.put": _put,
    "pld.tensor.get": _get,
    "pld.tensor.remote_store": _tensor_remote_store,
    "pld.tensor.allreduce": _allreduce,
    "pld.tensor.barrier": _barrier,
    "pld.tensor.broadcast": _broadcast,
    "pld.tensor.allgather": _windows("target", "signal"),
    "pld.tensor.reduce_scatter": _windows("target", "signal"),
    "pld.tensor.all_to_all": _windows("target", "signal"),
    "pld.tensor.all_to_all_v": _windows("target", "signal", "recv_counts"),
    "pld.tile.remote_load": _remote_load,
    "pld.tile.remote_store": _tile_remote_store,
}
# `pld.<op>`: the short forms, each the category op it re-exports.
_SHORT = {
    "get_comm_ctx": "pld.system.get_comm_ctx",
    "rank": "pld.system.rank",
    "nranks": "pld.system.nranks",
    "remote_load": "pld.tile.remote_load",
}


def is_modelled(path: list[str]) -> bool:
    return _op_name(path) is not None or path == ["pld", "remote_store"]


def _op_name(path: list[str]) -> str | None:
    name = _SHORT.get(path[1]) if len(path) == 2 else ".".join(path)
    return name if name in _RULES else None


def result_type(
    path: list[str], node: ast.Call, operands: dict[str, Any], written: dict[str, ast.expr], checked: bool
) -> IRType:
    """The op's result type; `checked`: its rules' refusals raised as the real parser's
    `InvalidOperationError` (`pld[.<category>] operation '<op>': ...` unless the message
    names the op as the call does)."""
    if path == ["pld", "remote_store"]:
        rule: Callable[[_Call], IRType] = _unified_remote_store
        op = "pld.remote_store"
    else:
        name = _op_name(path)
        if name is None:
            return UnknownType()
        rule, op = _RULES[name], name
    try:
        return rule(_Call(op, node, operands, written))
    except _Refused as refused:
        if not checked:
            return UnknownType()
        message = str(refused)
        module = ".".join(path[:-1])
        if not message.startswith(f"{module}.{path[-1]}"):
            message = f"{module} operation '{path[-1]}': {message}"
        raise invalid_operation(message, node) from None
