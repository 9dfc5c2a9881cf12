"""Information notes the editor adds to the compiler's diagnostics.

What the front end did not analyse (a construct it keeps opaque, e.g. a distributed op)
gets a hint (severity 4, PTO010), and so does a program a pass stopped on (a construct
whose real treatment the pass does not reproduce: the checks after it did not run):
`check` counts both ("could not be analysed"); in the editor each one is marked quietly,
so that a clean kernel can be told from one pto-lsp did not look at.

A declaration on a non-CORE_GROUP `pl.at` scope is accepted and carried onto
the outlined function, but no load picks it up today (the spec's Limits): the
author should know the declaration has no effect yet.
"""

from __future__ import annotations

from compiler.analysis import ModuleAnalysis, UnitAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.coverage import unanalysed_constructs, values_built_with
from compiler.passes.not_modelled import IMPORT_VALUE_WORDS

_SHOWN_TEXT = 60  # characters of the construct named in the hint


def editor_notes(
    analysis: ModuleAnalysis, may_hold_opaque: bool = True, codegen: bool | None = None
) -> list[Diagnostic]:
    """Every note the editor adds, in source order (`may_hold_opaque`: False when nothing in
    the analysis was kept opaque, so there is nothing to look for; `codegen`: whether the
    passes run on its programs, their diagnostics published: by default, whether the module
    gets past its front end). A construct gets one not-analysed hint, not two."""
    notes = declaration_notes(analysis)
    if may_hold_opaque:
        notes += not_analysed_notes(analysis)
    if codegen is None:
        codegen = not analysis.unreached_codes
    if codegen:
        marked = {note.span for note in notes}
        notes += [
            note for unit in analysis.units for note in pass_refusal_notes(unit) if note.span not in marked
        ]
    return sorted(notes, key=Diagnostic.sort_key)


def declaration_notes(analysis: ModuleAnalysis) -> list[Diagnostic]:
    notes = []
    for declaration in analysis.facts.declarations:
        if declaration.lowered or declaration.kernel is None:
            continue
        message = (
            f"pl.set_cache_policy({declaration.tensor}, CachePolicy.{declaration.policy_name}) is accepted and "
            f"carried onto '{declaration.kernel}', but no load picks it up today: only the loads of an InCore "
            "kernel (a CORE_GROUP pl.at or a pl.spmd body) take a declaration."
        )
        notes.append(
            Diagnostic(
                code=codes.NOT_LOWERED,
                message=message,
                span=declaration.span,
                severity=Severity.INFORMATION,
                stage=Stage.OUTLINE_HIERARCHY,
            )
        )
    return notes


def pass_refusal_notes(analysis: UnitAnalysis) -> list[Diagnostic]:
    """A hint where a pass stopped on a construct it does not model (the IR view's "not
    shown"): the checks after that pass did not run on the program (`check` counts it).
    Where the program reads closure values we could not fold (a test factory's parameters
    without a default), the hint names them: the real compiler knows them only when the
    program is built, from the factory's caller."""
    notes = []
    for span, why in analysis.pipeline.unanalysed:
        built_with = ", ".join(f"`{name}`" for name in values_built_with(analysis.programs, span, why))
        if IMPORT_VALUE_WORDS in why:
            message = (
                f"Not analysed: {why} (out of static reach here: pto-lsp never runs the file's code), "
                "so the checks after it (the memory planner, codegen) did not run on this program "
                "(the real compiler may accept or reject it)"
            )
        elif built_with:
            message = (
                f"Not analysed: {why}: the program reads {built_with}, whose value the real parser "
                "takes when the program is built (a factory's parameter given by its caller, out of "
                "static reach here), so the checks after that pass (the memory planner, codegen) did "
                "not run on this program (the real compiler may accept or reject it)"
            )
        else:
            message = (
                f"Not analysed: {why} is not modelled, so the checks after that pass (the memory "
                "planner, codegen) did not run on this program (the real compiler may accept or reject it)"
            )
        notes.append(
            Diagnostic(
                code=codes.NOT_MODELLED,
                message=message,
                span=span,
                severity=Severity.HINT,
                stage=Stage.PARSER,
            )
        )
    return notes


def not_analysed_notes(analysis: ModuleAnalysis) -> list[Diagnostic]:
    """A hint on each construct the front end kept opaque (not already an error's). Only
    the front end's errors are asked: the passes' would run the pipeline of every unit at
    the first publication (a 10k-line file's open took twice as long)."""
    notes = []
    front_end = [d for unit in analysis.units for d in unit.diagnostics]
    for span, text in unanalysed_constructs(analysis.programs, analysis.functions, front_end):
        head = " ".join(text.split())
        if len(head) > _SHOWN_TEXT:
            head = head[: _SHOWN_TEXT - 3] + "..."
        notes.append(
            Diagnostic(
                code=codes.NOT_MODELLED,
                message=(
                    f"Not analysed: pto-lsp does not model `{head}`, so nothing here is checked "
                    "(the real compiler may accept or reject it)"
                ),
                span=span,
                severity=Severity.HINT,
                stage=Stage.PARSER,
            )
        )
    return notes
