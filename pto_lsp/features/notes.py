"""Information notes the editor adds to the compiler's diagnostics.

A declaration on a non-CORE_GROUP `pl.at` scope is accepted and carried onto
the outlined function, but no load picks it up today (the spec's Limits): the
author should know the declaration has no effect yet.
"""

from __future__ import annotations

from compiler.analysis import ModuleAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage


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
