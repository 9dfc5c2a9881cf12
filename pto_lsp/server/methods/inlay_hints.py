"""`textDocument/inlayHint`: the cache policy each global-memory read gets."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.inlay_hints import BYPASS_COMPILED_CACHED_TOOLTIP, policy_hints
from pto_lsp.server.methods.state import ServerState, snapshot

OPTIONS = lsp.InlayHintOptions(resolve_provider=False)


def inlay_hints(ls: ServerState, params: lsp.InlayHintParams) -> list[lsp.InlayHint]:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return []
    settings = ls.settings(current.document.uri)
    index = current.index
    first, last = params.range.start.line + 1, params.range.end.line + 1
    analysis = current.analysis.with_last_good.window(first, last)
    return [
        lsp.InlayHint(
            position=index.position(hint.at.end_line, hint.at.end_col, ls.encoding),
            label=hint.label,
            kind=lsp.InlayHintKind.Type,
            padding_left=True,
            tooltip=BYPASS_COMPILED_CACHED_TOOLTIP if hint.bypass_compiled_cached else None,
        )
        for hint in policy_hints(
            analysis, first, last, settings.inlay_hints, settings.ptoas_cache_policy == "attribute"
        )
    ]
