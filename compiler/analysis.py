"""The front end's entry points: a module's units -> IR and diagnostics.

A module is cut into units (top-level statements) by one line scan
(`compiler.syntax.unit_scan`), each unit parsed on its own and analysed with
`analyse_unit` in the module's environment; `ModuleAnalysis` adds the units up.
Each unit's result depends only on the unit and the environment values it reads
(`unit_environment_key`), which is what lets an editor reuse it (and move it
when lines above it change); how an editor does that is the editor's business.
"""

from __future__ import annotations

import ast
import bisect
import operator
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import CODEGEN_STAGES, Diagnostic, Severity, stops_the_front_end
from compiler.base.span import Span, unit_line_offset
from compiler.codegen.bypass_warning import BypassWarning, bypass_diagnostic, bypass_warnings
from compiler.codegen.device_codegen_checks import device_codegen_errors, mx_matmul_errors
from compiler.codegen.distributed_checks import distributed_codegen_errors
from compiler.codegen.group_checks import group_errors
from compiler.codegen.kernel_memory import KernelMemory, is_kernel
from compiler.codegen.memory_checks import program_memory
from compiler.codegen.orchestration_checks import orchestration_errors
from compiler.facts import ModuleFacts, module_facts
from compiler.facts.coherency import CoherencyHint, coherency_diagnostic, coherency_hints
from compiler.facts.gm_reads import may_read_bypass
from compiler.ir import Function, FunctionType, Program, ScopeStmt, TensorType
from compiler.ir.nodes import opaque_made
from compiler.lowering.jit_program import (
    JitProgram,
    compiled_in_entries,
    is_lone_inline_helper,
    jit_programs,
)
from compiler.lowering.scope_interface import ScopeInterface, callee_directions_among
from compiler.parser.decorators import dsl_decorator_name
from compiler.parser.module_parser import parse_definitions
from compiler.passes.cache_policy_checks import check_function
from compiler.passes.composite_allreduce_checks import composite_allreduce_errors
from compiler.passes.early_pass_checks import early_pass_errors
from compiler.passes.flatten_tile_nd_checks import flatten_transpose_errors
from compiler.passes.host_collective_checks import host_collective_errors
from compiler.passes.simplify_checks import simplify_errors
from compiler.passes.tensor_to_tile_checks import missing_return_errors
from compiler.syntax.environment import (
    MODULE_WIDE_KEYS,
    ModuleEnvironment,
    build_environment,
    top_level_names,
)
from compiler.syntax.import_stop import IMPORT_STOPS
from compiler.syntax.program_callees import PROGRAM_CALLEES
from compiler.syntax.subtree import shared_subtrees
from compiler.syntax.units import (
    ParsedUnit,
    parse_module,
    too_deep_to_analyse,
)
from compiler.syntax.values import frozen_value
from compiler.verifier import verify_program
from compiler.verifier.ssa_scope import ssa_scope_errors

_IDENTIFIER = re.compile(r"[^\W\d]\w*")
# What the passes after the parser and codegen report: never shown for a module the real
# compiler does not compile (its import fails).
# The codes of what the real compiler says after the import: the verifier and every pass
# (PTO6xx), the passes' and codegen's refusals (PTO7xx), the memory planner (PTO8xx), and
# codegen's bypass warning and coherency hint. Read from `codes`, so a new check of those
# stages is never reported on a module whose import stops first.
_CODEGEN_CODES = frozenset(
    {
        code
        for code in vars(codes).values()
        if isinstance(code, str) and code.startswith(("PTO6", "PTO7", "PTO8"))
    }
    | {codes.CACHE_BYPASS_UNSUPPORTED, codes.COHERENCY_BYPASS_AFTER_CACHED_WRITE}
)


@dataclass(frozen=True)
class PipelineReport:
    """What `ir.compile` says of a unit's programs after its verifier: the first error of
    each program a pass or codegen rejects, and the memory use of the kernels it plans."""

    diagnostics: list[Diagnostic]
    kernel_memory: list[KernelMemory]
    # Where a pass stopped on a construct it does not model, and why: what comes after it in
    # the real pipeline (its checks included) was not run on that program: not vouched for.
    unanalysed: list[tuple[Span, str]] = field(default_factory=list)


