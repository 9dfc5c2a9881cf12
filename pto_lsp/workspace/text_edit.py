"""Apply an LSP content change to a document's lines.

LSP speaks lines and columns in the negotiated encoding. The change is applied
to the region of the lines it touches (never the whole text), which is cut back
into lines and spliced into the line table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from compiler.syntax.unit_scan import content, split_keeping_ends
from pto_lsp.workspace.line_table import LineTable
from pto_lsp.workspace.positions import Encoding

if TYPE_CHECKING:  # lsprotocol takes ~0.3 s to load: not before a change needs it
    from lsprotocol import types as lsp


@dataclass(frozen=True)
class LineEdit:
    """One applied change: lines [first, first + removed) became `added` lines."""

    first: int
    removed: int
    added: int


def column_to_chars(line: str, column: int, encoding: Encoding) -> int:
    """The character index of a column counted in `encoding`, clamped into the line."""
    if encoding is Encoding.UTF32 or line.isascii():
        return min(column, len(line))
    units = 0
    for index, char in enumerate(line):
        if units >= column:
            return index
        code = ord(char)
        if encoding is Encoding.UTF16:
            units += 2 if code > 0xFFFF else 1
        else:
            units += 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    return len(line)


def _position(lines: LineTable, position: lsp.Position, encoding: Encoding) -> tuple[int, int]:
    """(line, character in the line) of an LSP position, clamped into the text like editors do."""
    if position.line >= len(lines):
        last = len(lines) - 1
        return last, len(content(lines.line(last)))
    return position.line, column_to_chars(content(lines.line(position.line)), position.character, encoding)


def apply_change(
    lines: LineTable, change: lsp.TextDocumentContentChangePartial, encoding: Encoding
) -> LineEdit:
    start_line, start_char = _position(lines, change.range.start, encoding)
    end_line, end_char = _position(lines, change.range.end, encoding)
    if (end_line, end_char) < (start_line, start_char):
        end_line, end_char = start_line, start_char
    # The region: the touched lines, and the line before when it ends in a lone \r
    # (a \n at the start of the region would join its line break).
    first = start_line
    if first > 0 and lines.line(first - 1).endswith("\r"):
        first -= 1
    old_lines = lines.lines(first, end_line + 1)
    region = "".join(old_lines)
    start = sum(map(len, old_lines[: start_line - first])) + start_char
    end = sum(map(len, old_lines[: end_line - first])) + end_char
    new_lines = split_keeping_ends(region[:start] + change.text + region[end:])
    if end_line + 1 < len(lines):
        new_lines.pop()  # the region ended with a line break: the next line follows
    lines.replace(first, end_line + 1, new_lines)
    return LineEdit(first, end_line + 1 - first, len(new_lines))
