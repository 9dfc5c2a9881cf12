"""What the editor says where pto-lsp itself failed (an exception in its analysis): never
silence, which would pass for a clean file, and never a verdict on the code.

The server logs the exception and publishes an information note (PTO009, "Not analysed")
on the first line of what was not analysed: a unit, or the whole document."""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span

_INTERNAL = "an internal error, logged by the server: please report it"
UNIT_FAILED = f"Not analysed: pto-lsp failed while analysing this part of the file ({_INTERNAL}), so nothing here is checked"
ENVIRONMENT_FAILED = (
    f"Not analysed: pto-lsp failed while reading this file's module-level names ({_INTERNAL}), "
    "so nothing in this file is checked"
)
DOCUMENT_FAILED = (
    f"Not analysed: pto-lsp failed while analysing this file ({_INTERNAL}), so nothing in it is checked"
)


def failure_note(line: int, message: str) -> Diagnostic:
    """The note on `line` (1-based) that what starts there was not analysed."""
    return Diagnostic(
        code=codes.NOT_ANALYSED,
        message=message,
        span=Span(line, 0, line, 0),
        severity=Severity.INFORMATION,
        stage=Stage.SYNTAX,
    )