@dataclass
class UnitAnalysis:
    """One unit analysed with the unit starting on `start_line`."""

    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    start_line: int = 1
    # The file line where each top-level statement of the unit starts (decorators included).
    statement_lines: tuple[int, ...] = ()
    _published: list[Diagnostic] | None = field(default=None, repr=False, compare=False)
    # The interfaces of this unit's scopes the outliner checks computed (the facts reuse them).
    interfaces: dict[int, ScopeInterface] = field(default_factory=dict, repr=False, compare=False)
    # False when no opaque node was made while its IR was built: nothing in it is unanalysed.
    may_hold_opaque: bool = field(default=True, repr=False, compare=False)
    # id(function) -> its outlined scopes, as the outliner checks found them (the facts reuse them).
    outlined: dict[int, list[ScopeStmt]] = field(default_factory=dict, repr=False, compare=False)
    # The indices in `programs` of those the passes may make a kernel of (`_may_have_kernels`,
    # found with the outliner checks): all the pipeline checks need of the outliners' results.
    kernel_programs: frozenset[int] = field(default=frozenset(), repr=False, compare=False)
    # The names of this unit's free `@pl.function`s a program of the module calls by name:
    # the real parser adds each to that program, whose compile gives its hints.
    program_callees: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    # id(function) -> (the functions compiled with it, their kernels' memory use) of each
    # JIT compile headed by one of this unit's functions (`jit_memory`): kept while the
    # unit's analysis lives, reused while the same functions are compiled together.
    jit_kernels: dict[int, tuple[tuple[Function, ...], list[KernelMemory]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @cached_property
    def pipeline(self) -> PipelineReport:
        """The passes' and codegen's errors and the kernels' memory use (`_pipeline_checks`),
        computed when first asked: never for a unit of a module whose import stops at its
        front end (none of it is shown), the bulk of opening a large file with an error."""
        report = _pipeline_checks(self.programs, self.diagnostics, self.statement_lines, self.kernel_programs)
        report.diagnostics.extend(jit_pipeline_errors(self))
        if self.program_callees:
            report.diagnostics.extend(_program_callee_hints(self))
        return report

    @property
    def kernel_memory(self) -> list[KernelMemory]:
        """The on-chip memory use of the kernels of each program the pipeline gets that far with."""
        return self.pipeline.kernel_memory

    @cached_property
    def facts(self) -> ModuleFacts:
        """GM reads and declarations of this unit's kernels (computed when first asked)."""
        facts = module_facts(self.programs, self.functions, self.interfaces, outlined=self.outlined)
        self.interfaces = {}  # every scope's is in the facts now
        self.outlined = {}
        return facts

    @cached_property
    def bypass_warnings(self) -> list[BypassWarning]:
        """The codegen's `[CacheBypassUnsupported]` warnings of this unit's kernels."""
        return unit_bypass_warnings(self)

    @cached_property
    def coherency_hints(self) -> list[CoherencyHint]:
        """The BYPASS reads of this unit's kernels that a cached write of the same program can
        reach first (PTO302); only kernels that compile (warn) are looked at."""
        reads = [load for warning in self.bypass_warnings for load in warning.loads]
        if not reads:
            return []
        # The scopes' interfaces and outlined scopes the checks (and the facts) found, while kept.
        return coherency_hints(self.programs, self.functions, reads, self.interfaces, self.outlined)

    def published(self, codegen: bool = True) -> list[Diagnostic]:
        """The front end's diagnostics, the passes' and codegen's errors and warnings, in
        source order; only the front end's (the rest not even computed) when `codegen` is
        false: for a unit of a module known not to reach its passes (see `unreached_codes`)."""
        if not codegen:
            return sorted(self.diagnostics, key=Diagnostic.sort_key)
        found = self._published
        if found is None:
            warnings = [bypass_diagnostic(warning) for warning in self.bypass_warnings]
            hints = [coherency_diagnostic(hint) for hint in self.coherency_hints]
            found = self._published = sorted(
                [*self.diagnostics, *self.pipeline.diagnostics, *warnings, *hints], key=Diagnostic.sort_key
            )
        return found


class ModuleAnalysis:
    """A module's analysis: its units' analyses, and what they add up to.

    An editor's analysis (`pto_lsp.workspace.placement.DocumentAnalysis`) keeps its
    units where they are in a document; it says so through the three parts below."""

    def __init__(
        self, path: str, environment: ModuleEnvironment | None = None, units: Sequence[UnitAnalysis] = ()
    ) -> None:
        self.path = path
        self.environment = environment if environment is not None else ModuleEnvironment()
        self._units = list(units)

    @property
    def is_pypto_module(self) -> bool:
        return self.environment.imports_pypto_language

    # ------------------------------------------------------------ the parts

    @cached_property
    def units(self) -> list[UnitAnalysis]:
        """Every unit's analysis, in source order."""
        return self._units

    def unit_diagnostics(self, codegen: bool = True) -> list[list[Diagnostic]]:
        """Each unit's diagnostics and codegen warnings, in source order (`UnitAnalysis.published`)."""
        return [unit.published(codegen) for unit in self.units]

    def unit_facts(self) -> list[ModuleFacts]:
        return [unit.facts for unit in self.units]

    @property
    def whole(self) -> ModuleAnalysis:
        """The module's analysis (an editor's analysis of some units only says whose)."""
        return self

    @cached_property
    def jit_kernel_memory(self) -> list[KernelMemory]:
        """The memory use of the kernels of the module's JIT functions (`jit_memory`),
        computed when first asked (only shown)."""
        return jit_memory(self)

    def front_end_stopped(self) -> bool:
        """Whether an error of Python's or of the parser stops the import of the module."""
        return any(stops_the_front_end(d) for unit in self.units for d in unit.diagnostics)

    # ------------------------------------------------------------ what they add up to

    @cached_property
    def diagnostics(self) -> list[Diagnostic]:
        """Every unit's diagnostics and codegen warnings, in source order (none of a stage the
        real compiler does not reach on this module)."""
        unreached = self.unreached_codes
        found = merge_in_order(self.unit_diagnostics(codegen=not unreached), Diagnostic.sort_key)
        return [d for d in found if d.code not in unreached] if unreached else found

    @cached_property
    def unreached_codes(self) -> frozenset[str]:
        return unreached_codes(self.front_end_stopped())

    @cached_property
    def bypass_warnings(self) -> list[BypassWarning]:
        """The codegen's `[CacheBypassUnsupported]` warnings, in source order (none when the
        real compiler does not reach codegen)."""
        if codes.CACHE_BYPASS_UNSUPPORTED in self.unreached_codes:
            return []
        return [warning for unit in self.units for warning in unit.bypass_warnings]

    @cached_property
    def programs(self) -> list[Program]:
        return [program for unit in self.units for program in unit.programs]

    @cached_property
    def functions(self) -> list[Function]:
        return [function for unit in self.units for function in unit.functions]

    @cached_property
    def facts(self) -> ModuleFacts:
        merged = ModuleFacts()
        for facts in self.unit_facts():
            merged.reads.extend(facts.reads)
            merged.declarations.extend(facts.declarations)
        return merged


def unreached_codes(front_end_stopped: bool) -> frozenset[str]:
    """The codes of stages the real compiler never reaches on a module: an error of Python's
    or of the parser stops the import, so nothing is compiled (no codegen warning)."""
    return _CODEGEN_CODES if front_end_stopped else frozenset()


def merge_in_order(parts: Sequence[Sequence[Any]], key: Callable[[Any], Any]) -> list[Any]:
    """The stable sort of the parts' concatenation, each part sorted already: the parts
    are just joined when each one starts after the previous one ends."""
    merged: list[Any] = []
    last = None
    for part in parts:
        if not part:
            continue
        if last is not None and not last < key(part[0]):
            return sorted((item for part in parts for item in part), key=key)
        merged.extend(part)
        last = key(part[-1])
    return merged


# ---------------------------------------------------------------- analysing


def module_environment(
    units: Sequence[ParsedUnit], memo: dict[int, Any] | None = None, directory: str | None = None
) -> ModuleEnvironment:
    """The environment the units' statements fold into (`memo`: see `build_environment`;
    `directory`: the module's own, where the helpers it imports are read)."""
    with shared_subtrees():
        nodes = [node for unit in units for node in unit.nodes]
        return build_environment(nodes, dsl_decorator_name, memo, directory)


def mentioned_names(unit: ParsedUnit) -> frozenset[str]:
    """Every identifier in the unit's text: a superset of the module names it reads
    (attributes and words in strings count too), found without walking the tree."""
    return frozenset(_IDENTIFIER.findall(unit.text)) | MODULE_WIDE_KEYS


def unit_environment_key(
    unit: ParsedUnit, env: ModuleEnvironment, names: frozenset[str] | None = None
) -> tuple[tuple[str, Any], ...]:
    """The environment values `unit` can read, as a hashable fingerprint."""
    names = mentioned_names(unit) if names is None else names
    return tuple((name, frozen_value(env.values[name])) for name in sorted(names & env.values.keys()))


def analyse_unit(unit: ParsedUnit, env: ModuleEnvironment) -> UnitAnalysis:
    try:
        return _analyse_unit(unit, env)
    except RecursionError:  # nested deeper than the front end's recursion allows
        start = unit.start_line
        return UnitAnalysis([], [], [too_deep_to_analyse(Span(start, 0, start, 0))], start)


def _analyse_unit(unit: ParsedUnit, env: ModuleEnvironment) -> UnitAnalysis:
    offset = unit.start_line - 1
    opaque_before = opaque_made()
    with unit_line_offset(offset), shared_subtrees():
        definitions = parse_definitions(list(unit.nodes), env, unit.text)
    diagnostics = [unit.syntax_error] if unit.syntax_error else []
    diagnostics.extend(definitions.diagnostics)
    interfaces: dict[int, ScopeInterface] = {}
    outlined: dict[int, list[ScopeStmt]] = {}
    for program in definitions.programs:
        diagnostics.extend(_outliner_checks(program.functions, interfaces, outlined))
    diagnostics.extend(_outliner_checks(definitions.functions, interfaces, outlined))
    statement_lines = tuple(_statement_line(node) + offset for node in unit.nodes)
    with unit_line_offset(offset), shared_subtrees():
        diagnostics = _verifier_checks(definitions.programs, unit.nodes, diagnostics, statement_lines)
    unreached = _after_the_import_stops(unit, env)
    if unreached:  # (nothing of it is checked by the real compiler either: no hint says so)
        diagnostics = [d for d in diagnostics if d.severity is not Severity.ERROR]
    return UnitAnalysis(
        definitions.programs,
        definitions.functions,
        diagnostics,
        unit.start_line,
        statement_lines,
        interfaces=interfaces,
        outlined=outlined,
        may_hold_opaque=opaque_made() != opaque_before and not unreached,
        kernel_programs=frozenset(
            index
            for index, program in enumerate(definitions.programs)
            if _may_have_kernels(program.functions, outlined)
        ),
        program_callees=frozenset(
            function.name
            for function in definitions.functions
            if function.name in env.values.get(PROGRAM_CALLEES, ())
        ),
    )


def _after_the_import_stops(unit: ParsedUnit, env: ModuleEnvironment) -> bool:
    """Whether the unit's statements run only after a statement that stops the module's
    import (`import_stop`): the real compiler never reaches them."""
    after = env.values.get(IMPORT_STOPS)
    if not after:
        return False
    names = {name for node in unit.nodes for name in top_level_names(node)}
    return bool(names) and names <= after


def _statement_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", ())
    return min([node.lineno, *(decorator.lineno for decorator in decorators)])


def _outliner_checks(
    functions: Sequence[Function],
    interfaces: dict[int, ScopeInterface],
    outlined: dict[int, list[ScopeStmt]],
) -> list[Diagnostic]:
    """The outliners' cache-policy checks; calls resolve among `functions` (one program)."""
    directions = callee_directions_among(functions)
    return [d for function in functions for d in check_function(function, directions, interfaces, outlined)]


def _statement_of(starts: Sequence[int]) -> Callable[[int], int]:
    """The index of the unit's top-level statement a line lies in."""
    if len(starts) <= 1:
        return lambda line: 0
    return lambda line: bisect.bisect_right(starts, line)


def _verifier_checks(
    programs: Sequence[Program],
    nodes: Sequence[ast.stmt],
    diagnostics: list[Diagnostic],
    statement_lines: Sequence[int],
) -> list[Diagnostic]:
    """The IR verifier's report (`compiler.verifier`) on each program the parser built:
    `ir.compile` runs it before the first pass, so a program it rejects gets none of
    the passes' errors (the outliners' included); its warnings come either way."""
    statement = _statement_of(statement_lines)
    parsed = {statement(d.span.start_line) for d in diagnostics if stops_the_front_end(d)}
    classes = {Span.of(node): node for node in nodes if isinstance(node, ast.ClassDef)}
    rejected: set[int] = set()
    found: list[Diagnostic] = []
    for program in programs:
        index = statement(program.span.start_line)
        class_node = classes.get(program.span)
        if index in parsed or class_node is None:
            continue
        report = verify_program(program, class_node)
        if any(d.severity is Severity.ERROR for d in report):
            rejected.add(index)
        found.extend(report)
    if rejected:
        # The passes after the verifier never run on a rejected program.
        diagnostics = [
            d for d in diagnostics if stops_the_front_end(d) or statement(d.span.start_line) not in rejected
        ]
    return [*diagnostics, *found]


def _pipeline_checks(
    programs: Sequence[Program],
    diagnostics: Sequence[Diagnostic],
    statement_lines: Sequence[int],
    kernel_programs: frozenset[int],
) -> PipelineReport:
    """The passes' and codegen's errors of each program the real pipeline gets that far
    with: `ir.compile` compiles each program on its own, and stops at the first pass
    that rejects it (an outliner's, Simplify's, a memory pass's), before codegen. The
    kernels' memory use of the programs that get past Simplify (and have a kernel: the
    indices `kernel_programs`) comes with them."""
    statement = _statement_of(statement_lines)
    failed = {statement(d.span.start_line) for d in diagnostics if d.severity is Severity.ERROR}
    found: list[Diagnostic] = []
    memory: list[KernelMemory] = []
    unanalysed: list[tuple[Span, str]] = []
    for index, program in enumerate(programs):
        if statement(program.span.start_line) in failed:
            continue
        # Passes 1-3 run first, then Simplify before ConvertTensorToTileOps: the first error is raised.
        early = early_pass_errors(program)
        if early is None:  # they fail with an error we do not report: nothing after it is judged
            unanalysed.append((program.span, "InlineFunctions: a cycle through several Inline functions"))
            continue
        rejected = (
            early
            or ssa_scope_errors(program)
            or simplify_errors(program)
            or missing_return_errors(program)
            or composite_allreduce_errors(program)  # LowerCompositeOps, after ConvertTensorToTileOps
        )
        hints: list[Diagnostic] = []
        if not rejected and index in kernel_programs:
            planned = program_memory(program)
            memory.extend(planned.kernels)
            unanalysed.extend(planned.unanalysed)
            rejected = planned.errors
            hints = [*(planned.depth_hints or []), *(planned.hints or [])]
        # LowerHostTensorCollectives runs after the planner; the distributed codegen runs
        # before any chip build: its refusal comes first of codegen's.
        codegen = (
            rejected
            or host_collective_errors(program)
            or distributed_codegen_errors(program)
            or mx_matmul_errors(program)
            or [
                *flatten_transpose_errors(program),
                *device_codegen_errors(program),
                *group_errors(program),
                *orchestration_errors(program),
            ]
        )
        # The performance hints come at the end of a compile that succeeds.
        found.extend(codegen or hints)
    return PipelineReport(found, memory, sorted(unanalysed, key=lambda refused: refused[0]))


def _may_have_kernels(functions: Sequence[Function], outlined: dict[int, list[ScopeStmt]]) -> bool:
    """Whether the passes make a kernel of any of the functions: one is a kernel, or has a
    scope an outliner takes out (the outliner checks found them): else nothing to plan."""
    return any(is_kernel(function) or outlined.get(id(function)) for function in functions)


def jit_memory(analysis: ModuleAnalysis) -> list[KernelMemory]:
    """The memory use of the kernels of the module's free (`@pl.jit`) functions without an
    error: shown, never judged (a JIT function is compiled at its call, with the call's
    shapes). Each entry is compiled with its helpers, as the real `@pl.jit` compiles it
    (`jit_programs`): its kernels are named in the entry, and a helper has none of its own;
    an entry whose program is not known says why, as one kernel not analysed."""
    functions = analysis.functions
    failed = {id(function) for unit in analysis.units for function in _failed_functions(unit)}
    entries = jit_programs(functions)
    compiled_in = compiled_in_entries(entries)
    kept = {id(function): unit.jit_kernels for unit in analysis.units for function in unit.functions}
    found: list[KernelMemory] = []
    for function in functions:
        entry = entries.get(id(function))
        if id(function) in compiled_in or (entry is None and is_lone_inline_helper(function)):
            continue
        if entry is not None and entry.why_not:
            found.append(
                KernelMemory(function.name, function.span, (), why_not_exact=entry.why_not, analysed=False)
            )
        elif entry is not None:
            if not any(id(f) in failed for f in [entry.entry, *entry.dependencies]):
                found += _compiled_kernels(kept[id(function)], (function, *entry.dependencies), entry)
        elif id(function) not in failed:
            found += _compiled_kernels(kept[id(function)], (function,), None)
    return found


def jit_pipeline_errors(unit: UnitAnalysis) -> list[Diagnostic]:
    """The passes' and codegen's errors of the unit's `@pl.jit` entries specialised with
    every tensor's shape known (from the signature, or the file's own call), each compiled
    with its helpers as the real `@pl.jit` compiles it at that call (the real check compiles
    an entry whose signature gives the shapes). An entry with an error of the front end, one
    calling a function of another unit or whose program is not known otherwise, or one with
    a tensor of unknown shape is not judged."""
    failed = {id(function) for function in _failed_functions(unit)}
    entries = jit_programs(unit.functions)
    found: list[Diagnostic] = []
    for function in unit.functions:
        if function.decorator != "jit" or function.jit_unspecialised or not _shapes_known(function):
            continue
        entry = entries.get(id(function))
        together = (function, *(entry.dependencies if entry is not None else ()))
        if (entry is not None and entry.why_not) or any(id(f) in failed for f in together):
            continue
        program = entry.program if entry is not None else Program(function.name, [function], function.span)
        assert program is not None  # an entry whose program is not known is not compiled
        report = _pipeline_checks([program], [], (), frozenset({0}))
        found.extend(d for d in report.diagnostics if d.severity is Severity.ERROR)
    return found


def _shapes_known(function: Function) -> bool:
    """Whether every tensor parameter of `function` has a shape (a JIT entry specialised)."""
    return all(
        not isinstance(param.var.type, TensorType) or param.var.type.shape is not None
        for param in function.params
    )


def _compiled_kernels(
    kept: dict[int, tuple[tuple[Function, ...], list[KernelMemory]]],
    together: tuple[Function, ...],
    entry: JitProgram | None,
) -> list[KernelMemory]:
    """The kernels' memory of the JIT compile of `together` (an entry and its dependencies,
    or a function alone), from what its first function's unit kept when the same function
    objects were compiled together before (an edit elsewhere leaves them as they are)."""
    head = together[0]
    known = kept.get(id(head))
    if known is not None and len(known[0]) == len(together) and all(map(operator.is_, known[0], together)):
        return known[1]
    program = entry.program if entry is not None else Program(head.name, [head], head.span)
    assert program is not None  # an entry whose program is not known is not compiled
    kernels = program_memory(program).kernels
    kept[id(head)] = (together, kernels)
    return kernels


def _program_callee_hints(unit: UnitAnalysis) -> list[Diagnostic]:
    """The performance hints of the unit's free functions a program calls, each compiled on
    its own (its hints are its own transfers'); none for one with an error, or whose compile
    stops on its own (then the program's does too)."""
    failed = {id(function) for function in _failed_functions(unit)}
    found: list[Diagnostic] = []
    for function in unit.functions:
        if function.name in unit.program_callees and id(function) not in failed:
            found.extend(callee_hints(function) or [])
    return found


def callee_hints(function: Function) -> list[Diagnostic] | None:
    """The hints of a free `@pl.function` a program calls, compiled on its own as the real
    parser adds it to that program; None when not judged (not a kernel, an error, a pass not
    modelled for it)."""
    if not is_kernel(function):
        return [] if function.func_type is not FunctionType.OPAQUE else None
    planned = program_memory(Program(function.name, [function], function.span))
    if planned.errors or planned.hints is None:
        return None
    return [*(planned.depth_hints or []), *planned.hints]


def _failed_functions(unit: UnitAnalysis) -> list[Function]:
    """The unit's free functions whose top-level statement has an error."""
    statement = _statement_of(unit.statement_lines)
    failed = {statement(d.span.start_line) for d in unit.diagnostics if d.severity is Severity.ERROR}
    return [function for function in unit.functions if statement(function.span.start_line) in failed]


def unit_bypass_warnings(unit: UnitAnalysis) -> list[BypassWarning]:
    """The `[CacheBypassUnsupported]` warnings of a unit's kernels.

    The real compiler compiles each `@pl.program` (each JIT function) on its own
    and warns once per tensor per kernel of that compilation, so kernels are
    told apart per top-level statement: two programs whose kernels happen to
    share a name each get their warning. A statement with an error (a pass
    rejecting it) never reaches codegen: it gets none; an error of codegen's own does not
    keep it from warning.
    """
    statement = _statement_of(unit.statement_lines)
    # Codegen's own errors stop no warning: the kernels are emitted (and warned about) first.
    failed = {
        statement(d.span.start_line)
        for d in [*unit.diagnostics, *unit.pipeline.diagnostics]
        if d.severity is Severity.ERROR and d.stage not in CODEGEN_STAGES
    }
    reads = _warnable_reads(unit, failed, statement)
    if not reads:
        return []
    groups: dict[int, list[Any]] = {}
    for read in reads:
        groups.setdefault(statement(read.span.start_line), []).append(read)
    return [
        warning
        for index, group in sorted(groups.items())
        if index not in failed
        for warning in bypass_warnings(ModuleFacts(group))
    ]


def _warnable_reads(unit: UnitAnalysis, failed: set[int], statement: Callable[[int], int]) -> list[Any]:
    """The reads `unit_bypass_warnings` groups: the facts' when computed already, else those
    of the statements that may warn (not failed, some read may be BYPASS). A statement's
    reads lie in it and its warnings come from its reads alone, so leaving a whole
    statement out changes no other statement's warnings."""
    known = unit.__dict__.get("facts")
    if known is not None:
        return known.reads
    may_warn: dict[int, bool] = {}
    calls: dict[int, list[Any]] = {}  # an InCore function's calls, for its kernel's read search
    for line, members in [(p.span.start_line, p.functions) for p in unit.programs] + [
        (f.span.start_line, [f]) for f in unit.functions
    ]:
        index = statement(line)
        if index not in failed and not may_warn.get(index):
            may_warn[index] = any(
                may_read_bypass(function, unit.outlined.get(id(function)), unit.interfaces, calls)
                for function in members
            )
    if not any(may_warn.values()):
        return []
    return module_facts(
        unit.programs,
        unit.functions,
        unit.interfaces,
        outlined=unit.outlined,
        calls=calls,
        only=lambda function: may_warn.get(statement(function.span.start_line), False),
    ).reads


def analyse_units(units: Sequence[ParsedUnit], path: str = "<string>") -> ModuleAnalysis:
    # Each statement's tree is flattened once for the environment fold and its unit's
    # analysis both, as the editor's engine and `check` do (the units hold the trees: no
    # id is reused meanwhile).
    with shared_subtrees():
        env = module_environment(units, directory=file_directory(path))
        return ModuleAnalysis(path, env, [analyse_unit(unit, env) for unit in units])


def file_directory(path: str) -> str | None:
    """The directory of the module file at `path` (None: the source is no file)."""
    return os.path.dirname(os.path.abspath(path)) if os.path.isfile(path) else None


def analyse_source(source: str, path: str = "<string>") -> ModuleAnalysis:
    return analyse_units(parse_module(source), path)


def check_source(source: str, path: str = "<string>") -> list[Diagnostic]:
    """Every diagnostic the front end reports for one module, in source order."""
    return analyse_source(source, path).diagnostics
