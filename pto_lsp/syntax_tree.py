"""A tree-sitter tree per document, edited in place and re-parsed incrementally.

The tree cuts the module into units (top-level statements). tree-sitter
recovers from errors, so the units around a half-typed definition stay intact
and keep their analysis while the author types.
"""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter
import tree_sitter_python

_LANGUAGE = tree_sitter.Language(tree_sitter_python.language())


@dataclass(frozen=True)
class UnitSource:
    """One unit: its text, cut at line starts, and the 1-based line it starts on."""

    text: str
    start_line: int


@dataclass(frozen=True)
class ByteEdit:
    """A replacement in UTF-8 bytes, with tree-sitter points (row, byte column)."""

    start_byte: int
    old_end_byte: int
    new_end_byte: int
    start_point: tuple[int, int]
    old_end_point: tuple[int, int]
    new_end_point: tuple[int, int]


class SyntaxTree:
    def __init__(self, source: bytes) -> None:
        self._parser = tree_sitter.Parser(_LANGUAGE)
        self._source = source
        self._tree = self._parser.parse(source)

    def edit(self, edit: ByteEdit, new_source: bytes) -> None:
        self._tree.edit(
            start_byte=edit.start_byte,
            old_end_byte=edit.old_end_byte,
            new_end_byte=edit.new_end_byte,
            start_point=edit.start_point,
            old_end_point=edit.old_end_point,
            new_end_point=edit.new_end_point,
        )
        self._source = new_source
        self._tree = self._parser.parse(new_source, self._tree)

    def units(self) -> list[UnitSource]:
        """Top-level statements, grouped so that each unit starts at column 0 of a line."""
        groups: list[list[int]] = []  # [start row, byte where that row starts, end byte, end row]
        for node in self._tree.root_node.children:
            if node.type == "comment":
                continue
            start_row, start_column = node.start_point
            # A node on the previous unit's last line, or an indented one (the rest of a
            # definition that error recovery split off), continues the previous unit.
            if groups and (start_row <= groups[-1][3] or start_column > 0):
                groups[-1][2] = max(groups[-1][2], node.end_byte)
                groups[-1][3] = max(groups[-1][3], node.end_point[0])
                continue
            groups.append([start_row, node.start_byte - start_column, node.end_byte, node.end_point[0]])
        return [
            UnitSource(self._source[start:end].decode("utf-8", errors="replace"), row + 1)
            for row, start, end, _ in groups
        ]


def has_lone_carriage_return(text: str) -> bool:
    """tree-sitter counts rows in \\n only; Python and LSP also break lines at a lone \\r."""
    return text.count("\r") != text.count("\r\n")


def cut_units(text: str, tree: SyntaxTree | None = None) -> list[UnitSource]:
    """The units of a text, from its tree-sitter tree.

    With a lone \r the tree's rows would disagree with the lines Python and the
    client count, so the whole text is one unit then: slower, never wrong.
    """
    if has_lone_carriage_return(text):
        return [UnitSource(text, 1)]
    return (tree or SyntaxTree(text.encode("utf-8"))).units()
