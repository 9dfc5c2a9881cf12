"""Inlay hints: the effective policy after each GM read.

By default ("policy") only the reads of kernels that use a cache policy get a hint: a
`DEFAULT` after every read of every kernel says nothing where no policy is asked for.
A kernel uses a policy when it has a declaration or a read with its own `cache=`.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.analysis import ModuleAnalysis
from compiler.base.span import Span
from compiler.codegen.bypass_warning import PTOAS_ISSUE, PTOAS_ISSUE_LABEL
from compiler.facts import GmRead, ModuleFacts, Reason
from compiler.ir.cache_policy import BYPASS

BYPASS_COMPILED_CACHED_TOOLTIP = (
    f"BYPASS is what the kernel asks for; PTOAS has no L2-bypass path yet ({PTOAS_ISSUE}), "
    "so it compiles as an ordinary cached access (warning PTO301)."
)


@dataclass(frozen=True)
class PolicyHint:
    at: Span  # the read expression; the hint goes after its end
    label: str
    bypass_compiled_cached: bool  # a BYPASS in the label compiles as a cached access today


def policy_label(read: GmRead, bypass_lowered: bool) -> str:
    """`b: BYPASS`, or `b: BYPASS (cached: PTOAS#1356)` while PTOAS does not lower the hint."""
    if read.policy == BYPASS and not bypass_lowered:
        return f"{read.tensor}: {read.policy_name} (cached: {PTOAS_ISSUE_LABEL})"
    return f"{read.tensor}: {read.policy_name}"


def _kernels_using_a_policy(facts: ModuleFacts) -> set[str]:
    kernels = {read.kernel for read in facts.reads if read.reason is not Reason.DEFAULT}
    kernels.update(declaration.kernel for declaration in facts.declarations if declaration.kernel)
    return kernels


def policy_hints(
    analysis: ModuleAnalysis,
    first_line: int,
    last_line: int,
    show: str = "policy",
    bypass_lowered: bool = False,
) -> list[PolicyHint]:
    """One hint per reading expression within the lines, e.g. `a: DEFAULT, b: BYPASS`.

    `show`: "all" reads, "none", or (default) "policy": the reads of kernels that use a policy,
    decided per unit (a kernel lies within one unit, and kernel names repeat across programs).
    """
    if show == "none":
        return []
    by_span: dict[Span, list[GmRead]] = {}
    for unit in analysis.placed:
        facts = unit.facts
        hinted = _kernels_using_a_policy(facts) if show == "policy" else None
        for read in facts.reads:
            if first_line <= read.span.end_line <= last_line and (hinted is None or read.kernel in hinted):
                by_span.setdefault(read.span, []).append(read)
    hints = []
    for span, reads in sorted(by_span.items()):
        labels = dict.fromkeys(policy_label(read, bypass_lowered) for read in reads)
        cached = any(read.policy == BYPASS for read in reads) and not bypass_lowered
        hints.append(PolicyHint(span, ", ".join(labels), cached))
    return hints
