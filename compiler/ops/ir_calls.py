"""The IR call each op wrapper builds, as data: which of the wrapper's parameters become
the call's positional arguments and which its keywords, in which order, and the
defaults the builder fills in (python/pypto/language/op/*_ops.py calling
python/pypto/ir/op/*_ops.py).

`pl.load(a, [o, 0], [64, 64])` is `tile.load(a, [o, 0], [64, 64], [64, 64],
target_memory=pl.Mem.Vec)` in the real IR: the wrapper passes `shapes` again as the
valid shape and the builder always records the target memory. A rule that knows the
builder's value conversions (a scalar operand re-typed to the tile's dtype) builds its
call itself (`compiler.ops.wrapping.build`); every other wrapper listed here gets its
call from this table. A wrapper in neither keeps the call as written: its builder is
not known here.

A spec is a string per part, written in the wrapper's parameter names:
- an argument: `p` (always there), `p?` (only when passed and not None), `p|q`
  (`p` when passed, else `q`), `~p` (when passed, the builder does what is not
  modelled here: no call is recorded);
- a keyword: `k` (always, as passed), `k=DEFAULT` (always; DEFAULT when not passed),
  `k?` (only when passed and not None), `k!` (only when passed and true).
A DEFAULT is `False`, `True`, an int, or an enum member (`Mem.Vec`, `TensorLayout.ND`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from compiler.base.span import Span
from compiler.ir import Const, Expr, MakeTuple, OpaqueExpr, ScalarType
from compiler.ops.call import OpCall
from compiler.syntax.values import UNKNOWN, DType, EnumMember


@dataclass(frozen=True)
class IRCallSpec:
    op: str  # the IR op the builder makes (`pl.tile.create_tile` builds `tile.create`)
    args: tuple[str, ...]
    kwargs: tuple[str, ...] = ()


def _spec(op: str, args: str, kwargs: str = "") -> IRCallSpec:
    split = lambda text: tuple(part.strip() for part in text.split(",") if part.strip())  # noqa: E731
    return IRCallSpec(op, split(args), split(kwargs))


# Keyed by the wrapper (`<level>.<function name>`, the op registry's key); a unified
# wrapper (`pl.matmul`) by its key and the level it dispatches to (`unified.matmul@tensor`),
# in the unified wrapper's parameter names.
_SPECS: dict[str, IRCallSpec] = {
    "tile.load": _spec(
        "tile.load", "tensor, offsets, shapes, valid_shape|shapes", "target_memory=Mem.Vec, clamp!"
    ),
    "tile.store": _spec("tile.store", "tile, offsets, output_tensor, shapes?", "atomic!"),
    "tile.move": _spec("tile.move", "tile", "target_memory, blayout?, slayout?"),
    "tile.create": _spec("tile.create", "shape", "dtype, target_memory=Mem.Vec, transpose?, flat_layout?"),
    "tile.assemble": _spec("tile.assemble", "target, source, offset"),
    "tile.matmul": _spec("tile.matmul", "lhs, rhs"),
    "tile.matmul_acc": _spec("tile.matmul_acc", "acc, lhs, rhs, init_cond?"),
    "tile.reshape": _spec("tile.reshape", "tile, shape"),
    "tile.transpose_view": _spec("tile.transpose_view", "tile"),
    "tile.row_max": _spec("tile.row_max", "tile, tmp_tile"),
    "tile.row_sum": _spec("tile.row_sum", "tile, tmp_tile"),
    # pl.tpush_to_aic & co. are the tile ops, re-exported by the system op modules.
    "system.tpush_to_aic": _spec("tile.tpush_to_aic", "tile", "split, id?"),
    "system.tpush_to_aiv": _spec("tile.tpush_to_aiv", "tile", "split, lane_stride?, id?"),
    "system.tpop_from_aic": _spec("tile.tpop_from_aic", "", "split=0, lane_stride?, id?"),
    "system.tpop_from_aiv": _spec("tile.tpop_from_aiv", "", "split=0, id?"),
    "system.reserve_buffer": _spec("system.reserve_buffer", "", "name, size, base=-1"),
    "tensor.transpose": _spec("tensor.transpose", "tensor, axis1, axis2"),
    "tile.transpose": _spec("tile.transpose", "tile, axis1, axis2, tmp_tile?"),
    "unified.transpose@tensor": _spec("tensor.transpose", "input, axis1, axis2"),
    "unified.transpose@tile": _spec("tile.transpose", "input, axis1, axis2"),
    "array.create": _spec("array.create", "extent", "dtype"),
    "array.update_element": _spec("array.update_element", "array, index, value"),
    "tensor.create": _spec(
        "tensor.create", "shape", "dtype, layout=TensorLayout.ND, manual_dep!, init_value?"
    ),
    "tensor.matmul": _spec(
        "tensor.matmul", "lhs, rhs", "a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype?"
    ),
    "tensor.matmul_acc": _spec(
        "tensor.matmul_acc", "acc, lhs, rhs, init_cond?", "a_trans=False, b_trans=False"
    ),
    "tensor.reshape": _spec("tensor.reshape", "tensor, shape, valid_shape?"),
    "tensor.assemble": _spec("tensor.assemble", "target, source, offset", "atomic!"),
    "tensor.slice": _spec(
        "tensor.slice", "tensor, shape, offset, ~drop_dims, valid_shape?", "pad_value?, clamp!"
    ),
    "tile.slice": _spec("tile.slice", "tile, shape, offset, ~drop_dims, valid_shape?", "pad_value?"),
    "tensor.fillpad": _spec("tensor.fillpad", "tensor", "pad_value=PadValue.zero"),
    "tile.fillpad": _spec("tile.fillpad", "tile", "pad_value=PadValue.zero"),
    "unified.matmul@tensor": _spec(
        "tensor.matmul", "lhs, rhs", "a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype?"
    ),
    "unified.matmul@tile": _spec("tile.matmul", "lhs, rhs"),
    "unified.matmul_acc@tensor": _spec(
        "tensor.matmul_acc", "acc, lhs, rhs, init_cond?", "a_trans=False, b_trans=False"
    ),
    "unified.matmul_acc@tile": _spec("tile.matmul_acc", "acc, lhs, rhs, init_cond?"),
    "unified.reshape@tensor": _spec("tensor.reshape", "input, shape"),
    "unified.reshape@tile": _spec("tile.reshape", "input, shape"),
    "unified.row_max@tensor": _spec("tensor.row_max", "input"),
    "unified.row_max@tile": _spec("tile.row_max", "input, tmp_tile"),
    "unified.row_sum@tensor": _spec("tensor.row_sum", "input"),
    "unified.row_sum@tile": _spec("tile.row_sum", "input, tmp_tile"),
    "unified.assemble@tensor": _spec("tensor.assemble", "target, source, offset", "atomic!"),
    "unified.assemble@tile": _spec("tile.assemble", "target, source, offset"),
    "unified.slice@tensor": _spec(
        "tensor.slice", "input, shape, offset, ~drop_dims, valid_shape?", "pad_value?, clamp!"
    ),
    "unified.slice@tile": _spec("tile.slice", "input, shape, offset, ~drop_dims, valid_shape?", "pad_value?"),
    "unified.fillpad@tensor": _spec("tensor.fillpad", "value", "pad_value=PadValue.zero"),
    "unified.fillpad@tile": _spec("tile.fillpad", "value", "pad_value=PadValue.zero"),
    "tensor.row_max": _spec("tensor.row_max", "input"),
    "tensor.row_sum": _spec("tensor.row_sum", "input"),
}

# How the real printer spells an enum member it holds (`pl.MemorySpace.Left` is `pl.Mem.Left`).
_ENUM_SPELLINGS = {"MemorySpace": "Mem", "Mem": "Mem"}
# Keywords whose builder converts any value but an enum member (`normalize_pad_value`).
_ENUM_ONLY = {"pad_value": "PadValue"}


def build_from_table(call: OpCall, level: str | None, span: Span) -> None:
    """Record in `call.built` the IR call the wrapper's builder makes, when the table
    lists the wrapper and every part it needs is known; nothing otherwise. `level` is
    where a unified wrapper dispatches ("tile", "tensor"; None when not known)."""
    if call.built:
        return
    key = call.op if call.level != "unified" else f"{call.op}@{level}"
    if key in _BESPOKE:
        _BESPOKE[key](call, span)
        return
    spec = _SPECS.get(key)
    if spec is None:
        return
    args: list[Expr] = []
    for part in spec.args:
        value = _argument(call, part)
        if value is _ABSENT:
            continue
        if not isinstance(value, Expr):
            return
        args.append(value)
    kwargs: dict[str, Any] = {}
    for part in spec.kwargs:
        value = _keyword(call, part, span)
        if value is _UNKNOWN_VALUE:
            return
        if value is not _ABSENT:
            kwargs[part.rstrip("?!").partition("=")[0]] = value
    call.built["op"] = spec.op
    call.built["args"] = args
    call.built["kwargs"] = kwargs


_ABSENT = object()
_UNKNOWN_VALUE = object()


def _argument(call: OpCall, part: str) -> Any:
    if part.startswith("~"):
        return _UNKNOWN_VALUE if call.has(part[1:]) and not _is_none(call, part[1:]) else _ABSENT
    optional = part.endswith("?")
    names = part.rstrip("?").split("|")
    for name in names:
        if call.has(name) and not _is_none(call, name):
            value = call.values.get(name)
            if isinstance(value, MakeTuple) and name != names[0]:
                # The wrapper normalises the list again: another tuple of the same items.
                return MakeTuple(value.span, list(value.items), type=value.type)
            return value if isinstance(value, Expr) else _UNKNOWN_VALUE
    return _ABSENT if optional else _UNKNOWN_VALUE


def _keyword(call: OpCall, part: str, span: Span) -> Any:
    name, _, default = part.partition("=")
    mode = name[-1] if name[-1] in "?!" else ""
    name = name.rstrip("?!")
    if not call.has(name) or _is_none(call, name):
        if default:
            return _default(default, span)
        return _ABSENT if mode else _UNKNOWN_VALUE
    value = call.values.get(name)
    if mode == "!":
        static = call.evaluate(call.nodes[name])
        if static is UNKNOWN or not isinstance(static, (bool, int)):
            return _UNKNOWN_VALUE
        return Const(span, True, type=ScalarType("BOOL")) if static else _ABSENT
    return _canonical(call, name, value)


def _is_none(call: OpCall, name: str) -> bool:
    node = call.nodes.get(name)
    return isinstance(node, ast.Constant) and node.value is None


def _canonical(call: OpCall, name: str, value: Any) -> Any:
    """The value as the real printer writes it back: an enum member by its printed name."""
    static = call.evaluate(call.nodes[name])
    if name in _ENUM_ONLY and not (isinstance(static, EnumMember) and static.enum == _ENUM_ONLY[name]):
        return _UNKNOWN_VALUE
    if not isinstance(value, OpaqueExpr):
        return value if isinstance(value, Expr) else _UNKNOWN_VALUE
    if isinstance(static, DType):
        return OpaqueExpr(value.span, f"pl.{static.name}")
    if type(static) is int and not isinstance(value, Const):  # a closure constant (`base=pl.AUTO`)
        return Const(value.span, static, type=ScalarType("INDEX"))
    if isinstance(static, EnumMember) and static.enum in _ENUM_SPELLINGS:
        return OpaqueExpr(value.span, f"pl.{_ENUM_SPELLINGS[static.enum]}.{static.member}")
    return value


def _default(text: str, span: Span) -> Expr:
    if text in ("True", "False"):
        return Const(span, text == "True", type=ScalarType("BOOL"))
    if text.lstrip("-").isdigit():
        return Const(span, int(text), type=ScalarType("INDEX"))
    return OpaqueExpr(span, f"pl.{text}")


def _syncall(call: OpCall, span: Span) -> None:
    """`pl.system.syncall(mode="soft", core_type=..., gm_workspace=ws, used_cores=n)` is
    `system.syncall(ws[, n])` with the core type and the mode as keywords; a `used_cores`
    of 0 (the launch configuration's count) is left out, an int one is an INT32 constant.
    The hard form keeps its call as written."""
    mode = call.evaluate(call.nodes["mode"]) if call.has("mode") else "hard"
    core_type = call.evaluate(call.nodes["core_type"]) if call.has("core_type") else "mix"
    workspace = call.values.get("gm_workspace")
    if mode != "soft" or not isinstance(core_type, str) or not isinstance(workspace, Expr):
        return
    used = call.evaluate(call.nodes["used_cores"]) if call.has("used_cores") else UNKNOWN
    if type(used) is not int:
        return  # a scalar count, or a closure value not folded here: not modelled
    args: list[Expr] = [workspace]
    if used:
        args.append(Const(span, used, type=ScalarType("INT32")))
    call.built["op"] = "system.syncall"
    call.built["args"] = args
    call.built["kwargs"] = {"core_type": core_type, "mode": "soft"}


def _initialize_pipe(call: OpCall, span: Span) -> None:
    """`pl.aic_initialize_pipe(dir_mask=1, slot_size=n, c2v_consumer_buf=buf)` is
    `system.aic_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=n)`:
    both consumer buffers are positional, an int one (0 when not passed) an INT32
    constant; `slot_num`, `local_slot_num` and `id` are keywords only when passed."""
    args: list[Expr] = []
    for name in ("c2v_consumer_buf", "v2c_consumer_buf"):
        static = call.evaluate(call.nodes[name]) if call.has(name) else 0
        value = call.values.get(name)
        if type(static) in (int, float):
            args.append(Const(span, int(static), type=ScalarType("INT32")))
        elif isinstance(value, Expr) and not isinstance(value, OpaqueExpr):
            args.append(value)
        else:
            return  # a value whose conversion is not modelled here
    kwargs: dict[str, Any] = {}
    for part in ("dir_mask", "slot_size", "slot_num?", "local_slot_num?", "id?"):
        value = _keyword(call, part, span)
        if value is _UNKNOWN_VALUE:
            return
        if value is not _ABSENT:
            kwargs[part.rstrip("?")] = value
    call.built["op"] = call.op
    call.built["args"] = args
    call.built["kwargs"] = kwargs


def _ci(call: OpCall, span: Span) -> None:
    """`pl.tensor.arange(0, [1, n], dtype=pl.UINT32)` (an alias of `ci`) is
    `tensor.ci(pl.const(0, pl.UINT32), [1, n], dtype=pl.UINT32, descending=False)`: an int
    start (or an int constant) becomes a constant of the destination dtype."""
    dtype = call.evaluate(call.nodes["dtype"]) if call.has("dtype") else None
    if call.has("dtype") and not isinstance(dtype, DType):
        return
    dtype_name = dtype.name if isinstance(dtype, DType) else "INT32"
    start = call.evaluate(call.nodes["start"]) if call.has("start") else UNKNOWN
    value = call.values.get("start")
    shape = call.values.get("shape")
    if type(start) is int:
        first: Expr = Const(span, start, type=ScalarType(dtype_name))
    elif isinstance(value, Expr) and not isinstance(value, (Const, OpaqueExpr)):
        first = value
    else:
        return
    if not isinstance(shape, Expr):
        return
    descending = _keyword(call, "descending=False", span)
    if descending is _UNKNOWN_VALUE:
        return
    call.built["op"] = f"{call.op.partition('.')[0]}.ci"
    call.built["args"] = [first, shape]
    call.built["kwargs"] = {"dtype": OpaqueExpr(span, f"pl.{dtype_name}"), "descending": descending}


# Wrappers whose builder decides more than the table says.
_BESPOKE = {
    "system.syncall": _syncall,
    "system.aic_initialize_pipe": _initialize_pipe,
    "system.aiv_initialize_pipe": _initialize_pipe,
    "tensor.ci": _ci,
    "tile.ci": _ci,
}
