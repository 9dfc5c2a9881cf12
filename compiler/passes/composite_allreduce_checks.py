"""LowerCompositeOps' refusals of a `pld.tensor.allreduce` in a kernel (the InCore composite
path, which the pass expands into notify / wait / remote_load chunks).

The pass runs after ConvertTensorToTileOps on every function but the HOST orchestrators; a
kernel's allreduce needs an explicit signal and `core_num` 1, then its signal must be
shaped for its schedule: `[NR, 1]` for the mesh one (one cell per rank), `[2*(NR-1), NR]`
for `mode="ring"`. Its errors carry the call's location.

Judged in InCore functions, for the first distributed collective of the function (the
pass refuses at its first), with the signal written positionally as a name of a known
distributed type and literal keywords.
"""

from __future__ import annotations

import ast

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import AssignStmt, EvalStmt, FunctionType, OpaqueExpr, Program, TensorType
from compiler.ir.visit import walk_stmts
from compiler.passes.host_collective_checks import parsed_call

_OP = "pld.tensor.allreduce"


def composite_allreduce_errors(program: Program) -> list[Diagnostic]:
    """The pass's first refusal of a kernel's allreduce, or none (see the module docstring)."""
    for function in sorted(program.functions, key=lambda f: f.name):
        if function.func_type is not FunctionType.INCORE:
            continue
        for stmt in walk_stmts(function.body):
            expr = (
                stmt.value
                if isinstance(stmt, AssignStmt)
                else stmt.expr
                if isinstance(stmt, EvalStmt)
                else None
            )
            if not isinstance(expr, OpaqueExpr) or not expr.text.startswith("pld.tensor."):
                continue
            call = parsed_call(expr.text)
            if call is None:
                break
            if ast.unparse(call.func) != _OP:
                break  # another collective first: its own lowering, not judged
            message = _refusal(call, expr)
            if message is not None:
                return [
                    Diagnostic(
                        codes.COMPOSITE_ALLREDUCE_REFUSED,
                        message,
                        expr.span,
                        stage=Stage.LOWER_COMPOSITE_OPS,
                        exception="ValueError",
                    )
                ]
            break
    return []


def _refusal(call: ast.Call, expr: OpaqueExpr) -> str | None:
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    if None in keywords or "target" in keywords or "signal" in keywords:
        return None  # spread or named operands: not followed
    if len(call.args) == 1:
        return (
            f"{_OP} requires an explicit signal outside host orchestrator functions. "
            f"Use {_OP}(target, signal, op=...) for InCore/lowered composite paths."
        )
    core_num = _literal(keywords.get("core_num"), 1)
    mode = _literal(keywords.get("mode"), "mesh")
    if type(core_num) is not int or mode not in ("mesh", "ring") or len(expr.operands) < 2:
        return None
    if core_num != 1:
        return (
            f"{_OP} core_num > 1 is supported only in a HOST orchestrator; "
            "use an enclosing pl.spmd(...) for multi-core InCore execution"
        )
    signal = expr.operands[1].type
    if not isinstance(signal, TensorType) or not signal.distributed or signal.shape is None:
        return None
    if mode == "ring":
        if len(signal.shape) != 2:
            return "mode=ring signal must be 2D [2*(NR-1), NR]"
        rounds, ranks = signal.shape
        if type(rounds) is int and type(ranks) is int and ranks > 0 and rounds != 2 * (ranks - 1):
            return f"{_OP} mode=ring signal shape[0] ({rounds}) must equal 2*(NR-1) = {2 * (ranks - 1)} for NR = {ranks}"
        return None
    if len(signal.shape) != 2:
        return f"{_OP} signal must be 2D [NR, 1], got rank {len(signal.shape)}"
    lanes = signal.shape[1]
    if type(lanes) is int and lanes != 1:
        return (
            f"{_OP} signal shape[1] must be 1 (one cell per rank), got {lanes} — a signal shaped for "
            'mode="ring" allreduce ([2*(NR-1), NR]) cannot be shared with this collective; give it its own '
            "[NR, 1] signal window"
        )
    return None


def _literal(node: ast.expr | None, default: object) -> object:
    if node is None:
        return default
    return node.value if isinstance(node, ast.Constant) else None
