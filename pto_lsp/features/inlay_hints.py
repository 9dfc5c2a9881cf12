"""Inlay hints: the effective policy after each GM read."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.analysis import ModuleAnalysis
from compiler.facts import GmRead
from compiler.span import Span


@dataclass(frozen=True)
class PolicyHint:
    at: Span  # the read expression; the hint goes after its end
    label: str


def policy_hints(analysis: ModuleAnalysis, first_line: int, last_line: int) -> list[PolicyHint]:
    """One hint per reading expression within the lines, e.g. `a: DEFAULT, b: BYPASS`."""
    by_span: dict[Span, list[GmRead]] = {}
    for read in analysis.facts.reads:
        if first_line <= read.span.end_line <= last_line:
            by_span.setdefault(read.span, []).append(read)
    hints = []
    for span, reads in sorted(by_span.items()):
        labels = dict.fromkeys(f"{read.tensor}: {read.policy_name}" for read in reads)
        hints.append(PolicyHint(span, ", ".join(labels)))
    return hints
