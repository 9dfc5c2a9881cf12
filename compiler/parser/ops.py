"""Op calls: the canonical IR op name and a result type good enough to tell a
Tensor from a Tile from a Scalar (`pypto-language.md` §4).

An op we do not model gets `UnknownType`, never an error.
"""

from __future__ import annotations

from compiler.ir import (
    Call,
    Const,
    Expr,
    IRType,
    MakeTuple,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
    UnknownType,
)
from compiler.parser import op_catalog

# Namespaces reachable as `pl.<ns>.<op>`.
OP_NAMESPACES = frozenset({"tensor", "tile", "system", "array", "prefetch"})

# Unified `pl.<op>` names promoted from a single level: they always mean that level.
_PROMOTED_TILE = frozenset(
    {
        "load", "store", "move", "create_tile", "extract", "mgather", "mscatter",
        "batch_matmul", "gemv", "gemv_acc", "gemv_bias", "matmul_bias", "matmul_mx", "matmul_mx_acc", "matmul_mx_bias", "addc", "subc",
        "addsc", "subsc", "rem", "rems", "sel", "sels", "relu", "lrelu", "prelu",
        "maximums", "minimums", "cmps", "gatherb", "tpush_to_aic", "tpush_to_aiv",
        "tpop_from_aic", "tpop_from_aiv",
    }
)  # fmt: skip
_PROMOTED_TENSOR = frozenset({"create_tensor", "full", "arange", "create_l1", "paged_gather"})
_SCALAR_RESULTS = frozenset(
    {"read", "dim", "get_block_idx", "get_block_num", "get_subblock_idx", "max", "min"}
)
# Results of a class this front end does not type: a base pointer (`alloc`), the
# system ops' Call handles and scalars, arrays and prefetch handles.
_NO_RESULT = frozenset({"write", "alloc"})
_UNTYPED_NAMESPACES = frozenset({"system", "array", "prefetch"})
# Cross-core pushes, and pops without a shape: the registry gives their call no type.
_UNTYPED_TILE_RESULTS = frozenset({"tpop_from_aic", "tpop_from_aiv", "tpush_to_aic", "tpush_to_aiv"})
# The result is the same kind as the first operand (a Tile stays a Tile, a Tensor a Tensor).
_KIND_OF_FIRST = frozenset({"aiv_shard", "aic_gather"})


def canonical_op(namespace: str | None, name: str, args: list[Expr]) -> str:
    """`pl.load` -> "tile.load", `pl.add(tensor, ...)` -> "tensor.add", `pl.tile.exp` -> "tile.exp".

    A unified op whose level we cannot tell keeps its `pl.` spelling ("pl.add"),
    so it is never mistaken for a call of a program function named `add`.
    """
    if name in _KIND_OF_FIRST and namespace in (None, "tile", "tensor"):
        # `pl.aiv_shard(x)` is tile.aiv_shard on a Tile and tensor.aiv_shard on a Tensor.
        first = args[0].type if args else None
        return f"tensor.{name}" if isinstance(first, TensorType) else f"tile.{name}"
    if namespace is not None:
        return f"{namespace}.{name}"
    signature = op_catalog.lookup(None, name)
    if signature is not None and signature.level != "unified":
        # Promoted from one level (`pl.load` is tile_ops.load, `pl.tfree_to_aiv` system_ops').
        return "tensor.create" if name == "create_tensor" else f"{signature.level}.{name}"
    if name in _PROMOTED_TILE:
        return f"tile.{name}"
    if name in _PROMOTED_TENSOR:
        return "tensor.create" if name == "create_tensor" else f"tensor.{name}"
    first = args[0].type if args else None
    if isinstance(first, TileType):
        return f"tile.{name}"
    if isinstance(first, TensorType):
        return f"tensor.{name}"
    return f"pl.{name}"  # level unknown: the first operand's type is not modelled


def result_type(op: str, call: Call) -> IRType:
    namespace, _, name = op.rpartition(".")
    if name in _SCALAR_RESULTS:
        return ScalarType("INDEX" if name.startswith("get_") or name == "dim" else None)
    if name in _NO_RESULT:
        return UnknownType()
    if namespace == "tile" and name == "store":
        return _arg_type(call, 2, "output_tensor")
    if namespace == "tile" and name == "mscatter":  # writes its Tensor operand and returns it
        return _arg_type(call, 2, "output_tensor")
    if namespace == "tile" and name == "gather_compare":  # (values, counts)
        return TupleType((TileType(None, None), TileType(None, None)))
    if namespace in _UNTYPED_NAMESPACES or (namespace == "tile" and name in _UNTYPED_TILE_RESULTS):
        return UnknownType()
    if name in _KIND_OF_FIRST:
        first = call.args[0].type if call.args else None
        return type(first)(None, None) if isinstance(first, (TensorType, TileType)) else UnknownType()
    if name == "assemble":
        return _arg_type(call, 0, "target")
    if namespace == "tensor":
        return TensorType(None, None)
    if namespace == "tile":
        return TileType(_load_shape(call) if name == "load" else None, None)
    first = call.args[0].type if call.args else None
    if isinstance(first, (TensorType, TileType)):
        return type(first)(None, None)
    return UnknownType()


def _arg_type(call: Call, index: int, keyword: str) -> IRType:
    if len(call.args) > index:
        return call.args[index].type
    value = call.kwargs.get(keyword)
    return value.type if isinstance(value, Expr) else UnknownType()


def _load_shape(call: Call) -> tuple[object, ...] | None:
    shapes = call.args[2] if len(call.args) > 2 else call.kwargs.get("shapes")
    if isinstance(shapes, MakeTuple) and all(isinstance(item, Const) for item in shapes.items):
        return tuple(item.value for item in shapes.items if isinstance(item, Const))
    return None


# Bits per dtype (pypto-language.md §1.6), for `pl.<DTYPE>.get_byte()`.
_DTYPE_BITS = {
    "BOOL": 1, "INT4": 4, "INT8": 8, "INT16": 16, "INT32": 32, "INT64": 64,
    "UINT4": 4, "UINT8": 8, "UINT16": 16, "UINT32": 32, "UINT64": 64,
    "FP16": 16, "BF16": 16, "FP32": 32, "FP4": 4, "FP8E4M3FN": 8, "FP8E5M2": 8, "FP8E8M0": 8,
    "HF4": 4, "HF8": 8, "INDEX": 64,
}  # fmt: skip


def dtype_bytes(name: str) -> int | None:
    """`pl.<DTYPE>.get_byte()`: the size in bytes, rounded up."""
    bits = _DTYPE_BITS.get(name)
    return None if bits is None else (bits + 7) // 8


def tuple_item_type(value_type: IRType, index: int) -> IRType:
    if isinstance(value_type, TupleType) and 0 <= index < len(value_type.items):
        return value_type.items[index]
    return UnknownType()
