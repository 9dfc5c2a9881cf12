"""Sorts: `sort32` and `mrgsort` of both levels and the dispatching `pl.sort32` /
`pl.mrgsort` (src/ir/op/{tile,tensor}_ops/sort.cpp, python/pypto/language/op/unified_ops.py).

Operands vary in level, dtype, rank and last extent; `mrgsort` in its two formats
(`block_len=` single-list, 2-4 way merge) and their keywords.
"""

from __future__ import annotations

from op_conformance.grid import Row
from op_conformance.operands import params_row, tensor_param, tiles_row, vec_tile

_TILE_SORT32 = [
    tiles_row(
        "tile.sort32",
        "fp32",
        "dtypes",
        "pl.tile.sort32(s, i)",
        ("s", "[1, 64]", "FP32"),
        ("i", "[1, 64]", "UINT32"),
    ),
    tiles_row(
        "tile.sort32",
        "fp16",
        "dtypes",
        "pl.sort32(s, i)",
        ("s", "[4, 32]", "FP16"),
        ("i", "[4, 32]", "UINT32"),
    ),
    tiles_row(
        "tile.sort32",
        "int32",
        "dtypes",
        "pl.tile.sort32(s, i)",
        ("s", "[1, 64]", "INT32"),
        ("i", "[1, 64]", "UINT32"),
    ),
    tiles_row(
        "tile.sort32",
        "bf16",
        "dtypes",
        "pl.sort32(s, i)",
        ("s", "[1, 64]", "BF16"),
        ("i", "[1, 64]", "UINT32"),
    ),
    Row(
        id="tile.sort32/tensor-src",
        op="tile.sort32",
        check="operand kinds",
        call="pl.tile.sort32(x, i)",
        params=(tensor_param("x", "[1, 64]", "FP32"),),
        setup=(vec_tile("i", "[1, 64]", "UINT32"),),
    ),
    Row(
        id="tile.sort32/unified-mixed",
        op="tile.sort32",
        check="operand kinds",
        call="pl.sort32(x, i)",
        params=(tensor_param("x", "[1, 64]", "FP32"),),
        setup=(vec_tile("i", "[1, 64]", "UINT32"),),
    ),
    tiles_row(
        "tile.sort32",
        "tiles",
        "operand kinds",
        "pl.tile.sort32(s, i)",
        ("s", "[2, 32]", "FP32"),
        ("i", "[2, 32]", "INT32"),
    ),
]

