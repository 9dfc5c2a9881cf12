"""Row and column broadcasts of both levels (src/ir/op/{tile,tensor}_ops/broadcast.cpp)."""

from __future__ import annotations

from op_conformance.operands import PASSES, G, S, T, row_collector, spread_accepted

ROWS, add = row_collector()


A = T((16, 128))
ROW_VEC = T((16, 1))

for name in ("row_expand", "row_expand_sub", "row_expand_div", "row_expand_mul", "row_expand_max",
             "row_expand_min", "row_expand_expdif"):  # fmt: skip
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(a, r)", a=A, r=ROW_VEC)
    add(f"{op}/promote", op, PASSES, f"{call}(a, r)", a=T((16, 128), "FP16"), r=ROW_VEC)
    add(f"{op}/3d", op, PASSES, f"{call}(a, r)", a=T((2, 16, 128)), r=T((2, 16, 1)))
    add(f"{op}/vec-cols", op, "row vector last dim 1", f"{call}(a, r)", a=A, r=T((16, 2)))
    add(f"{op}/vec-full", op, "row vector last dim 1", f"{call}(a, r)", a=A, r=T((16, 128)))
    add(f"{op}/rows", op, "matching rows", f"{call}(a, r)", a=A, r=T((8, 1)))
    add(f"{op}/1d-first", op, "at least 2D", f"{call}(a, r)", a=T((128,)), r=ROW_VEC)
    add(f"{op}/1d-second", op, "at least 2D", f"{call}(a, r)", a=A, r=T((16,)))
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x, r)", x=G((16, 128)), r=ROW_VEC)
    add(f"{op}/tensor-vec", op, "second argument TileType", f"{call}(a, y)", a=A, y=G((16, 1)))
    add(f"{op}/literal", op, "unwrap", f"{call}(a, 1.0)", a=A)

RA = "tile.row_expand_add"
add(f"{RA}/ok", RA, PASSES, "pl.tile.row_expand_add(a, r)", a=A, r=T((16, 8)))
add(f"{RA}/fp16", RA, PASSES, "pl.tile.row_expand_add(a, r)", a=T((16, 128), "FP16"), r=T((16, 16), "FP16"))
add(f"{RA}/col-vec", RA, "src1 valid last dim", "pl.tile.row_expand_add(a, r)", a=A, r=ROW_VEC)
add(f"{RA}/tmp", RA, PASSES, "pl.tile.row_expand_add(a, r, t)", a=A, r=T((16, 8)), t=T((16, 128)))
add(
    f"{RA}/tmp-tensor",
    RA,
    "tmp TileType",
    "pl.tile.row_expand_add(a, r, y)",
    a=A,
    r=T((16, 8)),
    y=G((16, 128)),
)
add(f"{RA}/dtype", RA, "same dtype", "pl.tile.row_expand_add(a, r)", a=A, r=T((16, 16), "FP16"))
add(
    f"{RA}/bf16",
    RA,
    "dtype set",
    "pl.tile.row_expand_add(a, r)",
    a=T((16, 128), "BF16"),
    r=T((16, 16), "BF16"),
)
add(f"{RA}/rows", RA, "src1 valid rows", "pl.tile.row_expand_add(a, r)", a=A, r=T((8, 8)))
add(f"{RA}/cols", RA, "src1 valid last dim", "pl.tile.row_expand_add(a, r)", a=A, r=T((16, 4)))
add(f"{RA}/src0-col-major", RA, "src0 layout", "pl.tile.row_expand_add(a, r)", a=T((16, 1)), r=T((16, 8)))
add(f"{RA}/1d", RA, "at least 2D", "pl.tile.row_expand_add(a, r)", a=T((128,)), r=T((16, 8)))
add(
    f"{RA}/tensor",
    RA,
    "first argument TileType",
    "pl.tile.row_expand_add(x, r)",
    x=G((16, 128)),
    r=T((16, 8)),
)

for name in ("col_expand", "col_expand_mul", "col_expand_add", "col_expand_div", "col_expand_sub",
             "col_expand_max", "col_expand_min", "col_expand_expdif"):  # fmt: skip
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(a, c)", a=A, c=T((1, 128)))
    add(f"{op}/promote", op, PASSES, f"{call}(a, c)", a=T((16, 128), "FP16"), c=T((1, 128)))
    add(f"{op}/any-shape", op, PASSES, f"{call}(a, c)", a=A, c=T((4, 8)))
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x, c)", x=G((16, 128)), c=T((1, 128)))
    add(f"{op}/tensor-vec", op, "second argument TileType", f"{call}(a, y)", a=A, y=G((1, 128)))
    add(f"{op}/literal", op, "unwrap", f"{call}(1.0, c)", c=T((1, 128)))

E = "tile.expands"
add(f"{E}/float", E, PASSES, "pl.tile.expands(a, 2.0)", a=A)
add(f"{E}/int", E, PASSES, "pl.tile.expands(a, 2)", a=A)
add(f"{E}/int-tile", E, PASSES, "pl.tile.expands(a, 2)", a=T((16, 128), "INT32"))
add(f"{E}/float-on-fp16", E, PASSES, "pl.tile.expands(a, 2.0)", a=T((16, 128), "FP16"))
add(f"{E}/scalar", E, PASSES, "pl.tile.expands(a, s)", a=T((16, 128), "FP16"), s=S("FP32"))
add(f"{E}/index", E, "index scalar", "pl.tile.expands(a, n)", a=A, n=S("INDEX"))
add(f"{E}/tile", E, "python conversion", "pl.tile.expands(a, b)", a=A, b=T((16, 128)))
add(f"{E}/tensor", E, "first argument TileType", "pl.tile.expands(x, 2.0)", x=G((16, 128)))

