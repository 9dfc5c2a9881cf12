"""`textDocument/completion`: cache policies after `pl.CachePolicy.`, else the DSL's names."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.completion import (
    CompletionEntry,
    ItemKind,
    cache_policy_completions,
    dsl_completions,
    keyword_completions,
)
from pto_lsp.features.pl_catalogue import pl_aliases
from pto_lsp.server.methods.state import ServerState, text_before

OPTIONS = lsp.CompletionOptions(trigger_characters=["."])


def completion(ls: ServerState, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    document = ls.documents.get(params.text_document.uri)
    if document is None:
        return None
    index = document.line_index()
    line = params.position.line + 1
    prefix = text_before(index, line, index.byte_column(line, params.position.character, ls.encoding))
    items = [
        lsp.CompletionItem(
            label=item.name,
            kind=lsp.CompletionItemKind.EnumMember,
            detail=item.detail,
            documentation=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=item.documentation),
        )
        for item in cache_policy_completions(prefix)
    ]
    analysis = ls.analysis(document) if not items else None
    if analysis is not None:
        aliases = pl_aliases(analysis.environment)
        entries = dsl_completions(prefix, aliases)
        if not entries:
            # Inside a call whose `(` may be lines above: read from the unit's start (at most 200 lines).
            unit = document.unit_at(line)
            first = max(unit.start_line, line - 200) if unit is not None else line
            above = [index.line_text(n) for n in range(first, line)]
            entries = keyword_completions("\n".join([*above, prefix]), aliases)
        items = [_completion_item(entry) for entry in entries]
    return lsp.CompletionList(is_incomplete=False, items=items) if items else None


_ITEM_KINDS = {
    ItemKind.FUNCTION: lsp.CompletionItemKind.Function,
    ItemKind.MODULE: lsp.CompletionItemKind.Module,
    ItemKind.ENUM: lsp.CompletionItemKind.Enum,
    ItemKind.ENUM_MEMBER: lsp.CompletionItemKind.EnumMember,
    ItemKind.CONSTANT: lsp.CompletionItemKind.Constant,
    ItemKind.KEYWORD_ARGUMENT: lsp.CompletionItemKind.Variable,
}


def _completion_item(entry: CompletionEntry) -> lsp.CompletionItem:
    documentation = (
        lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=entry.documentation)
        if entry.documentation
        else None
    )
    return lsp.CompletionItem(
        label=entry.label, kind=_ITEM_KINDS[entry.kind], detail=entry.detail, documentation=documentation
    )
