"""A module's IR after a pass and its PTO MLIR: what `pto-lsp compile` prints and what
the server's `pto.showIR` / `pto.showMLIR` commands answer, computed in one place.

`after` names a pass of `compiler.passes.pipeline` by name or number, or `parse` (the
IR as parsed); an unknown one raises `UnknownPass`, whose message lists the modelled
passes. `keep_analysis=False` lets the passes use up the analysis's IR (a one-off
compile); the server keeps it (`True`): the analysis is its cache.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from compiler import ModuleAnalysis
from compiler.base.diagnostics import CODEGEN_STAGES, Diagnostic, Severity
from compiler.base.span import Span
from compiler.codegen.bypass_warning import compiler_text
from compiler.codegen.kernel_units import KernelUnit, kernel_units
from compiler.codegen.not_modelled import not_emitted_message
from compiler.codegen.pto_emitter import CodegenNotModelled, CodegenOptions, emit_kernel
from compiler.coverage import first_distributed_call, unanalysed_constructs
from compiler.ir import Function, FunctionType, Program
from compiler.ir.visit import bound_vars, walk_stmts
from compiler.lowering.jit_program import (
    ENTRY_DECORATORS,
    LONE_INLINE_HELPER,
    JitProgram,
    compiled_in_entries,
    is_lone_inline_helper,
    jit_programs,
)
from compiler.lowering.outlining import outlined_scopes
from compiler.passes.not_modelled import (
    CompileNotKnown,
    ConstructNotModelled,
    KernelsNotModelled,
    PassNotModelled,
    PassStopped,
    ValueNotFolded,
)
from compiler.passes.pipeline import PARSE, PIPELINE, find_pass, run_passes
from compiler.passes.ssa import base_name
from compiler.passes.tensor_to_tile import TileConversionError
from compiler.printer import print_definitions, unfolded_names
from compiler.printer.unfaithful import SUBSCRIPT_KEPT, first_untyped, kept_subscript

LAST_PASS = PIPELINE[-1].name


def stages() -> list[tuple[int | None, str]]:
    """What `after` may name, in pipeline order: `parse` (no number), then each modelled
    pass with the number the real compiler's dumps give it."""
    return [(None, PARSE), *((step.number, step.name) for step in PIPELINE)]


def ir_after(
    analysis: ModuleAnalysis, after: str = LAST_PASS, function: str = "", keep_analysis: bool = True
) -> str:
    """The DSL text of the module after the pass `after` (only `function`, when named),
    as the real compiler's pass dumps hold it, without the final newline. Nothing for a
    module whose import fails (a syntax or parser error): the real compiler builds no IR
    of it, and we invent none."""
    if analysis.front_end_stopped():
        return ""
    programs, functions, refused = passed(analysis, after, keep_analysis)
    if function:
        programs = [
            dataclasses.replace(p, functions=[f for f in p.functions if f.name == function]) for p in programs
        ]
        programs = [p for p in programs if p.functions]
        functions = [f for f in functions if f.name == function]
        refused = []
    shown = print_definitions(programs, functions, analysis.environment)
    if not refused:
        return shown
    notes = "\n\n".join(note for _, note in sorted(refused, key=lambda r: (r[0].start_line, r[0].start_col)))
    return f"{notes}\n\n{shown}" if shown else notes


