"""A static re-implementation of the PyPTO front end.

Source text in, IR and diagnostics out. Nothing here imports, executes or
evaluates the user's code, and nothing here knows about the language server
protocol: `pto_lsp` converts spans and diagnostics at its own boundary.
"""

from compiler.analysis import ModuleAnalysis, analyse_source, check_source
from compiler.base.diagnostics import Diagnostic, RelatedInfo, Severity
from compiler.base.span import Span

__all__ = [
    "Diagnostic",
    "ModuleAnalysis",
    "RelatedInfo",
    "Severity",
    "Span",
    "analyse_source",
    "check_source",
]
