"""A frozen `@dataclass` of a config module, folded: its instances' fields and properties.

The models of pypto-lib keep their sizes in a `config` module beside them, as instances
of a frozen dataclass (`FLASH = DeepSeekV4Config(hidden_size=4096, ...)`) read by
attribute (`D = M.hidden_size`, `M.hc_dim` a property computed from fields). Python
builds such an instance from the call's arguments alone (the generated `__init__`), so it
folds statically when the class is nothing more: fields (annotated names, with or without
a constant default) and `@property` methods that return one expression of `self`'s
attributes. Anything else in the class (a base class, another decorator, a
`__post_init__`, any other method) leaves its instances unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.syntax.values import NO_DEFAULT, DataclassShape, ModuleRef, StaticEvaluator


def dataclass_shape(
    node: ast.ClassDef, lookup: Callable[[str], Any], evaluator: StaticEvaluator
) -> DataclassShape | None:
    """The shape of a class decorated `@dataclass(frozen=True)` (from `dataclasses`, as
    `lookup` resolves the decorator's name) that is a plain record, else None."""
    if node.bases or node.keywords or len(node.decorator_list) != 1:
        return None
    decorator = node.decorator_list[0]
    if not _is_frozen_dataclass(decorator, lookup):
        return None
    fields: list[tuple[str, Any]] = []
    properties: list[tuple[str, ast.expr]] = []
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    for stmt in body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.simple:
            default = NO_DEFAULT if stmt.value is None else evaluator.eval(stmt.value)
            if fields and fields[-1][1] is not NO_DEFAULT and default is NO_DEFAULT:
                return None  # Python refuses a field without a default after one with
            fields.append((stmt.target.id, default))
        elif isinstance(stmt, ast.FunctionDef) and _is_property(stmt):
            returned = _single_return(stmt)
            if returned is not None:
                properties.append((stmt.name, returned))
        else:
            return None
    names = [name for name, _ in fields] + [name for name, _ in properties]
    if len(set(names)) != len(names):
        return None
    return DataclassShape(node.name, tuple(fields), tuple(properties))


def _is_frozen_dataclass(decorator: ast.expr, lookup: Callable[[str], Any]) -> bool:
    if not isinstance(decorator, ast.Call) or decorator.args:
        return False
    frozen = [kw for kw in decorator.keywords if kw.arg == "frozen"]
    if len(frozen) != 1 or len(decorator.keywords) != 1:
        return False
    value = frozen[0].value
    if not (isinstance(value, ast.Constant) and value.value is True):
        return False
    func = decorator.func
    if isinstance(func, ast.Name):
        return lookup(func.id) == ModuleRef("dataclasses.dataclass")
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "dataclass"
        and isinstance(func.value, ast.Name)
        and lookup(func.value.id) == ModuleRef("dataclasses")
    )


def _is_property(node: ast.FunctionDef) -> bool:
    return (
        len(node.decorator_list) == 1
        and isinstance(node.decorator_list[0], ast.Name)
        and node.decorator_list[0].id == "property"
        and [arg.arg for arg in node.args.args] == ["self"]
        and not (node.args.vararg or node.args.kwarg or node.args.kwonlyargs or node.args.posonlyargs)
    )


def _single_return(node: ast.FunctionDef) -> ast.expr | None:
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None
