"""The one boundary where compiler spans become LSP positions.

Compiler spans use `ast` coordinates: 1-based lines, 0-based UTF-8 byte
columns. LSP positions are 0-based lines and columns in the negotiated
encoding (UTF-16 code units unless the client offers UTF-8 or UTF-32).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

from compiler.base.span import Span
from compiler.syntax.units import split_lines

if TYPE_CHECKING:
    from lsprotocol import types as lsp


class Encoding(str, enum.Enum):
    UTF8 = "utf-8"
    UTF16 = "utf-16"
    UTF32 = "utf-32"

    @classmethod
    def negotiated(cls, value: object) -> Encoding:
        """The encoding a server's `positionEncoding` names (UTF-16, LSP's default, for anything else)."""
        return cls(value) if value in {e.value for e in cls} else cls.UTF16


class LineIndex:
    """Converts byte columns of one text's lines into other units."""

    def __init__(self, text: str) -> None:
        lines = split_lines(text)
        self._count = len(lines)
        self._line = lines.__getitem__

    @classmethod
    def of_lines(cls, count: int, line: Callable[[int], str]) -> LineIndex:
        """An index over lines kept elsewhere: `line(i)` is the 0-based line i without its
        line break. Nothing is split or copied: an open document's index costs nothing."""
        index = cls.__new__(cls)
        index._count = count
        index._line = line
        return index

    def line_text(self, line: int) -> str:
        """The text of a 1-based line ('' past the end)."""
        return self._line(line - 1) if 0 < line <= self._count else ""

    def column(self, line: int, byte_col: int, encoding: Encoding) -> int:
        text = self.line_text(line)
        encoded = text.encode("utf-8")
        prefix = encoded[: max(byte_col, 0)].decode("utf-8", errors="ignore")
        if encoding is Encoding.UTF8:
            return len(prefix.encode("utf-8"))
        if encoding is Encoding.UTF32:
            return len(prefix)
        return len(prefix.encode("utf-16-le")) // 2

    def byte_column(self, line: int, column: int, encoding: Encoding) -> int:
        """The UTF-8 byte column of a column counted in `encoding` on a 1-based line."""
        text = self.line_text(line)
        if encoding is Encoding.UTF8:
            return min(column, len(text.encode("utf-8")))
        units = 0
        for index, char in enumerate(text):
            if units >= column:
                return len(text[:index].encode("utf-8"))
            units += 2 if encoding is Encoding.UTF16 and ord(char) > 0xFFFF else 1
        return len(text.encode("utf-8"))

    def position(self, line: int, byte_col: int, encoding: Encoding) -> lsp.Position:
        # Imported here: lsprotocol takes half a second to import, and `pto-lsp check`'s
        # text output needs no LSP type.
        from lsprotocol import types as lsp

        return lsp.Position(**self.position_json(line, byte_col, encoding))

    def range(self, span: Span, encoding: Encoding = Encoding.UTF16) -> lsp.Range:
        from lsprotocol import types as lsp

        return lsp.Range(
            start=self.position(span.start_line, span.start_col, encoding),
            end=self.position(span.end_line, span.end_col, encoding),
        )

    def position_json(self, line: int, byte_col: int, encoding: Encoding) -> dict[str, int]:
        """An LSP `Position` as the wire's JSON (a line past the ends: the first or last)."""
        line = min(max(line, 1), max(self._count, 1))
        return {"line": line - 1, "character": self.column(line, byte_col, encoding)}

    def range_json(self, span: Span, encoding: Encoding = Encoding.UTF16) -> dict[str, dict[str, int]]:
        """An LSP `Range` as the wire's JSON."""
        return {
            "start": self.position_json(span.start_line, span.start_col, encoding),
            "end": self.position_json(span.end_line, span.end_col, encoding),
        }
