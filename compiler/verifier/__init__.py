"""The real compiler's IR verifier at `pipeline_input`, statically (`src/ir/verifier/`).

`ir.compile` runs, on each program the parser built and before its first pass, the
pre-pipeline diagnostic checks (warnings that do not stop it: `UnusedVariableCheck`,
`OutParamWriteDropped`; `UnusedControlFlowResultCheck` is disabled by default) and then the structural
properties (`TypeChecked`, ... : errors that stop the compile, "Verification failed
after 'pipeline_input' ..."). One module per check family, as upstream lays them out:

- `type_check`: the `TypeChecked` property (loop bounds, conditions, loop and `if` carries,
  `carried_types`; declared valid shapes, `valid_shape_bounds`);
- `no_redundant_blocks`: the `NoRedundantBlocks` property (a yield before its block's end);
- `inout_use`: the `InOutUseValid` property (a variable read after a call wrote it);
- `unused_variable`: `UnusedVariableCheck`;
- `out_param_write_dropped`: `OutParamWriteDropped`.

The structural properties checked at pipeline_input are those both structural and verified
(`GetStructuralProperties() ∩ GetVerifiedProperties()`, ir_property.cpp): `TypeChecked`,
`NoRedundantBlocks`, `BreakContinueValid`, `InOutUseValid`, `ManualDepsOnSubmitOnly`,
`AtomicAddDtypeValid`. Not modelled, because DSL source cannot reach them:
`BreakContinueValid` (the parser refuses a `break` / `continue` outside a loop or in a
parallel or unrolled one first, in the same words); `ManualDepsOnSubmitOnly` (the parser
refuses a `manual_dep_edges` attribute written in source: dependency edges go on
`pl.submit`); `AtomicAddDtypeValid` (a BF16 atomic add is refused only on a backend without
it, Ascend950, and `ir.compile`'s default backend, Ascend910B, has it); `TypeChecked`'s condition checks (the parser refuses an `if` / `while` condition that is
no BOOL scalar) and its init-value-vs-IterArg edge (the builder types an IterArg as its init
value). `SSAForm`, `UseAfterDef` and `StructuredCtrlFlow` are not checked at pipeline_input:
SSA is verified after ConvertToSSA (which produces it from any program the parser builds),
the other two only on request; a name read before it is bound is the parser's "Undefined
variable". No check compares a `return` with the declared return types at pipeline_input.

The checks run on what the real IR holds for a function: its parameters (from our
IR) and its body as the real parser binds it, read off the function's source
(`function_source`). Each check reports only what it can decide exactly; whatever
it cannot decide gives nothing (a missed warning, never a false one).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from compiler.base.diagnostics import Diagnostic
from compiler.ir import Function, Program
from compiler.verifier.function_source import FunctionSource
from compiler.verifier.inout_use import inout_use_errors
from compiler.verifier.no_redundant_blocks import no_redundant_blocks_errors
from compiler.verifier.out_param_write_dropped import out_param_write_dropped
from compiler.verifier.type_check import type_check_errors
from compiler.verifier.unused_variable import unused_variables


def verify_program(program: Program, class_node: ast.ClassDef) -> list[Diagnostic]:
    """The pipeline_input report of one `@pl.program` the parser accepted: its
    warnings, then (if any) the structural errors that stop its compile."""
    sources = _function_sources(program.functions, class_node)
    warnings: list[Diagnostic] = []
    for function, source in sources:
        warnings += unused_variables(function, source)
        warnings += out_param_write_dropped(function, source)
    # The properties in upstream's order (the `IRProperty` enum), each over the program's
    # functions in its map's order (by name).
    ordered = sorted(sources, key=lambda pair: pair[0].name)
    errors = [d for function, source in ordered for d in type_check_errors(function, source)]
    errors += [d for function, source in ordered for d in no_redundant_blocks_errors(function, source)]
    errors += [d for function, _ in ordered for d in inout_use_errors(function, program)]
    return warnings + errors


def _function_sources(
    functions: Sequence[Function], class_node: ast.ClassDef
) -> list[tuple[Function, FunctionSource]]:
    """Each `@pl.function` of the program with its `def` (inline functions are no
    functions of the real program: their bodies are parsed into their callers)."""
    defs = {node.name: node for node in class_node.body if isinstance(node, ast.FunctionDef)}
    found = []
    for function in functions:
        node = defs.get(function.name)
        if node is not None and function.decorator == "function" and function.has_dsl_body:
            found.append((function, FunctionSource(function.name, node)))
    return found