def passed(
    analysis: ModuleAnalysis, after: str, keep_analysis: bool
) -> tuple[list[Program], list[Function], list[tuple[Span, str]]]:
    """The module's programs and free functions after the pass `after`, one definition at a
    time: a pass that cannot take one through (`PassNotModelled`) refuses that one only,
    which comes back as its span and what the view says instead of its dump."""
    # A definition whose dump reads a closure value we cannot fold prints at no stage the
    # real dump (which holds the value): asked before the passes use the parse up.
    definitions = [*analysis.programs, *analysis.functions]
    neighbours = frozenset(d.name for d in definitions)
    unfolded: dict[int, PassNotModelled] = {
        id(d): ValueNotFolded(names, d.span)
        for d in definitions
        if (names := unfolded_names(d, analysis.environment, neighbours))
    }
    for definition in definitions:
        construct = _first_unmodelled(definition)
        if construct is not None and id(definition) not in unfolded:
            unfolded[id(definition)] = ConstructNotModelled(construct[1], construct[0])
    programs, functions, refused = _passed(analysis, after, keep_analysis, unfolded=unfolded)
    # Subscript sugar still in the IR prints as written, where the real dump has the op
    # call the real parser builds of it (`pl.tensor.read(x, [i, j])`, a tile's slice...);
    # a program with a var whose type we do not infer prints without the type the real
    # dump writes (at this stage: a pass may type what the parse did not). A free
    # function has no real dump to hold to its types.
    stage = find_pass(after)
    for definition in [*programs, *functions]:
        span = kept_subscript(definition)
        untyped = first_untyped(definition) if isinstance(definition, Program) else None
        if span is not None:
            refused.append((definition, PassNotModelled(PARSE, SUBSCRIPT_KEPT, span)))
        elif untyped is not None:
            refused.append((definition, PassNotModelled(stage.name if stage else PARSE, *untyped)))
    kept = {id(d) for d, _ in refused}
    programs = [p for p in programs if id(p) not in kept]
    functions = [f for f in functions if id(f) not in kept]
    return programs, functions, [(d.span, _not_shown(d, problem)) for d, problem in refused]


def _first_unmodelled(definition: Program | Function) -> tuple[Span, str] | None:
    """The first construct of the definition the front end keeps opaque (a distributed op,
    say): printed as written, it would not be what the real parser builds. A distributed
    call counts even where it is typed (analysed): its printing is not modelled."""
    distributed = first_distributed_call(definition)
    if distributed is not None:
        return distributed
    found = (
        unanalysed_constructs([definition], [])
        if isinstance(definition, Program)
        else unanalysed_constructs([], [definition])
    )
    return found[0] if found else None


def _passed(
    analysis: ModuleAnalysis,
    after: str,
    keep_analysis: bool,
    kernels_refused: dict[int, str] | None = None,
    unfolded: dict[int, PassNotModelled] | None = None,
    unknown_kernels: list[tuple[Program | Function, str]] | None = None,
    compiled_together: list[list[Function]] | None = None,
) -> tuple[list[Program], list[Function], list[tuple[Program | Function, PassNotModelled]]]:
    """`passed`, each refused definition with the pass's refusal. `kernels_refused`
    (codegen's view, kernel by kernel): a program only some of whose kernels a pass refused
    (`KernelsNotModelled`) comes back as the pass left it, each refused kernel (by id) with
    why in `kernels_refused`. `unfolded`: the definitions (by id) refused before any pass.
    `unknown_kernels` (codegen's view): each `@pl.jit` entry is compiled with its
    dependencies, as the real `@pl.jit` compiles it (its kernels are free functions), and a
    dependency only through the entries that call it; an entry whose kernels are not known
    is put there with why. `compiled_together`: the free functions of each compile, one
    list each (a Group calls the kernels of its own compile)."""
    find_pass(after)  # an unknown pass is refused before anything runs
    programs: list[Program] = []
    functions: list[Function] = []
    refused: list[tuple[Program | Function, PassNotModelled]] = []
    entries = jit_programs(analysis.functions)
    # Each compiled program (an entry's, a `@pl.program`) by the definition it came from.
    spliced: list[tuple[int, Program, list[Function]]] = []
    # What each definition taken through the passes comes out as (programs, free functions).
    produced: dict[int, tuple[Program | Function, tuple[list[Program], list[Function]]]] = {}
    dependencies = compiled_in_entries(entries)
    for definition in [*analysis.programs, *analysis.functions]:
        if unfolded and id(definition) in unfolded:
            refused.append((definition, unfolded[id(definition)]))
            continue
        if id(definition) in dependencies:
            continue  # compiled as part of the entries that call it
        # (The real `helper.compile()` writes no kernel: its scopes are outlined from the
        # entries it is spliced into, under the names they get there.)
        entry = entries.get(id(definition))
        lone = isinstance(definition, Function) and is_lone_inline_helper(definition)
        if lone or (entry is not None and entry.program is None):
            why = LONE_INLINE_HELPER if lone or entry is None else entry.why_not
            if unknown_kernels is not None:
                unknown_kernels.append((definition, why))
            else:
                refused.append((definition, CompileNotKnown(why, definition.span)))
            continue
        as_program = isinstance(definition, Program)
        try:
            if entry is not None and entry.program is not None:
                done = ([], run_passes([entry.program], [], after, keep_input=False)[0][0].functions)
                spliced.append((id(definition), entry.program, done[1]))
            else:
                done = run_passes(
                    [definition] if as_program else [],
                    [] if as_program else [definition],
                    after,
                    keep_analysis,
                )
                if as_program and done[0]:
                    spliced.append((id(definition), done[0][0], done[0][0].functions))
        except KernelsNotModelled as problem:
            if kernels_refused is None:
                refused.append((definition, problem))
                continue
            partial: Program = problem.partial  # type: ignore[assignment]
            if entry is not None and entry.program is not None:
                spliced.append((id(definition), entry.program, partial.functions))
            elif as_program:
                spliced.append((id(definition), partial, partial.functions))
            for kernel in partial.functions:
                if kernel.name in problem.kernels:
                    kernels_refused[id(kernel)] = f"{problem.kernels[kernel.name]} is not modelled"
            done = ([partial], []) if as_program else ([], partial.functions)
        except PassNotModelled as problem:
            refused.append((definition, _unfolded_first(entry, analysis, problem)))
            continue
        produced[id(definition)] = (definition, done)
    unknown = _inline_names_unknown(spliced, analysis)
    if kernels_refused is not None:
        _refuse_inline_kernels(spliced, unknown, kernels_refused)
    for origin, (definition, done) in produced.items():
        shown = [*done[1], *(f for p in done[0] for f in p.functions)]
        order = next((p.outputs_order_unknown for p in done[0] if p.outputs_order_unknown), "")
        if order and kernels_refused is None:  # (the outliner's output order: not the real one)
            refused.append((definition, CompileNotKnown(f"{order}, is not known", definition.span)))
            continue
        if order and kernels_refused is not None:
            for function in shown:
                kernels_refused.setdefault(id(function), f"{order}, is not known")
        if kernels_refused is None and origin in unknown and any(map(_shows_inline_names, shown)):
            # (The IR view: the whole dump, which shows those names, is not the real one.)
            refused.append((definition, CompileNotKnown(unknown[origin], definition.span)))
            continue
        programs += done[0]
        functions += done[1]
        if compiled_together is not None and done[1]:
            compiled_together.append(done[1])
    return programs, functions, refused


