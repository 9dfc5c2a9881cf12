"""Open documents: text, version, and a tree-sitter tree kept in step with every edit."""

from __future__ import annotations

from dataclasses import dataclass, field

from lsprotocol import types as lsp

from pto_lsp.positions import Encoding
from pto_lsp.syntax_tree import SyntaxTree, UnitSource, cut_units
from pto_lsp.text_edit import apply_change


@dataclass
class Document:
    uri: str
    version: int
    text: str
    tree: SyntaxTree = field(init=False)

    def __post_init__(self) -> None:
        self.tree = SyntaxTree(self.text.encode("utf-8"))

    def apply(
        self, changes: list[lsp.TextDocumentContentChangeEvent], version: int, encoding: Encoding
    ) -> None:
        for change in changes:
            applied = apply_change(self.text, change, encoding)
            self.text = applied.text
            if applied.edit is None:
                self.tree = SyntaxTree(self.text.encode("utf-8"))
            else:
                self.tree.edit(applied.edit, self.text.encode("utf-8"))
        self.version = version

    def units(self) -> list[UnitSource]:
        return cut_units(self.text, self.tree)


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
