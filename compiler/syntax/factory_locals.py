"""The closure of a DSL definition written inside a plain Python function (a factory).

`def _build_program(): ROWS, COLS = _ROWS, _COLS; @pl.program class P: ...` runs the
decorator while the factory executes, so the program's bodies see the factory's locals
as they stand at that point, over the module globals. The real parser reads those
values; so do we, for the straight-line code before the definition:
- every name the factory binds anywhere (a parameter included) shadows the module's
  value and is unknown unless that straight-line code folds it;
- the statements before the definition are folded in order, as the module's are;
- inside a loop nothing is folded: an earlier iteration may have rebound any name.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.syntax.environment import ModuleEnvironment, fold_statement
from compiler.syntax.jit_calls import JIT_CALLS
from compiler.syntax.values import UNKNOWN, Instance

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def factory_environment(
    env: ModuleEnvironment,
    factory: ast.FunctionDef | ast.AsyncFunctionDef,
    path: list[ast.stmt],
    bound_names: frozenset[str],
    dsl_decorator_of: Callable[[ast.stmt, ModuleEnvironment], Any] | None = None,
    owner: ast.ClassDef | None = None,
) -> ModuleEnvironment:
    """`env` as seen from inside `factory`, just before the statement `path[-1]` runs.

    `path` is the chain of statements from one of `factory.body`'s statements down to
    the definition; `bound_names` every name the factory binds (parameters included).
    The program is the one the factory builds called with its parameters' defaults; a
    factory with a parameter without one, with the arguments of the file's own call of it
    (`called_arguments`), else that parameter is unknown; a method of the class `owner` (a test case's
    `get_program`) is called on an instance made with its `__init__`'s defaults."""
    derived = ModuleEnvironment(dict(env.values), env.imports_pypto_language, factory_locals=bound_names)
    for name in bound_names:
        derived.values[name] = UNKNOWN
    derived.values.update(parameter_defaults(factory, env))
    if owner is not None and _is_method(factory):
        derived.values[factory.args.args[0].arg] = _instance(owner, env)
    else:
        derived.values.update(called_arguments(factory, env))
    evaluator = derived.evaluator()
    block: list[ast.stmt] = factory.body
    for step in path:
        for stmt in _preceding(block, step):
            fold_statement(stmt, derived, evaluator, dsl_decorator_of)
        if isinstance(step, _LOOPS):
            break  # the definition runs once per iteration: nothing inside is straight-line
        block = _block_holding(step, path)
    return derived


def _preceding(block: list[ast.stmt], step: ast.stmt) -> list[ast.stmt]:
    for index, stmt in enumerate(block):
        if stmt is step:
            return block[:index]
    return []


def _block_holding(stmt: ast.stmt, path: list[ast.stmt]) -> list[ast.stmt]:
    """The statement list of `stmt` (a body, else branch, handler...) that holds the next step."""
    following = set(map(id, path))
    for field_name in ("body", "orelse", "finalbody"):
        children = getattr(stmt, field_name, None)
        if isinstance(children, list) and any(id(child) in following for child in children):
            return children
    for handler in getattr(stmt, "handlers", None) or []:
        if any(id(child) in following for child in handler.body):
            return handler.body
    return []


def parameter_defaults(
    function: ast.FunctionDef | ast.AsyncFunctionDef, env: ModuleEnvironment
) -> dict[str, Any]:
    """The function's parameters that have a default, bound to it (folded in `env`, where
    the defaults are evaluated when the function is defined)."""
    arguments = function.args
    evaluator = env.evaluator()
    positional = [*arguments.posonlyargs, *arguments.args]
    found: dict[str, Any] = {}
    for param, default in zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults):
        found[param.arg] = evaluator.eval(default)
    for param, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        if default is not None:
            found[param.arg] = evaluator.eval(default)
    return found


