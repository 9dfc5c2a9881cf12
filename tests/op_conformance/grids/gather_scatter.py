"""Gathers and scatters: `pl.tile.gather` / `gatherb` / `gather_mask` / `gather_compare`,
`pl.tile.scatter` / `scatter_mask`, and the tensor-level `pl.gather` / `pl.scatter` in
their index, mask and compare forms (src/ir/op/{tile,tensor}_ops/{gather,scatter}.cpp).

Operands vary in level, dtype (also mixed, and index widths), rank, shape and the
forms' keyword values (mask patterns, dims, compare modes).
"""

from __future__ import annotations

from op_conformance.grid import Row
from op_conformance.operands import params_row, tensor_param, tiles_row, vec_tile


def _gather(
    id_: str,
    check: str,
    src: tuple[str, str],
    idx: tuple[str, str],
    call: str = "pl.tile.gather(src, idx, tmp)",
) -> Row:
    return tiles_row("tile.gather", id_, check, call, ("src", *src), ("idx", *idx), ("tmp", idx[0], "INT32"))


_TILE_GATHER = [
    _gather("fp32-int32", "dtypes", ("[16, 64]", "FP32"), ("[16, 32]", "INT32")),
    _gather("fp16-int16", "dtypes", ("[16, 64]", "FP16"), ("[16, 32]", "INT16")),
    _gather("fp32-int16", "dtypes", ("[16, 64]", "FP32"), ("[16, 32]", "INT16")),
    _gather("bf16", "dtypes", ("[16, 64]", "BF16"), ("[16, 32]", "INT32")),
    _gather("int8-index", "dtypes", ("[16, 64]", "INT32"), ("[16, 32]", "INT8")),
    Row(
        id="tile.gather/tensor-src",
        op="tile.gather",
        check="operand kinds",
        call="pl.tile.gather(x, idx, tmp)",
        params=(tensor_param("x", "[16, 64]", "FP32"),),
        setup=(vec_tile("idx", "[16, 32]", "INT32"), vec_tile("tmp", "[16, 32]", "INT32")),
    ),
    Row(
        id="tile.gather/tensor-tmp",
        op="tile.gather",
        check="operand kinds",
        call="pl.tile.gather(src, idx, x)",
        params=(tensor_param("x", "[16, 32]", "INT32"),),
        setup=(vec_tile("src", "[16, 64]", "FP32"), vec_tile("idx", "[16, 32]", "INT32")),
    ),
    _gather("tiles", "operand kinds", ("[8, 32]", "INT16"), ("[8, 16]", "INT32")),
]

