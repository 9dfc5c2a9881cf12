"""A condition as the real codegen compares it: `arith.cmpi <predicate>, lhs, rhs`.

The parser keeps a comparison as source text (an `OpaqueExpr` whose operands are the two
sides it read); its operator is read from that text, never evaluated.
"""

from __future__ import annotations

import ast

from compiler.ir import Expr, OpaqueExpr

# Python's comparison operators and the signed `arith.cmpi` predicates the real codegen
# gives them on index values.
_PREDICATES: dict[type[ast.cmpop], str] = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "slt",
    ast.LtE: "sle",
    ast.Gt: "sgt",
    ast.GtE: "sge",
}


def comparison(expr: Expr) -> tuple[str, Expr, Expr] | None:
    """(predicate, lhs, rhs) of a single comparison `a <op> b`; None for anything else."""
    if not isinstance(expr, OpaqueExpr) or len(expr.operands) != 2:
        return None
    try:
        tree = ast.parse(expr.text.strip(), mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(tree, ast.Compare) or len(tree.ops) != 1:
        return None
    predicate = _PREDICATES.get(type(tree.ops[0]))
    if predicate is None:
        return None
    return predicate, expr.operands[0], expr.operands[1]
