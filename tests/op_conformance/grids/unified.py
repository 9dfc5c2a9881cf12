"""The type-dispatched `pl.<op>` wrappers of this family (python/pypto/language/op/
unified_ops.py): which level op an operand pairing reaches, and the wrappers' own
refusals (mixed levels, operands of no level, scratch tiles on the wrong level)."""

from __future__ import annotations

from op_conformance.operands import PASSES, G, S, T, row_collector, spread_accepted

ROWS, add = row_collector()


A, B = T((16, 128)), T((16, 128))
X, Y = G((16, 128)), G((16, 128))
AI, BI = T((16, 128), "INT32"), T((16, 128), "INT32")
XI, YI = G((16, 128), "INT32"), G((16, 128), "INT32")

for name in ("add", "sub", "mul", "div", "fmod", "maximum", "minimum", "cmp"):
    op, call = f"pl.{name}", f"pl.{name}"
    add(f"{op}/tiles", op, PASSES, f"{call}(a, b)", a=A, b=B)
    add(f"{op}/tensors", op, PASSES, f"{call}(x, y)", x=X, y=Y)
    add(f"{op}/tile-float", op, PASSES, f"{call}(a, 2.0)", a=A)
    add(f"{op}/tile-int", op, PASSES, f"{call}(a, 2)", a=AI)
    add(f"{op}/tile-scalar", op, PASSES, f"{call}(a, s)", a=A, s=S("FP32"))
    add(f"{op}/tensor-float", op, PASSES, f"{call}(x, 2.0)", x=X)
    add(f"{op}/tensor-scalar", op, PASSES, f"{call}(x, s)", x=X, s=S("FP16"))
    add(f"{op}/tensor-tile", op, "operand levels", f"{call}(x, b)", x=X, b=B)
    add(f"{op}/tile-tensor", op, "operand levels", f"{call}(a, y)", a=A, y=Y)
    add(f"{op}/scalar-tile", op, "operand levels", f"{call}(s, b)", s=S("FP32"), b=B)
    add(f"{op}/literal-tensor", op, "operand levels", f"{call}(1.0, y)", y=Y)
    if name not in ("add", "sub", "mul", "div"):  # (those four are scalar arithmetic: `s + t`)
        add(f"{op}/scalar-scalar", op, "operand levels", f"{call}(s, t)", s=S("FP32"), t=S("FP32"))
for name in ("add", "sub", "mul", "div"):  # two scalars: the scalar operators (`s + t`)
    op, call = f"pl.{name}", f"pl.{name}"
    add(f"{op}/scalars", op, "scalar promotion", f"{call}(s, t)", s=S("FP32"), t=S("FP32"))
    add(f"{op}/scalar-widen", op, "scalar promotion", f"{call}(s, t)", s=S("INT8"), t=S("INT32"))
    add(f"{op}/scalar-literal", op, "scalar promotion", f"{call}(s, 2)", s=S("INT32"))
    add(f"{op}/scalar-float-literal", op, "scalar promotion", f"{call}(s, 2.0)", s=S("FP16"))
    add(f"{op}/scalar-categories", op, "scalar promotion", f"{call}(s, t)", s=S("FP32"), t=S("INT32"))
    add(f"{op}/scalar-int-float", op, "scalar promotion", f"{call}(s, 2.5)", s=S("INT32"))
    add(f"{op}/scalar-bool", op, "scalar promotion", f"{call}(s, True)", s=S("INT32"))
    add(f"{op}/scalar-bool-param", op, "scalar promotion", f"{call}(s, t)", s=S("INT32"), t=S("BOOL"))
add("pl.cmp/cmp-type", "pl.cmp", PASSES, "pl.cmp(a, b, cmp_type=3)", a=A, b=B)
add("pl.div/hp-tiles", "pl.div", "high precision", "pl.div(a, b, high_precision=True)", a=A, b=B)
add("pl.div/hp-tile-scalar", "pl.div", "high precision", "pl.div(a, 2.0, high_precision=True)", a=A)
add(
    "pl.div/hp-scalars",
    "pl.div",
    "high precision",
    "pl.div(s, t, high_precision=True)",
    s=S("FP32"),
    t=S("FP32"),
)

