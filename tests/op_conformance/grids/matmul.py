"""Matrix products: `pl.tensor.matmul`, `pl.tensor.matmul_acc`, `pl.tile.matmul`,
`pl.tile.matmul_acc`, `pl.tile.matmul_bias`, `pl.tile.gemv*`, `pl.tile.batch_matmul*`,
`pl.tile.matmul_mx*` and the dispatching `pl.matmul` / `pl.matmul_acc` / `pl.batch_matmul`
(src/ir/op/{tile,tensor}_ops/matmul.cpp, tile_ops/batch_matmul.cpp, tile_ops/matmul_mx.cpp,
python/pypto/language/op/unified_ops.py).

Operands vary in rank, shape, inner dimension, dtype (also mixed), level (tile vs tensor),
memory space, transpose flags and keyword values; a dimension is symbolic where the rule
must not judge it.
"""

from __future__ import annotations

from op_conformance.grid import Row


def _tensor(name: str, shape: str, dtype: str = "FP16") -> str:
    return f"{name}: pl.Tensor[{shape}, pl.{dtype}]"


def _tile(name: str, source: str, shape: str, memory: str, dtype: str = "FP16") -> str:
    """A tile operand: loaded from the tensor `source` into Vec or Mat (the spaces a load
    takes), created in the other spaces."""
    if memory in ("Vec", "Mat"):
        zeros = ", ".join("0" for _ in shape.strip("[]").split(","))
        return f"{name} = pl.load({source}, [{zeros}], {shape}, target_memory=pl.Mem.{memory})"
    return f"{name} = pl.tile.create({shape}, pl.{dtype}, target_memory=pl.Mem.{memory})"


def _tensor_mm(id_: str, check: str, call: str, a: str, b: str, da: str = "FP16", db: str = "FP16") -> Row:
    return Row(
        id=f"tensor.matmul/{id_}",
        op="tensor.matmul",
        check=check,
        call=call,
        params=(_tensor("a", a, da), _tensor("b", b, db)),
    )


