"""The memory ops of both levels (src/ir/op/{tile,tensor}_ops/memory.cpp): loads and
stores, slices and assembles of tensors, the creating ops, element reads and writes.

Rows are generated over a few operand types (ranks, shapes, dtypes, memory spaces),
offsets inside and past the end (static and symbolic), and keyword values. Accepted
rows write the call the way the real printer prints it (`pl.tile.load(a, offsets,
shapes, valid_shape, target_memory=...)`), so the printed line shows the deduced type.
"""

from __future__ import annotations

from op_conformance.grid import Row

T16 = "a: pl.Tensor[[16, 16], pl.FP32]"
T64 = "a: pl.Tensor[[64, 64], pl.FP32]"
T3D = "a: pl.Tensor[[4, 16, 16], pl.FP16]"
OUT16 = "out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]"
OUT64 = "out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]"
IDX = "i: pl.Scalar[pl.INDEX]"
I64 = "n: pl.Scalar[pl.INT64]"
I32 = "k: pl.Scalar[pl.INT32]"


def _load(
    name: str,
    call: str,
    check: str,
    params: tuple[str, ...] = (T64,),
    setup: tuple[str, ...] = (),
) -> Row:
    return Row(f"tile.load/{name}", "tile.load", check, call, params, setup)


LOAD = [
    # -- the window inside the source, as printed
    _load(
        "inside",
        "pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
    ),
    _load(
        "inside_offset",
        "pl.tile.load(a, [32, 16], [32, 48], [32, 48], target_memory=pl.Mem.Vec)",
        "reads past the end",
    ),
    _load("mat", "pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)", "target memory"),
    _load("mat_row", "pl.tile.load(a, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Mat)", "target memory"),
    _load(
        "column", "pl.tile.load(a, [0, 0], [64, 1], [64, 1], target_memory=pl.Mem.Vec)", "reads past the end"
    ),
    _load(
        "rank3",
        "pl.tile.load(a, [0, 0, 0], [2, 16, 16], [2, 16, 16], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T3D,),
    ),
    _load(
        "lower_rank",
        "pl.tile.load(a, [0, 0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)",
        "ranks",
        (T3D,),
    ),
    _load(
        "valid_narrower",
        "pl.tile.load(a, [0, 0], [64, 64], [32, 64], target_memory=pl.Mem.Vec)",
        "valid shape",
    ),
    _load(
        "valid_symbolic",
        "pl.tile.load(a, [0, 0], [64, 64], [i, 64], target_memory=pl.Mem.Vec)",
        "valid shape",
        (T64, IDX),
    ),
    _load(
        "overhang_valid_inside",
        "pl.tile.load(a, [48, 0], [32, 64], [16, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
    ),
    _load(
        "clamped",
        "pl.tile.load(a, [48, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec, clamp=True)",
        "reads past the end",
    ),
    _load(
        "symbolic_offset",
        "pl.tile.load(a, [i, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T64, IDX),
    ),
    _load(
        "symbolic_offset_int64",
        "pl.tile.load(a, [n, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T64, I64),
    ),
    _load(
        "symbolic_offset_int32",
        "pl.tile.load(a, [k, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T64, I32),
    ),
    _load(
        "loop_offset",
        "pl.tile.load(a, [r, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
        setup=("r = 16",),
    ),
    _load(
        "fp16",
        "pl.tile.load(a, [0, 0, 0], [1, 16, 16], [1, 16, 16], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T3D,),
    ),
    # -- past the end
    _load("past_end_dim0", "pl.load(a, [16, 0], [64, 64])", "reads past the end"),
    _load("past_end_dim1", "pl.load(a, [0, 8], [64, 64])", "reads past the end"),
    _load("window_larger", "pl.load(a, [0, 0], [128, 64])", "reads past the end"),
    _load("past_end_rank3", "pl.load(a, [3, 0, 0], [2, 16, 16])", "reads past the end", (T3D,)),
    _load("past_end_symbolic_index", "pl.load(a, [i, 0], [128, 64])", "reads past the end", (T64, IDX)),
    _load("past_end_symbolic_sum", "pl.load(a, [i + 32, 0], [48, 64])", "reads past the end", (T64, IDX)),
    _load(
        "past_end_symbolic_product", "pl.load(a, [i * 16, 0], [128, 64])", "reads past the end", (T64, IDX)
    ),
    _load(
        "past_end_int64_not_proved",
        "pl.tile.load(a, [n, 0], [128, 64], [128, 64], target_memory=pl.Mem.Vec)",
        "reads past the end",
        (T64, I64),
    ),
    _load("valid_past_end", "pl.load(a, [48, 0], [32, 64], valid_shape=[32, 64])", "reads past the end"),
    _load("negative_offset", "pl.load(a, [-16, 0], [16, 64])", "negative offset"),
    _load(
        "positive_offset",
        "pl.tile.load(a, [16, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)",
        "negative offset",
    ),
    _load(
        "lower_rank_window",
        "pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)",
        "ranks",
        (T3D,),
    ),
    _load("valid_exceeds_window", "pl.load(a, [0, 0], [32, 64], valid_shape=[48, 64])", "valid shape"),
    # -- the builder's own checks
    _load("rank_mismatch", "pl.load(a, [0], [64, 64])", "ranks"),
    _load("empty", "pl.load(a, [], [])", "ranks"),
    _load("valid_rank", "pl.load(a, [0, 0], [64, 64], valid_shape=[64])", "valid shape"),
    _load("target_left", "pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Left)", "target memory"),
    _load(
        "target_acc", "pl.tile.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Acc)", "target memory"
    ),
    _load(
        "tile_operand",
        "pl.load(t, [0, 0], [16, 16])",
        "operand kind",
        setup=("t = pl.load(a, [0, 0], [16, 16])",),
    ),
    _load(
        "tensor_operand",
        "pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)",
        "operand kind",
    ),
]