def _unfolded_first(
    entry: JitProgram | None, analysis: ModuleAnalysis, problem: PassNotModelled
) -> PassNotModelled:
    """Why a pass refused a `@pl.jit` entry's program: first, the closure values its
    functions read that we cannot fold (a constant imported from another module: the
    real specializer has its value, a pass of ours only a name)."""
    if entry is None or entry.program is None:
        return problem
    neighbours = frozenset(function.name for function in analysis.functions)
    names = sorted(
        {
            name
            for function in [entry.entry, *entry.dependencies]
            for name in unfolded_names(function, analysis.environment, neighbours)
        }
    )
    return ValueNotFolded(names, entry.entry.span) if names else problem


def _inline_names_unknown(
    spliced: list[tuple[int, Program, list[Function]]], analysis: ModuleAnalysis
) -> dict[int, str]:
    """The compiled programs (by the definition they came from) whose variables named by
    InlineFunctions (`<name>_inline<n>`) do not have known numbers, and why: a splice whose
    order is not modelled (`Program.inline_names_unknown`), or any splice where another
    program of the file advances the real counter too (it runs across every program the
    process compiles, in the order the file's run compiles them)."""
    # (A `@pl.program` a pass refused may have spliced before it: one with Inline functions counts.)
    counting = {origin: program.name for origin, program, _ in spliced if program.inline_numbers_taken}
    counting.update(
        (id(program), program.name)
        for program in analysis.programs
        if any(function.func_type is FunctionType.INLINE for function in program.functions)
    )
    unknown: dict[int, str] = {}
    for origin, program, _ in spliced:
        why = program.inline_names_unknown
        if "binding several variables" in why:
            why += (
                ": the real pass numbers the variables an Inline function binds (`<name>_inline<n>`) "
                "in an order that follows their addresses in memory, not modelled"
            )
        elif why:
            why += ": the order of the real splices, and so the numbers of their variables (`<name>_inline<n>`), is not modelled"
        elif len(counting) > 1 and program.inline_numbers_taken:
            others = ", ".join(f"'{name}'" for other, name in counting.items() if other != origin)
            why = (
                "InlineFunctions numbers the variables it splices (`<name>_inline<n>`) with one counter "
                f"for every program the process compiles, and {others} of this file splice too: where "
                f"the numbers of '{program.name}' start depends on the order the file compiles them, "
                "not modelled"
            )
        if why:
            unknown[origin] = why
    return unknown


