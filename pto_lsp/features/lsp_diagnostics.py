"""Compiler diagnostics -> LSP `Diagnostic` objects (used by the CLI's JSON and the server)."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from compiler.base.diagnostics import Diagnostic
from pto_lsp.workspace.positions import Encoding, LineIndex

SOURCE = "pto"


def to_lsp(
    diagnostic: Diagnostic, index: LineIndex, uri: str, encoding: Encoding = Encoding.UTF16
) -> lsp.Diagnostic:
    data: dict[str, Any] = {"stage": diagnostic.stage.value}
    if diagnostic.exception:
        data["exception"] = diagnostic.exception
    if diagnostic.hint:
        data["hint"] = diagnostic.hint
    if diagnostic.data:
        data.update(diagnostic.data)
    related = [
        lsp.DiagnosticRelatedInformation(
            location=lsp.Location(uri=uri, range=index.range(info.span, encoding)), message=info.message
        )
        for info in diagnostic.related
    ]
    return lsp.Diagnostic(
        range=index.range(diagnostic.span, encoding),
        message=diagnostic.message,
        severity=lsp.DiagnosticSeverity(int(diagnostic.severity)),
        code=diagnostic.code,
        source=SOURCE,
        related_information=related or None,
        code_description=lsp.CodeDescription(href=diagnostic.documentation_url)
        if diagnostic.documentation_url
        else None,
        tags=[lsp.DiagnosticTag.Unnecessary] if diagnostic.unnecessary else None,
        data=data,
    )