def _store(
    name: str,
    call: str,
    check: str,
    params: tuple[str, ...] = (T64, OUT64),
    setup: tuple[str, ...] = ("t = pl.load(a, [0, 0], [32, 32])",),
) -> Row:
    return Row(f"tile.store/{name}", "tile.store", check, call, params, setup)


STORE = [
    _store("inside", "pl.tile.store(t, [32, 32], out)", "writes past the end"),
    _store("origin", "pl.tile.store(t, [0, 0], out)", "writes past the end"),
    _store("symbolic", "pl.tile.store(t, [i, 0], out)", "writes past the end", (T64, OUT64, IDX)),
    _store("symbolic_int64", "pl.tile.store(t, [n, 48], out)", "writes past the end", (T64, OUT64, I64)),
    _store(
        "valid_narrow_fits",
        "pl.tile.store(t, [48, 0], out)",
        "writes past the end",
        setup=("t = pl.load(a, [0, 0], [32, 32], valid_shape=[16, 32])",),
    ),
    _store(
        "after_elementwise",
        "pl.tile.store(u, [32, 0], out)",
        "writes past the end",
        setup=("t = pl.load(a, [0, 0], [32, 32])", "u = pl.tile.add(t, t)"),
    ),
    _store("past_end_dim0", "pl.store(t, [48, 0], out)", "writes past the end"),
    _store("past_end_dim1", "pl.store(t, [0, 40], out)", "writes past the end"),
    _store("past_end_both", "pl.store(t, [40, 40], out)", "writes past the end"),
    _store("past_end_symbolic", "pl.store(t, [i + 48, 0], out)", "writes past the end", (T64, OUT64, IDX)),
    _store(
        "past_end_valid",
        "pl.store(t, [48, 0], out)",
        "writes past the end",
        setup=("t = pl.load(a, [0, 0], [32, 32], valid_shape=[24, 32])",),
    ),
    _store(
        "past_end_after_elementwise",
        "pl.store(u, [48, 0], out)",
        "writes past the end",
        setup=("t = pl.load(a, [0, 0], [32, 32])", "u = pl.tile.exp(t)"),
    ),
    _store("negative_offset", "pl.store(t, [-1, 0], out)", "negative offset"),
    _store("zero_offset", "pl.tile.store(t, [0, 16], out)", "negative offset"),
    _store("tile_and_tensor", "pl.tile.store(t, [16, 16], out)", "operand kind"),
    _store(
        "tensor_operand",
        "pl.store(a, [0, 0], out)",
        "operand kind",
    ),
    _store(
        "tile_target",
        "pl.store(t, [0, 0], t)",
        "operand kind",
    ),
    _store(
        "lower_rank_tile",
        "pl.tile.store(t, [0, 0, 0], out3)",
        "writes past the end",
        params=(T64, "out3: pl.Out[pl.Tensor[[4, 64, 64], pl.FP32]]"),
    ),
]


