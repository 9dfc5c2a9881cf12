"""LegalizeTileCast's one rejection: a `tile.cast` the backend has no conversion path for.

The pass (src/ir/transforms/legalize_tile_cast_pass.cpp, after ConvertTensorToTileOps)
rewrites each `tile.cast` whose source and target dtypes are no native `pto.tcvt` pair
of the backend into a chain of native casts, searching the backend's table breadth
first. A dtype in the middle of a chain must not narrow what the target can represent
(an integer cannot carry a float target's fractions, fp16 not an fp32's range...). When
no chain exists the pass raises, at the cast's assignment:

    LegalizeTileCast: no native cast path from uint8 to fp32 for arch a2a3; pto.tcvt does not support this conversion

The tables are the backends' own facts (`GetTcvtAdjacency` of the 910B handler, arch
`a2a3`, and of the 950 handler, arch `a5`), restated here as data. Only whether a chain
exists matters for the error, not which one the pass picks.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import AssignStmt, Call, Function, TileType
from compiler.ir.visit import walk_stmts
from compiler.ops.type_inference import dtype_bits, dtype_text, is_float, is_int_dtype

# The native `pto.tcvt` pairs: source dtype -> the dtypes it converts to in one instruction.
TCVT_TABLES: dict[str, dict[str, tuple[str, ...]]] = {
    "a2a3": {
        "FP32": ("FP16", "BF16", "INT16", "INT32", "INT64"),
        "FP16": ("FP32", "INT32", "INT16", "INT8", "UINT8", "INT4"),
        "BF16": ("FP32", "INT32"),
        "INT16": ("FP16", "FP32"),
        "INT32": ("FP32", "INT16", "INT64", "FP16"),
        "INT64": ("FP32", "INT32"),
        "UINT8": ("FP16",),
        "INT8": ("FP16",),
        "INT4": ("FP16",),
    },
    "a5": {
        "FP32": ("FP16", "BF16", "INT16", "INT32", "INT64", "FP8E4M3FN", "FP8E5M2", "HF8"),
        "FP16": ("FP32", "INT32", "INT16", "INT8", "UINT8", "HF8"),
        "BF16": ("FP32", "INT32", "FP16", "FP4"),
        "INT16": ("FP16", "FP32", "UINT8", "UINT32", "INT32"),
        "INT32": ("FP32", "INT16", "INT64", "UINT16", "UINT8"),
        "INT64": ("FP32", "INT32"),
        "UINT8": ("FP16", "UINT16"),
        "INT8": ("FP16", "INT16", "INT32"),
        "UINT32": ("UINT8", "UINT16", "INT16"),
        "FP8E4M3FN": ("FP32",),
        "FP8E5M2": ("FP32",),
        "HF8": ("FP32",),
        "FP4": ("BF16",),
    },
}
# The backend of each SoC (`GetPtoTargetArch`).
ARCH_OF_SOC = {"910B": "a2a3", "950": "a5"}
# Significand bits (with the implicit one) and exponent bits of the floats the tables reason about.
_FLOAT_FORMATS = {"FP32": (24, 8), "FP16": (11, 5), "BF16": (8, 8)}
_UNSIGNED = frozenset({"UINT4", "UINT8", "UINT16", "UINT32", "UINT64"})


def cast_path_errors(functions: Iterable[Function], soc: str) -> list[Diagnostic]:
    """The pass's error for the first cast without a path (the pass stops there), or none.
    A cast whose dtypes are not both known is passed over."""
    arch = ARCH_OF_SOC.get(soc)
    if arch is None:
        return []
    for function in functions:
        for stmt in walk_stmts(function.body):
            found = _unreachable_cast(stmt, arch)
            if found is not None:
                return [found]
    return []


def cast_error(source: str, target: str, arch: str, span: Span) -> Diagnostic:
    message = (
        f"LegalizeTileCast: no native cast path from {dtype_text(source)} to {dtype_text(target)} "
        f"for arch {arch}; pto.tcvt does not support this conversion"
    )
    return Diagnostic(
        codes.TILE_CAST_NO_PATH,
        message,
        span,
        stage=Stage.LEGALIZE_TILE_CAST,
        exception="ValueError",
        data={"source": source, "target": target},
    )


def cast_error_for_soc(diagnostic: Diagnostic, soc: str) -> list[Diagnostic]:
    """The error of the default SoC's backend judged for `soc`'s: kept (its arch named) when
    that backend has no path either, else dropped. (A cast the default backend converts and
    `soc`'s does not is not found this way: not reported.)"""
    arch = ARCH_OF_SOC.get(soc)
    source, target = diagnostic.data["source"], diagnostic.data["target"]
    if arch is None or has_cast_path(source, target, arch):
        return []
    return [cast_error(source, target, arch, diagnostic.span)]


def has_cast_path(source: str, target: str, arch: str) -> bool:
    """Whether the pass finds a chain of native casts from `source` to `target`."""
    if source == target:
        return True
    table = TCVT_TABLES[arch]
    seen = {source}
    frontier = [source]
    while frontier:
        following = []
        for dtype in frontier:
            for nxt in table.get(dtype, ()):
                if nxt == target:
                    return True
                if nxt in seen or _narrows(nxt, target):
                    continue
                seen.add(nxt)
                following.append(nxt)
        frontier = following
    return False


def _unreachable_cast(stmt: object, arch: str) -> Diagnostic | None:
    if not isinstance(stmt, AssignStmt):
        return None
    call = stmt.value
    if not isinstance(call, Call) or call.op != "tile.cast" or not call.args:
        return None
    source_type = call.args[0].type
    target = call.kwargs.get("target_type")
    target_name = getattr(target, "name", target)
    if not isinstance(source_type, TileType) or source_type.dtype is None or not isinstance(target_name, str):
        return None
    if has_cast_path(source_type.dtype, target_name, arch):
        return None
    return cast_error(source_type.dtype, target_name, arch, stmt.span)


def _narrows(mid: str, target: str) -> bool:
    """Whether a chain through `mid` provably loses values a direct cast to `target` keeps."""
    if mid == target:
        return False
    if is_int_dtype(mid) and is_float(target):
        return True
    if is_float(mid) and is_float(target):
        m, t = _FLOAT_FORMATS.get(mid), _FLOAT_FORMATS.get(target)
        return m is not None and t is not None and (m[0] < t[0] or m[1] < t[1])
    if is_float(mid) and is_int_dtype(target):
        m = _FLOAT_FORMATS.get(mid)
        return m is not None and m[0] < _int_value_bits(target)
    if is_int_dtype(mid) and is_int_dtype(target):
        if mid in _UNSIGNED and target not in _UNSIGNED:
            return True
        return _int_value_bits(mid) < _int_value_bits(target)
    return False


def _int_value_bits(dtype: str) -> int:
    bits = dtype_bits(dtype)
    return bits if dtype in _UNSIGNED else bits - 1
