"""The `pl.` enums a header or decorator names, read as the real parser's
`extract_enum_value` reads them: `pl.<Enum>.X` or `<Enum>.X`, a known member."""

from __future__ import annotations

import ast

from compiler.parser.errors import syntax_error
from compiler.syntax.pl_exports import LEVEL_MEMBERS

LEVEL_NAMES = LEVEL_MEMBERS  # in the order upstream lists them in its hint
ROLE_NAMES = ("Orchestrator", "SubWorker")
SCOPE_MODE_NAMES = ("AUTO", "MANUAL")
SPLIT_MODE_NAMES = ("NONE", "UP_DOWN", "LEFT_RIGHT")


def enum_member(node: ast.expr, names: tuple[str, ...], enum_name: str) -> str:
    """`pl.<Enum>.X` or `<Enum>.X`. Upstream's error has no location: it points at the value."""
    qualified = f"pl.{enum_name}"
    if not isinstance(node, ast.Attribute):
        raise syntax_error(f"Expected {qualified}.<name>", node, f"Use {qualified}.<name>.")
    if node.attr not in names:
        raise syntax_error(
            f"Unknown {enum_name} value: {node.attr}", node, f"Valid values: {', '.join(names)}"
        )
    prefix = node.value
    if (isinstance(prefix, ast.Name) and prefix.id == enum_name) or (
        isinstance(prefix, ast.Attribute)
        and prefix.attr == enum_name
        and isinstance(prefix.value, ast.Name)
        and prefix.value.id == "pl"
    ):
        return node.attr
    raise syntax_error(f"Expected {qualified}.<name>", node)