def _slice(
    name: str,
    call: str,
    check: str,
    params: tuple[str, ...] = (T64,),
    setup: tuple[str, ...] = (),
) -> Row:
    return Row(f"tensor.slice/{name}", "tensor.slice", check, call, params, setup)


SLICE = [
    _slice("inside", "pl.tensor.slice(a, [32, 64], [32, 0])", "reads past the end"),
    _slice("valid", "pl.tensor.slice(a, [32, 64], [0, 0], [16, 64])", "valid shape"),
    _slice("valid_symbolic", "pl.tensor.slice(a, [32, 64], [0, 0], [i, 64])", "valid shape", (T64, IDX)),
    _slice("symbolic_offset", "pl.tensor.slice(a, [16, 64], [i, 0])", "reads past the end", (T64, IDX)),
    _slice("clamped", "pl.tensor.slice(a, [32, 64], [48, 0], clamp=True)", "reads past the end"),
    _slice("overhang_valid_inside", "pl.tensor.slice(a, [32, 64], [48, 0], [16, 64])", "reads past the end"),
    _slice("rank3", "pl.tensor.slice(a, [1, 16, 16], [3, 0, 0])", "reads past the end", (T3D,)),
    _slice("lower_rank", "pl.tensor.slice(a, [16, 16], [0, 0, 0])", "ranks", (T3D,)),
    _slice("past_end", "pl.slice(a, [64, 64], [16, 0])", "reads past the end"),
    _slice("past_end_dim1", "pl.slice(a, [64, 32], [0, 48])", "reads past the end"),
    _slice("past_end_symbolic", "pl.slice(a, [64, 64], [i, 0])", "reads past the end", (T64, IDX)),
    _slice(
        "past_end_loop_var", "pl.slice(a, [64, 64], [m0, 0])", "reads past the end", setup=("m0 = 0 * 16",)
    ),
    _slice("past_end_valid", "pl.slice(a, [32, 64], [48, 0], valid_shape=[32, 64])", "reads past the end"),
    _slice("negative", "pl.slice(a, [16, 64], [-16, 0])", "negative offset"),
    _slice("positive", "pl.tensor.slice(a, [16, 64], [16, 0])", "negative offset"),
    _slice("tensor_operand", "pl.tensor.slice(a, [16, 16], [0, 0])", "operand kind"),
    _slice("lower_rank_valid", "pl.tensor.slice(a, [16, 16], [0, 0, 0], [16])", "ranks", (T3D,)),
    _slice("valid_exceeds", "pl.slice(a, [16, 64], [0, 0], valid_shape=[32, 64])", "valid shape"),
    _slice("int64_not_proved", "pl.slice(a, [64, 64], [n, 0])", "reads past the end", (T64, I64)),
    _slice(
        "tile_operand",
        "pl.tensor.slice(t, [16, 16], [0, 0])",
        "operand kind",
        setup=("t = pl.load(a, [0, 0], [16, 16])",),
    ),
]