X = G((16, 128))
for name in ("row_expand", "row_expand_sub", "row_expand_div", "row_expand_mul", "row_expand_max",
             "row_expand_min", "row_expand_expdif", "row_expand_add"):  # fmt: skip
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(x, r)", x=X, r=G((16, 1)))
    add(f"{op}/3d", op, PASSES, f"{call}(x, r)", x=G((2, 16, 128)), r=G((2, 16, 1)))
    add(
        f"{op}/promote",
        op,
        "same dtype" if name == "row_expand_add" else PASSES,
        f"{call}(x, r)",
        x=G((16, 128), "FP16"),
        r=G((16, 1)),
    )
    add(f"{op}/vec-cols", op, "row vector last dim 1", f"{call}(x, r)", x=X, r=G((16, 2)))
    add(f"{op}/rows", op, "matching rows", f"{call}(x, r)", x=X, r=G((8, 1)))
    add(f"{op}/1d-first", op, "at least 2D", f"{call}(x, r)", x=G((128,)), r=G((16, 1)))
    add(f"{op}/1d-second", op, "at least 2D", f"{call}(x, r)", x=X, r=G((16,)))
    add(f"{op}/tile", op, "first argument TensorType", f"{call}(a, r)", a=A, r=G((16, 1)))
    add(f"{op}/tile-vec", op, "second argument TensorType", f"{call}(x, b)", x=X, b=ROW_VEC)
    add(f"{op}/literal", op, "unwrap", f"{call}(x, 1.0)", x=X)
add(
    "tensor.row_expand_add/bf16",
    "tensor.row_expand_add",
    "dtype set",
    "pl.tensor.row_expand_add(x, r)",
    x=G((16, 128), "BF16"),
    r=G((16, 1), "BF16"),
)

for name in ("col_expand", "col_expand_mul", "col_expand_add", "col_expand_div", "col_expand_sub",
             "col_expand_max", "col_expand_min", "col_expand_expdif"):  # fmt: skip
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(x, c)", x=X, c=G((1, 128)))
    add(f"{op}/promote", op, PASSES, f"{call}(x, c)", x=G((16, 128), "FP16"), c=G((1, 128)))
    # (A column vector of more than one row is refused with a message that prints the
    # dim's object address: nothing to record.)
    add(f"{op}/cols", op, "matching cols", f"{call}(x, c)", x=X, c=G((1, 64)))
    add(f"{op}/1d-second", op, "at least 2D", f"{call}(x, c)", x=X, c=G((128,)))
    add(f"{op}/tile", op, "first argument TensorType", f"{call}(a, c)", a=A, c=G((1, 128)))
    add(f"{op}/literal", op, "unwrap", f"{call}(2.0, c)", c=G((1, 128)))

TE = "tensor.expands"
add(f"{TE}/float", TE, PASSES, "pl.tensor.expands(x, 2.0)", x=X)
add(f"{TE}/int-fp16", TE, PASSES, "pl.tensor.expands(x, 2)", x=G((16, 128), "FP16"))
add(f"{TE}/float-fp16", TE, PASSES, "pl.tensor.expands(x, 2.5)", x=G((16, 128), "FP16"))
add(f"{TE}/scalar", TE, PASSES, "pl.tensor.expands(x, s)", x=X, s=S("INT32"))
add(f"{TE}/index", TE, "index scalar", "pl.tensor.expands(x, n)", x=X, n=S("INDEX"))
add(f"{TE}/tensor", TE, "python conversion", "pl.tensor.expands(x, y)", x=X, y=G((16, 128)))
add(f"{TE}/tile", TE, "first argument TensorType", "pl.tensor.expands(a, 2.0)", a=A)

EC = "tensor.expand_clone"
add(f"{EC}/ok", EC, PASSES, "pl.tensor.expand_clone(x, y)", x=G((1, 16, 128)), y=G((4, 16, 128)))
add(f"{EC}/mid", EC, PASSES, "pl.tensor.expand_clone(x, y)", x=G((4, 1, 128)), y=G((4, 16, 128)))
add(f"{EC}/same", EC, PASSES, "pl.tensor.expand_clone(x, y)", x=G((4, 16, 128)), y=G((4, 16, 128), "FP16"))
add(f"{EC}/rank2", EC, "rank 3", "pl.tensor.expand_clone(x, y)", x=G((1, 128)), y=G((16, 128)))
add(
    f"{EC}/rank-mismatch", EC, "rank match", "pl.tensor.expand_clone(x, y)", x=G((1, 16, 128)), y=G((16, 128))
)
add(
    f"{EC}/not-one",
    EC,
    "broadcast from 1",
    "pl.tensor.expand_clone(x, y)",
    x=G((2, 16, 128)),
    y=G((4, 16, 128)),
)
add(
    f"{EC}/two-dims",
    EC,
    "one broadcast dim",
    "pl.tensor.expand_clone(x, y)",
    x=G((1, 1, 128)),
    y=G((4, 16, 128)),
)
add(
    f"{EC}/tile",
    EC,
    "first argument TensorType",
    "pl.expand_clone(a, y)",
    a=T((1, 16, 128)),
    y=G((4, 16, 128)),
)
add(f"{EC}/pl", EC, PASSES, "pl.expand_clone(x, y)", x=G((1, 16, 128)), y=G((4, 16, 128)))

ROWS = spread_accepted(ROWS)
