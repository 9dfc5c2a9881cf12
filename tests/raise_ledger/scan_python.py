"""The `raise X(...)` sites of one Python file of the real compiler, with the function each is
in and the template of its message (f-string values, `.format` fields and `%` conversions as
`{}`; a message held in a variable followed back to its last assignment in the function).
A bare `raise` or `raise error` re-raises what another site raised: not a site."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from raise_ledger.templates import HOLE, join_parts


@dataclass(frozen=True)
class PySite:
    function: str
    line: int
    raises: str
    template: str


def scan(text: str) -> list[PySite]:
    tree = ast.parse(text)
    sites: list[PySite] = []
    _visit(tree, [], sites, {}, _constants(tree))
    return sites


def _constants(scope: ast.Module | ast.ClassDef) -> dict[str, ast.expr]:
    """The names a module or class body binds to a value once (a message kept as a constant)."""
    found: dict[str, ast.expr] = {}
    for statement in scope.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                found[target.id] = statement.value
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.value
        ):
            found[statement.target.id] = statement.value
    return found


def _visit(
    node: ast.AST,
    names: list[str],
    sites: list[PySite],
    assigned: dict[str, ast.expr],
    constants: dict[str, ast.expr],
) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _visit(child, [*names, child.name], sites, {}, {**constants, **_constants(child)})
            continue
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _visit(child, [*names, child.name], sites, {}, constants)
            continue
        if (
            isinstance(child, ast.Assign)
            and len(child.targets) == 1
            and isinstance(child.targets[0], ast.Name)
        ):
            assigned[child.targets[0].id] = child.value
        elif (
            isinstance(child, ast.AnnAssign)
            and isinstance(child.target, ast.Name)
            and child.value is not None
        ):
            assigned[child.target.id] = child.value
        if isinstance(child, ast.Raise) and isinstance(child.exc, ast.Call):
            call = child.exc
            raised = _name(call.func)
            if raised is not None:
                message = call.args[0] if call.args else _keyword(call, "message", "msg")
                template = _template(message, {**constants, **assigned}) if message is not None else ""
                sites.append(PySite(".".join(names) or "<module>", child.lineno, raised, template))
        _visit(child, names, sites, assigned, constants)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _keyword(call: ast.Call, *names: str) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg in names:
            return keyword.value
    return None


def _template(node: ast.expr, assigned: dict[str, ast.expr], depth: int = 0) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return join_parts(
            [
                part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else None
                for part in node.values
            ]
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return join_parts([_template(node.left, assigned, depth), _template(node.right, assigned, depth)])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = _template(node.left, assigned, depth)
        return re.sub(r"%[-#0 +]*\d*(?:\.\d+)?[sdrifx]", HOLE, left)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
    ):
        return re.sub(r"\{[^{}]*\}", HOLE, node.func.value.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return HOLE
    if isinstance(node, ast.Name) and node.id in assigned and depth < 3:
        return _template(assigned[node.id], assigned, depth + 1)
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.attr in assigned
        and depth < 3
    ):
        return _template(assigned[node.attr], assigned, depth + 1)  # `self.MESSAGE`: a class constant
    return HOLE