def _assemble(
    name: str,
    call: str,
    check: str,
    params: tuple[str, ...] = (T64, "b: pl.Tensor[[32, 32], pl.FP32]"),
    setup: tuple[str, ...] = (),
) -> Row:
    return Row(
        f"tensor.assemble/{name}", "tensor.assemble", check, call, params, setup, function_type="Opaque"
    )


ASSEMBLE = [
    _assemble("inside", "pl.tensor.assemble(a, b, [32, 32])", "writes past the end"),
    _assemble("origin", "pl.tensor.assemble(a, b, [0, 0])", "writes past the end"),
    _assemble(
        "symbolic",
        "pl.tensor.assemble(a, b, [i, 0])",
        "writes past the end",
        (T64, "b: pl.Tensor[[32, 32], pl.FP32]", IDX),
    ),
    _assemble(
        "narrow_source_fits",
        "pl.tensor.assemble(a, s, [48, 0])",
        "writes past the end",
        setup=("s = pl.slice(b, [32, 32], [0, 0], valid_shape=[16, 32])",),
    ),
    _assemble("past_end", "pl.assemble(a, b, [48, 0])", "writes past the end"),
    _assemble("past_end_dim1", "pl.assemble(a, b, [0, 40])", "writes past the end"),
    _assemble(
        "past_end_symbolic",
        "pl.assemble(a, b, [i + 33, 0])",
        "writes past the end",
        (T64, "b: pl.Tensor[[32, 32], pl.FP32]", IDX),
    ),
    _assemble("larger_source", "pl.assemble(b, a, [0, 0])", "writes past the end"),
    _assemble("negative", "pl.assemble(a, b, [0, -4])", "negative offset"),
    _assemble("positive", "pl.tensor.assemble(a, b, [0, 4])", "negative offset"),
    _assemble("tensors", "pl.tensor.assemble(a, b, [4, 4])", "operand kind"),
    _assemble(
        "rank_mismatch",
        "pl.tensor.assemble(a, c, [0, 0])",
        "writes past the end",
        (T64, "c: pl.Tensor[[4, 16, 16], pl.FP32]"),
    ),
    _assemble(
        "tile_target",
        "pl.tensor.assemble(t, b, [0, 0])",
        "operand kind",
        setup=("t = pl.tile.create([32, 32], dtype=pl.FP32)",),
    ),
    _assemble(
        "tile_source",
        "pl.tensor.assemble(a, t, [0, 0])",
        "operand kind",
        setup=("t = pl.tile.create([32, 32], dtype=pl.FP32)",),
    ),
]


def _create(name: str, call: str, check: str, op: str, params: tuple[str, ...] = (T64,)) -> Row:
    return Row(f"{op}/{name}", op, check, call, params)


