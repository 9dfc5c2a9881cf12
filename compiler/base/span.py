"""Source spans in the coordinates Python's `ast` uses.

Lines are 1-based. Columns are 0-based offsets in UTF-8 bytes of the line, as
`ast` reports them; converting to characters or UTF-16 code units is the
caller's business (it needs the line text).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# A unit is parsed on its own, so its nodes count lines from the unit's first
# line. While a unit is analysed, this holds how many file lines lie above it;
# every span read from its nodes is moved down by that much. (Moving the nodes
# themselves would mean walking each tree in Python; this costs nothing.)
_LINE_OFFSET: ContextVar[int] = ContextVar("unit_line_offset", default=0)
_line_offset = _LINE_OFFSET.get  # bound once: `Span.of` reads it for nearly every node parsed
_new = object.__new__


@contextmanager
def unit_line_offset(offset: int) -> Iterator[None]:
    token = _LINE_OFFSET.set(offset)
    try:
        yield
    finally:
        _LINE_OFFSET.reset(token)


@dataclass(order=True, unsafe_hash=True, slots=True)
class Span:
    """Where some source is. Never changed once made (hashed as a value, shared by the
    IR and the diagnostics): it is not declared frozen because a frozen class writes
    each field through `object.__setattr__`, and a span is made for nearly every node
    parsed. Slots: plain stores and loads, no instance dict."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int

    @staticmethod
    def of(node: ast.AST) -> Span:
        """The span of an `ast` node that carries a location, in file lines."""
        offset = _line_offset()
        try:  # a parsed statement or expression has all four
            start_line = node.lineno + offset  # type: ignore[attr-defined]
            start_col = node.col_offset  # type: ignore[attr-defined]
            end_line = node.end_lineno + offset  # type: ignore[attr-defined]
            end_col = node.end_col_offset  # type: ignore[attr-defined]
        except (AttributeError, TypeError):  # missing, or an end left None
            return Span._of_partial(node, offset)
        if end_col is None:
            return Span._of_partial(node, offset)
        # Built without the __init__ call: a span is made for nearly every node parsed.
        span = _new(Span)
        span.start_line = start_line
        span.start_col = start_col
        span.end_line = end_line
        span.end_col = end_col
        return span

    @staticmethod
    def _of_partial(node: ast.AST, offset: int) -> Span:
        """`of` for a node missing some location attribute: the missing ones defaulted."""
        start_line = getattr(node, "lineno", 1) + offset
        start_col = getattr(node, "col_offset", 0)
        end_line = getattr(node, "end_lineno", None)
        end_line = end_line + offset if end_line is not None else start_line
        end_col = getattr(node, "end_col_offset", None)
        if end_col is None:
            end_col = start_col
        return Span(start_line, start_col, end_line, end_col)

    @staticmethod
    def header_of(node: ast.With | ast.For | ast.FunctionDef | ast.ClassDef | ast.AST) -> Span:
        """The first line of a compound statement: where its header is written."""
        full = Span.of(node)
        if isinstance(node, (ast.With, ast.For, ast.While, ast.If)) and node.body:
            first = Span.of(node.body[0])
            if first.start_line > full.start_line:
                return Span(full.start_line, full.start_col, first.start_line - 1, _END_OF_LINE)
        return Span(full.start_line, full.start_col, full.start_line, _END_OF_LINE)

    def __deepcopy__(self, memo: dict[int, object]) -> Span:
        """Never changed once made: a copy of the IR (the passes', `run_passes`) shares it."""
        return self

    def contains(self, other: Span) -> bool:
        return (self.start_line, self.start_col) <= (other.start_line, other.start_col) and (
            other.end_line,
            other.end_col,
        ) <= (self.end_line, self.end_col)


# A column past any real line end: converters clamp it to the line's length.
_END_OF_LINE = 1 << 30