_TENSOR_MATMUL = [
    _tensor_mm("2d", "inner dimensions", "pl.tensor.matmul(a, b)", "[64, 128]", "[128, 32]"),
    _tensor_mm("2d-k-mismatch", "inner dimensions", "pl.tensor.matmul(a, b)", "[64, 128]", "[64, 32]"),
    _tensor_mm("swapped-operands", "inner dimensions", "pl.tensor.matmul(b, a)", "[32, 64]", "[32, 64]"),
    _tensor_mm(
        "a-trans", "inner dimensions", "pl.tensor.matmul(a, b, a_trans=True)", "[128, 64]", "[128, 32]"
    ),
    _tensor_mm(
        "a-trans-mismatch",
        "inner dimensions",
        "pl.tensor.matmul(a, b, a_trans=True)",
        "[64, 128]",
        "[128, 32]",
    ),
    _tensor_mm(
        "b-trans", "inner dimensions", "pl.tensor.matmul(a, b, b_trans=True)", "[64, 128]", "[32, 128]"
    ),
    _tensor_mm(
        "b-trans-mismatch",
        "inner dimensions",
        "pl.tensor.matmul(a, b, b_trans=True)",
        "[64, 128]",
        "[128, 32]",
    ),
    _tensor_mm(
        "both-trans",
        "inner dimensions",
        "pl.tensor.matmul(a, b, a_trans=True, b_trans=True)",
        "[128, 64]",
        "[32, 128]",
    ),
    _tensor_mm(
        "out-dtype", "result dtype", "pl.tensor.matmul(a, b, out_dtype=pl.FP32)", "[64, 128]", "[128, 32]"
    ),
    _tensor_mm(
        "out-dtype-string",
        "result dtype",
        'pl.tensor.matmul(a, b, out_dtype="fp32")',
        "[64, 128]",
        "[128, 32]",
    ),
    _tensor_mm(
        "mixed-dtypes", "result dtype", "pl.tensor.matmul(a, b)", "[64, 128]", "[128, 32]", "FP16", "FP32"
    ),
    _tensor_mm("int8", "result dtype", "pl.tensor.matmul(a, b)", "[64, 128]", "[128, 32]", "INT8", "INT8"),
    _tensor_mm(
        "mixed-int", "result dtype", "pl.tensor.matmul(a, b)", "[64, 128]", "[128, 32]", "INT8", "INT32"
    ),
    _tensor_mm("a-trans-int", "flag type", "pl.tensor.matmul(a, b, a_trans=1)", "[128, 64]", "[128, 32]"),
    _tensor_mm(
        "a-trans-bool", "flag type", "pl.tensor.matmul(a, b, a_trans=False)", "[64, 128]", "[128, 32]"
    ),
    _tensor_mm(
        "c-matrix-nz-str", "flag type", 'pl.tensor.matmul(a, b, c_matrix_nz="yes")', "[64, 128]", "[128, 32]"
    ),
    _tensor_mm("dot", "dot product", "pl.tensor.matmul(a, b)", "[128]", "[128]"),
    _tensor_mm("dot-mismatch", "dot product", "pl.tensor.matmul(a, b)", "[128]", "[64]"),
    _tensor_mm("mat-vec", "inner dimensions", "pl.tensor.matmul(a, b)", "[64, 128]", "[128]"),
    _tensor_mm("mat-vec-mismatch", "inner dimensions", "pl.tensor.matmul(a, b)", "[64, 128]", "[64]"),
    _tensor_mm(
        "mat-vec-a-trans",
        "transpose of a vector",
        "pl.tensor.matmul(a, b, a_trans=True)",
        "[128, 64]",
        "[128]",
    ),
    _tensor_mm("vec-mat", "inner dimensions", "pl.tensor.matmul(a, b)", "[128]", "[128, 32]"),
    _tensor_mm("vec-mat-mismatch", "inner dimensions", "pl.tensor.matmul(a, b)", "[64]", "[128, 32]"),
    _tensor_mm(
        "vec-mat-b-trans",
        "transpose of a vector",
        "pl.tensor.matmul(a, b, b_trans=True)",
        "[128]",
        "[32, 128]",
    ),
    _tensor_mm(
        "a-trans-1d", "transpose of a vector", "pl.tensor.matmul(a, b, a_trans=True)", "[128]", "[128, 32]"
    ),
    _tensor_mm(
        "b-trans-1d", "transpose of a vector", "pl.tensor.matmul(a, b, b_trans=True)", "[64, 128]", "[128]"
    ),
    _tensor_mm("batched", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[4, 128, 32]"),
    _tensor_mm(
        "batched-broadcast", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[1, 128, 32]"
    ),
    _tensor_mm("batched-3d-2d", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[128, 32]"),
    _tensor_mm(
        "batched-no-broadcast", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[3, 128, 32]"
    ),
    _tensor_mm(
        "batched-k-mismatch", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[4, 64, 32]"
    ),
    _tensor_mm("batched-3d-1d", "batched matmul", "pl.tensor.matmul(a, b)", "[4, 64, 128]", "[128]"),
    Row(
        id="tensor.matmul/symbolic-m",
        op="tensor.matmul",
        check="inner dimensions",
        call="pl.tensor.matmul(a, b)",
        params=("a: pl.Tensor[[M, 128], pl.FP16]", "b: pl.Tensor[[128, N], pl.FP16]"),
        prelude=('M = pl.dynamic("M")', 'N = pl.dynamic("N")'),
    ),
    Row(
        id="tensor.matmul/first-is-tile",
        op="tensor.matmul",
        check="operand kinds",
        call="pl.tensor.matmul(ta, b)",
        params=(_tensor("a", "[64, 128]"), _tensor("b", "[128, 32]")),
        setup=(_tile("ta", "a", "[64, 128]", "Left"),),
    ),
    Row(
        id="tensor.matmul/second-is-tile",
        op="tensor.matmul",
        check="operand kinds",
        call="pl.tensor.matmul(a, tb)",
        params=(_tensor("a", "[64, 128]"), _tensor("b", "[128, 32]")),
        setup=(_tile("tb", "b", "[128, 32]", "Right"),),
    ),
    _tensor_mm("both-tensors", "operand kinds", "pl.tensor.matmul(a, b)", "[16, 16]", "[16, 16]"),
]


def _tile_params(a: str, b: str, da: str = "FP16", db: str = "FP16") -> tuple[str, ...]:
    return (_tensor("a", a, da), _tensor("b", b, db))


def _tile_mm(
    id_: str,
    check: str,
    call: str,
    a: str,
    b: str,
    da: str = "FP16",
    db: str = "FP16",
    spaces: tuple[str, str] = ("Left", "Right"),
    op: str = "tile.matmul",
) -> Row:
    return Row(
        id=f"{op}/{id_}",
        op=op,
        check=check,
        call=call,
        params=_tile_params(a, b, da, db),
        setup=(_tile("ta", "a", a, spaces[0], da), _tile("tb", "b", b, spaces[1], db)),
    )


_TILE_MATMUL = [
    _tile_mm("left-right", "inner dimensions", "pl.tile.matmul(ta, tb)", "[64, 128]", "[128, 32]"),
    _tile_mm("k-mismatch", "inner dimensions", "pl.tile.matmul(ta, tb)", "[64, 128]", "[64, 32]"),
    _tile_mm("swapped", "inner dimensions", "pl.tile.matmul(tb, ta)", "[32, 64]", "[32, 64]"),
    _tile_mm(
        "vec-tiles",
        "inner dimensions",
        "pl.tile.matmul(ta, tb)",
        "[16, 32]",
        "[32, 16]",
        spaces=("Vec", "Vec"),
    ),
    _tile_mm(
        "mat-tiles",
        "inner dimensions",
        "pl.tile.matmul(ta, tb)",
        "[16, 32]",
        "[32, 16]",
        spaces=("Mat", "Mat"),
    ),
    _tile_mm("int8", "dtypes", "pl.tile.matmul(ta, tb)", "[16, 32]", "[32, 16]", "INT8", "INT8"),
    _tile_mm("fp32", "dtypes", "pl.tile.matmul(ta, tb)", "[16, 32]", "[32, 16]", "FP32", "FP32"),
    _tile_mm("fp16-bf16", "dtypes", "pl.tile.matmul(ta, tb)", "[16, 32]", "[32, 16]", "FP16", "BF16"),
    _tile_mm("fp16-fp32", "dtypes", "pl.tile.matmul(ta, tb)", "[16, 32]", "[32, 16]", "FP16", "FP32"),
    _tile_mm("3d-lhs", "ranks", "pl.tile.matmul(ta, tb)", "[2, 16, 32]", "[32, 16]"),
    _tile_mm("3d-rhs", "ranks", "pl.tile.matmul(ta, tb)", "[16, 32]", "[2, 32, 16]"),
    _tile_mm("2d-2d", "ranks", "pl.tile.matmul(ta, tb)", "[16, 16]", "[16, 16]"),
    Row(
        id="tile.matmul/first-is-tensor",
        op="tile.matmul",
        check="operand kinds",
        call="pl.tile.matmul(a, tb)",
        params=_tile_params("[64, 128]", "[128, 32]"),
        setup=(_tile("tb", "b", "[128, 32]", "Right"),),
    ),
    Row(
        id="tile.matmul/second-is-tensor",
        op="tile.matmul",
        check="operand kinds",
        call="pl.tile.matmul(ta, b)",
        params=_tile_params("[64, 128]", "[128, 32]"),
        setup=(_tile("ta", "a", "[64, 128]", "Left"),),
    ),
    _tile_mm("both-tiles", "operand kinds", "pl.tile.matmul(ta, tb)", "[16, 16]", "[16, 16]"),
]

_UNIFIED_MATMUL = [
    Row(
        id="pl.matmul/tensors",
        op="pl.matmul",
        check="dispatch",
        call="pl.matmul(a, b)",
        params=_tile_params("[64, 128]", "[128, 32]"),
    ),
    Row(
        id="pl.matmul/tensors-k-mismatch",
        op="pl.matmul",
        check="dispatch",
        call="pl.matmul(a, b)",
        params=_tile_params("[64, 128]", "[32, 128]"),
    ),
    _tile_mm("tiles", "dispatch", "pl.matmul(ta, tb)", "[64, 128]", "[128, 32]", op="pl.matmul"),
    _tile_mm("tiles-k-mismatch", "dispatch", "pl.matmul(ta, tb)", "[64, 128]", "[64, 32]", op="pl.matmul"),
    Row(
        id="pl.matmul/tensor-and-tile",
        op="pl.matmul",
        check="dispatch",
        call="pl.matmul(a, tb)",
        params=_tile_params("[64, 128]", "[128, 32]"),
        setup=(_tile("tb", "b", "[128, 32]", "Right"),),
    ),
    Row(
        id="pl.matmul/tensor-and-scalar",
        op="pl.matmul",
        check="dispatch",
        call="pl.matmul(a, s)",
        params=(*_tile_params("[64, 128]", "[128, 32]"), "s: pl.Scalar[pl.FP16]"),
    ),
    _tile_mm(
        "tiles-a-trans",
        "tile flags",
        "pl.matmul(ta, tb, a_trans=True)",
        "[128, 64]",
        "[128, 32]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-b-trans",
        "tile flags",
        "pl.matmul(ta, tb, b_trans=True)",
        "[64, 128]",
        "[32, 128]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-c-matrix-nz",
        "tile flags",
        "pl.matmul(ta, tb, c_matrix_nz=True)",
        "[64, 128]",
        "[128, 32]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-flags-false",
        "tile flags",
        "pl.matmul(ta, tb, a_trans=False, b_trans=False)",
        "[64, 128]",
        "[128, 32]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-out-dtype-fp32",
        "tile out_dtype",
        "pl.matmul(ta, tb, out_dtype=pl.FP32)",
        "[16, 32]",
        "[32, 16]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-out-dtype-fp16",
        "tile out_dtype",
        "pl.matmul(ta, tb, out_dtype=pl.FP16)",
        "[16, 32]",
        "[32, 16]",
        op="pl.matmul",
    ),
    _tile_mm(
        "tiles-int8-out-dtype-int32",
        "tile out_dtype",
        "pl.matmul(ta, tb, out_dtype=pl.INT32)",
        "[16, 32]",
        "[32, 16]",
        "INT8",
        "INT8",
        op="pl.matmul",
    ),
    Row(
        id="pl.matmul/tensors-a-trans",
        op="pl.matmul",
        check="tensor flags",
        call="pl.matmul(a, b, a_trans=True)",
        params=_tile_params("[128, 64]", "[128, 32]"),
    ),
    Row(
        id="pl.matmul/tensors-out-dtype",
        op="pl.matmul",
        check="tensor flags",
        call="pl.matmul(a, b, out_dtype=pl.FP32)",
        params=_tile_params("[64, 128]", "[128, 32]"),
    ),
    Row(
        id="pl.matmul/tensors-b-trans-1d",
        op="pl.matmul",
        check="tensor flags",
        call="pl.matmul(a, b, b_trans=True)",
        params=_tile_params("[64, 128]", "[128]"),
    ),
]


def _acc_row(id_: str, check: str, call: str, acc: str, a: str, b: str, **kw: object) -> Row:
    da = str(kw.get("da", "FP16"))
    acc_dtype = str(kw.get("acc_dtype", "FP32"))
    acc_space = str(kw.get("acc_space", "Acc"))
    extra_params = tuple(kw.get("params", ()))  # type: ignore[arg-type]
    return Row(
        id=f"tile.matmul_acc/{id_}",
        op="tile.matmul_acc",
        check=check,
        call=call,
        params=(*_tile_params(a, b, da, da), *extra_params),
        setup=(
            _tile("ta", "a", a, "Left", da),
            _tile("tb", "b", b, "Right", da),
            f"acc = pl.tile.create({acc}, pl.{acc_dtype}, target_memory=pl.Mem.{acc_space})",
        ),
    )


_TILE_MATMUL_ACC = [
    _acc_row(
        "acc", "accumulator shape", "pl.tile.matmul_acc(acc, ta, tb)", "[64, 32]", "[64, 128]", "[128, 32]"
    ),
    _acc_row(
        "unified", "accumulator shape", "pl.matmul_acc(acc, ta, tb)", "[64, 32]", "[64, 128]", "[128, 32]"
    ),
    _acc_row(
        "acc-fp16",
        "accumulator dtype",
        "pl.tile.matmul_acc(acc, ta, tb)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        acc_dtype="FP16",
    ),
    _acc_row(
        "acc-int8-int32",
        "accumulator dtype",
        "pl.tile.matmul_acc(acc, ta, tb)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        da="INT8",
        acc_dtype="INT32",
    ),
    _acc_row(
        "acc-m", "accumulator shape", "pl.tile.matmul_acc(acc, ta, tb)", "[32, 32]", "[64, 128]", "[128, 32]"
    ),
    _acc_row(
        "acc-n", "accumulator shape", "pl.tile.matmul_acc(acc, ta, tb)", "[64, 64]", "[64, 128]", "[128, 32]"
    ),
    _acc_row(
        "acc-3d",
        "accumulator shape",
        "pl.tile.matmul_acc(acc, ta, tb)",
        "[2, 64, 32]",
        "[64, 128]",
        "[128, 32]",
    ),
    _acc_row(
        "k-mismatch",
        "inner dimensions",
        "pl.tile.matmul_acc(acc, ta, tb)",
        "[64, 32]",
        "[64, 128]",
        "[64, 32]",
    ),
    _acc_row(
        "k-match", "inner dimensions", "pl.tile.matmul_acc(acc, ta, tb)", "[16, 16]", "[16, 64]", "[64, 16]"
    ),
    _acc_row(
        "init-cond-true",
        "init_cond",
        "pl.tile.matmul_acc(acc, ta, tb, init_cond=True)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
    ),
    _acc_row(
        "init-cond-index",
        "init_cond",
        "pl.tile.matmul_acc(acc, ta, tb, init_cond=k)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        params=("k: pl.Scalar[pl.INDEX]",),
    ),
    _acc_row(
        "init-cond-compare",
        "init_cond",
        "pl.tile.matmul_acc(acc, ta, tb, init_cond=(k == 0))",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        params=("k: pl.Scalar[pl.INDEX]",),
    ),
    _acc_row(
        "unified-a-trans",
        "tile flags",
        "pl.matmul_acc(acc, ta, tb, a_trans=True)",
        "[64, 32]",
        "[128, 64]",
        "[128, 32]",
    ),
    _acc_row(
        "unified-flags-false",
        "tile flags",
        "pl.matmul_acc(acc, ta, tb, a_trans=False, b_trans=False)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
    ),
    _acc_row(
        "all-tiles", "operand kinds", "pl.tile.matmul_acc(acc, ta, tb)", "[16, 16]", "[16, 32]", "[32, 16]"
    ),
    Row(
        id="tile.matmul_acc/acc-is-tensor",
        op="tile.matmul_acc",
        check="operand kinds",
        call="pl.tile.matmul_acc(c, ta, tb)",
        params=(*_tile_params("[64, 128]", "[128, 32]"), "c: pl.Tensor[[64, 32], pl.FP32]"),
        setup=(_tile("ta", "a", "[64, 128]", "Left"), _tile("tb", "b", "[128, 32]", "Right")),
    ),
    Row(
        id="tile.matmul_acc/unified-mixed",
        op="tile.matmul_acc",
        check="operand kinds",
        call="pl.matmul_acc(c, ta, tb)",
        params=(*_tile_params("[64, 128]", "[128, 32]"), "c: pl.Tensor[[64, 32], pl.FP32]"),
        setup=(_tile("ta", "a", "[64, 128]", "Left"), _tile("tb", "b", "[128, 32]", "Right")),
    ),
]


def _tensor_acc(
    id_: str, check: str, call: str, acc: str, a: str, b: str, acc_dtype: str = "FP32", da: str = "FP16"
) -> Row:
    return Row(
        id=f"tensor.matmul_acc/{id_}",
        op="tensor.matmul_acc",
        check=check,
        call=call,
        params=(_tensor("c", acc, acc_dtype), _tensor("a", a, da), _tensor("b", b, da)),
    )


_TENSOR_MATMUL_ACC = [
    _tensor_acc("acc", "accumulator", "pl.tensor.matmul_acc(c, a, b)", "[64, 32]", "[64, 128]", "[128, 32]"),
    _tensor_acc("unified", "accumulator", "pl.matmul_acc(c, a, b)", "[64, 32]", "[64, 128]", "[128, 32]"),
    _tensor_acc(
        "acc-m", "accumulator", "pl.tensor.matmul_acc(c, a, b)", "[32, 32]", "[64, 128]", "[128, 32]"
    ),
    _tensor_acc(
        "acc-n", "accumulator", "pl.tensor.matmul_acc(c, a, b)", "[64, 16]", "[64, 128]", "[128, 32]"
    ),
    _tensor_acc(
        "acc-dtype",
        "accumulator dtype",
        "pl.tensor.matmul_acc(c, a, b)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        "FP16",
    ),
    _tensor_acc(
        "acc-int32",
        "accumulator dtype",
        "pl.tensor.matmul_acc(c, a, b)",
        "[64, 32]",
        "[64, 128]",
        "[128, 32]",
        "INT32",
        "INT8",
    ),
    _tensor_acc(
        "k-mismatch", "inner dimensions", "pl.tensor.matmul_acc(c, a, b)", "[64, 32]", "[64, 128]", "[64, 32]"
    ),
    _tensor_acc(
        "b-trans",
        "inner dimensions",
        "pl.tensor.matmul_acc(c, a, b, b_trans=True)",
        "[64, 32]",
        "[64, 128]",
        "[32, 128]",
    ),
    _tensor_acc("lhs-1d", "ranks", "pl.tensor.matmul_acc(c, a, b)", "[64, 32]", "[128]", "[128, 32]"),
    _tensor_acc(
        "batched", "ranks", "pl.tensor.matmul_acc(c, a, b)", "[2, 64, 32]", "[2, 64, 128]", "[2, 128, 32]"
    ),
    _tensor_acc(
        "batched-rank", "batch dims", "pl.tensor.matmul_acc(c, a, b)", "[64, 32]", "[2, 64, 128]", "[128, 32]"
    ),
    _tensor_acc(
        "batched-dim",
        "batch dims",
        "pl.tensor.matmul_acc(c, a, b)",
        "[3, 64, 32]",
        "[2, 64, 128]",
        "[2, 128, 32]",
    ),
    _tensor_acc(
        "batched-broadcast",
        "batch dims",
        "pl.tensor.matmul_acc(c, a, b)",
        "[2, 64, 32]",
        "[2, 64, 128]",
        "[1, 128, 32]",
    ),
    Row(
        id="tensor.matmul_acc/lhs-dtypes",
        op="tensor.matmul_acc",
        check="operand dtypes",
        call="pl.tensor.matmul_acc(c, a, b)",
        params=(
            _tensor("c", "[64, 32]", "FP32"),
            _tensor("a", "[64, 128]", "FP16"),
            _tensor("b", "[128, 32]", "BF16"),
        ),
    ),
    Row(
        id="tensor.matmul_acc/same-dtypes",
        op="tensor.matmul_acc",
        check="operand dtypes",
        call="pl.tensor.matmul_acc(c, a, b)",
        params=(
            _tensor("c", "[64, 32]", "FP32"),
            _tensor("a", "[64, 128]", "BF16"),
            _tensor("b", "[128, 32]", "BF16"),
        ),
    ),
    Row(
        id="tensor.matmul_acc/init-cond-index",
        op="tensor.matmul_acc",
        check="init_cond",
        call="pl.tensor.matmul_acc(c, a, b, init_cond=k)",
        params=(
            _tensor("c", "[64, 32]", "FP32"),
            _tensor("a", "[64, 128]"),
            _tensor("b", "[128, 32]"),
            "k: pl.Scalar[pl.INDEX]",
        ),
    ),
    Row(
        id="tensor.matmul_acc/init-cond-false",
        op="tensor.matmul_acc",
        check="init_cond",
        call="pl.tensor.matmul_acc(c, a, b, init_cond=False)",
        params=(_tensor("c", "[64, 32]", "FP32"), _tensor("a", "[64, 128]"), _tensor("b", "[128, 32]")),
    ),
    Row(
        id="tensor.matmul_acc/acc-is-tile",
        op="tensor.matmul_acc",
        check="operand kinds",
        call="pl.tensor.matmul_acc(acc, a, b)",
        params=(_tensor("a", "[64, 128]"), _tensor("b", "[128, 32]")),
        setup=("acc = pl.tile.create([64, 32], pl.FP32, target_memory=pl.Mem.Acc)",),
    ),
    _tensor_acc(
        "all-tensors", "operand kinds", "pl.tensor.matmul_acc(c, a, b)", "[16, 16]", "[16, 16]", "[16, 16]"
    ),
]


def _bias_row(
    id_: str,
    check: str,
    bias: str,
    bias_dtype: str = "FP32",
    a: str = "[64, 128]",
    b: str = "[128, 32]",
    da: str = "FP16",
) -> Row:
    return Row(
        id=f"tile.matmul_bias/{id_}",
        op="tile.matmul_bias",
        check=check,
        call="pl.tile.matmul_bias(ta, tb, bias)",
        params=(*_tile_params(a, b, da, da), _tensor("c", bias, bias_dtype)),
        setup=(
            _tile("ta", "a", a, "Left", da),
            _tile("tb", "b", b, "Right", da),
            _tile("bias", "c", bias, "Bias", bias_dtype),
        ),
    )


_TILE_MATMUL_BIAS = [
    _bias_row("bias", "bias shape", "[1, 32]"),
    _bias_row("bias-rows", "bias shape", "[2, 32]"),
    _bias_row("bias-n", "bias N", "[1, 64]"),
    _bias_row("bias-n-match", "bias N", "[1, 16]", b="[128, 16]"),
    _bias_row("bias-fp16", "bias dtype", "[1, 32]", "FP16"),
    _bias_row("bias-int32", "bias dtype", "[1, 32]", "INT32", da="INT8"),
    _bias_row("bias-1d", "bias rank", "[32]"),
    _bias_row("bias-2d", "bias rank", "[1, 64]", b="[128, 64]"),
    _bias_row("k-mismatch", "inner dimensions", "[1, 32]", b="[64, 32]"),
    _bias_row("k-match", "inner dimensions", "[1, 32]", a="[16, 64]", b="[64, 32]"),
]


def _batch_row(
    id_: str,
    check: str,
    a: str,
    b: str,
    da: str = "FP16",
    db: str = "FP16",
    call: str = "pl.tile.batch_matmul(ta, tb)",
) -> Row:
    return Row(
        id=f"tile.batch_matmul/{id_}",
        op="tile.batch_matmul",
        check=check,
        call=call,
        params=_tile_params(a, b, da, db),
        setup=(_tile("ta", "a", a, "Left", da), _tile("tb", "b", b, "Right", db)),
    )


_BATCH_MATMUL = [
    _batch_row("3d", "inner dimensions", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_row("3d-k", "inner dimensions", "[2, 16, 32]", "[2, 16, 16]"),
    _batch_row("2d", "ranks", "[16, 32]", "[32, 16]"),
    _batch_row("1d", "ranks", "[32]", "[32, 16]"),
    _batch_row("broadcast", "batch broadcast", "[2, 16, 32]", "[1, 32, 16]"),
    _batch_row("no-broadcast", "batch broadcast", "[2, 16, 32]", "[3, 32, 16]"),
    _batch_row("dtypes", "dtypes", "[2, 16, 32]", "[2, 32, 16]", "FP16", "FP32"),
    _batch_row("int8", "dtypes", "[2, 16, 32]", "[2, 32, 16]", "INT8", "INT8"),
    _batch_row("unified", "dispatch", "[2, 16, 32]", "[2, 32, 16]", call="pl.batch_matmul(ta, tb)"),
    Row(
        id="tile.batch_matmul/unified-tensors",
        op="tile.batch_matmul",
        check="dispatch",
        call="pl.batch_matmul(a, b)",
        params=_tile_params("[2, 16, 32]", "[2, 32, 16]"),
    ),
    Row(
        id="tile.batch_matmul/tensor-operand",
        op="tile.batch_matmul",
        check="operand kinds",
        call="pl.tile.batch_matmul(a, tb)",
        params=_tile_params("[2, 16, 32]", "[2, 32, 16]"),
        setup=(_tile("tb", "b", "[2, 32, 16]", "Right"),),
    ),
    _batch_row("tile-operands", "operand kinds", "[2, 16, 16]", "[2, 16, 16]"),
]


def _batch_acc(id_: str, check: str, acc: str, a: str, b: str, acc_dtype: str = "FP32") -> Row:
    return Row(
        id=f"tile.batch_matmul_acc/{id_}",
        op="tile.batch_matmul_acc",
        check=check,
        call="pl.tile.batch_matmul_acc(acc, ta, tb)",
        params=_tile_params(a, b),
        setup=(
            _tile("ta", "a", a, "Left"),
            _tile("tb", "b", b, "Right"),
            f"acc = pl.tile.create({acc}, pl.{acc_dtype}, target_memory=pl.Mem.Acc)",
        ),
    )


_BATCH_MATMUL_ACC = [
    _batch_acc("acc", "accumulator", "[2, 16, 16]", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_acc("acc-m", "accumulator", "[2, 8, 16]", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_acc("acc-n", "accumulator", "[2, 16, 8]", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_acc("acc-dtype", "accumulator dtype", "[2, 16, 16]", "[2, 16, 32]", "[2, 32, 16]", "FP16"),
    _batch_acc("acc-fp32", "accumulator dtype", "[2, 8, 16]", "[2, 8, 32]", "[2, 32, 16]"),
    _batch_acc("acc-batch", "batch dims", "[3, 16, 16]", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_acc("acc-batch-rank", "batch dims", "[16, 16]", "[2, 16, 32]", "[2, 32, 16]"),
    _batch_acc("broadcast", "batch dims", "[2, 16, 16]", "[2, 16, 32]", "[1, 32, 16]"),
]


def _mx_row(id_: str, check: str, m: int, k: int, n: int, **kw: object) -> Row:
    """An MX matmul of [m, k] x [k, n] FP8E4M3FN tiles with their FP8E8M0 scales."""
    groups = (k + 31) // 32
    da = str(kw.get("da", "FP8E4M3FN"))
    scale_dtype = str(kw.get("scale_dtype", "FP8E8M0"))
    lhs_scale = str(kw.get("lhs_scale", f"[{m}, {groups}]"))
    call = str(kw.get("call", "pl.tile.matmul_mx(ta, sa, tb, sb)"))
    return Row(
        id=f"tile.matmul_mx/{id_}",
        op="tile.matmul_mx",
        check=check,
        call=call,
        params=(
            _tensor("a", f"[{m}, {k}]", da),
            _tensor("b", f"[{k}, {n}]", "FP8E4M3FN"),
            _tensor("a_scale", lhs_scale, scale_dtype),
            _tensor("b_scale", f"[{groups}, {n}]", "FP8E8M0"),
        ),
        setup=(
            _tile("ta", "a", f"[{m}, {k}]", "Left", da),
            _tile("tb", "b", f"[{k}, {n}]", "Right", "FP8E4M3FN"),
            _tile("sa", "a_scale", lhs_scale, "Mat", scale_dtype),
            _tile("sb", "b_scale", f"[{groups}, {n}]", "Mat", "FP8E8M0"),
        ),
    )


_MATMUL_MX = [
    _mx_row("mx", "shapes", 16, 64, 32),
    _mx_row("m-not-16", "shapes", 8, 64, 32),
    _mx_row("n-not-32", "shapes", 16, 64, 16),
    _mx_row("k-not-64", "shapes", 16, 32, 32),
    _mx_row("lhs-fp16", "dtypes", 16, 64, 32, da="FP16"),
    _mx_row("fp8", "dtypes", 32, 128, 32),
    _mx_row("scales", "scale tiles", 16, 128, 64),
    _mx_row("lhs-scale-dtype", "scale tiles", 16, 64, 32, scale_dtype="FP8E4M3FN"),
    _mx_row("lhs-scale-rows", "scale tiles", 16, 64, 32, lhs_scale="[32, 2]"),
    _mx_row("lhs-scale-cols", "scale tiles", 16, 64, 32, lhs_scale="[16, 4]"),
    _mx_row("unified", "shapes", 16, 128, 64, call="pl.matmul_mx(ta, sa, tb, sb)"),
]

ROWS: list[Row] = [
    *_TENSOR_MATMUL,
    *_TILE_MATMUL,
    *_UNIFIED_MATMUL,
    *_TILE_MATMUL_ACC,
    *_TENSOR_MATMUL_ACC,
    *_TILE_MATMUL_BIAS,
    *_BATCH_MATMUL,
    *_BATCH_MATMUL_ACC,
    *_MATMUL_MX,
]


def _gemv(
    id_: str,
    check: str,
    call: str,
    lhs: str = "[1, 128]",
    rhs: str = "[128, 32]",
    dtype: str = "FP16",
    extra: tuple[str, ...] = (),
    op: str = "tile.gemv",
) -> Row:
    """GEMV operands as tile parameters (their annotations are the whole type, view included)."""
    return Row(
        id=f"{op}/{id_}",
        op=op,
        check=check,
        call=call,
        params=(
            f"ta: pl.Tile[{lhs}, pl.{dtype}, pl.Mem.Left]",
            f"tb: pl.Tile[{rhs}, pl.{dtype}, pl.Mem.Right]",
            *extra,
        ),
    )


_BIAS = "bias: pl.Tile[[1, 32], pl.FP32, pl.Mem.Bias]"

_GEMV = [
    _gemv("gemv", "gemv", "pl.tile.gemv(ta, tb)"),
    _gemv("promoted", "gemv", "pl.gemv(ta, tb, acc_phase='final')"),
    _gemv("int8", "gemv", "pl.tile.gemv(ta, tb)", dtype="INT8"),
    _gemv("fp8", "gemv", "pl.tile.gemv(ta, tb)", dtype="FP8E4M3FN"),
    _gemv("two-rows", "gemv", "pl.tile.gemv(ta, tb)", lhs="[2, 128]"),
    _gemv("k-mismatch", "gemv", "pl.tile.gemv(ta, tb)", rhs="[64, 32]"),
    _gemv("acc-phase", "acc_phase", "pl.tile.gemv(ta, tb, acc_phase='partial')"),
    _gemv("acc-phase-bad", "acc_phase", "pl.tile.gemv(ta, tb, acc_phase='first')"),
    _gemv("acc-phase-int", "acc_phase", "pl.tile.gemv(ta, tb, acc_phase=1)"),
    Row(
        id="tile.gemv_acc/acc",
        op="tile.gemv_acc",
        check="accumulator",
        call="pl.tile.gemv_acc(acc, ta, tb)",
        params=(
            "ta: pl.Tile[[1, 128], pl.FP16, pl.Mem.Left]",
            "tb: pl.Tile[[128, 32], pl.FP16, pl.Mem.Right]",
        ),
        setup=("acc = pl.tile.gemv(ta, tb)",),
    ),
    _gemv(
        "acc-full",
        "accumulator",
        "pl.tile.gemv_acc(acc, ta, tb)",
        extra=("acc: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc]",),
        op="tile.gemv_acc",
    ),
    _gemv(
        "acc-shape",
        "accumulator",
        "pl.tile.gemv_acc(acc, ta, tb)",
        extra=("acc: pl.Tile[[1, 32], pl.FP32, pl.Mem.Acc]",),
        op="tile.gemv_acc",
    ),
    _gemv("bias", "bias", "pl.tile.gemv_bias(ta, tb, bias)", extra=(_BIAS,), op="tile.gemv_bias"),
    _gemv(
        "bias-fp16",
        "bias",
        "pl.tile.gemv_bias(ta, tb, bias)",
        extra=("bias: pl.Tile[[1, 32], pl.FP16, pl.Mem.Bias]",),
        op="tile.gemv_bias",
    ),
]

ROWS.extend(_GEMV)
