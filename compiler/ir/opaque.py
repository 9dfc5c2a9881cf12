"""Source text the IR keeps (`OpaqueExpr`: a comparison, `a and b`) respelled when a pass
replaces what it reads: the text names its operands as the author wrote them."""

from __future__ import annotations

import ast

from compiler.ir.nodes import Expr, OpaqueExpr, Stmt
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts


def respell_reads(body: Stmt, old_name: str, new: Expr, text: str) -> None:
    """Every kept text under `body` that now reads `new` (by identity) in place of the
    var `old_name` writes `text` where it wrote that name."""
    for stmt in walk_stmts(body):
        for expr in own_exprs(stmt):
            for node in walk_expr(expr):
                if isinstance(node, OpaqueExpr) and _reads(node, new):
                    node.text = respelled(node.text, {old_name: text})


def respelled(source: str, renames: dict[str, str]) -> str:
    """`source` with each name in `renames` written as its replacement text."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return source
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in renames:
            node.id = renames[node.id]
    return ast.unparse(tree)


def _reads(expr: OpaqueExpr, new: Expr) -> bool:
    return any(node is new for operand in expr.operands for node in walk_expr(operand))
