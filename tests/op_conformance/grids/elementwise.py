"""Element-wise ops of both levels (src/ir/op/{tile,tensor}_ops/elementwise.cpp): the
wrappers' unwrap and scalar normalization, then each deduction's checks."""

from __future__ import annotations

from op_conformance.operands import PASSES, G, S, T, row_collector, spread_accepted

A = T((16, 128))
ROWS, add = row_collector()


# --- tile binary ops with broadcasting (and the tile.add/sub/mul/div scalar dispatch)

for name in (
    "add",
    "sub",
    "mul",
    "maximum",
    "minimum",
    "fmod",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
):
    op = f"tile.{name}"
    call = f"pl.tile.{name}"
    add(f"{op}/same", op, PASSES, f"{call}(a, b)", a=A, b=T((16, 128)))
    add(f"{op}/bcast-row", op, PASSES, f"{call}(a, b)", a=A, b=T((1, 128)))
    add(f"{op}/bcast-col", op, PASSES, f"{call}(a, b)", a=T((16, 1)), b=T((16, 128)))
    add(f"{op}/rank", op, PASSES, f"{call}(a, b)", a=T((128,)), b=T((16, 128)))
    add(f"{op}/mismatch", op, "compatible shapes", f"{call}(a, b)", a=A, b=T((32, 128)))
    add(f"{op}/promote", op, PASSES, f"{call}(a, b)", a=T((16, 128), "FP16"), b=A)
    add(f"{op}/promote-int", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT16"), b=T((16, 128), "INT32"))
    add(f"{op}/lhs-tensor", op, "first argument TileType", f"{call}(x, b)", x=G((16, 128)), b=A)
    add(f"{op}/rhs-tensor", op, "second argument TileType", f"{call}(a, y)", a=A, y=G((16, 128)))
    add(
        f"{op}/rhs-tensor-int",
        op,
        "second argument TileType",
        f"{call}(a, y)",
        a=T((16, 128), "INT32"),
        y=G((16, 128)),
    )
    add(f"{op}/lhs-literal", op, "unwrap", f"{call}(1.0, b)", b=A)
    add(f"{op}/rhs-scalar", op, "second argument TileType", f"{call}(a, s)", a=A, s=S("FP32"))
    add(f"{op}/rhs-literal", op, "second argument TileType", f"{call}(a, 2.0)", a=A)

for name in ("add", "sub", "mul", "div"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/scalar-float", op, PASSES, f"{call}(a, 2.0)", a=A)
    add(f"{op}/scalar-int", op, PASSES, f"{call}(a, 2)", a=A)
    add(f"{op}/scalar-int-tile", op, PASSES, f"{call}(a, 3)", a=T((16, 128), "INT32"))
    add(f"{op}/scalar-param", op, PASSES, f"{call}(a, s)", a=A, s=S("FP16"))
    add(f"{op}/scalar-index", op, "index scalar", f"{call}(a, n)", a=A, n=S("INDEX"))
    add(f"{op}/scalar-index-int8", op, "index scalar", f"{call}(a, n)", a=T((16, 128), "INT8"), n=S("INDEX"))
    add(f"{op}/scalar-index-bf16", op, "index scalar", f"{call}(a, n)", a=T((16, 128), "BF16"), n=S("INDEX"))
    add(f"{op}/scalar-int64", op, PASSES, f"{call}(a, s)", a=A, s=S("INT64"))
    add(f"{op}/rhs-tensor-object", op, "python conversion", f"{call}(a, y)", a=A, y=G((16, 128)))
    add(
        f"{op}/rhs-tensor-object-int",
        op,
        "python conversion",
        f"{call}(a, y)",
        a=T((16, 128), "INT32"),
        y=G((16, 128)),
    )
    add(
        f"{op}/rhs-tensor-bool",
        op,
        "python conversion",
        f"{call}(a, y)",
        a=T((16, 128), "BOOL"),
        y=G((16, 128)),
    )
    add(f"{op}/both-tensors", op, "python conversion", f"{call}(x, y)", x=G((16, 128)), y=G((16, 128)))
    add(f"{op}/lhs-tensor-rhs-tile", op, "first argument TileType", f"{call}(x, b)", x=G((16, 128)), b=A)
    add(f"{op}/lhs-int-literal", op, "unwrap", f"{call}(2, b)", b=A)
    add(f"{op}/lhs-scalar", op, "first argument TileType", f"{call}(s, b)", s=S("FP32"), b=A)

for name in ("add", "sub", "mul"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/mismatch-cols", op, "compatible shapes", f"{call}(a, b)", a=A, b=T((16, 64)))
    add(f"{op}/3d", op, PASSES, f"{call}(a, b)", a=T((2, 16, 128)), b=T((16, 128)))

# tile.div: the TDIV contract instead of broadcasting
D = "tile.div"
add(f"{D}/same", D, PASSES, "pl.tile.div(a, b)", a=A, b=T((16, 128)))
add(f"{D}/int32", D, PASSES, "pl.tile.div(a, b)", a=T((16, 128), "INT32"), b=T((16, 128), "INT32"))
add(f"{D}/dtype-differ", D, "same dtype", "pl.tile.div(a, b)", a=T((16, 128), "FP16"), b=A)
add(f"{D}/dtype-int8", D, "tdiv dtype", "pl.tile.div(a, b)", a=T((16, 128), "INT8"), b=T((16, 128), "INT8"))
add(f"{D}/dtype-bf16", D, "tdiv dtype", "pl.tile.div(a, b)", a=T((16, 128), "BF16"), b=T((16, 128), "BF16"))
add(f"{D}/rank", D, "same rank", "pl.tile.div(a, b)", a=T((128,)), b=A)
add(f"{D}/bcast", D, "same physical shape", "pl.tile.div(a, b)", a=A, b=T((1, 128)))
add(f"{D}/shape", D, "same physical shape", "pl.tile.div(a, b)", a=A, b=T((16, 64)))
add(f"{D}/hp", D, "high precision", "pl.tile.div(a, b, high_precision=True)", a=A, b=T((16, 128)))
add(
    f"{D}/hp-int",
    D,
    "high precision",
    "pl.tile.div(a, b, high_precision=True)",
    a=T((16, 128), "INT32"),
    b=T((16, 128), "INT32"),
)
add(f"{D}/hp-scalar", D, "high precision", "pl.tile.div(a, 2.0, high_precision=True)", a=A)

# --- tile scalar ops

for name in ("adds", "subs", "muls", "divs", "maximums", "minimums", "fmods"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/float", op, PASSES, f"{call}(a, 2.0)", a=A)
    add(f"{op}/int", op, PASSES, f"{call}(a, 2)", a=A)
    add(f"{op}/int-tile", op, PASSES, f"{call}(a, 2)", a=T((16, 128), "INT32"))
    add(f"{op}/float-on-int-tile", op, PASSES, f"{call}(a, 2.5)", a=T((16, 128), "INT32"))
    add(f"{op}/scalar", op, PASSES, f"{call}(a, s)", a=A, s=S("FP32"))
    add(f"{op}/scalar-fp16", op, PASSES, f"{call}(a, s)", a=A, s=S("FP16"))
    add(f"{op}/index", op, "index scalar", f"{call}(a, n)", a=A, n=S("INDEX"))
    add(f"{op}/index-int16", op, "index scalar", f"{call}(a, n)", a=T((16, 128), "INT16"), n=S("INDEX"))
    add(f"{op}/tile-rhs", op, "second argument ScalarType", f"{call}(a, b)", a=A, b=T((16, 128)))
    add(f"{op}/tensor-rhs", op, "python conversion", f"{call}(a, y)", a=A, y=G((16, 128)))
    add(f"{op}/tensor-lhs", op, "first argument TileType", f"{call}(x, 2.0)", x=G((16, 128)))
    add(f"{op}/literal-lhs", op, "unwrap", f"{call}(1.0, 2.0)")
    add(f"{op}/bool", op, PASSES, f"{call}(a, True)", a=A)

S_ = "tile.subs"
add(f"{S_}/int64", S_, "tsubs dtype", "pl.tile.subs(a, 2)", a=T((16, 128), "INT64"))
add(f"{S_}/uint8", S_, "tsubs dtype", "pl.tile.subs(a, 2)", a=T((16, 128), "UINT8"))
add(f"{S_}/scalar-int64", S_, "tsubs scalar dtype", "pl.tile.subs(a, s)", a=A, s=S("INT64"))
add(f"{S_}/bf16", S_, "tsubs dtype", "pl.tile.subs(a, 2.0)", a=T((16, 128), "BF16"))
add("tile.sub/scalar-uint8", "tile.sub", "tsubs dtype", "pl.tile.sub(a, 2)", a=T((16, 128), "UINT8"))

for name in ("ands", "ors", "shls", "shrs"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(a, 3)", a=T((16, 128), "INT32"))
    add(f"{op}/int16-scalar", op, PASSES, f"{call}(a, s)", a=T((16, 128), "INT16"), s=S("INT32"))
    add(f"{op}/float-tile", op, "integer tile", f"{call}(a, 3)", a=A)
    add(f"{op}/float-scalar", op, "integer scalar", f"{call}(a, 1.5)", a=T((16, 128), "INT32"))
    add(f"{op}/fp32-scalar", op, "integer scalar", f"{call}(a, s)", a=T((16, 128), "INT32"), s=S("FP32"))
    add(
        f"{op}/tile-rhs",
        op,
        "python conversion",
        f"{call}(a, b)",
        a=T((16, 128), "INT32"),
        b=T((16, 128), "INT32"),
    )
    add(f"{op}/tensor-lhs", op, "first argument TileType", f"{call}(x, 3)", x=G((16, 128), "INT32"))
    add(f"{op}/index", op, "index scalar", f"{call}(a, n)", a=T((16, 128), "INT32"), n=S("INDEX"))

# --- tile bitwise / shift ops

for name, op in (("and_", "tile.and"), ("or_", "tile.or")):
    call = f"pl.tile.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT32"), b=T((16, 128), "INT32"))
    add(f"{op}/promote", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT16"), b=T((16, 128), "INT32"))
    add(f"{op}/bcast", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT32"), b=T((1, 128), "INT32"))
    add(f"{op}/float-lhs", op, "integer tile", f"{call}(a, b)", a=A, b=T((16, 128), "INT32"))
    add(f"{op}/float-rhs", op, "integer tile", f"{call}(a, b)", a=T((16, 128), "INT32"), b=A)
    add(
        f"{op}/mismatch",
        op,
        "compatible shapes",
        f"{call}(a, b)",
        a=T((16, 128), "INT32"),
        b=T((8, 128), "INT32"),
    )
    add(
        f"{op}/tensor",
        op,
        "first argument TileType",
        f"{call}(x, b)",
        x=G((16, 128), "INT32"),
        b=T((16, 128), "INT32"),
    )
    add(f"{op}/scalar-rhs", op, "second argument TileType", f"{call}(a, 3)", a=T((16, 128), "INT32"))

for name in ("shl", "shr"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT32"), b=T((16, 128), "INT32"))
    add(f"{op}/lhs-dtype", op, PASSES, f"{call}(a, b)", a=T((16, 128), "INT16"), b=T((16, 128), "INT32"))
    add(f"{op}/float-lhs", op, "integer tile", f"{call}(a, b)", a=A, b=T((16, 128), "INT32"))
    add(f"{op}/float-rhs", op, "integer shift tile", f"{call}(a, b)", a=T((16, 128), "INT32"), b=A)
    add(
        f"{op}/mismatch",
        op,
        "compatible shapes",
        f"{call}(a, b)",
        a=T((16, 128), "INT32"),
        b=T((8, 128), "INT32"),
    )
    add(
        f"{op}/tensor-rhs",
        op,
        "second argument TileType",
        f"{call}(a, y)",
        a=T((16, 128), "INT32"),
        y=G((16, 128), "INT32"),
    )

# --- ternary tile ops

I32 = T((16, 128), "INT32")
for name in ("rem", "xor"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(a, b, t)", a=I32, b=T((16, 128), "INT32"), t=T((16, 128), "INT32"))
    add(
        f"{op}/float",
        op,
        "integer tile" if name == "xor" else PASSES,
        f"{call}(a, b, t)",
        a=A,
        b=T((16, 128)),
        t=T((16, 128)),
    )
    add(
        f"{op}/mismatch",
        op,
        "compatible shapes",
        f"{call}(a, b, t)",
        a=I32,
        b=T((8, 128), "INT32"),
        t=T((16, 128), "INT32"),
    )
    add(
        f"{op}/tmp-tensor",
        op,
        "tmp TileType",
        f"{call}(a, b, y)",
        a=I32,
        b=T((16, 128), "INT32"),
        y=G((16, 128), "INT32"),
    )
    add(
        f"{op}/lhs-tensor",
        op,
        "first argument TileType",
        f"{call}(x, b, t)",
        x=G((16, 128), "INT32"),
        b=I32,
        t=T((16, 128), "INT32"),
    )

for name in ("rems", "xors", "addsc", "subsc"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(a, 3, t)", a=I32, t=T((16, 128), "INT32"))
    add(f"{op}/scalar", op, PASSES, f"{call}(a, s, t)", a=I32, s=S("INT16"), t=T((16, 128), "INT32"))
    add(f"{op}/float-tile", op, PASSES, f"{call}(a, 3, t)", a=A, t=T((16, 128)))
    add(f"{op}/float-scalar", op, PASSES, f"{call}(a, 1.5, t)", a=I32, t=T((16, 128), "INT32"))
    add(
        f"{op}/promote-third",
        op,
        PASSES,
        f"{call}(a, 3, t)",
        a=T((16, 128), "INT16"),
        t=T((16, 128), "INT32"),
    )
    add(
        f"{op}/mismatch",
        op,
        PASSES if name == "xors" else "compatible shapes",
        f"{call}(a, 3, t)",
        a=I32,
        t=T((8, 128), "INT32"),
    )
    add(
        f"{op}/tile-rhs",
        op,
        "python conversion",
        f"{call}(a, b, t)",
        a=I32,
        b=T((16, 128), "INT32"),
        t=T((16, 128), "INT32"),
    )
    add(
        f"{op}/third-tensor",
        op,
        "third argument TileType",
        f"{call}(a, 3, y)",
        a=I32,
        y=G((16, 128), "INT32"),
    )

for name in ("addc", "subc"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    add(f"{op}/same", op, PASSES, f"{call}(a, b, c)", a=A, b=T((16, 128)), c=T((16, 128)))
    add(f"{op}/promote", op, PASSES, f"{call}(a, b, c)", a=T((16, 128), "FP16"), b=T((16, 128), "FP16"), c=A)
    add(f"{op}/bcast", op, PASSES, f"{call}(a, b, c)", a=A, b=T((1, 128)), c=T((16, 1)))
    add(f"{op}/mismatch12", op, "compatible shapes", f"{call}(a, b, c)", a=A, b=T((8, 128)), c=T((16, 128)))
    add(f"{op}/mismatch3", op, "compatible shapes", f"{call}(a, b, c)", a=A, b=T((16, 128)), c=T((8, 128)))
    add(
        f"{op}/third-tensor",
        op,
        "third argument TileType",
        f"{call}(a, b, y)",
        a=A,
        b=T((16, 128)),
        y=G((16, 128)),
    )

P = "tile.prelu"
add(f"{P}/ok", P, PASSES, "pl.tile.prelu(a, s, t)", a=A, s=T((16, 128)), t=T((16, 128)))
add(
    f"{P}/int",
    P,
    "src dtype",
    "pl.tile.prelu(a, s, t)",
    a=I32,
    s=T((16, 128), "INT32"),
    t=T((16, 128), "INT32"),
)
add(
    f"{P}/slope-dtype",
    P,
    "slope dtype",
    "pl.tile.prelu(a, s, t)",
    a=A,
    s=T((16, 128), "FP16"),
    t=T((16, 128)),
)
add(f"{P}/rank1", P, "rank-2 src", "pl.tile.prelu(a, s, t)", a=T((128,)), s=T((128,)), t=T((16, 128)))
add(
    f"{P}/slope-shape", P, "same physical shape", "pl.tile.prelu(a, s, t)", a=A, s=T((16, 64)), t=T((16, 128))
)
add(f"{P}/slope-rank", P, "same rank", "pl.tile.prelu(a, s, t)", a=A, s=T((2, 16, 128)), t=T((16, 128)))
add(f"{P}/tmp-rank", P, "rank-2 tmp", "pl.tile.prelu(a, s, t)", a=A, s=T((16, 128)), t=T((128,)))
add(
    f"{P}/src-tensor",
    P,
    "src TileType",
    "pl.tile.prelu(x, s, t)",
    x=G((16, 128)),
    s=T((16, 128)),
    t=T((16, 128)),
)

L = "tile.lrelu"
add(f"{L}/float", L, PASSES, "pl.tile.lrelu(a, 0.1)", a=A)
add(f"{L}/int", L, PASSES, "pl.tile.lrelu(a, 1)", a=A)
add(f"{L}/scalar", L, PASSES, "pl.tile.lrelu(a, s)", a=A, s=S("FP16"))
add(f"{L}/index", L, "index scalar", "pl.tile.lrelu(a, n)", a=A, n=S("INDEX"))
add(f"{L}/tile", L, "python conversion", "pl.tile.lrelu(a, b)", a=A, b=T((16, 128)))
add(f"{L}/tensor", L, "first argument TileType", "pl.tile.lrelu(x, 0.1)", x=G((16, 128)))

SEL = "tile.sel"
M = T((16, 128), "UINT8")
add(f"{SEL}/ok", SEL, PASSES, "pl.tile.sel(m, a, b, t)", m=M, a=A, b=T((16, 128)), t=T((1, 32), "UINT8"))
add(
    f"{SEL}/promote",
    SEL,
    PASSES,
    "pl.tile.sel(m, a, b, t)",
    m=M,
    a=T((16, 128), "FP16"),
    b=A,
    t=T((1, 32), "UINT8"),
)
add(
    f"{SEL}/mismatch",
    SEL,
    "compatible shapes",
    "pl.tile.sel(m, a, b, t)",
    m=M,
    a=A,
    b=T((8, 128)),
    t=T((1, 32), "UINT8"),
)
add(
    f"{SEL}/mask-tensor",
    SEL,
    "mask TileType",
    "pl.tile.sel(y, a, b, t)",
    y=G((16, 128), "UINT8"),
    a=A,
    b=T((16, 128)),
    t=T((1, 32), "UINT8"),
)
add(
    f"{SEL}/tmp-tensor",
    SEL,
    "tmp TileType",
    "pl.tile.sel(m, a, b, y)",
    m=M,
    a=A,
    b=T((16, 128)),
    y=G((1, 32), "UINT8"),
)

SELS = "tile.sels"
add(f"{SELS}/ok", SELS, PASSES, "pl.tile.sels(m, a, t, 1.0)", m=T((16, 16), "UINT8"), a=A, t=T((16, 128)))
add(
    f"{SELS}/uint8",
    SELS,
    PASSES,
    "pl.tile.sels(m, a, t, 255)",
    m=T((16, 16), "UINT8"),
    a=T((16, 128), "UINT8"),
    t=T((16, 128), "UINT8"),
)
add(
    f"{SELS}/mask-dtype",
    SELS,
    "mask dtype",
    "pl.tile.sels(m, a, t, 1.0)",
    m=T((16, 16), "FP16"),
    a=A,
    t=T((16, 128)),
)
add(
    f"{SELS}/mask-rank",
    SELS,
    "rank-2 mask",
    "pl.tile.sels(m, a, t, 1.0)",
    m=T((16,), "UINT8"),
    a=A,
    t=T((16, 128)),
)
add(
    f"{SELS}/src-dtype",
    SELS,
    "src dtype",
    "pl.tile.sels(m, a, t, 1.0)",
    m=T((16, 16), "UINT8"),
    a=T((16, 128), "BF16"),
    t=T((16, 128), "BF16"),
)
add(
    f"{SELS}/scalar-dtype",
    SELS,
    "scalar dtype",
    "pl.tile.sels(m, a, t, s)",
    m=T((16, 16), "UINT8"),
    a=A,
    t=T((16, 128)),
    s=S("FP16"),
)
add(
    f"{SELS}/mask-rows",
    SELS,
    "mask rows",
    "pl.tile.sels(m, a, t, 1.0)",
    m=T((8, 16), "UINT8"),
    a=A,
    t=T((16, 128)),
)
add(
    f"{SELS}/mask-bytes",
    SELS,
    "mask bytes",
    "pl.tile.sels(m, a, t, 1.0)",
    m=T((16, 8), "UINT8"),
    a=A,
    t=T((16, 128)),
)

for name in ("cmp", "cmps"):
    op, call = f"tile.{name}", f"pl.tile.{name}"
    rhs = "b" if name == "cmp" else "2.0"
    extra = {"b": T((16, 128))} if name == "cmp" else {}
    add(f"{op}/ok", op, PASSES, f"{call}(a, {rhs})", a=A, **extra)
    add(f"{op}/cmp-type", op, PASSES, f"{call}(a, {rhs}, cmp_type=4)", a=A, **extra)
    add(
        f"{op}/cols-100",
        op,
        PASSES,
        f"{call}(a, {'b' if name == 'cmp' else '2.0'})",
        a=T((16, 100)),
        **({"b": T((16, 100))} if name == "cmp" else {}),
    )
    add(
        f"{op}/cols-300",
        op,
        PASSES,
        f"{call}(a, {'b' if name == 'cmp' else '2.0'})",
        a=T((8, 300)),
        **({"b": T((8, 300))} if name == "cmp" else {}),
    )
    add(f"{op}/tensor", op, "first argument TileType", f"{call}(x, {rhs})", x=G((16, 128)), **extra)
add("tile.cmp/mismatch", "tile.cmp", "compatible shapes", "pl.tile.cmp(a, b)", a=A, b=T((8, 128)))
add("tile.cmp/scalar", "tile.cmp", "second argument TileType", "pl.tile.cmp(a, s)", a=A, s=S("FP32"))
add("tile.cmps/tile", "tile.cmps", "python conversion", "pl.tile.cmps(a, b)", a=A, b=T((16, 128)))
add("tile.cmps/index", "tile.cmps", "index scalar", "pl.tile.cmps(a, n)", a=A, n=S("INDEX"))

# --- tensor element-wise ops

X = G((16, 128))
for name in (
    "add",
    "sub",
    "mul",
    "div",
    "fmod",
    "maximum",
    "minimum",
    "cmp",
    "part_add",
    "part_mul",
    "part_max",
    "part_min",
):
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    add(f"{op}/same", op, PASSES, f"{call}(x, y)", x=X, y=G((16, 128)))
    add(f"{op}/bcast", op, PASSES, f"{call}(x, y)", x=X, y=G((1, 128)))
    add(f"{op}/rank", op, PASSES, f"{call}(x, y)", x=G((2, 16, 128)), y=G((128,)))
    add(f"{op}/mismatch", op, "compatible shapes", f"{call}(x, y)", x=X, y=G((32, 128)))
    add(f"{op}/promote", op, PASSES, f"{call}(x, y)", x=G((16, 128), "FP16"), y=X)
    add(f"{op}/lhs-tile", op, "first argument TensorType", f"{call}(a, y)", a=A, y=G((16, 128)))
    add(f"{op}/lhs-literal", op, "unwrap", f"{call}(1.0, y)", y=X)
    if name.startswith("part_"):
        add(f"{op}/rhs-tile", op, "second argument TensorType", f"{call}(x, b)", x=X, b=A)
        add(f"{op}/scalar", op, "unwrap", f"{call}(x, 2.0)", x=X)
    else:
        add(f"{op}/rhs-tile", op, "python conversion", f"{call}(x, b)", x=X, b=A)
        add(
            f"{op}/rhs-tile-int",
            op,
            "python conversion",
            f"{call}(x, b)",
            x=G((16, 128), "INT32"),
            b=T((16, 128), "INT32"),
        )
        add(f"{op}/both-tiles", op, "python conversion", f"{call}(a, b)", a=A, b=T((16, 128)))
        add(f"{op}/scalar-float", op, PASSES, f"{call}(x, 2.0)", x=X)
        add(f"{op}/scalar-float-fp16", op, PASSES, f"{call}(x, 2.0)", x=G((16, 128), "FP16"))
        add(f"{op}/scalar-int", op, PASSES, f"{call}(x, 2)", x=G((16, 128), "INT32"))
        add(f"{op}/scalar-float-int", op, PASSES, f"{call}(x, 2.5)", x=G((16, 128), "INT32"))
        add(f"{op}/scalar-param", op, PASSES, f"{call}(x, s)", x=G((16, 128), "FP16"), s=S("FP32"))
        add(f"{op}/scalar-index", op, "index scalar", f"{call}(x, n)", x=X, n=S("INDEX"))
        add(f"{op}/lhs-tile-scalar", op, "first argument TensorType", f"{call}(a, 2.0)", a=A)

for name in ("adds", "subs", "muls", "divs", "fmods"):
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    add(f"{op}/float", op, PASSES, f"{call}(x, 2.0)", x=X)
    add(f"{op}/float-fp16", op, PASSES, f"{call}(x, 2.0)", x=G((16, 128), "FP16"))
    add(f"{op}/int", op, PASSES, f"{call}(x, 2)", x=G((16, 128), "INT32"))
    add(f"{op}/scalar", op, PASSES, f"{call}(x, s)", x=G((16, 128), "INT16"), s=S("INT32"))
    add(f"{op}/tensor-rhs", op, "second argument ScalarType", f"{call}(x, y)", x=X, y=G((16, 128)))
    add(f"{op}/tile-rhs", op, "python conversion", f"{call}(x, b)", x=X, b=A)
    add(f"{op}/tile-lhs", op, "first argument TensorType", f"{call}(a, 2.0)", a=A)
    add(f"{op}/index", op, "index scalar", f"{call}(x, n)", x=X, n=S("INDEX"))
add("tensor.subs/int64", "tensor.subs", "tsubs dtype", "pl.tensor.subs(x, 2)", x=G((16, 128), "INT64"))
add(
    "tensor.subs/scalar-int64", "tensor.subs", "tsubs scalar dtype", "pl.tensor.subs(x, s)", x=X, s=S("INT64")
)
add("tensor.sub/scalar-uint8", "tensor.sub", "tsubs dtype", "pl.tensor.sub(x, 2)", x=G((16, 128), "UINT8"))

TD = "tensor.div"
add(f"{TD}/int8", TD, "tdiv dtype", "pl.tensor.div(x, y)", x=G((16, 128), "INT8"), y=G((16, 128), "INT8"))
add(f"{TD}/bf16-rhs", TD, "tdiv dtype", "pl.tensor.div(x, y)", x=X, y=G((16, 128), "BF16"))
add(f"{TD}/hp", TD, "high precision", "pl.tensor.div(x, y, high_precision=True)", x=X, y=G((16, 128)))
add(
    f"{TD}/hp-int",
    TD,
    "high precision",
    "pl.tensor.div(x, y, high_precision=True)",
    x=G((16, 128), "INT32"),
    y=G((16, 128), "INT32"),
)
add(f"{TD}/hp-scalar", TD, "high precision", "pl.tensor.div(x, 2.0, high_precision=True)", x=X)

XI = G((16, 128), "INT32")
for name, op_name in (("and_", "and"), ("or_", "or"), ("xor", "xor"), ("shl", "shl"), ("shr", "shr")):
    op, call = f"tensor.{op_name}", f"pl.tensor.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(x, y)", x=XI, y=G((16, 128), "INT32"))
    add(f"{op}/promote", op, PASSES, f"{call}(x, y)", x=G((16, 128), "INT16"), y=XI)
    add(f"{op}/float-lhs", op, "integer tensor", f"{call}(x, y)", x=X, y=XI)
    add(f"{op}/float-rhs", op, "integer tensor", f"{call}(x, y)", x=XI, y=X)
    add(f"{op}/bcast", op, "same shape", f"{call}(x, y)", x=XI, y=G((1, 128), "INT32"))
    add(f"{op}/rank", op, "same shape", f"{call}(x, y)", x=XI, y=G((128,), "INT32"))
    add(f"{op}/scalar", op, PASSES, f"{call}(x, 3)", x=XI)
    add(f"{op}/scalar-float", op, "integer scalar", f"{call}(x, 1.5)", x=XI)
    add(f"{op}/tile-lhs", op, "first argument TensorType", f"{call}(a, y)", a=I32, y=XI)
    add(f"{op}/tile-rhs", op, "python conversion", f"{call}(x, b)", x=XI, b=I32)
for name in ("ands", "ors", "xors", "shls", "shrs"):
    op, call = f"tensor.{name}", f"pl.tensor.{name}"
    add(f"{op}/int", op, PASSES, f"{call}(x, 3)", x=XI)
    add(f"{op}/scalar", op, PASSES, f"{call}(x, s)", x=G((16, 128), "INT16"), s=S("INT64"))
    add(f"{op}/float-tensor", op, "integer tensor", f"{call}(x, 3)", x=X)
    add(f"{op}/float-scalar", op, "integer scalar", f"{call}(x, s)", x=XI, s=S("FP32"))
    add(f"{op}/negative", op, "shift count" if name.startswith("sh") else PASSES, f"{call}(x, -1)", x=XI)
    add(f"{op}/tensor-rhs", op, "second argument ScalarType", f"{call}(x, y)", x=XI, y=G((16, 128), "INT32"))
add("tensor.shl/negative", "tensor.shl", "shift count", "pl.tensor.shl(x, -2)", x=XI)


ROWS = spread_accepted(ROWS)