_TILE_GATHER_MASK = [
    tiles_row(
        "tile.gather_mask",
        "p0101",
        "mask pattern",
        "pl.tile.gather_mask(src, mask_pattern=1)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "enum",
        "mask pattern",
        "pl.tile.gather_mask(src, pl.tile.MaskPattern.P0001)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "p1111",
        "mask pattern",
        "pl.tile.gather_mask(src, mask_pattern=7)",
        ("src", "[16, 64]", "FP16"),
    ),
    tiles_row(
        "tile.gather_mask",
        "p8",
        "mask pattern",
        "pl.tile.gather_mask(src, mask_pattern=8)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "p0",
        "mask pattern",
        "pl.tile.gather_mask(src, mask_pattern=0)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "positional-literal",
        "mask pattern",
        "pl.tile.gather_mask(src, 1)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "cols-not-divisible",
        "columns",
        "pl.tile.gather_mask(src, mask_pattern=3)",
        ("src", "[16, 66]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "cols-divisible",
        "columns",
        "pl.tile.gather_mask(src, mask_pattern=3)",
        ("src", "[16, 64]", "INT32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "output-dtype",
        "output_dtype",
        "pl.tile.gather_mask(src, mask_pattern=2, output_dtype=pl.UINT32)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "output-dtype-width",
        "output_dtype",
        "pl.tile.gather_mask(src, mask_pattern=2, output_dtype=pl.FP16)",
        ("src", "[16, 64]", "FP32"),
    ),
    tiles_row(
        "tile.gather_mask",
        "bf16",
        "dtypes",
        "pl.tile.gather_mask(src, mask_pattern=1)",
        ("src", "[16, 64]", "BF16"),
    ),
    tiles_row(
        "tile.gather_mask",
        "int16",
        "dtypes",
        "pl.tile.gather_mask(src, mask_pattern=1)",
        ("src", "[16, 64]", "INT16"),
    ),
    Row(
        id="tile.gather_mask/tensor",
        op="tile.gather_mask",
        check="operand kinds",
        call="pl.tile.gather_mask(x, mask_pattern=1)",
        params=(tensor_param("x", "[16, 64]", "FP32"),),
    ),
    tiles_row(
        "tile.gather_mask",
        "tile",
        "operand kinds",
        "pl.tile.gather_mask(src, mask_pattern=5)",
        ("src", "[8, 32]", "FP32"),
    ),
]

_TILE_GATHERB = [
    tiles_row(
        "tile.gatherb",
        "fp32",
        "offset",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "FP32"),
        ("off", "[16, 8]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "fp16",
        "offset",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "FP16"),
        ("off", "[4, 16]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "offset-int32",
        "offset",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "FP32"),
        ("off", "[16, 8]", "INT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "offset-cols",
        "offset",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "FP32"),
        ("off", "[16, 12]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "output-dtype",
        "output_dtype",
        "pl.tile.gatherb(src, off, output_dtype=pl.INT8)",
        ("src", "[16, 64]", "FP32"),
        ("off", "[16, 8]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "output-dtype-int64",
        "output_dtype",
        "pl.tile.gatherb(src, off, output_dtype=pl.INT64)",
        ("src", "[16, 64]", "FP32"),
        ("off", "[16, 8]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "src-int64",
        "dtypes",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "INT64"),
        ("off", "[16, 8]", "UINT32"),
    ),
    tiles_row(
        "tile.gatherb",
        "src-uint8",
        "dtypes",
        "pl.tile.gatherb(src, off)",
        ("src", "[16, 64]", "UINT8"),
        ("off", "[16, 8]", "UINT32"),
    ),
]


def _compare(
    id_: str,
    check: str,
    call: str,
    src_dtype: str = "FP32",
    params: tuple[str, ...] = ("k: pl.Scalar[pl.FP32]",),
) -> Row:
    return tiles_row(
        "tile.gather_compare",
        id_,
        check,
        call,
        ("src", "[16, 64]", src_dtype),
        ("tmp", "[1, 256]", "UINT8"),
        params=params,
    )


_TILE_GATHER_COMPARE = [
    _compare("eq", "compare", "pl.tile.gather_compare(src, k, tmp, cmp_mode='eq', out_cols=8)"),
    _compare(
        "ge-int",
        "compare",
        "pl.tile.gather_compare(src, k, tmp, cmp_mode=5, out_cols=8, count_dtype=pl.UINT32)",
    ),
    _compare("bad-mode", "compare", "pl.tile.gather_compare(src, k, tmp, cmp_mode='gte', out_cols=8)"),
    _compare("mode-6", "compare", "pl.tile.gather_compare(src, k, tmp, cmp_mode=6, out_cols=8)"),
    _compare("out-cols-0", "out_cols", "pl.tile.gather_compare(src, k, tmp, cmp_mode='lt', out_cols=0)"),
    _compare("out-cols", "out_cols", "pl.tile.gather_compare(src, k, tmp, cmp_mode='lt', out_cols=16)"),
    _compare(
        "count-int16",
        "count_dtype",
        "pl.tile.gather_compare(src, k, tmp, cmp_mode='le', out_cols=8, count_dtype=pl.INT16)",
    ),
    _compare(
        "count-int32",
        "count_dtype",
        "pl.tile.gather_compare(src, k, tmp, cmp_mode='le', out_cols=8, count_dtype=pl.INT32)",
    ),
    _compare(
        "kvalue-dtype",
        "kvalue",
        "pl.tile.gather_compare(src, k, tmp, cmp_mode='gt', out_cols=8)",
        params=("k: pl.Scalar[pl.INT32]",),
    ),
    _compare(
        "kvalue-int32",
        "kvalue",
        "pl.tile.gather_compare(src, k, tmp, cmp_mode='gt', out_cols=8)",
        "INT32",
        params=("k: pl.Scalar[pl.INT32]",),
    ),
]


def _scatter(id_: str, check: str, dst: tuple[str, str], src: tuple[str, str], idx: tuple[str, str]) -> Row:
    return tiles_row(
        "tile.scatter",
        id_,
        check,
        "pl.tile.scatter(dst, src, idx)",
        ("dst", *dst),
        ("src", *src),
        ("idx", *idx),
    )


_TILE_SCATTER = [
    _scatter("fp32", "dtypes", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), ("[16, 32]", "INT32")),
    _scatter("fp16-int16", "dtypes", ("[16, 64]", "FP16"), ("[16, 32]", "FP16"), ("[16, 32]", "INT16")),
    _scatter("int8-int16", "dtypes", ("[16, 64]", "INT8"), ("[16, 32]", "INT8"), ("[16, 32]", "INT16")),
    _scatter("mixed", "dtypes", ("[16, 64]", "FP32"), ("[16, 32]", "FP16"), ("[16, 32]", "INT32")),
    _scatter("uint8-dst", "dtypes", ("[16, 64]", "UINT8"), ("[16, 32]", "UINT8"), ("[16, 32]", "INT16")),
    _scatter("fp32-int16", "index width", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), ("[16, 32]", "INT16")),
    _scatter("fp16-int32", "index width", ("[16, 64]", "FP16"), ("[16, 32]", "FP16"), ("[16, 32]", "INT32")),
    _scatter("bf16-int16", "index width", ("[16, 64]", "BF16"), ("[16, 32]", "BF16"), ("[16, 32]", "INT16")),
    _scatter(
        "index-uint32", "index width", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), ("[16, 32]", "UINT32")
    ),
    _scatter("index-rows", "shapes", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), ("[8, 32]", "INT32")),
    _scatter("index-cols", "shapes", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), ("[16, 16]", "INT32")),
    _scatter("3d-src", "shapes", ("[16, 64]", "FP32"), ("[2, 16, 32]", "FP32"), ("[2, 16, 32]", "INT32")),
    _scatter("dst-wider", "shapes", ("[4, 256]", "FP32"), ("[16, 32]", "FP32"), ("[16, 32]", "INT32")),
    Row(
        id="tile.scatter/tensor-dst",
        op="tile.scatter",
        check="operand kinds",
        call="pl.tile.scatter(x, src, idx)",
        params=(tensor_param("x", "[16, 64]", "FP32"),),
        setup=(vec_tile("src", "[16, 32]", "FP32"), vec_tile("idx", "[16, 32]", "INT32")),
    ),
    _scatter("tiles", "operand kinds", ("[8, 64]", "INT32"), ("[8, 16]", "INT32"), ("[8, 16]", "INT32")),
]


