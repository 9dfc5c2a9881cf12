"""Unary ops and casts of both levels (src/ir/op/{tile,tensor}_ops/unary.cpp)."""

from __future__ import annotations

from op_conformance.operands import PASSES, G, S, T, row_collector, spread_accepted

ROWS, add = row_collector()


A = T((16, 128))

# What an op's dtype check refuses of the other dtypes (the rest pass).
_DTYPE_CHECK = {"sin": "fp32 only", "cos": "fp32 only", "log": "fp16/fp32 only", "not_": "int16/uint16 only"}


def _other_dtypes(name: str, op: str, call: str, operand: str, kind: type) -> None:
    """One row per dtype other than the op's accepted one (INT16 for not, else FP32)."""
    ok_dtype = "INT16" if name == "not_" else "FP32"
    for dtype in ("FP16", "BF16", "INT32", "INT16", "UINT16", "INT8"):
        if dtype != ok_dtype:
            add(
                f"{op}/{dtype.lower()}",
                op,
                _DTYPE_CHECK.get(name, PASSES),
                f"{call}({operand})",
                **{operand: kind((16, 128), dtype)},
            )


X = G((16, 128))

# --- tile unary ops
for name in ("neg", "exp", "sqrt", "abs", "relu", "sin", "cos", "recip", "log", "rsqrt", "not_"):
    op = "tile.not" if name == "not_" else f"tile.{name}"
    call = f"pl.tile.{name}"
    ok_dtype = "INT16" if name == "not_" else "FP32"
    add(f"{op}/ok", op, PASSES, f"{call}(a)", a=T((16, 128), ok_dtype))
    add(f"{op}/col-vector", op, PASSES, f"{call}(a)", a=T((16, 1), ok_dtype))
    add(f"{op}/3d", op, PASSES, f"{call}(a)", a=T((2, 8, 64), ok_dtype))
    add(f"{op}/tensor", op, "argument TileType", f"{call}(x)", x=G((16, 128), ok_dtype))
    add(f"{op}/scalar", op, "argument TileType", f"{call}(s)", s=S(ok_dtype))
    add(f"{op}/literal", op, "unwrap", f"{call}(2.0)")
    add(f"{op}/tile-as-unwrap", op, "unwrap", f"{call}(a)", a=T((16, 128), ok_dtype))
    _other_dtypes(name, op, call, "a", T)
add("tile.recip/hp", "tile.recip", "high precision", "pl.tile.recip(a, high_precision=True)", a=A)
add(
    "tile.recip/hp-fp16",
    "tile.recip",
    "high precision",
    "pl.tile.recip(a, high_precision=True)",
    a=T((16, 128), "FP16"),
)
add(
    "tile.recip/hp-int32",
    "tile.recip",
    "high precision",
    "pl.tile.recip(a, high_precision=True)",
    a=T((16, 128), "INT32"),
)
add(
    "tile.recip/hp-bf16",
    "tile.recip",
    "high precision",
    "pl.tile.recip(a, high_precision=True)",
    a=T((16, 128), "BF16"),
)
add("tile.log/hp", "tile.log", PASSES, "pl.tile.log(a, high_precision=True)", a=A)
R = "tile.rsqrt"
add(f"{R}/tmp", R, "tmp dtype", "pl.tile.rsqrt(a, t)", a=A, t=T((16, 128)))
add(f"{R}/tmp-kw", R, "tmp dtype", "pl.tile.rsqrt(a, tmp=t)", a=A, t=T((16, 128)))
add(f"{R}/tmp-dtype", R, "tmp dtype", "pl.tile.rsqrt(a, t)", a=A, t=T((16, 128), "FP16"))
add(f"{R}/tmp-rank", R, "tmp rank", "pl.tile.rsqrt(a, t)", a=A, t=T((2, 16, 128)))
add(f"{R}/tmp-rank-ok", R, "tmp rank", "pl.tile.rsqrt(a, t)", a=A, t=T((16, 128)))
# (A tmp of another shape is refused with a message that prints the two dims' object
# addresses: nothing to record.)
add(f"{R}/tmp-shape-ok", R, PASSES, "pl.tile.rsqrt(a, t)", a=A, t=T((16, 128)))
add(f"{R}/tmp-tensor", R, "tmp TileType", "pl.tile.rsqrt(a, y)", a=A, y=G((16, 128)))
add(f"{R}/tmp-tile", R, "tmp TileType", "pl.tile.rsqrt(a, t)", a=A, t=T((16, 128)))
add(f"{R}/tmp-literal", R, "unwrap", "pl.tile.rsqrt(a, 1.0)", a=A)