def _refuse_inline_kernels(
    spliced: list[tuple[int, Program, list[Function]]], unknown: dict[int, str], refused: dict[int, str]
) -> None:
    """The kernels that show a variable InlineFunctions named without a known number: not emitted, and why."""
    for origin, _, kernels in spliced:
        for kernel in kernels:
            if origin in unknown and kernel.func_type is FunctionType.INCORE and _shows_inline_names(kernel):
                refused.setdefault(id(kernel), unknown[origin])


def _shows_inline_names(kernel: Function) -> bool:
    names = [param.var.name for param in kernel.params]
    names += [var.name for stmt in walk_stmts(kernel.body) for var in bound_vars(stmt)]
    return any(_INLINE_NAME.search(name) for name in names)


_INLINE_NAME = re.compile(r"_inline\d+")


def _not_shown(definition: Program | Function, problem: PassNotModelled) -> str:
    """What the view says instead of a program's dump that would differ from the real one."""
    kind = "program" if isinstance(definition, Program) else "function"
    if isinstance(problem, ValueNotFolded):
        listed = ", ".join(f"`{name}`" for name in problem.names)
        return (
            f"# pypto.{kind}: {definition.name} -- not shown: it reads {listed}, whose value the real "
            "parser takes when the program is built (not folded statically)"
        )
    if isinstance(problem, ConstructNotModelled):
        line = f" (line {problem.span.start_line})" if problem.span is not None else ""
        # A distributed op is analysed (its rules, its type): only the IR it becomes is not.
        what = (
            f"the IR of the distributed op {problem.reason}"
            if problem.text.startswith("pld.")
            else problem.reason
        )
        return f"# pypto.{kind}: {definition.name} -- not shown: {what}{line} is not modelled"
    if isinstance(problem, CompileNotKnown):
        return f"# pypto.{kind}: {definition.name} -- not shown: {problem.reason}"
    if isinstance(problem, PassStopped):
        return f"# pypto.{kind}: {definition.name} -- not shown: the real compiler stops at {problem}"
    if isinstance(problem, TileConversionError):  # not a gap of ours: the real pass fails there
        return f"# pypto.{kind}: {definition.name} -- not shown: the real {problem} stops the compile"
    return f"# pypto.{kind}: {definition.name} -- not shown: {problem} is not modelled"


@dataclass(frozen=True)
class KernelMlir:
    """One InCore kernel's PTO MLIR module, or why it is not emitted."""

    name: str
    text: str | None  # None: not emitted
    problem: str = ""  # what the emitter does not model (when not emitted)
    message: str = ""  # `FILE:LINE: kernel 'k' (program 'P', line N) not emitted: <problem>`
    program: str | None = None  # the `@pl.program` it belongs to (None: a JIT kernel)
    # Not one kernel: every kernel of the program (or `@pl.jit` entry) `name`, not known.
    whole: bool = False

    @property
    def dump(self) -> str:
        """The module under its `// kernel:` header, as `pto-lsp compile --emit mlir` prints it."""
        return f"// kernel: {self.name}\n{self.text}"


@dataclass(frozen=True)
class MlirDump:
    warnings: list[str]  # the real codegen's warnings, in its words
    kernels: list[KernelMlir]