_TENSOR_SORT32 = [
    params_row(
        "tensor.sort32",
        "fp32",
        "dtypes",
        "pl.tensor.sort32(s, i)",
        tensor_param("s", "[1, 64]", "FP32"),
        tensor_param("i", "[1, 64]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "unified",
        "dtypes",
        "pl.sort32(s, i)",
        tensor_param("s", "[2, 32]", "FP16"),
        tensor_param("i", "[2, 32]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "int32",
        "dtypes",
        "pl.sort32(s, i)",
        tensor_param("s", "[1, 64]", "INT32"),
        tensor_param("i", "[1, 64]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "idx-int32",
        "dtypes",
        "pl.sort32(s, i)",
        tensor_param("s", "[1, 64]", "FP32"),
        tensor_param("i", "[1, 64]", "INT32"),
    ),
    params_row(
        "tensor.sort32",
        "last-48",
        "shapes",
        "pl.sort32(s, i)",
        tensor_param("s", "[1, 48]", "FP32"),
        tensor_param("i", "[1, 48]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "last-96",
        "shapes",
        "pl.sort32(s, i)",
        tensor_param("s", "[2, 96]", "FP32"),
        tensor_param("i", "[2, 96]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "idx-rank",
        "shapes",
        "pl.sort32(s, i)",
        tensor_param("s", "[1, 64]", "FP32"),
        tensor_param("i", "[64]", "UINT32"),
    ),
    params_row(
        "tensor.sort32",
        "idx-shape",
        "shapes",
        "pl.sort32(s, i)",
        tensor_param("s", "[2, 64]", "FP32"),
        tensor_param("i", "[1, 64]", "UINT32"),
    ),
    Row(
        id="tensor.sort32/tile-src",
        op="tensor.sort32",
        check="operand kinds",
        call="pl.tensor.sort32(t, i)",
        params=(tensor_param("i", "[1, 64]", "UINT32"),),
        setup=(vec_tile("t", "[1, 64]", "FP32"),),
    ),
    params_row(
        "tensor.sort32",
        "tensors",
        "operand kinds",
        "pl.tensor.sort32(s, i)",
        tensor_param("s", "[1, 32]", "FP32"),
        tensor_param("i", "[1, 32]", "UINT32"),
    ),
]

_TILE_MRGSORT = [
    tiles_row(
        "tile.mrgsort", "fp16", "dtypes", "pl.tile.mrgsort(s, block_len=64)", ("s", "[1, 128]", "FP16")
    ),
    tiles_row(
        "tile.mrgsort", "format1", "block_len", "pl.tile.mrgsort(s, block_len=64)", ("s", "[1, 256]", "FP32")
    ),
    tiles_row(
        "tile.mrgsort",
        "unified-format1",
        "block_len",
        "pl.mrgsort(s, block_len=256)",
        ("s", "[1, 512]", "FP16"),
    ),
    tiles_row(
        "tile.mrgsort",
        "block-len-100",
        "block_len",
        "pl.tile.mrgsort(s, block_len=100)",
        ("s", "[1, 256]", "FP32"),
    ),
    tiles_row(
        "tile.mrgsort", "block-len-0", "block_len", "pl.mrgsort(s, block_len=0)", ("s", "[1, 256]", "FP32")
    ),
    tiles_row(
        "tile.mrgsort",
        "block-len-scalar",
        "block_len",
        "pl.tile.mrgsort(s, block_len=n)",
        ("s", "[1, 256]", "FP32"),
        params=("n: pl.Scalar[pl.INT32]",),
    ),
    tiles_row(
        "tile.mrgsort",
        "block-len-float-scalar",
        "block_len",
        "pl.tile.mrgsort(s, block_len=n)",
        ("s", "[1, 256]", "FP32"),
        params=("n: pl.Scalar[pl.FP32]",),
    ),
    tiles_row(
        "tile.mrgsort", "int32", "dtypes", "pl.tile.mrgsort(s, block_len=64)", ("s", "[1, 256]", "INT32")
    ),
    tiles_row(
        "tile.mrgsort",
        "format1-with-src1",
        "formats",
        "pl.tile.mrgsort(a, b, block_len=64)",
        ("a", "[1, 128]", "FP32"),
        ("b", "[1, 128]", "FP32"),
    ),
    tiles_row("tile.mrgsort", "no-src1", "formats", "pl.tile.mrgsort(a)", ("a", "[1, 128]", "FP32")),
    tiles_row(
        "tile.mrgsort",
        "no-tmp",
        "formats",
        "pl.tile.mrgsort(a, b)",
        ("a", "[1, 128]", "FP32"),
        ("b", "[1, 128]", "FP32"),
    ),
    tiles_row(
        "tile.mrgsort",
        "two-way",
        "formats",
        "pl.tile.mrgsort(a, b, tmp=t)",
        ("a", "[1, 128]", "FP32"),
        ("b", "[1, 128]", "FP32"),
        ("t", "[1, 256]", "FP32"),
    ),
    tiles_row(
        "tile.mrgsort",
        "three-way",
        "formats",
        "pl.mrgsort(a, b, c, tmp=t, exhausted=True)",
        ("a", "[1, 128]", "FP16"),
        ("b", "[1, 128]", "FP16"),
        ("c", "[1, 128]", "FP16"),
        ("t", "[1, 384]", "FP16"),
    ),
    tiles_row(
        "tile.mrgsort",
        "src-dtypes",
        "dtypes",
        "pl.tile.mrgsort(a, b, tmp=t)",
        ("a", "[1, 128]", "FP32"),
        ("b", "[1, 128]", "FP16"),
        ("t", "[1, 256]", "FP32"),
    ),
    tiles_row(
        "tile.mrgsort",
        "exhausted-int",
        "exhausted",
        "pl.tile.mrgsort(a, b, tmp=t, exhausted=1)",
        ("a", "[1, 128]", "FP32"),
        ("b", "[1, 128]", "FP32"),
        ("t", "[1, 256]", "FP32"),
    ),
    tiles_row(
        "tile.mrgsort",
        "exhausted",
        "exhausted",
        "pl.tile.mrgsort(a, b, tmp=t, exhausted=False)",
        ("a", "[1, 64]", "FP32"),
        ("b", "[1, 64]", "FP32"),
        ("t", "[1, 128]", "FP32"),
    ),
    Row(
        id="tile.mrgsort/tensor-src",
        op="tile.mrgsort",
        check="operand kinds",
        call="pl.tile.mrgsort(x, block_len=64)",
        params=(tensor_param("x", "[1, 256]", "FP32"),),
    ),
    tiles_row(
        "tile.mrgsort",
        "tile-src",
        "operand kinds",
        "pl.tile.mrgsort(s, block_len=128)",
        ("s", "[2, 256]", "FP32"),
    ),
]

_TENSOR_MRGSORT = [
    params_row(
        "tensor.mrgsort",
        "fp32-pair",
        "dtypes",
        "pl.mrgsort(a, b)",
        tensor_param("a", "[1, 64]", "FP32"),
        tensor_param("b", "[1, 64]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "format1",
        "block_len",
        "pl.tensor.mrgsort(s, block_len=64)",
        tensor_param("s", "[1, 256]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "unified",
        "block_len",
        "pl.mrgsort(s, block_len=64)",
        tensor_param("s", "[1, 256]", "FP16"),
    ),
    params_row(
        "tensor.mrgsort",
        "block-len-32",
        "block_len",
        "pl.mrgsort(s, block_len=32)",
        tensor_param("s", "[1, 256]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "format1-exhausted",
        "formats",
        "pl.tensor.mrgsort(s, block_len=64, exhausted=True)",
        tensor_param("s", "[1, 256]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "two-way",
        "formats",
        "pl.tensor.mrgsort(a, b)",
        tensor_param("a", "[1, 128]", "FP32"),
        tensor_param("b", "[1, 64]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "four-way",
        "formats",
        "pl.mrgsort(a, b, c, d, exhausted=True)",
        tensor_param("a", "[2, 64]", "FP16"),
        tensor_param("b", "[2, 64]", "FP16"),
        tensor_param("c", "[2, 64]", "FP16"),
        tensor_param("d", "[2, 64]", "FP16"),
    ),
    params_row(
        "tensor.mrgsort", "no-src1", "formats", "pl.tensor.mrgsort(a)", tensor_param("a", "[1, 128]", "FP32")
    ),
    Row(
        id="tensor.mrgsort/unified-tmp",
        op="tensor.mrgsort",
        check="tmp",
        call="pl.mrgsort(a, b, tmp=t)",
        params=(tensor_param("a", "[1, 128]", "FP32"), tensor_param("b", "[1, 128]", "FP32")),
        setup=(vec_tile("t", "[1, 256]", "FP32"),),
    ),
    params_row(
        "tensor.mrgsort",
        "unified-no-tmp",
        "tmp",
        "pl.mrgsort(a, b)",
        tensor_param("a", "[1, 128]", "FP32"),
        tensor_param("b", "[1, 128]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "rows",
        "shapes",
        "pl.mrgsort(a, b)",
        tensor_param("a", "[2, 128]", "FP32"),
        tensor_param("b", "[1, 128]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "ranks",
        "shapes",
        "pl.mrgsort(a, b)",
        tensor_param("a", "[1, 128]", "FP32"),
        tensor_param("b", "[128]", "FP32"),
    ),
    params_row(
        "tensor.mrgsort",
        "dtypes",
        "dtypes",
        "pl.mrgsort(a, b)",
        tensor_param("a", "[1, 128]", "FP32"),
        tensor_param("b", "[1, 128]", "FP16"),
    ),
    params_row(
        "tensor.mrgsort",
        "int16",
        "dtypes",
        "pl.mrgsort(a, block_len=64)",
        tensor_param("a", "[1, 128]", "INT16"),
    ),
    params_row(
        "tensor.mrgsort",
        "same-shapes",
        "shapes",
        "pl.tensor.mrgsort(a, b, c)",
        tensor_param("a", "[1, 64]", "FP32"),
        tensor_param("b", "[1, 64]", "FP32"),
        tensor_param("c", "[1, 64]", "FP32"),
    ),
    Row(
        id="tensor.mrgsort/tile-src",
        op="tensor.mrgsort",
        check="operand kinds",
        call="pl.tensor.mrgsort(t, block_len=64)",
        setup=(vec_tile("t", "[1, 256]", "FP32"),),
    ),
    params_row(
        "tensor.mrgsort",
        "tensor-src",
        "operand kinds",
        "pl.tensor.mrgsort(a, block_len=64)",
        tensor_param("a", "[4, 256]", "FP32"),
    ),
]

ROWS: list[Row] = [*_TILE_SORT32, *_TENSOR_SORT32, *_TILE_MRGSORT, *_TENSOR_MRGSORT]
