"""The document outline as LSP JSON, kept per unit.

An outline names every definition of the file, so a 10,000-line kernel file has
well over a thousand symbols; converting each of them on every request would
cost the server its responsiveness while the user types. Each unit's symbols are
converted once, when the unit is analysed, and kept on its analysis with the
lines it was analysed on; a unit that has only moved since is moved by adding
the distance to its line numbers.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from compiler.base.span import Span
from pto_lsp.features.symbols import SymbolKind, SymbolNode, unit_symbols
from pto_lsp.workspace.last_good import MovedAnalysis
from pto_lsp.workspace.placement import DocumentAnalysis, PlacedUnit, memo_of, remember
from pto_lsp.workspace.positions import Encoding, LineIndex

Symbol = dict[str, Any]  # an LSP DocumentSymbol, as JSON

_KINDS = {
    SymbolKind.PROGRAM: lsp.SymbolKind.Class.value,
    SymbolKind.FUNCTION: lsp.SymbolKind.Function.value,
    SymbolKind.SCOPE: lsp.SymbolKind.Namespace.value,
}


def outline(analysis: DocumentAnalysis, index: LineIndex, encoding: Encoding) -> list[Symbol]:
    """Every unit's DocumentSymbols, in source order."""
    return [symbol for placed in analysis.placed for symbol in _unit_outline(placed, index, encoding)]


def _unit_outline(placed: PlacedUnit, index: LineIndex, encoding: Encoding) -> list[Symbol]:
    key = ("outline", encoding)
    memo = memo_of(placed.analysis)
    kept: list[Symbol] | None = memo.get(key)
    delta = placed.delta
    if kept is None:
        # Converted where the unit is now (its lines are the text it was analysed from),
        # kept where it was analysed.
        unit = placed.current()
        nodes = (
            unit.derived(unit_symbols, "last-good outline")
            if isinstance(unit, MovedAnalysis)
            else unit_symbols(unit)
        )
        here = [_symbol(node, index, encoding) for node in nodes]
        remember(memo, key, [_moved(symbol, -delta) for symbol in here] if delta else here)
        return here
    return [_moved(symbol, delta) for symbol in kept] if delta else kept


def _symbol(node: SymbolNode, index: LineIndex, encoding: Encoding) -> Symbol:
    symbol: Symbol = {
        "name": node.name,
        "kind": _KINDS[node.kind],
        "range": _range(node.span, index, encoding),
        "selectionRange": _range(node.selection, index, encoding),
    }
    if node.detail:
        symbol["detail"] = node.detail
    if node.children:
        symbol["children"] = [_symbol(child, index, encoding) for child in node.children]
    return symbol


def _range(span: Span, index: LineIndex, encoding: Encoding) -> dict[str, Any]:
    start = index.position(span.start_line, span.start_col, encoding)
    end = index.position(span.end_line, span.end_col, encoding)
    return {
        "start": {"line": start.line, "character": start.character},
        "end": {"line": end.line, "character": end.character},
    }


def _moved(symbol: Symbol, delta: int) -> Symbol:
    moved = dict(symbol)
    moved["range"] = _moved_range(symbol["range"], delta)
    moved["selectionRange"] = _moved_range(symbol["selectionRange"], delta)
    if "children" in symbol:
        moved["children"] = [_moved(child, delta) for child in symbol["children"]]
    return moved


def _moved_range(range_: dict[str, Any], delta: int) -> dict[str, Any]:
    start, end = range_["start"], range_["end"]
    return {
        "start": {"line": start["line"] + delta, "character": start["character"]},
        "end": {"line": end["line"] + delta, "character": end["character"]},
    }