def mlir_of(
    analysis: ModuleAnalysis, options: CodegenOptions, kernel: str = "", keep_analysis: bool = True
) -> MlirDump:
    """The PTO MLIR of the module's InCore kernels (only `kernel`, when named), after the
    last modelled pass, with the codegen's warnings (also those of a kernel this emitter
    does not model: the real codegen warns)."""
    # Taken from the analysis before the passes run on its IR.
    warnings = analysis.bypass_warnings if options.ptoas_cache_policy != "attribute" else []
    stops = [
        d for d in analysis.diagnostics if d.severity is Severity.ERROR and d.stage not in CODEGEN_STAGES
    ]
    # JIT functions the real specializer bridges names into loops in (not modelled).
    renamed = [
        (function.span, function.jit_bridges) for function in analysis.functions if function.jit_bridges
    ]
    # JIT entries whose scalar parameters are not specialised as the real @pl.jit would.
    unspecialised = [
        (function.span, function.jit_unspecialised)
        for function in analysis.functions
        if function.jit_unspecialised
    ]
    kernels_refused: dict[int, str] = {}
    unknown: list[tuple[Program | Function, str]] = []
    compiled_together: list[list[Function]] = []
    environment = analysis.environment
    dynamic = frozenset(name for name in environment.values if environment.is_dynamic_dim(name))
    options = dataclasses.replace(options, dynamic_dims=dynamic)
    programs, functions, refused = _passed(
        analysis,
        LAST_PASS,
        keep_analysis,
        kernels_refused,
        unknown_kernels=unknown,
        compiled_together=compiled_together,
    )
    for function in functions:
        why = next((why for span, why in unspecialised if _within(function.span, span)), None)
        if why is not None and function.func_type is FunctionType.INCORE:
            kernels_refused.setdefault(id(function), why)
    emitted: list[KernelMlir] = []
    for program, unit, span in _kernel_units(programs, compiled_together):
        if kernel not in ("", unit.name, *(member.name for member in unit.members)):
            continue
        if len(unit.members) > 1 or unit.members[0].func_type is not FunctionType.INCORE:
            emitted.append(_group_not_emitted(program, unit, options))
            continue
        function = unit.members[0]
        module = _emit(
            program,
            function,
            options,
            _first_stop(stops, span),
            _jit_rename(renamed, function) if program is None else None,
            kernels_refused.get(id(function)),
        )
        emitted.append(module if unit.named is function else _as_group_module(module, unit))
    # A definition a pass refused: its own InCore kernels, not emitted (why: the error the
    # real compiler stops at, else the refusal); those it would outline are not known.
    for definition, problem in refused:
        name = definition.name if isinstance(definition, Program) else None
        own = definition.functions if isinstance(definition, Program) else [definition]
        stop = _first_stop(stops, definition.span)
        for function in own:
            if function.func_type is not FunctionType.INCORE or kernel not in ("", function.name):
                continue
            why = _known_problem(stop, _jit_rename(renamed, function) if name is None else None)
            if why is None:
                why = _refusal(problem)
            message = not_emitted_message(options.file_label, name, function, why, None)
            emitted.append(KernelMlir(function.name, None, why, message, name))
        if _outlines_kernels(definition):
            why = _known_problem(stop, None) or _refusal(problem)
            unknown.append((definition, why))
    if kernel == "":
        emitted += [_unknown_kernels(definition, why, options) for definition, why in unknown]
    # A `@pl.jit.incore` helper two entries call is a kernel of each: the same module twice.
    emitted = list({(k.program, k.name, k.text, k.problem, k.whole): k for k in emitted}.values())
    return MlirDump([compiler_text(warning, options.file_label) for warning in warnings], emitted)


def _decorator_text(definition: Program | Function) -> str:
    decorator = definition.decorator if isinstance(definition, Function) else "jit"
    return decorator.replace("jit", "pl.jit", 1)


def _refusal(problem: PassNotModelled) -> str:
    if isinstance(problem, ValueNotFolded):
        listed = ", ".join(f"`{name}`" for name in problem.names)
        return (
            f"it reads {listed}, whose value the real compiler takes when it builds the program "
            "(not folded statically)"
        )
    if isinstance(problem, PassStopped):
        return f"the real compiler stops before codegen: {problem}"
    return f"{problem} is not modelled"


def _outlines_kernels(definition: Program | Function) -> bool:
    """Whether the real compiler outlines kernels from the definition (which a refusal
    before the outliners leaves unknown): a `@pl.jit` entry, or a scope to outline."""
    if isinstance(definition, Function):
        return definition.decorator in ENTRY_DECORATORS
    return any(outlined_scopes(function) for function in definition.functions)


def _unknown_kernels(definition: Program | Function, why: str, options: CodegenOptions) -> KernelMlir:
    """The kernels of `definition` pto-lsp does not know (their names neither), as one line."""
    program = definition.name if isinstance(definition, Program) else None
    kind = "program" if program is not None else f"@{_decorator_text(definition)} function"
    line = definition.span.start_line
    message = f"{options.file_label}:{line}: the kernels of {kind} '{definition.name}' (line {line}) not emitted: {why}"
    return KernelMlir(definition.name, None, why, message, program, whole=True)


