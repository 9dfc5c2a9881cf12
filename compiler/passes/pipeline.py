"""The pass pipeline, named and numbered as the real compiler's dumps count them.

Only the passes that change what the cache-policy feature sees are modelled;
a pass we do not model is not listed as if it ran (`--after` refuses it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from compiler.ir import Function, Program
from compiler.ir.copying import copy_ir
from compiler.passes.ctrl_flow_transform import ctrl_flow_transform
from compiler.passes.flatten_call_expr import flatten_call_expr
from compiler.passes.inline_functions import inline_functions
from compiler.passes.normalize_stmt_structure import normalize_stmt_structure
from compiler.passes.outline import outline_cluster_scopes, outline_hierarchy_scopes, outline_incore_scopes
from compiler.passes.simplify import simplify
from compiler.passes.ssa import convert_to_ssa
from compiler.passes.tensor_to_tile import convert_tensor_to_tile_ops
from compiler.passes.unroll import unroll_loops


@dataclass(frozen=True)
class Pass:
    number: int
    name: str
    run: Callable[[Program], Program]


PIPELINE: tuple[Pass, ...] = (
    Pass(1, "InlineFunctions", inline_functions),
    Pass(2, "UnrollLoops", unroll_loops),
    Pass(3, "CtrlFlowTransform", ctrl_flow_transform),
    Pass(4, "ConvertToSSA", convert_to_ssa),
    Pass(5, "Simplify", simplify),
    Pass(6, "NormalizeStmtStructure", normalize_stmt_structure),
    Pass(7, "FlattenCallExpr", flatten_call_expr),
    Pass(8, "OutlineHierarchyScopes", outline_hierarchy_scopes),
    Pass(9, "OutlineIncoreScopes", outline_incore_scopes),
    Pass(10, "OutlineClusterScopes", outline_cluster_scopes),
    Pass(11, "ConvertTensorToTileOps", convert_tensor_to_tile_ops),
)
PARSE = "parse"


class UnknownPass(ValueError):
    pass


def find_pass(after: str) -> Pass | None:
    """The pass `--after` names (by name or number); None for `parse`."""
    if after == PARSE:
        return None
    for candidate in PIPELINE:
        if after in (candidate.name, str(candidate.number)):
            return candidate
    names = ", ".join([PARSE, *(f"{p.number} {p.name}" for p in PIPELINE)])
    raise UnknownPass(f"pass {after} is not modelled (modelled: {names})")


def run_passes(
    programs: list[Program], functions: list[Function], after: str, keep_input: bool = True
) -> tuple[list[Program], list[Function]]:
    """Copies of the programs (free functions as programs of their own) after the pass `after`.

    `keep_input=False`: the caller no longer needs `programs` and `functions` (a one-off
    compile), which are then not copied first (on a large module the copy costs more than
    the passes)."""
    last = find_pass(after)
    if keep_input:
        programs = copy_ir(programs)
        functions = copy_ir(functions)
    if last is None:
        return programs, functions
    wrapped = [Program(f.name, [f], f.span) for f in functions]
    for step in PIPELINE:
        programs = [step.run(program) for program in programs]
        wrapped = [step.run(program) for program in wrapped]
        if step is last:
            break
    return programs, [f for program in wrapped for f in program.functions]