def _scatter_mask(id_: str, check: str, dst: tuple[str, str], src: tuple[str, str], pattern: str) -> Row:
    return tiles_row(
        "tile.scatter_mask",
        id_,
        check,
        f"pl.tile.scatter_mask(dst, src, {pattern})",
        ("dst", *dst),
        ("src", *src),
    )


_TILE_SCATTER_MASK = [
    _scatter_mask("p0101", "mask pattern", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), "mask_pattern=1"),
    _scatter_mask("p0", "mask pattern", ("[16, 64]", "FP32"), ("[16, 32]", "FP32"), "mask_pattern=0"),
    _scatter_mask(
        "enum", "mask pattern", ("[16, 64]", "FP32"), ("[16, 16]", "FP32"), "pl.tile.MaskPattern.P0100"
    ),
    _scatter_mask("stride", "columns", ("[16, 64]", "FP32"), ("[16, 16]", "FP32"), "mask_pattern=2"),
    _scatter_mask("p1111", "columns", ("[16, 64]", "FP16"), ("[16, 64]", "FP16"), "mask_pattern=7"),
    _scatter_mask("rows", "rows", ("[8, 64]", "FP32"), ("[16, 32]", "FP32"), "mask_pattern=1"),
    _scatter_mask("same-rows", "rows", ("[16, 64]", "INT16"), ("[16, 32]", "INT16"), "mask_pattern=1"),
    _scatter_mask("dtypes", "dtypes", ("[16, 64]", "FP32"), ("[16, 32]", "INT32"), "mask_pattern=1"),
    _scatter_mask("bf16", "dtypes", ("[16, 64]", "BF16"), ("[16, 32]", "BF16"), "mask_pattern=1"),
]


