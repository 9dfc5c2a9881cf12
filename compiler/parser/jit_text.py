"""A `@pl.jit` body's code as the real parser reads it, for the text its messages quote.

The real specializer (`pypto/jit/specializer.py`, `visit_Name`) rewrites the body before
the parser sees it: a read of a module int/float/bool becomes that literal, and a read of
a dynamic dimension (`pl.dynamic("M")` in a parameter's annotation) becomes
`pl.tensor.dim(<the first parameter annotated with it>, <its axis>)`; neither happens to a
name the body binds itself (a parameter or an assignment target). A message that quotes
the code (`Unsupported operation call: ...`) quotes the rewritten code: this module writes
it, on a copy (the tree we parse is never changed).
"""

from __future__ import annotations

import ast
import copy
from typing import Any

from compiler.syntax.subtree import binders
from compiler.syntax.values import DynVar, StaticEvaluator


def dynamic_anchors(node: ast.FunctionDef, evaluator: StaticEvaluator) -> dict[str, tuple[str, int]]:
    """Each dynamic dimension's name -> (the first parameter whose annotated shape holds
    it, its axis), in parameter and axis order."""
    anchors: dict[str, tuple[str, int]] = {}
    for arg in node.args.args:
        for axis, dim in enumerate(_annotated_shape(arg.annotation)):
            value = evaluator.eval(dim)
            if isinstance(value, DynVar) and value.name not in anchors:
                anchors[value.name] = (arg.arg, axis)
    return anchors


def _annotated_shape(annotation: ast.expr | None) -> list[ast.expr]:
    """The shape list of `pl.Tensor[[...], dt]`, also inside `pl.Out[...]` / `pl.InOut[...]`."""
    while isinstance(annotation, ast.Subscript):
        index = annotation.slice
        if isinstance(index, ast.Tuple) and index.elts and isinstance(index.elts[0], ast.List):
            return list(index.elts[0].elts)
        annotation = index if isinstance(index, ast.Subscript) else None
    return []


def body_names(node: ast.FunctionDef) -> frozenset[str]:
    """The names the function binds itself (parameters, assignment and loop targets)."""
    names = {arg.arg for arg in node.args.args}
    for binder in binders(node):
        if isinstance(binder, ast.Name) and not isinstance(binder.ctx, ast.Load):
            names.add(binder.id)
    return frozenset(names)


class _Rewrite(ast.NodeTransformer):
    def __init__(
        self, literals: dict[str, Any], anchors: dict[str, tuple[str, int]], own: frozenset[str]
    ) -> None:
        self._literals = literals
        self._anchors = anchors
        self._own = own

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if not isinstance(node.ctx, ast.Load) or node.id in self._own:
            return node
        if node.id in self._anchors:
            param, axis = self._anchors[node.id]
            return ast.Call(
                func=ast.Attribute(value=ast.Attribute(value=ast.Name("pl"), attr="tensor"), attr="dim"),
                args=[ast.Name(param), ast.Constant(axis)],
                keywords=[],
            )
        if node.id in self._literals:
            return ast.Constant(self._literals[node.id])
        return node


def jit_source_text(
    node: ast.AST, literals: dict[str, Any], anchors: dict[str, tuple[str, int]], own: frozenset[str]
) -> str:
    """`node` unparsed as the specializer rewrote it: `literals` are the module values it
    writes in, `anchors` the dynamic dimensions, `own` the names the body binds."""
    return ast.unparse(_Rewrite(literals, anchors, own).visit(copy.deepcopy(node)))