CREATE = [
    _create(
        "static", "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)", "result", "tile.create"
    ),
    _create(
        "column", "pl.tile.create([16, 1], dtype=pl.FP16, target_memory=pl.Mem.Vec)", "result", "tile.create"
    ),
    _create(
        "mat", "pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat)", "result", "tile.create"
    ),
    _create(
        "acc", "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)", "result", "tile.create"
    ),
    _create(
        "left", "pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Left)", "result", "tile.create"
    ),
    _create("zero_dim", "pl.tile.create([0, 16], dtype=pl.FP32)", "result", "tile.create"),
    _create(
        "left_scale",
        "pl.tile.create([16, 16], dtype=pl.FP8E8M0, target_memory=pl.Mem.LeftScale)",
        "target memory",
        "tile.create",
    ),
    _create(
        "mat_scale",
        "pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat)",
        "target memory",
        "tile.create",
    ),
    _create(
        "tensor",
        "pl.tensor.create([16, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)",
        "element dtype",
        "tensor.create",
    ),
    _create(
        "tensor_symbolic",
        "pl.tensor.create([n, 16], dtype=pl.FP32, layout=pl.TensorLayout.ND)",
        "element dtype",
        "tensor.create",
        (T64, I64),
    ),
    _create(
        "tensor_dn",
        "pl.tensor.create([16, 16], dtype=pl.FP16, layout=pl.TensorLayout.DN)",
        "element dtype",
        "tensor.create",
    ),
    _create(
        "tensor_nz",
        "pl.tensor.create([16, 16], dtype=pl.FP16, layout=pl.TensorLayout.NZ)",
        "element dtype",
        "tensor.create",
    ),
    _create(
        "tensor_float_dim", "pl.create_tensor([16, 1.5], dtype=pl.FP16)", "element dtype", "tensor.create"
    ),
    _create(
        "tensor_int_dim",
        "pl.tensor.create([16, 2], dtype=pl.FP16, layout=pl.TensorLayout.ND)",
        "element dtype",
        "tensor.create",
    ),
    _create("dynamic", "pl.tile.create([i, 16], dtype=pl.FP32)", "static shape", "tile.create", (T64, IDX)),
    _create(
        "static_dims",
        "pl.tile.create([8, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)",
        "static shape",
        "tile.create",
    ),
    _create(
        "dynamic_sum", "pl.tile.create([i + 1, 16], dtype=pl.FP32)", "static shape", "tile.create", (T64, IDX)
    ),
    _create(
        "transpose_vec", "pl.tile.create([16, 16], dtype=pl.FP32, transpose=True)", "transpose", "tile.create"
    ),
    _create(
        "transpose_mat",
        "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Mat, transpose=True)",
        "transpose",
        "tile.create",
    ),
    _create(
        "flat_mat",
        "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Mat, flat_layout=True)",
        "flat layout",
        "tile.create",
    ),
    _create(
        "flat_vec", "pl.tile.create([16, 16], dtype=pl.FP32, flat_layout=True)", "flat layout", "tile.create"
    ),
    _create("empty", "pl.tile.create([], dtype=pl.FP32)", "result", "tile.create"),
    _create(
        "mat_row", "pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Mat)", "result", "tile.create"
    ),
    _create(
        "right_column",
        "pl.tile.create([16, 1], dtype=pl.FP32, target_memory=pl.Mem.Right)",
        "result",
        "tile.create",
    ),
    _create("full_tile", "pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)", "result", "tile.full"),
    _create("full_tile_column", "pl.tile.full([16, 1], dtype=pl.FP32, value=1.0)", "result", "tile.full"),
    _create("full_tile_zero", "pl.tile.full([0, 16], dtype=pl.FP32, value=1.0)", "result", "tile.full"),
    _create(
        "full_tensor", "pl.tensor.full([16, 16], dtype=pl.INT32, value=3)", "element dtype", "tensor.full"
    ),
    _create("full_tile_int", "pl.tile.full([16, 16], dtype=pl.FP16, value=2)", "result", "tile.full"),
    _create(
        "full_tensor_symbolic",
        "pl.tensor.full([i, 16], dtype=pl.FP16, value=2.5)",
        "element dtype",
        "tensor.full",
        (T64, IDX),
    ),
    _create(
        "full_tensor_float_dim",
        "pl.tensor.full([16, 1.5], dtype=pl.FP32, value=0.0)",
        "element dtype",
        "tensor.full",
    ),
]

TILE = "t = pl.load(a, [0, 0], [16, 16])"
MAT = "t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)"


def _elem(op: str, name: str, call: str, check: str, params=(T64, IDX), setup=(TILE,)) -> Row:
    return Row(f"{op}/{name}", op, check, call, tuple(params), tuple(setup))