for name in ("and_", "or_", "shl", "shr"):
    op, call = f"pl.{name}", f"pl.{name}"
    add(f"{op}/tiles", op, PASSES, f"{call}(a, b)", a=AI, b=BI)
    add(f"{op}/tensors", op, PASSES, f"{call}(x, y)", x=XI, y=YI)
    add(f"{op}/tile-int", op, PASSES, f"{call}(a, 3)", a=AI)
    add(f"{op}/tensor-int", op, PASSES, f"{call}(x, 3)", x=XI)
    add(f"{op}/tensor-tile", op, "operand levels", f"{call}(x, b)", x=XI, b=BI)
    add(f"{op}/scalar-tile", op, "operand levels", f"{call}(s, b)", s=S("INT32"), b=BI)
for name in ("ands", "ors", "shls", "shrs", "fmods"):
    op, call = f"pl.{name}", f"pl.{name}"
    lhs_t, lhs_x = (A, X) if name == "fmods" else (AI, XI)
    add(f"{op}/tile", op, PASSES, f"{call}(a, 3)", a=lhs_t)
    add(f"{op}/tensor", op, PASSES, f"{call}(x, 3)", x=lhs_x)
    add(f"{op}/scalar", op, "operand levels", f"{call}(s, 3)", s=S("INT32"))
    add(f"{op}/literal", op, "operand levels", f"{call}(2, 3)")
for name in ("xor", "xors"):
    op, call = f"pl.{name}", f"pl.{name}"
    if name == "xor":
        add(f"{op}/tiles", op, PASSES, f"{call}(a, b, t)", a=AI, b=BI, t=T((16, 128), "INT32"))
    add(f"{op}/tile-int", op, PASSES, f"{call}(a, 3, t)", a=AI, t=T((16, 128), "INT32"))
    add(f"{op}/tensor", op, PASSES, f"{call}(x, 3)", x=XI)
    add(f"{op}/tile-no-tmp", op, "tmp for a tile", f"{call}(a, 3)", a=AI)
    add(f"{op}/tensor-tmp", op, "no tmp for a tensor", f"{call}(x, 3, t)", x=XI, t=T((16, 128), "INT32"))
    add(f"{op}/scalar", op, "operand levels", f"{call}(s, 3)", s=S("INT32"))

for name in ("part_add", "part_mul", "part_max", "part_min", "row_expand", "row_expand_sub",
             "row_expand_div", "row_expand_mul", "row_expand_max", "row_expand_min", "row_expand_expdif",
             "row_expand_add", "col_expand", "col_expand_mul", "col_expand_div", "col_expand_sub",
             "col_expand_add", "col_expand_max", "col_expand_min", "col_expand_expdif"):  # fmt: skip
    op, call = f"pl.{name}", f"pl.{name}"
    vec_t, vec_x = (
        (T((16, 8)), G((16, 1)))
        if name == "row_expand_add"
        else ((T((16, 1)), G((16, 1))) if name.startswith("row") else (T((1, 128)), G((1, 128))))
    )
    if name.startswith("part"):
        vec_t, vec_x = B, Y
    add(f"{op}/tiles", op, PASSES, f"{call}(a, v)", a=A, v=vec_t)
    add(f"{op}/tensors", op, PASSES, f"{call}(x, v)", x=X, v=vec_x)
    add(f"{op}/tensor-tile", op, "operand levels", f"{call}(x, v)", x=X, v=vec_t)
    add(f"{op}/tile-scalar", op, "operand levels", f"{call}(a, 2.0)", a=A)
add(
    "pl.row_expand_add/tile-tmp",
    "pl.row_expand_add",
    PASSES,
    "pl.row_expand_add(a, v, t)",
    a=A,
    v=T((16, 8)),
    t=T((16, 128)),
)
add(
    "pl.row_expand_add/tensor-tmp",
    "pl.row_expand_add",
    "no tmp for a tensor",
    "pl.row_expand_add(x, v, t)",
    x=X,
    v=G((16, 1)),
    t=T((16, 128)),
)
add(
    "pl.row_expand_add/tensor-no-tmp",
    "pl.row_expand_add",
    "no tmp for a tensor",
    "pl.row_expand_add(x, v)",
    x=X,
    v=G((16, 1)),
)

