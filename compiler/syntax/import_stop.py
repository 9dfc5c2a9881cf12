"""Where running the module certainly stops: the statements after it never run.

Importing a kernel module runs its top-level statements in order; the first that raises
stops the import, and nothing after it is defined, let alone parsed or compiled. The fold
knows one such statement for certain: reading, at module level, an attribute that a
folded frozen-dataclass instance does not have (`BATCH = M.batch` where the config's
class has no field or property `batch`: `dataclass_values`). The definitions after it
then get none of the parser's errors (the real compiler never reaches them); the
statement itself gets Python's error (`compiler.parser.python_eval`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import Any

from compiler.syntax.values import Instance

# Environment key (never an identifier): the names only statements after the stop bind.
IMPORT_STOPS = "import stops"

# The expressions Python evaluates whenever it evaluates their parent.
_EAGER = (ast.BinOp, ast.UnaryOp, ast.Tuple, ast.List, ast.Call, ast.Subscript, ast.Attribute, ast.Compare)


def certainly_raises(stmt: ast.stmt, lookup: Callable[[str], Any]) -> bool:
    """Whether running the module-level `stmt` reads a frozen-dataclass instance's missing
    attribute (`lookup`: the names' values where the statement runs)."""
    if isinstance(stmt, (ast.Assign, ast.Expr)) or (isinstance(stmt, ast.AnnAssign) and stmt.value):
        value = stmt.value
        assert value is not None
        return any(_missing_attribute(node, lookup) for node in _eager_nodes(value))
    return False


def _eager_nodes(node: ast.expr) -> Iterator[ast.expr]:
    yield node
    if isinstance(node, _EAGER):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                yield from _eager_nodes(child)
            elif isinstance(child, ast.keyword):
                yield from _eager_nodes(child.value)


def _missing_attribute(node: ast.expr, lookup: Callable[[str], Any]) -> bool:
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return False
    value = lookup(node.value.id)
    attr = node.attr
    return (
        isinstance(value, Instance)
        and value.every is not None
        and attr not in value.every
        and not (attr.startswith("__") and attr.endswith("__"))
    )