ELEMENTS = [
    _elem("tile.read", "read", "pl.tile.read(t, [0, 0])", "indices"),
    _elem("tile.read", "rank", "pl.tile.read(t, [0])", "indices"),
    _elem("tile.read", "tensor", "pl.tile.read(a, [0, 0])", "operand kind"),
    _elem("tile.read", "tile", "pl.tile.read(t, [i, 0])", "operand kind"),
    _elem("tile.read", "float_index", "pl.read(t, [0, 1.5])", "index dtype"),
    _elem("tile.read", "int_index", "pl.tile.read(t, [1, 2])", "index dtype"),
    _elem("tile.read", "bare_index", "pl.read(t, 3)", "indices"),
    _elem("tensor.read", "read", "pl.tensor.read(a, [i, 3])", "indices", setup=()),
    _elem("tensor.read", "rank", "pl.tensor.read(a, [i])", "indices", setup=()),
    _elem("tensor.read", "tile", "pl.tensor.read(t, [0, 0])", "operand kind"),
    _elem("tensor.read", "tensor", "pl.tensor.read(a, [0, 0])", "operand kind", setup=()),
    _elem("tile.write", "float", "pl.tile.write(t, [0, 0], 1.0)", "value dtype"),
    _elem(
        "tile.write",
        "scalar",
        "pl.tile.write(t, [0, 0], s)",
        "value dtype",
        setup=(TILE, "s = pl.tile.read(t, [1, 1])"),
    ),
    _elem("tile.write", "index_value", "pl.write(t, [0, 0], i)", "value dtype"),
    _elem(
        "tile.write",
        "fp16_float",
        "pl.write(h, [0, 0], 1.0)",
        "value dtype",
        params=("b: pl.Tensor[[16, 16], pl.FP16]",),
        setup=("h = pl.load(b, [0, 0], [16, 16])",),
    ),
    _elem("tile.write", "rank", "pl.write(t, [0], 1.0)", "indices"),
    _elem("tile.write", "indices", "pl.tile.write(t, [i, 1], 2.0)", "indices"),
    _elem("tensor.write", "float", "pl.tensor.write(a, [0, 0], 1.0)", "value dtype", setup=()),
    _elem("tensor.write", "rank", "pl.write(a, [0], pl.tensor.read(a, [0, 0]))", "indices", setup=()),
    _elem("tensor.write", "int", "pl.write(a, [0, 0], 1)", "value dtype", setup=()),
    _elem("tensor.write", "indices", "pl.tensor.write(a, [i, 0], 2.0)", "indices", setup=()),
    _elem("tile.move", "left", "pl.tile.move(t, target_memory=pl.Mem.Left)", "target memory", setup=(MAT,)),
    _elem("tile.move", "right", "pl.tile.move(t, target_memory=pl.Mem.Right)", "target memory", setup=(MAT,)),
    _elem(
        "tile.move",
        "vec_from_mat",
        "pl.tile.move(t, target_memory=pl.Mem.Vec)",
        "target memory",
        setup=(MAT,),
    ),
    _elem(
        "tile.move",
        "keeps_valid",
        "pl.tile.move(t, target_memory=pl.Mem.Mat)",
        "target memory",
        setup=("t = pl.load(a, [0, 0], [16, 16], valid_shape=[8, 16])",),
    ),
    _elem("tile.move", "acc", "pl.tile.move(t, target_memory=pl.Mem.Acc)", "target memory"),
    _elem("tile.move", "tensor", "pl.move(a, target_memory=pl.Mem.Mat)", "operand kind", setup=()),
    _elem("tile.move", "tile", "pl.tile.move(t, target_memory=pl.Mem.Mat)", "operand kind"),
    _elem("tile.move", "scale_from_vec", "pl.move(t, target_memory=pl.Mem.LeftScale)", "target memory"),
    _elem(
        "tile.move",
        "right_blayout",
        "pl.tile.move(t, target_memory=pl.Mem.Right, blayout=pl.TileLayout.col_major)",
        "target memory",
        setup=(MAT,),
    ),
    _elem(
        "tile.move",
        "column",
        "pl.tile.move(t, target_memory=pl.Mem.Vec)",
        "target memory",
        setup=("t = pl.load(a, [0, 0], [16, 1])",),
    ),
    _elem("tensor.dim", "dim", "pl.tensor.dim(a, 1)", "axis", setup=()),
    _elem("tensor.dim", "negative", "pl.tensor.dim(a, -1)", "axis", setup=()),
    _elem("tensor.dim", "out_of_range", "pl.tensor.dim(a, 2)", "axis", setup=()),
    _elem(
        "tile.store",
        "atomic_fp32",
        "pl.tile.store(t, [0, 0], out, atomic=pl.AtomicType.Add)",
        "atomic",
        (T64, OUT64),
    ),
    _elem(
        "tile.store",
        "atomic_uint8",
        "pl.tile.store(u, [0, 0], o8, atomic=pl.AtomicType.Add)",
        "atomic",
        ("b: pl.Tensor[[16, 16], pl.UINT8]", "o8: pl.Out[pl.Tensor[[16, 16], pl.UINT8]]"),
        ("u = pl.load(b, [0, 0], [16, 16])",),
    ),
]

