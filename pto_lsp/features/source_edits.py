"""Statement-level text edits for quick fixes: remove a statement, insert one.

Edits are in compiler coordinates (1-based lines, UTF-8 byte columns) and are
converted to LSP ranges by the handler. Removing the only statement of a block
leaves `pass`, so the result still parses.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span, unit_line_offset
from compiler.syntax.unit_scan import UnitSource
from compiler.syntax.units import parse_unit


@dataclass(frozen=True)
class Edit:
    span: Span  # the text replaced (empty span: an insertion)
    new_text: str


@dataclass(frozen=True)
class QuickFix:
    title: str
    diagnostic: Diagnostic
    edits: tuple[Edit, ...]
    preferred: bool = False


@dataclass(frozen=True)
class StatementSite:
    """A statement found by its span, with the block (list of statements) that holds it."""

    node: ast.stmt
    block: list[ast.stmt]
    span: Span
    line_offset: int  # the unit's nodes count lines from the unit's start
    # The compound statements (`if`, `for`, `with`, ...) it is nested in, outermost first.
    enclosing: tuple[ast.stmt, ...] = ()

    def span_of(self, node: ast.AST) -> Span:
        """The file span of a node inside this statement."""
        with unit_line_offset(self.line_offset):
            return Span.of(node)


class SourceText:
    """The document's text as the edits need it: its lines, and the unit holding a line.
    Both are looked up, never copied, so a quick fix costs the same in any file."""

    def __init__(self, line: Callable[[int], str], unit_at: Callable[[int], UnitSource | None]) -> None:
        self.line = line  # the text of a 1-based line, without its break ('' past the end)
        self._unit_at = unit_at

    def segment(self, span: Span) -> str:
        if span.start_line == span.end_line:
            return _bytes_slice(self.line(span.start_line), span.start_col, span.end_col)
        parts = [_bytes_slice(self.line(span.start_line), span.start_col, None)]
        parts += [self.line(n) for n in range(span.start_line + 1, span.end_line)]
        parts.append(_bytes_slice(self.line(span.end_line), 0, span.end_col))
        return "\n".join(parts)

    def reindented(self, span: Span, indent: str) -> str:
        """The text of `span` (a statement starting its line) for a line indented by `indent`:
        its continuation lines keep their place relative to its first line."""
        old = self.indentation(span.start_line)
        first, *rest = self.segment(span).split("\n")
        moved = [indent + line[len(old) :] if line.startswith(old) else line for line in rest]
        return "\n".join([first, *moved])

    def indentation(self, line: int) -> str:
        text = self.line(line)
        return text[: len(text) - len(text.lstrip(" \t"))]

    def unit_at(self, line: int) -> UnitSource | None:
        """The unit holding a 1-based line."""
        return self._unit_at(line)

    def statement_at(self, span: Span) -> StatementSite | None:
        """The statement whose span is exactly `span`, parsed from its unit (never executed)."""
        unit = self._unit_at(span.start_line)
        if unit is None:
            return None
        parsed = parse_unit(unit.text, unit.start_line)
        with unit_line_offset(unit.start_line - 1):
            return _find(list(parsed.nodes), span, unit.start_line - 1)

    def located_nodes(self, line: int) -> list[tuple[ast.AST, Span]]:
        """Every node of the unit holding a 1-based line, with its file span, in tree order
        (parsed from its unit, never executed; empty when the unit does not parse)."""
        unit = self._unit_at(line)
        if unit is None:
            return []
        parsed = parse_unit(unit.text, unit.start_line)
        with unit_line_offset(unit.start_line - 1):
            return [
                (node, Span.of(node))
                for top in parsed.nodes
                for node in ast.walk(top)
                if hasattr(node, "lineno")
            ]

    def remove_statement(self, site: StatementSite) -> Edit:
        if len(site.block) == 1:
            return Edit(site.span, "pass")
        span = site.span
        before = _bytes_slice(self.line(span.start_line), 0, span.start_col)
        after = _bytes_slice(self.line(span.end_line), span.end_col, None)
        if not before.strip() and (not after.strip() or after.strip().startswith("#")):
            # The statement has its lines to itself: take the lines away.
            return Edit(Span(span.start_line, 0, span.end_line + 1, 0), "")
        return Edit(span, "")

    def insert_before_line(self, line: int, indent: str, statement: str) -> Edit:
        return Edit(Span(line, 0, line, 0), f"{indent}{statement}\n")


def applied(unit: UnitSource, edits: tuple[Edit, ...]) -> str | None:
    """The unit's text with the edits made (None: an edit reaches outside the unit)."""
    lines = unit.text.split("\n")
    last = unit.start_line + len(lines) - 1
    for edit in sorted(edits, key=lambda e: (e.span.start_line, e.span.start_col), reverse=True):
        span = edit.span
        if not unit.start_line <= span.start_line <= span.end_line <= last:
            return None
        first = lines[span.start_line - unit.start_line].encode("utf-8")
        end = lines[span.end_line - unit.start_line].encode("utf-8")
        text = (first[: span.start_col] + edit.new_text.encode("utf-8") + end[span.end_col :]).decode("utf-8")
        lines[span.start_line - unit.start_line : span.end_line - unit.start_line + 1] = text.split("\n")
    return "\n".join(lines)


def _find(
    block: list[ast.stmt], span: Span, line_offset: int, enclosing: tuple[ast.stmt, ...] = ()
) -> StatementSite | None:
    for node in block:
        node_span = Span.of(node)
        if node_span == span:
            return StatementSite(node, block, node_span, line_offset, enclosing)
        if node_span.contains(span):
            for field in ("body", "orelse", "finalbody"):
                children = getattr(node, field, None)
                if isinstance(children, list) and children and isinstance(children[0], ast.stmt):
                    found = _find(children, span, line_offset, (*enclosing, node))
                    if found is not None:
                        return found
    return None


def _bytes_slice(text: str, start: int, end: int | None) -> str:
    encoded = text.encode("utf-8")
    return encoded[start:end].decode("utf-8", errors="replace")
