"""Gathers of GM rows into on-chip buffers: `pl.paged_gather`, `pl.create_l1`,
`pl.tensor.gather_row`, `pl.tile.gather_row` and the dispatching `pl.gather_row`
(src/ir/op/{tensor,tile}_ops/paged_gather.cpp).

Operands vary in level, dtype, rank and shape; keywords in type and value (block
sizes, row bounds, column windows, memory spaces, transposes, valid shapes).
"""

from __future__ import annotations

from op_conformance.grid import Row

_POOL = "pool: pl.Tensor[[1024, 128], pl.{dtype}]"
_IDX = "idx: pl.Tensor[{shape}, pl.{dtype}]"
_BT = "bt: pl.Tensor[{shape}, pl.{dtype}]"


def _paged(
    id_: str,
    check: str,
    keywords: str = "block_size=64, size=128, max_indices=32",
    pool: str = "FP16",
    idx: tuple[str, str] = ("[32]", "INT32"),
    bt: tuple[str, str] = ("[16]", "INT32"),
    call: str | None = None,
) -> Row:
    return Row(
        id=f"tensor.paged_gather/{id_}",
        op="tensor.paged_gather",
        check=check,
        call=call or f"pl.paged_gather(pool, idx, bt, {keywords})",
        params=(
            _POOL.format(dtype=pool),
            _IDX.format(shape=idx[0], dtype=idx[1]),
            _BT.format(shape=bt[0], dtype=bt[1]),
        ),
    )


_PAGED_GATHER = [
    _paged("mat", "keywords"),
    _paged(
        "vec-trans",
        "keywords",
        "block_size=64, size=64, max_indices=32, space=pl.MemorySpace.Vec, is_trans=True",
    ),
    _paged(
        "mat-trans", "keywords", "block_size=64, size=64, max_indices=16, is_trans=True, is_b_matrix=True"
    ),
    _paged("block-size-0", "keywords", "block_size=0, size=128, max_indices=32"),
    _paged("max-indices-0", "keywords", "block_size=64, size=128, max_indices=0"),
    _paged("col-off-negative", "keywords", "block_size=64, size=64, max_indices=32, col_off=-1"),
    _paged("window", "keywords", "block_size=64, size=64, max_indices=32, col_off=96"),
    _paged("window-fits", "keywords", "block_size=64, size=64, max_indices=32, col_off=64"),
    _paged("positional-sizes", "keyword types", call="pl.paged_gather(pool, idx, bt, 64, 128, 32)"),
    _paged("size-string", "keyword types", 'block_size=64, size="128", max_indices=32'),
    _paged("space-int", "keyword types", "block_size=64, size=128, max_indices=32, space=1"),
    _paged(
        "bool-flags",
        "keyword types",
        "block_size=64, size=128, max_indices=32, is_trans=False, is_b_matrix=False",
    ),
    _paged("pool-int32", "dtypes", pool="INT32"),
    _paged("pool-bf16", "dtypes", pool="BF16"),
    _paged("idx-int64", "dtypes", idx=("[32]", "INT64")),
    _paged("bt-fp32", "dtypes", bt=("[16]", "FP32")),
    _paged("idx-2d", "shapes", idx=("[1, 32]", "INT32")),
    _paged("idx-2d-rows", "shapes", idx=("[2, 32]", "INT32")),
    _paged("bt-3d", "shapes", bt=("[1, 1, 16]", "INT32")),
    Row(
        id="tensor.paged_gather/tile-indices",
        op="tensor.paged_gather",
        check="operand kinds",
        call="pl.paged_gather(pool, t, bt, block_size=64, size=128, max_indices=32)",
        params=(_POOL.format(dtype="FP16"), _BT.format(shape="[16]", dtype="INT32")),
        setup=("t = pl.tile.create([1, 32], pl.INT32, target_memory=pl.Mem.Vec)",),
    ),
    _paged("tensors", "operand kinds", "block_size=128, size=32, max_indices=8"),
]


def _l1(id_: str, check: str, call: str, params: tuple[str, ...] = ()) -> Row:
    return Row(id=f"tensor.create_l1/{id_}", op="tensor.create_l1", check=check, call=call, params=params)


_CREATE_L1 = [
    _l1("static", "shape", "pl.create_l1([64, 128], pl.BF16)"),
    _l1("transpose", "shape", "pl.tensor.create_l1([128, 64], pl.FP16, transpose=True)"),
    _l1("zero", "shape", "pl.create_l1([0, 128], pl.BF16)"),
    _l1("scalar-dim", "shape", "pl.create_l1([n, 128], pl.BF16)", ("n: pl.Scalar[pl.INDEX]",)),
    _l1("transpose-int", "keyword types", "pl.create_l1([64, 128], pl.FP16, transpose=1)"),
    _l1("transpose-bool", "keyword types", "pl.create_l1([64, 128], pl.FP16, transpose=False)"),
]


