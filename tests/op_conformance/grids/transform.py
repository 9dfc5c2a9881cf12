"""The view and reshape ops of both levels (src/ir/op/{tile,tensor}_ops/transform.cpp):
tile slices and assembles, reshapes, transposes, set_validshape, concat, and the
fillpads. Accepted rows write the call as the real printer prints it."""

from __future__ import annotations

from op_conformance.grid import Row

T64 = "a: pl.Tensor[[64, 64], pl.FP32]"
T3D = "a3: pl.Tensor[[4, 16, 16], pl.FP32]"
IDX = "i: pl.Scalar[pl.INDEX]"
I64 = "n: pl.Scalar[pl.INT64]"
I32 = "k: pl.Scalar[pl.INT32]"
TILE = "t = pl.load(a, [0, 0], [32, 32])"
NARROW = "t = pl.load(a, [0, 0], [32, 32], valid_shape=[16, 32])"
MAT = "t = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)"


def _row(
    op: str, name: str, call: str, check: str, params=(T64,), setup=(TILE,), function_type="InCore"
) -> Row:
    return Row(f"{op}/{name}", op, check, call, tuple(params), tuple(setup), function_type)


TILE_SLICE = [
    _row("tile.slice", "inside", "pl.tile.slice(t, [16, 32], [16, 0])", "reads past the end"),
    _row("tile.slice", "valid", "pl.tile.slice(t, [16, 32], [0, 0], [8, 32])", "valid shape"),
    _row("tile.slice", "narrow_source", "pl.tile.slice(t, [16, 32], [8, 0])", "valid shape", setup=(NARROW,)),
    _row("tile.slice", "symbolic", "pl.tile.slice(t, [16, 32], [i, 0])", "reads past the end", (T64, IDX)),
    _row("tile.slice", "mat", "pl.tile.slice(t, [16, 16], [16, 16])", "reads past the end", setup=(MAT,)),
    _row(
        "tile.slice",
        "pad",
        "pl.tile.slice(t, [16, 32], [0, 0], [8, 32], pad_value=pl.PadValue.max)",
        "pad value",
    ),
    _row("tile.slice", "past_end", "pl.slice(t, [32, 32], [8, 0])", "reads past the end"),
    _row("tile.slice", "past_end_dim1", "pl.slice(t, [16, 16], [0, 24])", "reads past the end"),
    _row(
        "tile.slice",
        "past_end_valid_ok",
        "pl.slice(t, [32, 32], [16, 0], valid_shape=[16, 32])",
        "reads past the end",
    ),
    _row(
        "tile.slice",
        "past_end_symbolic",
        "pl.slice(t, [32, 32], [i + 1, 0])",
        "reads past the end",
        (T64, IDX),
    ),
    _row("tile.slice", "negative", "pl.slice(t, [16, 16], [-8, 0])", "negative offset"),
    _row("tile.slice", "positive", "pl.tile.slice(t, [16, 16], [8, 0])", "negative offset"),
    _row("tile.slice", "same_rank", "pl.tile.slice(t, [16, 16], [0, 16])", "ranks"),
    _row("tile.slice", "valid_exceeds", "pl.slice(t, [16, 16], [0, 0], valid_shape=[16, 24])", "valid shape"),
    _row("tile.slice", "clamp", "pl.slice(t, [16, 16], [0, 0], clamp=True)", "clamp"),
    _row("tile.slice", "no_clamp", "pl.tile.slice(t, [16, 16], [0, 0])", "clamp"),
    _row("tile.slice", "dynamic_shape", "pl.tile.slice(t, [i, 16], [0, 0])", "static shape", (T64, IDX)),
    _row("tile.slice", "static_shape", "pl.tile.slice(t, [8, 16], [0, 0])", "static shape"),
    _row("tile.slice", "int32_offset", "pl.tile.slice(t, [16, 16], [k, 0])", "index dtype", (T64, I32)),
    _row("tile.slice", "int64_offset", "pl.tile.slice(t, [16, 16], [n, 0])", "index dtype", (T64, I64)),
    _row("tile.slice", "rank_mismatch", "pl.tile.slice(t, [16, 16], [0])", "ranks"),
    _row("tile.slice", "valid_rank", "pl.tile.slice(t, [16, 16], [0, 0], valid_shape=[8])", "ranks"),
    _row("tile.slice", "tensor_operand", "pl.tile.slice(a, [16, 16], [0, 0])", "operand kind"),
    _row("tile.slice", "tile_operand", "pl.tile.slice(t, [16, 16], [0, 0])", "operand kind"),
    _row(
        "tile.slice",
        "pad_null",
        "pl.tile.slice(t, [16, 32], [0, 0], [8, 32], pad_value=pl.PadValue.null)",
        "pad value",
    ),
    _row("tile.slice", "pad_bad", "pl.slice(t, [16, 32], [0, 0], [8, 32], pad_value=2)", "pad value"),
]