for name in ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt", "not_"):
    op, call = f"pl.{name}", f"pl.{name}"
    dtype = "INT16" if name == "not_" else "FP32"
    add(f"{op}/tile", op, PASSES, f"{call}(a)", a=T((16, 128), dtype))
    add(f"{op}/tensor", op, PASSES, f"{call}(x)", x=G((16, 128), dtype))
    add(f"{op}/scalar", op, "operand level", f"{call}(s)", s=S(dtype))
    add(f"{op}/literal", op, "operand level", f"{call}(2.0)")
add("pl.rsqrt/tile-hp", "pl.rsqrt", "tile high precision", "pl.rsqrt(a, high_precision=True)", a=A)
add("pl.rsqrt/tensor-hp", "pl.rsqrt", "tile high precision", "pl.rsqrt(x, high_precision=True)", x=X)
add("pl.recip/tile-hp", "pl.recip", PASSES, "pl.recip(a, high_precision=True)", a=A)
add("pl.log/tensor-hp", "pl.log", PASSES, "pl.log(x, high_precision=True)", x=X)

for name in (
    "row_max",
    "row_sum",
    "row_min",
    "row_prod",
    "row_argmax",
    "row_argmin",
    "col_argmax",
    "col_argmin",
):
    op, call = f"pl.{name}", f"pl.{name}"
    add(f"{op}/tile", op, PASSES, f"{call}(a, t)", a=A, t=T((16, 128)))
    add(f"{op}/tile-no-tmp", op, "tmp for a tile", f"{call}(a)", a=A)
    add(f"{op}/tensor", op, "no tmp for a tensor", f"{call}(x)", x=X)
    add(f"{op}/tensor-tmp", op, "no tmp for a tensor", f"{call}(x, t)", x=X, t=T((16, 128)))
    add(f"{op}/tensor-tmp-kw", op, "no tmp for a tensor", f"{call}(x, tmp_tile=t)", x=X, t=T((16, 128)))
    add(f"{op}/scalar", op, "operand level", f"{call}(s)", s=S("FP32"))
CS = "pl.col_sum"
add(f"{CS}/tile", CS, PASSES, "pl.col_sum(a)", a=A)
add(f"{CS}/tile-tmp", CS, PASSES, "pl.col_sum(a, t)", a=A, t=T((16, 128)))
add(f"{CS}/tensor", CS, "no tmp for a tensor", "pl.col_sum(x)", x=X)
add(f"{CS}/tensor-tmp", CS, "no tmp for a tensor", "pl.col_sum(x, t)", x=X, t=T((16, 128)))
add(f"{CS}/scalar", CS, "operand level", "pl.col_sum(s)", s=S("FP32"))
for name in ("col_max", "col_min", "col_prod"):
    op, call = f"pl.{name}", f"pl.{name}"
    add(f"{op}/tile", op, PASSES, f"{call}(a)", a=A)
    add(f"{op}/tensor", op, PASSES, f"{call}(x)", x=X)
    add(f"{op}/scalar", op, "operand level", f"{call}(s)", s=S("FP32"))
    add(f"{op}/literal", op, "operand level", f"{call}(1)")

E = "pl.expands"
add(f"{E}/tile", E, PASSES, "pl.expands(a, 2.0)", a=A)
add(f"{E}/tensor", E, PASSES, "pl.expands(x, 2.0)", x=X)
add(f"{E}/scalar", E, "operand level", "pl.expands(s, 2.0)", s=S("FP32"))

C = "pl.cast"
add(f"{C}/tile", C, PASSES, "pl.cast(a, pl.BF16)", a=A)
add(f"{C}/tile-mode", C, PASSES, "pl.cast(a, pl.BF16, mode='floor')", a=A)
add(f"{C}/tensor", C, PASSES, "pl.cast(x, pl.INT32, mode=5)", x=X)
add(f"{C}/scalar", C, "scalar mode", "pl.cast(s, pl.INT32)", s=S("FP32"))
add(f"{C}/scalar-round", C, "scalar mode", "pl.cast(s, pl.INT32, mode='round')", s=S("FP32"))
add(f"{C}/scalar-floor", C, "scalar mode", "pl.cast(s, pl.INT32, mode='floor')", s=S("FP32"))
add(f"{C}/scalar-bad-mode", C, "scalar mode", "pl.cast(s, pl.INT32, mode='up')", s=S("FP32"))
add(f"{C}/literal-floor", C, "scalar mode", "pl.cast(2.5, pl.INT32, mode=3)")

ROWS = spread_accepted(ROWS)