def _kernel_units(
    programs: list[Program], compiled_together: list[list[Function]]
) -> list[tuple[str | None, KernelUnit, Span]]:
    """Each module the real codegen writes (a Group's, an InCore kernel's) with its
    program's name and the span the real compiler compiles as one (its program, or the
    JIT function it was outlined from); the free functions one compile at a time."""
    units = [(p.name, unit, p.span) for p in programs for unit in kernel_units(p.functions)]
    units += [(None, unit, unit.named.span) for group in compiled_together for unit in kernel_units(group)]
    return units


def _as_group_module(module: KernelMlir, unit: KernelUnit) -> KernelMlir:
    """A Group's module holding one kernel: the kernel's module, named after the Group."""
    member = unit.members[0].name
    return dataclasses.replace(
        module,
        name=unit.name,
        message=module.message.replace(
            f"kernel '{member}' (", f"kernel '{unit.name}' (the group of kernel '{member}', ", 1
        ),
    )


def _group_not_emitted(program: str | None, unit: KernelUnit, options: CodegenOptions) -> KernelMlir:
    members = ", ".join(f"'{member.name}' ({member.func_type.value})" for member in unit.members)
    why = f"the module of group '{unit.name}' holds the kernels {members}: a module of several kernels is not modelled"
    if len(unit.members) == 1:
        why = f"the module of group '{unit.name}' holds {members}: only an InCore kernel's module is modelled"
    message = not_emitted_message(options.file_label, program, unit.named, why, None)
    return KernelMlir(unit.name, None, why, message, program)


def _within(inner: Span, outer: Span) -> bool:
    return outer.start_line <= inner.start_line <= outer.end_line


def _known_problem(stop: Diagnostic | None, jit_rename: tuple[str, int] | None) -> str | None:
    """Why a kernel is not emitted, known before codegen: the error the real compiler stops
    at, or a name the real @pl.jit specializer bridges into a loop."""
    if stop is not None:
        return _stops_before_codegen(stop)
    if jit_rename is not None:
        name, line = jit_rename
        return (
            f"the real @pl.jit specializer bridges '{name}' into the loop at line {line} "
            f"(a statement '{name}_v<n> = {name}' before it): not modelled"
        )
    return None


def _stops_before_codegen(stop: Diagnostic) -> str:
    return f"the real compiler stops before codegen: {stop.message} ({stop.stage.value}, line {stop.span.start_line})"


def _first_stop(stops: list[Diagnostic], span: Span) -> Diagnostic | None:
    """The first error of a stage before codegen in the compiled unit: no kernel of it is emitted."""
    return next((d for d in stops if span.start_line <= d.span.start_line <= span.end_line), None)


def _jit_rename(
    renamed: list[tuple[Span, list[tuple[str, Span]]]], kernel: Function
) -> tuple[str, int] | None:
    """A bridge of the JIT function `kernel` is (or was outlined from) that shows in the
    kernel: one whose loop is in its lines, or of a value it takes as a parameter."""
    first, last = kernel.span.start_line, kernel.span.end_line
    params = {base_name(param.var.name) for param in kernel.params}
    for span, found in renamed:
        if span.start_line <= first <= span.end_line:
            return next(
                (
                    (name, loop.start_line)
                    for name, loop in found
                    if first <= loop.start_line <= last or name in params
                ),
                None,
            )
    return None


def _emit(
    program: str | None,
    kernel: Function,
    options: CodegenOptions,
    stop: Diagnostic | None,
    jit_rename: tuple[str, int] | None = None,
    refused: str | None = None,
) -> KernelMlir:
    problem = refused if refused is not None else _known_problem(stop, jit_rename)
    if problem is not None:
        message = not_emitted_message(options.file_label, program, kernel, problem, None)
        return KernelMlir(kernel.name, None, problem, message, program)
    try:
        return KernelMlir(kernel.name, emit_kernel(kernel, options).text, program=program)
    except CodegenNotModelled as problem:
        message = not_emitted_message(options.file_label, program, kernel, str(problem), problem.span)
        return KernelMlir(kernel.name, None, str(problem), message, program)
