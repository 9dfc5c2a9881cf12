"""Open documents: lines, version, and their units, kept in step with every edit.

An edit costs what it touches: its lines are spliced into the line table and
the units around them are cut again (`UnitCut`). The whole text is joined only
when someone asks for it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from compiler.syntax.source_checks import refusing_line
from compiler.syntax.unit_scan import UnitSource, content
from pto_lsp.workspace.line_table import LineTable
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.sources import imports_pypto_language
from pto_lsp.workspace.text_edit import LineEdit, apply_change
from pto_lsp.workspace.unit_cut import Unit, UnitCut

if TYPE_CHECKING:  # lsprotocol takes ~0.3 s to load: not before a change needs it
    from lsprotocol import types as lsp

TypedRows = tuple[int, int]
UNKNOWN: TypedRows = (-1, -1)  # an edit that was not a keystroke
_REVISIONS = itertools.count(1)


class Document:
    def __init__(self, uri: str, version: int, text: str) -> None:
        self.uri = uri
        self.version = version
        # A new number for every text this document had: what an analysis is kept by. The
        # client's version is only what it says; the same version may come with new text
        # (a client that resends it, a second didOpen), and new text is a new analysis.
        self.revision = next(_REVISIONS)
        self._reset(text)

    def _reset(self, text: str) -> None:
        self._lines = LineTable(text)
        self._text: str | None = text
        self._cut = UnitCut(self._lines)
        self._typed: TypedRows | None = None  # set by typing, cleared by any other edit

    def _typing(self, change: lsp.TextDocumentContentChangePartial, edit: LineEdit) -> None:
        """Note the rows a keystroke touched; any other edit (a paste, a completion, a fix)
        leaves nothing to note until it is taken. A keystroke types at most two characters
        (an auto-closed pair) or a line break with its indentation, over whatever was
        selected: inserting, typing over a selection and deleting are alike (double-click
        `load`, type `l`: the `pl.l` of that moment is as half-typed as `pl.loadl`)."""
        keystroke = len(change.text.strip()) <= 2 and change.text.count("\n") <= 1
        typed = self._typed
        if not keystroke or typed is UNKNOWN:
            self._typed = UNKNOWN
            return
        last = edit.first + max(edit.added, 1) - 1
        if typed is not None:  # rows noted before move with the lines added or removed above them
            delta = edit.added - edit.removed
            low, high = (row + delta if row >= edit.first + edit.removed else row for row in typed)
            self._typed = (min(low, edit.first), max(high, last))
        else:
            self._typed = (edit.first, last)

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self._lines.text()
        return self._text

    def apply(
        self, changes: Sequence[lsp.TextDocumentContentChangeEvent], version: int, encoding: Encoding
    ) -> None:
        from lsprotocol import types as lsp  # loaded by then: the changes are its objects

        for change in changes:
            if not isinstance(change, lsp.TextDocumentContentChangePartial):
                self._reset(change.text)
                self._typed = UNKNOWN
                continue
            edit = apply_change(self._lines, change, encoding)
            self._text = None
            self._cut.replaced(edit.first, edit.removed, edit.added)
            self._typing(change, edit)
        self.version = version
        self.revision = next(_REVISIONS)

    def take_typed_rows(self) -> TypedRows | None:
        """The 0-based rows (first, last) typed into, keystroke by keystroke, since the last
        call; None when nothing was, or when some edit since was not a keystroke."""
        typed, self._typed = self._typed, None
        return None if typed is UNKNOWN else typed

    def units(self) -> list[UnitSource]:
        return self._cut.units()

    def unit_at(self, line: int) -> UnitSource | None:
        """The unit holding a 1-based line."""
        return self._cut.unit_at(line)

    def unit_list(self) -> Sequence[Unit]:
        """The units as the engine takes them: unchanged ones are the same objects as before.
        A text Python refuses before its first statement (a NUL byte, a misleading coding
        declaration: `source_checks`) is one unit, the line that stops it, as `pto-lsp
        check` cuts it (a new list: the engine then looks at it whole)."""
        line = self._refusing_line()
        if line is None:
            return self._cut.unit_list()
        return [Unit(self._lines.line(line - 1), line - 1, 1)]

    def take_unit_changes(self) -> list[tuple[int, int, int, int]] | None:
        """The splices made to `unit_list()` since the last call (see `UnitCut.take_changes`);
        None (look at every unit) when the list was a refused text's one unit."""
        changes = self._cut.take_changes()
        return None if self._refusing_line() is not None else changes

    def _refusing_line(self) -> int | None:
        lines = self._lines
        return refusing_line(lines.line, len(lines), lines.nul_lines > 0)

    def line_index(self) -> LineIndex:
        """Positions of this version, read from the line table (valid until the next edit)."""
        lines = self._lines
        return LineIndex.of_lines(len(lines), lambda index: content(lines.line(index)))

    def line_count(self) -> int:
        return len(self._lines)

    def imports_pypto_language(self) -> bool:
        if self._lines.lone_cr_lines:
            return imports_pypto_language(self.text)  # lines differ from the pattern's lines
        return self._lines.importing_lines > 0


class DocumentStore:
    def __init__(self) -> None:
        self._documents: dict[str, Document] = {}

    def open(self, uri: str, version: int, text: str) -> Document:
        document = Document(uri, version, text)
        self._documents[uri] = document
        return document

    def get(self, uri: str) -> Document | None:
        return self._documents.get(uri)

    def uris(self) -> list[str]:
        return list(self._documents)

    def close(self, uri: str) -> None:
        self._documents.pop(uri, None)