def _row(id_: str, check: str, call: str, acc: str = "FP16", src: str = "FP16", tile: bool = False) -> Row:
    if tile:
        setup = (f"acc = pl.tile.create([64, 128], pl.{acc}, target_memory=pl.Mem.Mat)",)
        params: tuple[str, ...] = (f"src: pl.Tensor[[1024, 128], pl.{src}]", "r: pl.Scalar[pl.INDEX]")
        op = "tile.gather_row"
    else:
        setup = (f"acc = pl.create_l1([64, 128], pl.{acc})",)
        params = (f"src: pl.Tensor[[1024, 128], pl.{src}]", "r: pl.Scalar[pl.INDEX]")
        op = "tensor.gather_row"
    return Row(id=f"{op}/{id_}", op=op, check=check, call=call, params=params, setup=setup)


_GATHER_ROW = [
    _row("row", "window", "pl.gather_row(acc, src, [0, 0], [r, 0], [1, 128])"),
    _row("tensor-ns", "window", "pl.tensor.gather_row(acc, src, [1, 0], [r, 0], [1, 128])"),
    _row("dynamic-window", "window", "pl.gather_row(acc, src, [0, 0], [r, 0], [r, 128])"),
    _row("valid", "valid_shape", "pl.gather_row(acc, src, [0, 0], [r, 0], [2, 128], valid_shape=[r, 128])"),
    _row("valid-rank", "valid_shape", "pl.gather_row(acc, src, [0, 0], [r, 0], [2, 128], valid_shape=[2])"),
    # (A valid extent past the window is refused too, but the real message then ends in
    # " at <the kernel file's absolute path>:<line>:<col>": no row can record it portably.)
    _row("dtypes", "dtypes", "pl.gather_row(acc, src, [0, 0], [r, 0], [1, 128])", "BF16", "FP16"),
    _row("bf16", "dtypes", "pl.gather_row(acc, src, [0, 0], [r, 0], [1, 128])", "BF16", "BF16"),
    _row("transpose-int", "keyword types", "pl.gather_row(acc, src, [0, 0], [r, 0], [1, 128], transpose=1)"),
    _row(
        "transpose",
        "keyword types",
        "pl.tensor.gather_row(acc, src, [0, 0], [r, 0], [1, 128], transpose=True)",
    ),
    Row(
        id="tensor.gather_row/tile-src",
        op="tensor.gather_row",
        check="operand kinds",
        call="pl.tensor.gather_row(acc, t, [0, 0], [0, 0], [1, 128])",
        setup=(
            "acc = pl.create_l1([64, 128], pl.FP16)",
            "t = pl.tile.create([1, 128], pl.FP16, target_memory=pl.Mem.Vec)",
        ),
    ),
    _row("tensors", "operand kinds", "pl.tensor.gather_row(acc, src, [0, 0], [r, 0], [1, 128])"),
    _row("tile", "window", "pl.tile.gather_row(acc, src, [0, 0], [r, 0], [1, 128])", tile=True),
    _row("unified-tile", "window", "pl.gather_row(acc, src, [0, 0], [r, 0], [r, 128])", tile=True),
    _row(
        "tile-dtypes",
        "dtypes",
        "pl.tile.gather_row(acc, src, [0, 0], [r, 0], [1, 128])",
        "FP32",
        "FP16",
        tile=True,
    ),
    _row(
        "tile-fp32",
        "dtypes",
        "pl.tile.gather_row(acc, src, [0, 0], [r, 0], [1, 128])",
        "FP32",
        "FP32",
        tile=True,
    ),
    Row(
        id="tile.gather_row/tensor-dst",
        op="tile.gather_row",
        check="operand kinds",
        call="pl.tile.gather_row(acc, src, [0, 0], [0, 0], [1, 128])",
        params=("src: pl.Tensor[[1024, 128], pl.FP16]",),
        setup=("acc = pl.create_l1([64, 128], pl.FP16)",),
    ),
    _row("tile-dst", "operand kinds", "pl.tile.gather_row(acc, src, [0, 0], [0, 0], [1, 128])", tile=True),
    Row(
        id="pl.gather_row/scalar-dst",
        op="pl.gather_row",
        check="dispatch",
        call="pl.gather_row(r, src, [0, 0], [0, 0], [1, 128])",
        params=("src: pl.Tensor[[1024, 128], pl.FP16]", "r: pl.Scalar[pl.INDEX]"),
    ),
    Row(
        id="pl.gather_row/tensor-dst",
        op="pl.gather_row",
        check="dispatch",
        call="pl.gather_row(acc, src, [0, 0], [0, 0], [1, 128])",
        params=("src: pl.Tensor[[1024, 128], pl.FP16]",),
        setup=("acc = pl.create_l1([64, 128], pl.FP16)",),
    ),
]

ROWS: list[Row] = [*_PAGED_GATHER, *_CREATE_L1, *_GATHER_ROW]
