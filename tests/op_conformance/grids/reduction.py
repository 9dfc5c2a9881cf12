"""Row and column reductions of both levels (src/ir/op/{tile,tensor}_ops/reduction.cpp)."""

from __future__ import annotations

from op_conformance.operands import PASSES, G, S, T, row_collector, spread_accepted

ROWS, add = row_collector()


A = T((16, 128))

for name in ("row_sum", "row_max", "row_min", "row_prod", "row_argmax", "row_argmin"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    arg = name.endswith(("argmax", "argmin"))
    add(f"{op}/ok", op, PASSES, f"{call}(a, t)", a=A, t=T((16, 128)))
    add(f"{op}/fp16", op, PASSES, f"{call}(a, t)", a=T((16, 128), "FP16"), t=T((16, 128), "FP16"))
    add(f"{op}/int32", op, PASSES, f"{call}(a, t)", a=T((16, 128), "INT32"), t=T((16, 128), "INT32"))
    add(f"{op}/3d", op, PASSES, f"{call}(a, t)", a=T((2, 16, 64)), t=T((2, 16, 64)))
    add(f"{op}/col-vector", op, PASSES, f"{call}(a, t)", a=T((16, 1)), t=T((16, 1)))
    add(f"{op}/tmp-larger", op, "tmp shape", f"{call}(a, t)", a=A, t=T((32, 128)))
    add(f"{op}/tmp-smaller", op, "tmp shape", f"{call}(a, t)", a=A, t=T((16, 64)))
    add(f"{op}/tmp-dtype", op, "tmp dtype", f"{call}(a, t)", a=A, t=T((16, 128), "FP16"))
    add(f"{op}/tmp-rank", op, "tmp rank", f"{call}(a, t)", a=A, t=T((1, 16, 128)))
    add(f"{op}/1d", op, "at least 2D", f"{call}(a, t)", a=T((128,)), t=T((128,)))
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x, t)", x=G((16, 128)), t=T((16, 128)))
    add(f"{op}/tmp-tensor", op, "tmp TileType", f"{call}(a, y)", a=A, y=G((16, 128)))
    add(f"{op}/literal", op, "unwrap", f"{call}(1.0, t)", t=T((16, 128)))
    add(
        f"{op}/int8",
        op,
        "dtype" if name == "row_min" else PASSES,
        f"{call}(a, t)",
        a=T((16, 128), "INT8"),
        t=T((16, 128), "INT8"),
    )
    if arg:
        add(f"{op}/tmp-larger-exact", op, "tmp shape", f"{call}(a, t)", a=A, t=T((16, 256)))

for name in ("col_sum", "col_max", "col_min", "col_prod"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(a)", a=A)
    add(f"{op}/int32", op, PASSES, f"{call}(a)", a=T((16, 128), "INT32"))
    add(f"{op}/3d", op, PASSES, f"{call}(a)", a=T((2, 16, 64)))
    add(f"{op}/row-vector", op, PASSES, f"{call}(a)", a=T((1, 128)))
    add(f"{op}/1d", op, "at least 2D", f"{call}(a)", a=T((128,)))
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x)", x=G((16, 128)))
    add(f"{op}/scalar", op, "first argument TileType", f"{call}(s)", s=S("FP32"))
    add(f"{op}/literal", op, "unwrap", f"{call}(2.0)")
CS = "tile.col_sum"
add(f"{CS}/tmp", CS, "tmp dtype", "pl.tile.col_sum(a, t)", a=A, t=T((16, 128)))
add(f"{CS}/tmp-kw", CS, "tmp dtype", "pl.tile.col_sum(a, tmp_tile=t)", a=A, t=T((16, 128)))
add(f"{CS}/tmp-dtype", CS, "tmp dtype", "pl.tile.col_sum(a, t)", a=A, t=T((16, 128), "FP16"))
add(f"{CS}/tmp-tensor", CS, "tmp TileType", "pl.tile.col_sum(a, y)", a=A, y=G((16, 128)))
add(f"{CS}/tmp-other-shape", CS, "tmp TileType", "pl.tile.col_sum(a, t)", a=A, t=T((8, 8)))
for name in ("col_argmax", "col_argmin"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/ok", op, PASSES, f"{call}(a, t)", a=A, t=T((16, 128)))
    add(f"{op}/tmp-other", op, PASSES, f"{call}(a, t)", a=A, t=T((8, 8), "INT32"))
    add(f"{op}/1d", op, "at least 2D", f"{call}(a, t)", a=T((128,)), t=T((128,)))
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x, t)", x=G((16, 128)), t=T((16, 128)))
    add(f"{op}/tmp-literal", op, "unwrap", f"{call}(a, 1.0)", a=A)

for name in ("row_sum", "row_max", "row_min", "row_prod", "row_argmax", "row_argmin",
             "col_sum", "col_max", "col_min", "col_prod", "col_argmax", "col_argmin"):  # fmt: skip
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    col = name.startswith("col")
    add(f"{op}/ok", op, PASSES, f"{call}(x)", x=G((16, 128)))
    add(f"{op}/3d", op, PASSES, f"{call}(x)", x=G((4, 16, 128)))
    add(f"{op}/int32", op, PASSES, f"{call}(x)", x=G((16, 128), "INT32"))
    add(f"{op}/1d", op, "at least 2D" if col else PASSES, f"{call}(x)", x=G((128,)))
    add(f"{op}/tile", op, "first argument TensorType", f"{call}(a)", a=A)
    add(f"{op}/scalar", op, "first argument TensorType", f"{call}(s)", s=S("FP32"))
    add(f"{op}/literal", op, "unwrap", f"{call}(2.0)")
    add(f"{op}/int8", op, "dtype" if name == "row_min" else PASSES, f"{call}(x)", x=G((16, 128), "INT8"))
    add(f"{op}/empty", op, "non-empty", f"{call}(x)", x=G((0, 128) if not col else (16, 0)))
    add(f"{op}/empty-other-axis", op, "non-empty", f"{call}(x)", x=G((16, 0) if not col else (0, 128)))

ROWS = spread_accepted(ROWS)
