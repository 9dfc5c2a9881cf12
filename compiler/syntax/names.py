"""Reading dotted names out of `ast` nodes."""

from __future__ import annotations

import ast


def attribute_path(node: ast.expr) -> list[str] | None:
    """`pl.tile.load` -> ["pl", "tile", "load"]; None unless it is a chain of names."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]