# --- tile.cast
C = "tile.cast"
for target in ("FP16", "BF16", "INT32", "INT8", "FP32"):
    for source in ("FP32", "FP16", "INT32"):
        check = "same dtype" if target in (source, "FP32") else PASSES
        add(
            f"{C}/{source.lower()}-to-{target.lower()}",
            C,
            check,
            f"pl.tile.cast(a, pl.{target})",
            a=T((16, 128), source),
        )
add(f"{C}/kw", C, PASSES, "pl.tile.cast(a, target_type=pl.FP16)", a=A)
for mode in ("'none'", "'rint'", "'floor'", "'ceil'", "'trunc'", "'odd'", "0", "3", "6"):
    add(f"{C}/mode-{mode.strip(chr(39))}", C, "rounding mode", f"pl.tile.cast(a, pl.FP16, mode={mode})", a=A)
for mode in ("'bogus'", "7", "-1", "True"):
    add(
        f"{C}/bad-mode-{mode.strip(chr(39))}",
        C,
        "rounding mode",
        f"pl.tile.cast(a, pl.FP16, mode={mode})",
        a=A,
    )
add(f"{C}/bad-mode-tensor", C, "rounding mode", "pl.tile.cast(x, pl.FP16, mode='bogus')", x=X)
add(f"{C}/tensor", C, "argument TileType", "pl.tile.cast(x, pl.FP16)", x=X)
add(f"{C}/scalar", C, "argument TileType", "pl.tile.cast(s, pl.FP16)", s=S("FP32"))
add(f"{C}/literal", C, "unwrap", "pl.tile.cast(1.0, pl.FP16)")
add(f"{C}/col-vector", C, PASSES, "pl.tile.cast(a, pl.FP16)", a=T((16, 1)))

# --- tensor unary ops
for name in ("neg", "abs", "exp", "sqrt", "rsqrt", "recip", "log", "sin", "cos", "not_"):
    op = "tensor.not" if name == "not_" else f"tensor.{name}"
    call = f"pl.tensor.{name}"
    ok_dtype = "INT16" if name == "not_" else "FP32"
    add(f"{op}/ok", op, PASSES, f"{call}(x)", x=G((16, 128), ok_dtype))
    add(f"{op}/1d", op, PASSES, f"{call}(x)", x=G((128,), ok_dtype))
    add(f"{op}/tile", op, "argument TensorType", f"{call}(a)", a=T((16, 128), ok_dtype))
    add(f"{op}/scalar", op, "argument TensorType", f"{call}(s)", s=S(ok_dtype))
    add(f"{op}/literal", op, "unwrap", f"{call}(2.0)")
    add(f"{op}/tensor-as-unwrap", op, "unwrap", f"{call}(x)", x=G((16, 128), ok_dtype))
    _other_dtypes(name, op, call, "x", G)
for name in ("recip", "log", "rsqrt"):
    op = f"tensor.{name}"
    add(
        f"{op}/hp",
        op,
        "high precision" if name == "recip" else PASSES,
        f"pl.tensor.{name}(x, high_precision=True)",
        x=X,
    )
    check = "high precision" if name == "recip" else "fp16/fp32 only" if name == "log" else PASSES
    add(f"{op}/hp-int32", op, check, f"pl.tensor.{name}(x, high_precision=True)", x=G((16, 128), "INT32"))
    add(f"{op}/hp-bf16", op, check, f"pl.tensor.{name}(x, high_precision=True)", x=G((16, 128), "BF16"))

TC = "tensor.cast"
for target in ("FP16", "BF16", "INT32", "FP32"):
    for source in ("FP32", "INT32"):
        check = "same dtype" if target == source or target == "FP32" else PASSES
        add(
            f"{TC}/{source.lower()}-to-{target.lower()}",
            TC,
            check,
            f"pl.tensor.cast(x, pl.{target})",
            x=G((16, 128), source),
        )
add(f"{TC}/mode-floor", TC, "rounding mode", "pl.tensor.cast(x, pl.FP16, mode='floor')", x=X)
add(f"{TC}/mode-int", TC, "rounding mode", "pl.tensor.cast(x, pl.FP16, mode=1)", x=X)
add(f"{TC}/bad-mode", TC, "rounding mode", "pl.tensor.cast(x, pl.FP16, mode='nearest')", x=X)
add(f"{TC}/bad-mode-int", TC, "rounding mode", "pl.tensor.cast(x, pl.FP16, mode=8)", x=X)
add(f"{TC}/tile", TC, "argument TensorType", "pl.tensor.cast(a, pl.FP16)", a=A)
add(f"{TC}/literal", TC, "unwrap", "pl.tensor.cast(2, pl.FP16)")

ROWS = spread_accepted(ROWS)
