"""Request handlers: each converts positions at the boundary and asks one feature.

A failure inside a feature is logged and answered with an empty result: the
server never dies because of one request.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from compiler.codegen.pto_emitter import CodegenNotModelled, CodegenOptions, emit_kernel
from compiler.ir import FunctionType
from compiler.passes.pipeline import PIPELINE, run_passes
from compiler.printer import print_definitions
from pto_lsp.features.completion import CompletionEntry, ItemKind, cache_policy_completions, dsl_completions
from pto_lsp.features.document_outline import outline
from pto_lsp.features.hover import hover_markdown
from pto_lsp.features.inlay_hints import BYPASS_COMPILED_CACHED_TOOLTIP, policy_hints
from pto_lsp.features.lsp_diagnostics import to_lsp
from pto_lsp.features.pl_catalogue import pl_aliases
from pto_lsp.features.quick_fixes import quick_fixes
from pto_lsp.features.signature_help import signature_at
from pto_lsp.features.source_edits import SourceText
from pto_lsp.workspace.documents import Document
from pto_lsp.workspace.placement import DocumentAnalysis
from pto_lsp.workspace.positions import LineIndex

if TYPE_CHECKING:
    from pto_lsp.server.app import PtoLanguageServer

log = logging.getLogger(__name__)
R = TypeVar("R")


def never_fails(empty: Any) -> Callable[[Callable[..., R]], Callable[..., R]]:
    def decorate(handler: Callable[..., R]) -> Callable[..., R]:
        @wraps(handler)
        def guarded(*args: Any) -> R:
            try:
                return handler(*args)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return empty

        return guarded

    return decorate


@dataclass(frozen=True)
class Snapshot:
    """One document version with its analysis, as a request sees it."""

    document: Document
    analysis: DocumentAnalysis
    index: LineIndex


def snapshot(ls: PtoLanguageServer, uri: str) -> Snapshot | None:
    """The current analysis of an open PyPTO kernel (None for anything else)."""
    document = ls.documents.get(uri)
    analysis = ls.analysis(document) if document else None
    if document is None or analysis is None:
        return None
    return Snapshot(document, analysis, document.line_index())


def register(server: PtoLanguageServer) -> None:
    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @never_fails(None)
    def hover(ls: PtoLanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
        current = snapshot(ls, params.text_document.uri)
        if current is None:
            return None
        index = current.index
        line = params.position.line + 1
        column = index.byte_column(line, params.position.character, ls.encoding)
        bypass_lowered = ls.settings(current.document.uri).ptoas_cache_policy == "attribute"
        text = hover_markdown(
            current.analysis.with_last_good.window(line, line), line, column, bypass_lowered
        )
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT, lsp.InlayHintOptions(resolve_provider=False))
    @never_fails([])
    def inlay_hints(ls: PtoLanguageServer, params: lsp.InlayHintParams) -> list[lsp.InlayHint]:
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

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix])
    )
    @never_fails([])
    def code_actions(ls: PtoLanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        current = snapshot(ls, params.text_document.uri)
        if current is None:
            return []
        document, index = current.document, current.index
        wanted = params.range
        analysis = current.analysis.window(wanted.start.line + 1, wanted.end.line + 1)
        source = SourceText(index.line_text, document.unit_at)
        actions = []
        for diagnostic in analysis.diagnostics:
            published = to_lsp(diagnostic, index, document.uri, ls.encoding)
            if not _overlaps(published.range, wanted):
                continue
            for fix in quick_fixes(analysis, source, diagnostic):
                edits = [
                    lsp.TextEdit(range=index.range(edit.span, ls.encoding), new_text=edit.new_text)
                    for edit in fix.edits
                ]
                actions.append(
                    lsp.CodeAction(
                        title=fix.title,
                        kind=lsp.CodeActionKind.QuickFix,
                        diagnostics=[published],
                        edit=lsp.WorkspaceEdit(changes={document.uri: edits}),
                        is_preferred=fix.preferred or None,
                    )
                )
        return actions

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @never_fails([])
    def symbols(ls: PtoLanguageServer, params: lsp.DocumentSymbolParams) -> list[dict[str, Any]]:
        current = snapshot(ls, params.text_document.uri)
        if current is None:
            return []
        # JSON kept per unit (pygls sends a plain list as it is).
        return outline(current.analysis.with_last_good, current.index, ls.encoding)

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["."]))
    @never_fails(None)
    def completion(ls: PtoLanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
        document = ls.documents.get(params.text_document.uri)
        if document is None:
            return None
        index = document.line_index()
        line = params.position.line + 1
        column = index.byte_column(line, params.position.character, ls.encoding)
        prefix = index.line_text(line).encode("utf-8")[:column].decode("utf-8", errors="ignore")
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
            items = [
                _completion_item(entry) for entry in dsl_completions(prefix, pl_aliases(analysis.environment))
            ]
        return lsp.CompletionList(is_incomplete=False, items=items) if items else None

    @server.feature(lsp.TEXT_DOCUMENT_SIGNATURE_HELP, lsp.SignatureHelpOptions(trigger_characters=["(", ","]))
    @never_fails(None)
    def signature_help(ls: PtoLanguageServer, params: lsp.SignatureHelpParams) -> lsp.SignatureHelp | None:
        current = snapshot(ls, params.text_document.uri)
        if current is None:
            return None
        document, index = current.document, current.index
        line = params.position.line + 1
        unit = document.unit_at(line)
        if unit is None:
            return None
        column = index.byte_column(line, params.position.character, ls.encoding)
        # The call may have started lines above: read from the unit's start (at most 200 lines back).
        first = max(unit.start_line, line - 200)
        above = [index.line_text(n) for n in range(first, line)]
        cursor_line = index.line_text(line).encode("utf-8")[:column].decode("utf-8", errors="ignore")
        found = signature_at("\n".join([*above, cursor_line]), pl_aliases(current.analysis.environment))
        if found is None:
            return None
        signature = lsp.SignatureInformation(
            label=found.label,
            parameters=[lsp.ParameterInformation(label=span) for span in found.parameters],
            active_parameter=found.active,
        )
        return lsp.SignatureHelp(signatures=[signature], active_signature=0, active_parameter=found.active)

    # pygls passes a command's arguments one by one and reads their annotations at run time.
    @server.command("pto.showIR")
    def show_ir(ls: LanguageServer, uri: str, *options: str) -> str:
        """`pto.showIR(uri[, after[, function]])`: the IR after a pass (default: the last), as DSL text."""
        after, function = (*options, "", "")[:2]
        current = snapshot(server, uri)
        if current is None:
            raise ValueError("pto.showIR needs the URI of an open PyPTO kernel file")
        programs, functions = run_passes(
            current.analysis.programs, current.analysis.functions, after or PIPELINE[-1].name
        )
        if function:
            programs = [
                dataclasses.replace(p, functions=[f for f in p.functions if f.name == function])
                for p in programs
            ]
            programs = [p for p in programs if p.functions]
            functions = [f for f in functions if f.name == function]
        return print_definitions(programs, functions, current.analysis.environment)

    @server.command("pto.showMLIR")
    def show_mlir(ls: LanguageServer, uri: str, *options: str) -> str:
        """`pto.showMLIR(uri[, function])`: the PTO MLIR of the file's InCore kernels."""
        current = snapshot(server, uri)
        if current is None:
            raise ValueError("pto.showMLIR needs the URI of an open PyPTO kernel file")
        wanted = options[0] if options else ""
        programs, functions = run_passes(
            current.analysis.programs, current.analysis.functions, PIPELINE[-1].name
        )
        mode = server.settings(uri).ptoas_cache_policy
        codegen = CodegenOptions(ptoas_cache_policy=mode, file_label=to_fs_path(uri) or uri)
        modules = []
        for kernel in [f for p in programs for f in p.functions] + functions:
            if kernel.func_type is FunctionType.INCORE and wanted in ("", kernel.name):
                try:
                    modules.append(f"// kernel: {kernel.name}\n{emit_kernel(kernel, codegen).text}")
                except CodegenNotModelled as problem:
                    modules.append(f"// kernel: {kernel.name}: not emitted (not modelled yet: {problem})\n")
        return "".join(modules) or "// no InCore kernel in this file\n"


_ITEM_KINDS = {
    ItemKind.FUNCTION: lsp.CompletionItemKind.Function,
    ItemKind.MODULE: lsp.CompletionItemKind.Module,
    ItemKind.ENUM: lsp.CompletionItemKind.Enum,
    ItemKind.ENUM_MEMBER: lsp.CompletionItemKind.EnumMember,
    ItemKind.CONSTANT: lsp.CompletionItemKind.Constant,
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


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)
