"""Source text the IR keeps (`OpaqueExpr`: a comparison, `a and b`) respelled when a pass
replaces what it reads: the text names its operands as the author wrote them."""

from __future__ import annotations

import ast

from compiler.ir.nodes import Expr, OpaqueExpr, Stmt
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts


def respell_reads(body: Stmt, old_name: str, new: Expr, replacement: str | int) -> None:
    """Every kept text under `body` that now reads `new` (by identity) in place of the
    var `old_name` writes `replacement` there: a name, or an INDEX constant."""
    for stmt in walk_stmts(body):
        for expr in own_exprs(stmt):
            for node in walk_expr(expr):
                if isinstance(node, OpaqueExpr) and _reads(node, new):
                    node.text = respelled(node.text, {old_name: replacement})


def respelled(source: str, replacements: dict[str, str | int]) -> str:
    """`source` with each name in `replacements` written as its replacement: another name,
    or an integer constant. An arithmetic or comparison whose leaves are then all integer
    constants writes them `pl.const(v, pl.INDEX)`, as the real printer writes such a tree."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return source
    constants = False
    for node in ast.walk(tree):
        for name, child in ast.iter_fields(node):
            replacement = replacements.get(child.id) if isinstance(child, ast.Name) else None
            if isinstance(replacement, int):
                setattr(node, name, ast.Constant(replacement))
                constants = True
            elif isinstance(replacement, str):
                child.id = replacement
            elif isinstance(child, list):
                for index, item in enumerate(child):
                    found = replacements.get(item.id) if isinstance(item, ast.Name) else None
                    if isinstance(found, int):
                        child[index] = ast.Constant(found)
                        constants = True
                    elif isinstance(found, str):
                        item.id = found
    if isinstance(tree.body, ast.Name) and isinstance(replacements.get(tree.body.id), int):
        tree.body = ast.Constant(replacements[tree.body.id])
    if constants:
        tree = _TypedConstants().visit(tree)
    return ast.unparse(tree)


class _TypedConstants(ast.NodeTransformer):
    """Integer constants of a tree of integer constants only, written `pl.const(v, pl.INDEX)`."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, (ast.BinOp, ast.Compare, ast.BoolOp)) and _integers_only(node):
            return _Typed().visit(node)
        return super().generic_visit(node)


class _Typed(ast.NodeTransformer):
    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return _pl_const(node.value)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:  # a negative literal is one constant
        assert isinstance(node.operand, ast.Constant)
        return _pl_const(-node.operand.value)


def _pl_const(value: int) -> ast.Call:
    pl = ast.Name("pl", ast.Load())
    return ast.Call(
        ast.Attribute(pl, "const", ast.Load()), [ast.Constant(value), ast.Attribute(pl, "INDEX")], []
    )


def _integers_only(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.UnaryOp):
        return (
            isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and _integers_only(node.operand)
        )
    if isinstance(node, ast.BinOp):
        return _integers_only(node.left) and _integers_only(node.right)
    if isinstance(node, ast.Compare):
        return len(node.ops) == 1 and _integers_only(node.left) and _integers_only(node.comparators[0])
    if isinstance(node, ast.BoolOp):
        return all(_integers_only(value) for value in node.values)
    return False


def _reads(expr: OpaqueExpr, new: Expr) -> bool:
    return any(node is new for operand in expr.operands for node in walk_expr(operand))