K32 = "k: pl.Scalar[pl.INT32]"

SEQUENCES = [
    _elem("tile.ci", "row", "pl.tile.ci(0, [1, 16])", "shape", setup=()),
    _elem("tile.ci", "int16", "pl.tile.ci(0, [1, 16], dtype=pl.INT16, descending=True)", "dtype", setup=()),
    _elem("tile.ci", "float", "pl.tile.ci(0, [1, 16], dtype=pl.FP32)", "dtype", setup=()),
    _elem("tile.ci", "two_rows", "pl.tile.ci(0, [2, 16])", "shape", setup=()),
    _elem("tile.ci", "one_column", "pl.tile.ci(0, [1, 1])", "shape", setup=()),
    _elem("tile.ci", "int32_start", "pl.tile.ci(k, [1, 16])", "start dtype", (T64, K32), setup=()),
    _elem("tile.ci", "index_start", "pl.tile.ci(i, [1, 16])", "start dtype", setup=()),
    _elem("tile.ci", "arange", "pl.tile.arange(0, [1, 16])", "shape", setup=()),
    _elem("tensor.ci", "row", "pl.tensor.ci(0, [1, 16])", "shape", setup=()),
    _elem("tensor.ci", "arange", "pl.arange(0, [1, 32])", "shape", setup=()),
    _elem("tensor.ci", "four_rows", "pl.tensor.ci(0, [4, 16])", "shape", setup=()),
]

UNIFIED = [
    _elem("tile.load", "pl_load", "pl.load(a, [16, 0], [16, 64])", "reads past the end", setup=()),
    _elem(
        "tile.load",
        "pl_load_valid",
        "pl.load(a, [0, 0], [32, 64], valid_shape=[16, 64])",
        "valid shape",
        setup=(),
    ),
    _elem(
        "tile.load",
        "pl_load_mat",
        "pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)",
        "target memory",
        setup=(),
    ),
    _elem("tile.store", "pl_store", "pl.store(t, [48, 48], out)", "writes past the end", (T64, OUT64)),
    _elem("tensor.slice", "pl_slice", "pl.slice(a, [32, 32], [32, 32])", "reads past the end", setup=()),
    _elem(
        "tensor.slice",
        "pl_slice_valid",
        "pl.slice(a, [32, 32], [0, 0], valid_shape=[16, 32])",
        "valid shape",
        setup=(),
    ),
    _elem("tile.create", "pl_create_tile", "pl.create_tile([16, 16], dtype=pl.FP16)", "result", setup=()),
    _elem("tile.read", "pl_read", "pl.read(t, [1, 1])", "indices"),
    _elem("tile.move", "pl_move", "pl.move(t, target_memory=pl.Mem.Mat)", "target memory"),
]

ROWS = [*LOAD, *STORE, *SLICE, *ASSEMBLE, *CREATE, *ELEMENTS, *SEQUENCES, *UNIFIED]
