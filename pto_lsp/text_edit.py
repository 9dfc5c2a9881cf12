"""Apply LSP content changes to a text, and say what changed in UTF-8 bytes.

tree-sitter is edited in bytes and (row, byte column) points; LSP speaks
lines and columns in the negotiated encoding. This module is the bridge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types as lsp

from pto_lsp.positions import Encoding
from pto_lsp.syntax_tree import ByteEdit

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class AppliedChange:
    text: str
    edit: ByteEdit | None  # None: the whole document was replaced


def line_starts(text: str) -> list[int]:
    """Character offsets where each line starts (LSP line breaks: \\r\\n, \\r, \\n)."""
    return [0, *(match.end() for match in _LINE_BREAK.finditer(text))]


def offset_of(text: str, starts: list[int], position: lsp.Position, encoding: Encoding) -> int:
    """The character offset of an LSP position, clamped into the text like editors do."""
    if position.line >= len(starts):
        return len(text)
    line_start = starts[position.line]
    line_end = starts[position.line + 1] if position.line + 1 < len(starts) else len(text)
    line = text[line_start:line_end].rstrip("\r\n")
    return line_start + _column_to_chars(line, position.character, encoding)


def _column_to_chars(line: str, column: int, encoding: Encoding) -> int:
    if encoding is Encoding.UTF32:
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


def apply_change(text: str, change: lsp.TextDocumentContentChangeEvent, encoding: Encoding) -> AppliedChange:
    if not isinstance(change, lsp.TextDocumentContentChangePartial):
        return AppliedChange(change.text, None)
    starts = line_starts(text)
    start = offset_of(text, starts, change.range.start, encoding)
    end = max(offset_of(text, starts, change.range.end, encoding), start)
    new_text = text[:start] + change.text + text[end:]
    start_byte = len(text[:start].encode("utf-8"))
    old_end_byte = start_byte + len(text[start:end].encode("utf-8"))
    new_end_byte = start_byte + len(change.text.encode("utf-8"))
    edit = ByteEdit(
        start_byte,
        old_end_byte,
        new_end_byte,
        _point(text, start),
        _point(text, end),
        _point(new_text, start + len(change.text)),
    )
    return AppliedChange(new_text, edit)


def _point(text: str, offset: int) -> tuple[int, int]:
    """tree-sitter's point for a character offset: (row counted in \\n, byte column)."""
    row = text.count("\n", 0, offset)
    line_start = text.rfind("\n", 0, offset) + 1
    return row, len(text[line_start:offset].encode("utf-8"))
