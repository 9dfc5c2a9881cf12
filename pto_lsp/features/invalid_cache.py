"""A read whose `cache=` the compiler rejects (PTO110: not a CachePolicy): no policy is
chosen for it, the compile stops at that call. The hover and `pto-lsp explain` say so
instead of the policy the facts fall back to (DEFAULT)."""

from __future__ import annotations

from compiler.analysis import ModuleAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic
from compiler.facts import GmRead


def rejected_cache(analysis: ModuleAnalysis, read: GmRead) -> Diagnostic | None:
    """The PTO110 error on the read's own call, if its `cache=` is invalid."""
    span = read.span
    for diagnostic in analysis.diagnostics:
        if diagnostic.code != codes.LOAD_CACHE_KWARG:
            continue
        where = diagnostic.span
        if (where.start_line, where.start_col) == (span.start_line, span.start_col):
            return diagnostic
    return None


def rejected_cache_text(diagnostic: Diagnostic) -> str:
    """What is said instead of the read's policy."""
    reason = diagnostic.message.rpartition("but got ")[2]
    return (
        f"no policy: its cache= value is invalid ({reason or 'not a CachePolicy'}; PTO110), "
        "and the compile stops there"
    )