TILE_ASSEMBLE = [
    _row(
        "tile.assemble",
        "inside",
        "pl.tile.assemble(t, s, [16, 0])",
        "writes past the end",
        setup=(TILE, "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "origin_narrow_target",
        "pl.tile.assemble(t, s, [0, 0])",
        "writes past the end",
        setup=(NARROW, "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "grows",
        "pl.tile.assemble(t, s, [16, 0])",
        "writes past the end",
        setup=(NARROW, "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "past_end",
        "pl.assemble(t, s, [24, 0])",
        "writes past the end",
        setup=(TILE, "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "past_end_physical",
        "pl.assemble(t, s, [24, 0])",
        "writes past the end",
        setup=(TILE, "s = pl.load(a, [0, 0], [16, 32], valid_shape=[8, 32])"),
    ),
    _row(
        "tile.assemble",
        "gap",
        "pl.assemble(t, s, [24, 0])",
        "gap",
        setup=("t = pl.load(a, [0, 0], [48, 32], valid_shape=[16, 32])", "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "abuts",
        "pl.tile.assemble(t, s, [16, 0])",
        "gap",
        setup=("t = pl.load(a, [0, 0], [48, 32], valid_shape=[16, 32])", "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "dtype",
        "pl.assemble(t, s, [0, 0])",
        "dtype",
        params=(T64, "b: pl.Tensor[[64, 64], pl.INT32]"),
        setup=(TILE, "s = pl.load(b, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "same_dtype",
        "pl.tile.assemble(t, s, [0, 0])",
        "dtype",
        setup=(TILE, "s = pl.load(a, [0, 0], [16, 32])"),
    ),
    _row(
        "tile.assemble",
        "tensor_source",
        "pl.tile.assemble(t, a, [0, 0])",
        "operand kind",
    ),
    _row(
        "tile.assemble",
        "tiles",
        "pl.tile.assemble(t, s, [0, 16])",
        "operand kind",
        setup=(TILE, "s = pl.load(a, [0, 0], [32, 16])"),
    ),
]

RESHAPE = [
    _row("tile.reshape", "full", "pl.tile.reshape(t, [64, 16])", "size"),
    _row("tile.reshape", "size", "pl.reshape(t, [64, 32])", "size"),
    _row("tile.reshape", "unit_axis", "pl.tile.reshape(t, [1, 32, 32])", "valid mapping", setup=(NARROW,)),
    _row("tile.reshape", "prefix", "pl.tile.reshape(t, [64, 16])", "valid mapping", setup=(NARROW,)),
    _row(
        "tile.reshape",
        "scattered",
        "pl.reshape(t, [16, 64])",
        "valid mapping",
        setup=("t = pl.load(a, [0, 0], [32, 32], valid_shape=[32, 16])",),
    ),
    _row("tile.reshape", "tensor_operand", "pl.tile.reshape(a, [64, 64])", "operand kind"),
    _row("tile.reshape", "tile_operand", "pl.tile.reshape(t, [16, 64])", "operand kind"),
    _row("tensor.reshape", "full", "pl.tensor.reshape(a, [128, 32])", "size", setup=()),
    _row("tensor.reshape", "size", "pl.reshape(a, [128, 64])", "size", setup=()),
    _row(
        "tensor.reshape",
        "prefix",
        "pl.tensor.reshape(s, [64, 16])",
        "valid mapping",
        setup=("s = pl.slice(a, [32, 32], [0, 0], valid_shape=[16, 32])",),
        function_type="Opaque",
    ),
    _row(
        "tensor.reshape",
        "scattered",
        "pl.reshape(s, [16, 64])",
        "valid mapping",
        setup=("s = pl.slice(a, [32, 32], [0, 0], valid_shape=[32, 16])",),
        function_type="Opaque",
    ),
    _row("tensor.reshape", "tile_operand", "pl.tensor.reshape(t, [64, 16])", "operand kind"),
    _row("tensor.reshape", "tensor_operand", "pl.tensor.reshape(a, [4096])", "operand kind", setup=()),
]

TRANSPOSE = [
    _row("tile.transpose", "square", "pl.tile.transpose(t, 0, 1)", "axes"),
    _row(
        "tile.transpose",
        "rect",
        "pl.tile.transpose(s, 0, 1)",
        "axes",
        setup=("s = pl.load(a, [0, 0], [16, 32])",),
    ),
    _row("tile.transpose", "negative_axes", "pl.tile.transpose(t, -1, -2)", "axes"),
    _row("tile.transpose", "same_axis", "pl.transpose(t, 1, 1)", "axes"),
    _row("tile.transpose", "out_of_range", "pl.transpose(t, 0, 2)", "axes"),
    _row(
        "tensor.transpose",
        "trailing",
        "pl.tensor.transpose(b, 0, 1)",
        "axes",
        params=("b: pl.Tensor[[16, 32], pl.FP32]",),
        setup=(),
    ),
    _row("tensor.transpose", "rank3", "pl.tensor.transpose(a3, 0, 1)", "axes", params=(T3D,), setup=()),
    _row("tensor.transpose", "same_axis", "pl.transpose(a, 0, 0)", "axes", setup=()),
    _row("tensor.transpose", "out_of_range", "pl.transpose(a, 0, 3)", "axes", setup=()),
    _row(
        "tile.transpose_view",
        "mat",
        "pl.tile.transpose_view(s)",
        "result",
        setup=("s = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)",),
    ),
    _row("tile.transpose_view", "tensor", "pl.tile.transpose_view(a)", "result"),
]

SET_VALIDSHAPE = [
    _row("tile.set_validshape", "static", "pl.tile.set_validshape(t, 16, 8)", "bounds"),
    _row("tile.set_validshape", "symbolic", "pl.tile.set_validshape(t, i, 32)", "bounds", (T64, IDX)),
    _row("tile.set_validshape", "exceeds", "pl.set_validshape(t, 40, 8)", "bounds"),
    _row("tile.set_validshape", "negative", "pl.set_validshape(t, 16, -1)", "bounds"),
    _row("tile.set_validshape", "int32", "pl.set_validshape(t, k, 8)", "dtype", (T64, I32)),
    _row("tile.set_validshape", "int64", "pl.tile.set_validshape(t, n, 8)", "dtype", (T64, I64)),
    _row(
        "tile.set_validshape",
        "rank3",
        "pl.tile.set_validshape(u, 1, 1)",
        "rank",
        (T3D,),
        ("u = pl.load(a3, [0, 0, 0], [2, 16, 16])",),
    ),
    _row("tile.set_validshape", "rank2", "pl.tile.set_validshape(t, 1, 1)", "rank"),
]

CONCAT = [
    _row(
        "tile.concat",
        "cols",
        "pl.tile.concat(t, s)",
        "shapes",
        setup=(TILE, "s = pl.load(a, [0, 0], [32, 16])"),
    ),
    _row(
        "tile.concat", "rows", "pl.concat(t, s)", "shapes", setup=(TILE, "s = pl.load(a, [0, 0], [16, 16])")
    ),
    _row(
        "tile.concat",
        "dtype",
        "pl.concat(t, s)",
        "dtype",
        params=(T64, "b: pl.Tensor[[64, 64], pl.FP16]"),
        setup=(TILE, "s = pl.load(b, [0, 0], [32, 16])"),
    ),
    _row("tile.concat", "same_dtype", "pl.tile.concat(t, t)", "dtype"),
]

TSLICE = "s = pl.slice(a, [32, 64], [0, 0], valid_shape=[16, 64])"
B = "b: pl.Tensor[[2, 8], pl.INT32]"

REINTERPRET = [
    _row("tile.reinterpret_view", "narrower", "pl.tile.reinterpret_view(t, dtype=pl.INT16)", "dtypes"),
    _row("tile.reinterpret_view", "same_dtype", "pl.reinterpret_view(t, pl.FP32)", "dtypes"),
    _row("tile.reinterpret_view", "bool", "pl.reinterpret_view(t, pl.BOOL)", "dtypes"),
    _row("tile.reinterpret_view", "wider", "pl.tile.reinterpret_view(t, dtype=pl.INT64)", "divisible"),
    _row(
        "tile.reinterpret_view",
        "not_divisible",
        "pl.reinterpret_view(t, pl.INT64)",
        "divisible",
        setup=("t = pl.load(a, [0, 0], [16, 3])",),
    ),
    _row(
        "tile.reinterpret_view",
        "explicit_shape",
        "pl.tile.reinterpret_view(t, dtype=pl.INT8, shape=[32, 128])",
        "byte size",
    ),
    _row(
        "tile.reinterpret_view", "byte_size", "pl.reinterpret_view(t, pl.INT8, shape=[32, 64])", "byte size"
    ),
    _row(
        "tile.reinterpret_view",
        "partial",
        "pl.tile.reinterpret_view(t, dtype=pl.INT16)",
        "valid shape",
        setup=(NARROW,),
    ),
    _row(
        "tile.reinterpret_view",
        "partial_auto_shape",
        "pl.tile.reinterpret_view(t, dtype=pl.INT8, shape=[32, 128])",
        "valid shape",
        setup=(NARROW,),
    ),
    _row(
        "tile.reinterpret_view",
        "partial_other_shape",
        "pl.reinterpret_view(t, pl.INT8, shape=[64, 64])",
        "valid shape",
        setup=(NARROW,),
    ),
    _row("tile.reinterpret_view", "boxed", "pl.reinterpret_view(t, pl.FP16)", "layout", setup=(MAT,)),
    _row("tile.reinterpret_view", "flat", "pl.tile.reinterpret_view(t, dtype=pl.FP16)", "layout"),
    _row(
        "tensor.reinterpret_view",
        "narrower",
        "pl.tensor.reinterpret_view(a, dtype=pl.INT16)",
        "dtypes",
        setup=(),
    ),
    _row("tensor.reinterpret_view", "same_dtype", "pl.reinterpret_view(a, pl.FP32)", "dtypes", setup=()),
    _row(
        "tensor.reinterpret_view",
        "explicit_shape",
        "pl.tensor.reinterpret_view(a, dtype=pl.UINT8, shape=[64, 256])",
        "byte size",
        setup=(),
    ),
    _row(
        "tensor.reinterpret_view",
        "byte_size",
        "pl.reinterpret_view(a, pl.UINT8, shape=[64, 64])",
        "byte size",
        setup=(),
    ),
    _row(
        "tensor.reinterpret_view",
        "partial",
        "pl.tensor.reinterpret_view(s, dtype=pl.INT16)",
        "valid shape",
        setup=(TSLICE,),
        function_type="Opaque",
    ),
    _row("tensor.reinterpret_view", "tile", "pl.tensor.reinterpret_view(t, dtype=pl.INT16)", "operand kind"),
    _row(
        "tensor.reinterpret_view",
        "tensor",
        "pl.tensor.reinterpret_view(a, dtype=pl.INT8)",
        "operand kind",
        setup=(),
    ),
    _row(
        "tensor.reinterpret_view",
        "partial_other_shape",
        "pl.reinterpret_view(s, pl.INT8, shape=[64, 128])",
        "valid shape",
        setup=(TSLICE,),
        function_type="Opaque",
    ),
]

FILLPAD = [
    _row(
        "tile.fillpad", "max", "pl.tile.fillpad(t, pad_value=pl.PadValue.max)", "pad value", setup=(NARROW,)
    ),
    _row("tile.fillpad", "one_literal", "pl.fillpad(t, pad_value=1)", "pad value", setup=(NARROW,)),
    _row("tile.fillpad", "null", "pl.fillpad(t, pad_value=pl.PadValue.null)", "pad value", setup=(NARROW,)),
    _row(
        "tile.fillpad",
        "default",
        "pl.tile.fillpad(t, pad_value=pl.PadValue.zero)",
        "pad value",
        setup=(NARROW,),
    ),
    _row(
        "tile.fillpad",
        "column",
        "pl.tile.fillpad(t, pad_value=pl.PadValue.max)",
        "operand kind",
        setup=("t = pl.load(a, [0, 0], [16, 1])",),
    ),
    _row("tile.fillpad", "tensor", "pl.tile.fillpad(a)", "operand kind", setup=()),
    _row(
        "tile.fillpad_inplace",
        "min",
        "pl.tile.fillpad_inplace(t, pad_value=pl.PadValue.min)",
        "pad value",
        setup=(NARROW,),
    ),
    _row(
        "tile.fillpad_inplace",
        "null",
        "pl.tile.fillpad_inplace(t, pad_value=pl.PadValue.null)",
        "pad value",
        setup=(NARROW,),
    ),
    _row(
        "tile.fillpad_expand",
        "larger",
        "pl.tile.fillpad_expand(t, [32, 48], pad_value=pl.PadValue.max)",
        "shape",
        setup=(NARROW,),
    ),
    _row("tile.fillpad_expand", "smaller", "pl.tile.fillpad_expand(t, [16, 16])", "shape"),
    _row("tile.fillpad_expand", "rank", "pl.fillpad_expand(t, [32])", "shape"),
    _row("tile.fillpad_expand", "dynamic", "pl.fillpad_expand(t, [i, 32])", "shape", (T64, IDX)),
    _row(
        "tensor.fillpad",
        "narrow",
        "pl.tensor.fillpad(s, pad_value=pl.PadValue.zero)",
        "operand kind",
        setup=(TSLICE,),
        function_type="Opaque",
    ),
    _row("tensor.fillpad", "tile", "pl.tensor.fillpad(t)", "operand kind"),
    _row(
        "tensor.fillpad_expand",
        "larger",
        "pl.tensor.fillpad_expand(a, [128, 64], pad_value=pl.PadValue.min)",
        "shape",
        setup=(),
    ),
    _row("tensor.fillpad_expand", "smaller", "pl.fillpad_expand(a, [32, 64])", "shape", setup=()),
]

MORE = [
    _row("tensor.set_validshape", "static", "pl.tensor.set_validshape(a, 16, 8)", "bounds", setup=()),
    _row(
        "tensor.set_validshape",
        "symbolic",
        "pl.tensor.set_validshape(a, i, 64)",
        "bounds",
        (T64, IDX),
        setup=(),
    ),
    _row("tensor.set_validshape", "exceeds", "pl.set_validshape(a, 128, 8)", "bounds", setup=()),
    _row("tensor.set_validshape", "int32", "pl.set_validshape(a, k, 8)", "dtype", (T64, I32), setup=()),
    _row(
        "tensor.set_validshape", "int64", "pl.tensor.set_validshape(a, n, 8)", "dtype", (T64, I64), setup=()
    ),
    _row("tensor.concat", "cols", "pl.tensor.concat(a, a)", "shapes", setup=()),
    _row(
        "tensor.concat",
        "rows",
        "pl.concat(a, c)",
        "shapes",
        (T64, "c: pl.Tensor[[32, 64], pl.FP32]"),
        setup=(),
    ),
]

MAT32 = "t = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)"

EXTRACT = [
    _row(
        "tile.extract",
        "left",
        "pl.tile.extract(t, 0, 16, [16, 16], target_memory=pl.Mem.Left)",
        "bounds",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "right",
        "pl.tile.extract(t, 16, 0, [16, 16], target_memory=pl.Mem.Right)",
        "bounds",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "past_end",
        "pl.tile.extract(t, 24, 0, [16, 16], target_memory=pl.Mem.Left)",
        "bounds",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "too_large",
        "pl.tile.extract(t, 0, 0, [48, 16], target_memory=pl.Mem.Left)",
        "bounds",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "negative",
        "pl.tile.extract(t, -1, 0, [16, 16], target_memory=pl.Mem.Left)",
        "bounds",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "symbolic",
        "pl.tile.extract(t, i, 0, [16, 16], target_memory=pl.Mem.Left)",
        "index dtype",
        (T64, IDX),
        (MAT32,),
    ),
    _row(
        "tile.extract",
        "int32",
        "pl.tile.extract(t, k, 0, [16, 16], target_memory=pl.Mem.Left)",
        "index dtype",
        (T64, I32),
        (MAT32,),
    ),
    _row(
        "tile.extract",
        "rank3_shape",
        "pl.tile.extract(t, 0, 0, [16, 16, 1], target_memory=pl.Mem.Left)",
        "shape",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "shape",
        "pl.tile.extract(t, 0, 0, [16, 32], target_memory=pl.Mem.Right)",
        "shape",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "tensor",
        "pl.tile.extract(a, 0, 0, [16, 16], target_memory=pl.Mem.Left)",
        "operand kind",
        setup=(),
    ),
    _row(
        "tile.extract",
        "tile",
        "pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)",
        "operand kind",
        setup=(MAT32,),
    ),
    _row(
        "tile.extract",
        "narrow",
        "pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)",
        "bounds",
        setup=("t = pl.load(a, [0, 0], [32, 32], valid_shape=[8, 32], target_memory=pl.Mem.Mat)",),
    ),
]

VIEW = [
    _row("tensor.view", "shape", "pl.tensor.view(a, [32, 128])", "size", setup=()),
    _row("tensor.view", "flat", "pl.tensor.view(a, [4096])", "size", setup=()),
    _row("tensor.view", "size", "pl.tensor.view(a, [32, 64])", "size", setup=()),
    _row("tensor.view", "dn", "pl.tensor.view(a, layout=pl.TensorLayout.DN)", "layout", setup=()),
    _row(
        "tensor.view",
        "rect_dn",
        "pl.tensor.view(b, layout=pl.TensorLayout.DN)",
        "layout",
        ("b: pl.Tensor[[16, 32], pl.FP32]",),
        setup=(),
    ),
    _row("tensor.view", "nz", "pl.tensor.view(a, [64, 64], layout=pl.TensorLayout.NZ)", "layout", setup=()),
    _row("tensor.view", "nothing", "pl.tensor.view(a)", "arguments", setup=()),
    _row("tensor.view", "shape_only", "pl.tensor.view(a, [64, 64])", "arguments", setup=()),
    _row(
        "tensor.view",
        "partial_source",
        "pl.tensor.view(s, [2048])",
        "valid shape",
        setup=(TSLICE,),
        function_type="Opaque",
    ),
    _row(
        "tensor.view",
        "partial_layout",
        "pl.tensor.view(s, layout=pl.TensorLayout.DN)",
        "valid shape",
        setup=(TSLICE,),
        function_type="Opaque",
    ),
]

UNIFIED = [
    _row("tile.slice", "pl_slice", "pl.slice(t, [16, 16], [16, 16])", "reads past the end"),
    _row(
        "tile.assemble",
        "pl_assemble",
        "pl.assemble(t, s, [16, 16])",
        "writes past the end",
        setup=(TILE, "s = pl.load(a, [0, 0], [16, 16])"),
    ),
    _row("tile.reshape", "pl_reshape", "pl.reshape(t, [16, 64])", "size"),
    _row("tensor.reshape", "pl_reshape", "pl.reshape(a, [16, 256])", "size", setup=()),
    _row("tile.transpose", "pl_transpose", "pl.transpose(t, 0, 1)", "axes"),
    _row("tensor.transpose", "pl_transpose", "pl.transpose(a, 1, 0)", "axes", setup=()),
    _row("tile.fillpad", "pl_fillpad", "pl.fillpad(t, pad_value=0)", "pad value", setup=(NARROW,)),
    _row("tile.set_validshape", "pl_set_validshape", "pl.set_validshape(t, 8, 8)", "bounds"),
    _row("tile.concat", "pl_concat", "pl.concat(t, t)", "shapes"),
    _row("tile.reinterpret_view", "pl_reinterpret_view", "pl.reinterpret_view(t, pl.INT16)", "dtypes"),
]

ROWS = [
    *EXTRACT,
    *VIEW,
    *UNIFIED,
    *TILE_SLICE, *TILE_ASSEMBLE, *RESHAPE, *TRANSPOSE, *SET_VALIDSHAPE, *CONCAT, *REINTERPRET, *FILLPAD, *MORE,
]  # fmt: skip