def called_arguments(
    function: ast.FunctionDef | ast.AsyncFunctionDef, env: ModuleEnvironment
) -> dict[str, Any]:
    """The arguments of the one call the file's `__main__` makes of `function` (directly or
    through the plain functions it calls, `compiler.syntax.jit_calls`), by parameter name,
    where the function has a parameter without a default (the program the example builds
    and runs) and every call the file makes passes the same static values; else nothing."""
    arguments = function.args
    positional = [arg.arg for arg in [*arguments.posonlyargs, *arguments.args]]
    required = positional[: len(positional) - len(arguments.defaults)]
    required += [
        arg.arg for arg, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d is None
    ]
    calls = set(dict(env.values.get(JIT_CALLS, ())).get(function.name, ()))
    if not required or len(calls) != 1 or arguments.vararg or arguments.kwarg:
        return {}
    by_name = {arg.arg for arg in arguments.args} | {arg.arg for arg in arguments.kwonlyargs}
    found: dict[str, Any] = {}
    for (kind, key), value in calls.pop():
        if kind == "pos" and key < len(positional):
            name = positional[key]
        elif kind == "kw" and key in by_name:
            name = key
        else:
            return {}  # a call Python refuses, or `*args` / `**kwargs` we cannot spread
        if name in found:
            return {}
        found[name] = value
    # A value that is not one static number stays unknown.
    return {name: value for name, value in found.items() if isinstance(value, (bool, int, float))}


def _is_method(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return bool(function.args.args) and not function.decorator_list


def _instance(owner: ast.ClassDef, env: ModuleEnvironment) -> Instance:
    """The attributes `owner.__init__` sets on its instance, its parameters at their
    defaults: those its straight-line statements assign (`self.m, self.k = m, k`,
    `self.n = n_tile * tiles`), folded; one set anywhere else is unknown."""
    init = next(
        (s for s in owner.body if isinstance(s, ast.FunctionDef) and s.name == "__init__" and s.args.args),
        None,
    )
    attributes: dict[str, Any] = {}
    methods = {
        s.name: s
        for s in owner.body
        if isinstance(s, ast.FunctionDef) and _takes_self_alone(s) and s.name != "__init__"
    }
    if init is None:
        return Instance(attributes, methods=methods, module=env.lookup)
    me = init.args.args[0].arg
    local = ModuleEnvironment(dict(env.values), env.imports_pypto_language)
    for node in ast.walk(init):  # its locals shadow the module's values
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            local.values[node.id] = UNKNOWN
    local.values.update(parameter_defaults(init, env))
    local.values[me] = Instance(attributes)  # what it has set so far
    evaluator = local.evaluator()
    for stmt in init.body:
        if isinstance(stmt, ast.Assign) and all(_sets_attributes(t, me) for t in stmt.targets):
            value = evaluator.eval(stmt.value)
            for target in stmt.targets:
                _set_attributes(target, value, attributes, me)
            continue
        for node in ast.walk(stmt):  # an attribute set under a condition, a loop...: unknown
            if _sets_attributes(node, me) and isinstance(node.ctx, ast.Store):  # type: ignore[attr-defined]
                attributes[node.attr] = UNKNOWN  # type: ignore[attr-defined]
        fold_statement(stmt, local, evaluator, None)
    return Instance(attributes, methods=methods, module=env.lookup)


def _takes_self_alone(method: ast.FunctionDef) -> bool:
    arguments = method.args
    plain = not method.decorator_list and not arguments.vararg and not arguments.kwarg
    return plain and len(arguments.args) == 1 and not arguments.posonlyargs and not arguments.kwonlyargs


def _sets_attributes(target: ast.expr, me: str) -> bool:
    if isinstance(target, (ast.Tuple, ast.List)):
        return all(_sets_attributes(element, me) for element in target.elts)
    return isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == me


def _set_attributes(target: ast.expr, value: Any, attributes: dict[str, Any], me: str) -> None:
    if isinstance(target, ast.Attribute):
        attributes[target.attr] = value
    elif isinstance(target, (ast.Tuple, ast.List)):
        items = value if isinstance(value, (tuple, list)) and len(value) == len(target.elts) else None
        for index, element in enumerate(target.elts):
            _set_attributes(element, items[index] if items is not None else UNKNOWN, attributes, me)
