"""`pl.tile.batch_matmul` and `pl.tile.batch_matmul_acc` (and `pl.batch_matmul`, which
takes tiles only): src/ir/op/tile_ops/batch_matmul.cpp.

Operands are tiles of rank 2 or more, `[...batch, M, K] @ [...batch, K, N]`; the batch
dims broadcast (`_acc`: to exactly the accumulator's). The result is an Acc tile of the
accumulator dtype.
"""

from __future__ import annotations

from typing import Any

from compiler.ir import IRType, TileType
from compiler.ops.call import OpCall, OpError
from compiler.ops.operands import constants_differ, identical_dtypes, of_kind
from compiler.ops.registry import wrapper
from compiler.ops.type_inference import broadcast_dims, dtype_text, is_float


def _rank(op: str, name: str, shape: tuple[Any, ...]) -> None:
    if len(shape) < 2:
        raise OpError(
            f"The operator {op} requires {name} to have at least 2 dimensions, but got {len(shape)} dimensions"
        )


def _inner(op: str, lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> None:
    if constants_differ(lhs[-1], rhs[-2]):
        raise OpError(
            f"The operator {op} requires matching inner dimensions, but got lhs K={lhs[-1]} and rhs K={rhs[-2]}"
        )


def _batch(op: str, lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[Any, ...] | None:
    batch = broadcast_dims(lhs[:-2], rhs[:-2])
    if batch is False:
        raise OpError(f"Cannot broadcast batch dimensions for {op}")
    return batch if isinstance(batch, tuple) else None


def _dtype(op: str, lhs: TileType, rhs: TileType) -> str | None:
    if lhs.dtype is None or rhs.dtype is None:
        return None
    identical_dtypes(op, lhs.dtype, rhs.dtype)
    return "FP32" if is_float(lhs.dtype) else "INT32"


@wrapper("tile.batch_matmul")
def batch_matmul(call: OpCall) -> IRType | None:
    op = "tile.batch_matmul"
    lhs = of_kind(call, "lhs", TileType, op, "first argument")
    rhs = of_kind(call, "rhs", TileType, op, "second argument")
    if lhs is None or rhs is None or lhs.shape is None or rhs.shape is None:
        return None
    _rank(op, "lhs", lhs.shape)
    _rank(op, "rhs", rhs.shape)
    _inner(op, lhs.shape, rhs.shape)
    if len(lhs.shape) == 2 and len(rhs.shape) == 2:
        batch: tuple[Any, ...] | None = ()
    else:
        batch = _batch(op, lhs.shape, rhs.shape)
    if batch is None:
        return None
    dtype = _dtype(op, lhs, rhs)
    if dtype is None:
        return None
    return TileType((*batch, lhs.shape[-2], rhs.shape[-1]), dtype, "Acc", None)  # fully valid, Acc layout


@wrapper("tile.batch_matmul_acc")
def batch_matmul_acc(call: OpCall) -> IRType | None:
    op = "tile.batch_matmul_acc"
    acc = of_kind(call, "acc", TileType, op, "first argument (acc)")
    lhs = of_kind(call, "lhs", TileType, op, "second argument (lhs)")
    rhs = of_kind(call, "rhs", TileType, op, "third argument (rhs)")
    if acc is None or lhs is None or rhs is None:
        return None
    if acc.shape is None or lhs.shape is None or rhs.shape is None:
        return None
    _rank(op, "acc", acc.shape)
    _rank(op, "lhs", lhs.shape)
    _rank(op, "rhs", rhs.shape)
    if constants_differ(acc.shape[-2], lhs.shape[-2]):
        raise OpError(
            f"The operator {op} requires matching M dimensions, but got acc M={acc.shape[-2]} and lhs M={lhs.shape[-2]}"
        )
    if constants_differ(acc.shape[-1], rhs.shape[-1]):
        raise OpError(
            f"The operator {op} requires matching N dimensions, but got acc N={acc.shape[-1]} and rhs N={rhs.shape[-1]}"
        )
    _inner(op, lhs.shape, rhs.shape)
    batch = _batch(op, lhs.shape, rhs.shape)
    if batch is None:
        return None
    acc_batch = acc.shape[:-2]
    if len(batch) != len(acc_batch):
        raise OpError(
            f"The operator {op} requires acc batch rank ({len(acc_batch)}) to equal broadcast(lhs, rhs) "
            f"batch rank ({len(batch)})"
        )
    for i, (a, b) in enumerate(zip(acc_batch, batch)):
        if constants_differ(a, b):
            raise OpError(
                f"The operator {op} requires acc batch dim {i} to equal broadcast(lhs, rhs) batch dim {i}, "
                f"but got acc={a} and broadcast={b}"
            )
    dtype = _dtype(op, lhs, rhs)
    if dtype is None or acc.dtype is None:
        return None
    if acc.dtype != dtype:
        raise OpError(
            f"The operator {op} requires accumulator dtype {dtype_text(dtype)}, but got {dtype_text(acc.dtype)}"
        )
    return TileType(acc.shape, dtype, "Acc", None)  # the accumulator's shape, fully valid
