"""Compiler diagnostics -> LSP `Diagnostic`s: as the wire's JSON (`to_payload`, what the
server publishes and the CLI's JSON prints), or as lsprotocol objects (`to_lsp`).

The JSON is made here without lsprotocol, whose import takes about 0.3 s: the server
publishes the first document's diagnostics before it has loaded (`early_start`)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from compiler.base.diagnostics import Diagnostic
from pto_lsp.features.diagnostic_docs import code_href
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.uris import path_of_uri

if TYPE_CHECKING:
    from lsprotocol import types as lsp

SOURCE = "pto"
_UNNECESSARY = 1  # lsp.DiagnosticTag.Unnecessary


def to_payload(
    diagnostic: Diagnostic, index: LineIndex, uri: str, encoding: Encoding = Encoding.UTF16
) -> dict[str, Any]:
    """The diagnostic as LSP JSON, with the keys in lsprotocol's order and its absent ones left out."""
    data: dict[str, Any] = {"stage": diagnostic.stage.value}
    if diagnostic.exception:
        data["exception"] = diagnostic.exception
    if diagnostic.hint:
        data["hint"] = diagnostic.hint
    if diagnostic.data:
        data.update(diagnostic.data)
    payload: dict[str, Any] = {
        "range": index.range_json(diagnostic.span, encoding),
        "message": diagnostic.message_in(path_of_uri(uri)),
        "severity": int(diagnostic.severity),
        "code": diagnostic.code,
    }
    # The compiler's own link where it gives one (PTO301: the PTOAS issue), else the code's
    # explanation in docs/diagnostics.md.
    href = diagnostic.documentation_url or code_href(diagnostic.code)
    if href:
        payload["codeDescription"] = {"href": href}
    payload["source"] = SOURCE
    if diagnostic.unnecessary:
        payload["tags"] = [_UNNECESSARY]
    if diagnostic.related:
        payload["relatedInformation"] = [
            {
                "location": {"uri": uri, "range": index.range_json(info.span, encoding)},
                "message": info.message,
            }
            for info in diagnostic.related
        ]
    payload["data"] = data
    return payload


def to_lsp(
    diagnostic: Diagnostic, index: LineIndex, uri: str, encoding: Encoding = Encoding.UTF16
) -> lsp.Diagnostic:
    from lsprotocol import types as lsp

    return _converter().structure(to_payload(diagnostic, index, uri, encoding), lsp.Diagnostic)


@cache
def _converter() -> Any:
    from lsprotocol import converters

    return converters.get_converter()
