"""Reading dotted names out of `ast` nodes."""

from __future__ import annotations

import ast


def attribute_path(node: ast.expr) -> list[str] | None:
    """`pl.tile.load` -> ["pl", "tile", "load"]; None unless it is a chain of names."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return [node.value.id, node.attr]  # `pl.load`, `self.kernel`: the usual call
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def dotted_name(node: ast.expr) -> str | None:
    """`pl.CachePolicy` -> "pl.CachePolicy": what `ast.unparse` gives for a chain of
    names (and only for one: any other expression unparses to other characters);
    None when `node` is no such chain."""
    path = attribute_path(node)
    return ".".join(path) if path is not None else None
