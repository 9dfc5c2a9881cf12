"""Recognise PyPTO decorators statically and read their keyword arguments."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from compiler.ir import FunctionType
from compiler.syntax.environment import PL_MODULE, ModuleEnvironment
from compiler.syntax.names import attribute_path
from compiler.syntax.values import ModuleRef

# Decorator spellings after the `pl.` prefix, mapped to the function type they produce.
_FUNCTION_DECORATORS: dict[str, FunctionType | None] = {
    "function": None,  # taken from type=, default Opaque
    "inline": FunctionType.INLINE,
    "jit": FunctionType.ORCHESTRATION,
    "jit.incore": FunctionType.INCORE,
    "jit.inline": FunctionType.INLINE,
    "jit.opaque": FunctionType.OPAQUE,
    "jit.host": FunctionType.ORCHESTRATION,
    "jit.extern": None,
}


@dataclass
class DecoratorInfo:
    name: str  # "program", "function", "inline", "jit", "jit.incore", ...
    keywords: dict[str, ast.expr] = field(default_factory=dict)

    @property
    def is_program(self) -> bool:
        return self.name == "program"

    @property
    def is_jit(self) -> bool:
        return self.name.startswith("jit")


def dsl_decorator(node: ast.stmt, env: ModuleEnvironment) -> DecoratorInfo | None:
    """The PyPTO decorator on a def or class, if it has one."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return None
    for decorator in node.decorator_list:
        info = _read_decorator(decorator, env)
        if info is None:
            continue
        if isinstance(node, ast.ClassDef) == info.is_program:
            return info
    return None


def dsl_decorator_name(node: ast.stmt, env: ModuleEnvironment) -> str | None:
    info = dsl_decorator(node, env)
    return info.name if info else None


def _read_decorator(expr: ast.expr, env: ModuleEnvironment) -> DecoratorInfo | None:
    keywords: dict[str, ast.expr] = {}
    if isinstance(expr, ast.Call):
        keywords = {kw.arg: kw.value for kw in expr.keywords if kw.arg}
        expr = expr.func
    path = attribute_path(expr)
    if not path or len(path) < 2:
        return None
    root = env.values.get(path[0])
    if not (isinstance(root, ModuleRef) and root.path == PL_MODULE):
        return None
    name = ".".join(path[1:])
    if name == "program" or name in _FUNCTION_DECORATORS:
        return DecoratorInfo(name, keywords)
    return None


def function_type_of(info: DecoratorInfo) -> FunctionType:
    fixed = _FUNCTION_DECORATORS.get(info.name)
    if fixed is not None:
        return fixed
    return _enum_keyword(info, "type", FunctionType) or FunctionType.OPAQUE


def enum_keyword_name(info: DecoratorInfo, key: str) -> str | None:
    """The member name of an enum keyword such as `level=pl.Level.HOST`."""
    node = info.keywords.get(key)
    return node.attr if isinstance(node, ast.Attribute) else None


def _enum_keyword(info: DecoratorInfo, key: str, enum_type: type[FunctionType]) -> FunctionType | None:
    name = enum_keyword_name(info, key)
    for member in enum_type:
        if member.value == name:
            return member
    return None


def bool_keyword(info: DecoratorInfo, key: str, default: bool) -> bool:
    node = info.keywords.get(key)
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    return default