_TENSOR_GATHER = [
    params_row(
        "tensor.gather",
        "index",
        "index form",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-dim-0",
        "index form",
        "pl.tensor.gather(x, dim=0, index=i)",
        tensor_param("x", "[16, 64]", "FP16"),
        tensor_param("i", "[8, 64]", "INT16"),
    ),
    params_row(
        "tensor.gather",
        "index-dim-2",
        "index form",
        "pl.gather(x, dim=2, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-wider",
        "index form",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[32, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-rank",
        "index form",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-1d-input",
        "index form",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[64]", "FP32"),
        tensor_param("i", "[32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-int16-fp32",
        "dtypes",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT16"),
    ),
    params_row(
        "tensor.gather",
        "input-bf16",
        "dtypes",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "BF16"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "int32",
        "dtypes",
        "pl.gather(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "INT32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "positional",
        "index form",
        "pl.gather(x, 1, i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-missing",
        "forms",
        "pl.gather(x, dim=-1)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row("tensor.gather", "no-form", "forms", "pl.gather(x)", tensor_param("x", "[16, 64]", "FP32")),
    params_row(
        "tensor.gather",
        "mask-with-offset",
        "forms",
        "pl.gather(x, mask_pattern=1, offset=4)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mixed-forms",
        "forms",
        "pl.gather(x, dim=-1, index=i, mask_pattern=1)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "index-output-dtype",
        "forms",
        "pl.gather(x, dim=-1, index=i, output_dtype=pl.INT32)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.gather",
        "mask",
        "mask form",
        "pl.gather(x, mask_pattern=1)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mask-enum",
        "mask form",
        "pl.gather(x, mask_pattern=pl.tile.MaskPattern.P1010, output_dtype=pl.INT32)",
        tensor_param("x", "[1, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mask-9",
        "mask form",
        "pl.gather(x, mask_pattern=9)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mask-3d",
        "mask form",
        "pl.gather(x, mask_pattern=1)",
        tensor_param("x", "[2, 16, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mask-cols",
        "mask form",
        "pl.gather(x, mask_pattern=4)",
        tensor_param("x", "[16, 66]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "mask-output-width",
        "mask form",
        "pl.gather(x, mask_pattern=1, output_dtype=pl.INT16)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.gather",
        "compare",
        "compare form",
        "pl.gather(x, kvalue=k, cmp_mode='ne', out_cols=8)",
        tensor_param("x", "[16, 64]", "FP32"),
        "k: pl.Scalar[pl.FP32]",
    ),
    params_row(
        "tensor.gather",
        "compare-partial",
        "compare form",
        "pl.gather(x, kvalue=k, cmp_mode='ne')",
        tensor_param("x", "[16, 64]", "FP32"),
        "k: pl.Scalar[pl.FP32]",
    ),
    params_row(
        "tensor.gather",
        "compare-kvalue",
        "compare form",
        "pl.gather(x, kvalue=k, cmp_mode='eq', out_cols=8)",
        tensor_param("x", "[16, 64]", "FP32"),
        "k: pl.Scalar[pl.FP16]",
    ),
    Row(
        id="tensor.gather/tile-input",
        op="tensor.gather",
        check="operand kinds",
        call="pl.tensor.gather(t, dim=-1, index=i)",
        params=(tensor_param("i", "[16, 32]", "INT32"),),
        setup=(vec_tile("t", "[16, 64]", "FP32"),),
    ),
    params_row(
        "tensor.gather",
        "tensors",
        "operand kinds",
        "pl.tensor.gather(x, dim=1, index=i)",
        tensor_param("x", "[8, 64]", "FP32"),
        tensor_param("i", "[8, 16]", "INT32"),
    ),
]

_TENSOR_SCATTER = [
    params_row(
        "tensor.scatter",
        "index",
        "index form",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "dim-0",
        "index form",
        "pl.scatter(x, dim=0, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "src-rows",
        "index form",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[8, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "index-shape",
        "index form",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 16]", "INT32"),
        tensor_param("s", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "rank-3",
        "index form",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[2, 16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[2, 16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "positional-dim",
        "index form",
        "pl.scatter(x, 1, i, s)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "index-width",
        "dtypes",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP16"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP16"),
    ),
    params_row(
        "tensor.scatter",
        "fp16-int16",
        "dtypes",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP16"),
        tensor_param("i", "[16, 32]", "INT16"),
        tensor_param("s", "[16, 32]", "FP16"),
    ),
    params_row(
        "tensor.scatter",
        "src-dtype",
        "dtypes",
        "pl.scatter(x, dim=-1, index=i, src=s)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
        tensor_param("s", "[16, 32]", "FP16"),
    ),
    params_row(
        "tensor.scatter",
        "missing-src",
        "forms",
        "pl.scatter(x, dim=-1, index=i)",
        tensor_param("x", "[16, 64]", "FP32"),
        tensor_param("i", "[16, 32]", "INT32"),
    ),
    params_row(
        "tensor.scatter",
        "mixed-forms",
        "forms",
        "pl.scatter(x, dim=-1, mask_pattern=1)",
        tensor_param("x", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "mask",
        "mask form",
        "pl.scatter(x, mask_pattern=1, dst=d)",
        tensor_param("x", "[16, 32]", "FP32"),
        tensor_param("d", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "mask-cols",
        "mask form",
        "pl.scatter(x, mask_pattern=3, dst=d)",
        tensor_param("x", "[16, 32]", "FP32"),
        tensor_param("d", "[16, 64]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "mask-no-dst",
        "forms",
        "pl.scatter(x, mask_pattern=1)",
        tensor_param("x", "[16, 32]", "FP32"),
    ),
    params_row(
        "tensor.scatter",
        "mask-complete",
        "forms",
        "pl.scatter(x, mask_pattern=7, dst=d)",
        tensor_param("x", "[16, 32]", "FP32"),
        tensor_param("d", "[16, 32]", "FP32"),
    ),
    Row(
        id="tensor.scatter/tile-input",
        op="tensor.scatter",
        check="operand kinds",
        call="pl.tensor.scatter(t, dim=-1, index=i, src=s)",
        params=(tensor_param("i", "[16, 32]", "INT32"), tensor_param("s", "[16, 32]", "FP32")),
        setup=(vec_tile("t", "[16, 64]", "FP32"),),
    ),
    params_row(
        "tensor.scatter",
        "tensors",
        "operand kinds",
        "pl.tensor.scatter(x, dim=1, index=i, src=s)",
        tensor_param("x", "[8, 64]", "INT32"),
        tensor_param("i", "[8, 16]", "INT32"),
        tensor_param("s", "[8, 16]", "INT32"),
    ),
]

ROWS: list[Row] = [
    *_TILE_GATHER,
    *_TILE_GATHER_MASK,
    *_TILE_GATHERB,
    *_TILE_GATHER_COMPARE,
    *_TILE_SCATTER,
    *_TILE_SCATTER_MASK,
    *_TENSOR_GATHER,
    *_TENSOR_SCATTER,
]
