"""Calls of the module's small plain helpers, folded where a closure reads their value.

`big_m, big_n = chained_snapshot_shape(branches=branches)` in a program factory runs the
helper when the factory runs; the real parser then reads the values it returned. We never
run it: a helper whose body is only straight-line arithmetic is folded instead, with the
call's folded arguments. Its body may hold a docstring, `if <test>: raise ...` guards (the
test folded to False, else the call's value is unknown: the real call raises, or may), plain
`name = <expr>` bindings and ends with `return <expr>`; anything else leaves the call
unknown. Its names read the helper's parameters and bindings, then the module's globals.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from compiler.syntax.values import UNKNOWN, PlainDefinition, StaticEvaluator

# More statements than this: not a helper worth folding (a keystroke folds it).
_MAX_STATEMENTS = 16
# Helpers calling helpers: folded this deep (a recursive one is unknown).
_MAX_NESTED = 8
_nested = 0
_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}


def foldable_helper(stmt: ast.stmt) -> bool:
    """Whether `stmt` is a plain `def` whose calls `fold_call` can fold: no decorator, plain
    parameters, and a body of the statements the module docstring lists."""
    if not isinstance(stmt, ast.FunctionDef) or stmt.decorator_list:
        return False
    args = stmt.args
    if args.vararg or args.kwarg or not stmt.body or len(stmt.body) > _MAX_STATEMENTS:
        return False
    *steps, last = stmt.body
    return isinstance(last, ast.Return) and last.value is not None and all(map(_straight_line, steps))


def _straight_line(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Expr):
        return isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)  # a docstring
    if isinstance(stmt, ast.If):
        return not stmt.orelse and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Raise)
    if isinstance(stmt, ast.Assign):
        return all(_plain_target(target) for target in stmt.targets)
    return False


def _plain_target(target: ast.expr) -> bool:
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Name) for e in target.elts)


def fold_call(helper: PlainDefinition, call: ast.Call, evaluate: Callable[[ast.expr], Any]) -> Any:
    """The value `call` of `helper` returns, its arguments folded by `evaluate`; UNKNOWN
    where any step is not known (or where the real call raises)."""
    global _nested
    node, module_values = helper.node, helper.module_values
    if node is None or module_values is None or _nested >= _MAX_NESTED:
        return UNKNOWN
    _nested += 1
    try:
        return _fold(node, module_values, call, evaluate)
    finally:
        _nested -= 1


def _fold(
    node: ast.FunctionDef, module_values: dict[str, Any], call: ast.Call, evaluate: Callable[[ast.expr], Any]
) -> Any:
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return UNKNOWN
    bound = _bound(node, call, evaluate, module_values)
    if bound is None:
        return UNKNOWN
    evaluator = StaticEvaluator(
        lambda name: bound[name] if name in bound else module_values.get(name, UNKNOWN)
    )
    for stmt in node.body:
        if isinstance(stmt, ast.Expr):
            continue
        if isinstance(stmt, ast.If):
            if _test(stmt.test, evaluator) is not False:
                return UNKNOWN  # the guard raises, or may
        elif isinstance(stmt, ast.Assign):
            value = evaluator.eval(stmt.value)
            for target in stmt.targets:
                _bind(target, value, bound)
        elif isinstance(stmt, ast.Return) and stmt.value is not None:
            return evaluator.eval(stmt.value)
    return UNKNOWN


def _bound(
    node: ast.FunctionDef, call: ast.Call, evaluate: Callable[[ast.expr], Any], module_values: dict[str, Any]
) -> dict[str, Any] | None:
    """The helper's parameters bound to the call's values (defaults where not passed, folded
    over the module); None for a call Python refuses."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    if len(call.args) > len(positional):
        return None
    bound: dict[str, Any] = {param.arg: evaluate(arg) for param, arg in zip(positional, call.args)}
    by_name = {param.arg for param in [*args.args, *args.kwonlyargs]}
    for keyword in call.keywords:
        if keyword.arg not in by_name or keyword.arg in bound:
            return None
        bound[keyword.arg] = evaluate(keyword.value)
    defaults = StaticEvaluator(lambda name: module_values.get(name, UNKNOWN))
    for param, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults):
        bound.setdefault(param.arg, defaults.eval(default))
    for param, default in zip(args.kwonlyargs, args.kw_defaults):
        if default is not None:
            bound.setdefault(param.arg, defaults.eval(default))
    if any(param.arg not in bound for param in [*positional, *args.kwonlyargs]):
        return None
    return bound


def _test(test: ast.expr, evaluator: StaticEvaluator) -> Any:
    """A guard's test: a comparison chain of numbers, `not`, or a value's truth; UNKNOWN else."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _test(test.operand, evaluator)
        return UNKNOWN if inner is UNKNOWN else not inner
    if isinstance(test, ast.Compare):
        left = evaluator.eval(test.left)
        for op, right_node in zip(test.ops, test.comparators):
            right = evaluator.eval(right_node)
            compare = _COMPARISONS.get(type(op))
            if compare is None or not (_is_number(left) and _is_number(right)):
                return UNKNOWN
            if not compare(left, right):
                return False
            left = right
        return True
    value = evaluator.eval(test)
    return bool(value) if _is_number(value) else UNKNOWN


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and value is not UNKNOWN


def _bind(target: ast.expr, value: Any, bound: dict[str, Any]) -> None:
    if isinstance(target, ast.Name):
        bound[target.id] = value
        return
    assert isinstance(target, (ast.Tuple, ast.List))
    items = value if isinstance(value, (tuple, list)) and len(value) == len(target.elts) else None
    for index, element in enumerate(target.elts):
        assert isinstance(element, ast.Name)
        bound[element.id] = items[index] if items is not None else UNKNOWN


def free_names(node: ast.FunctionDef) -> tuple[str, ...]:
    """The names the helper reads that are none of its parameters or bindings: the module's."""
    args = node.args
    local = {param.arg for param in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    for stmt in node.body:
        if isinstance(stmt, ast.Assign):
            local.update(n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    defaults = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    read = {
        n.id
        for part in [*node.body, *defaults]
        for n in ast.walk(part)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    return tuple(sorted(read - local))
