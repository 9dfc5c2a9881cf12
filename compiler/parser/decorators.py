"""Recognise PyPTO decorators statically and read their keyword arguments."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from compiler.ir import FunctionType
from compiler.parser.enum_values import LEVEL_NAMES, ROLE_NAMES, enum_member
from compiler.parser.errors import FrontEndError, syntax_error
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
    call = expr if isinstance(expr, ast.Call) else None
    if call is not None:
        expr = call.func
    if expr.__class__ is ast.Attribute and expr.value.__class__ is ast.Name:  # type: ignore[attr-defined]
        root_name, name = expr.value.id, expr.attr  # type: ignore[attr-defined]  # `pl.<name>`, the usual one
    else:
        path = attribute_path(expr)
        if not path or len(path) < 2:
            return None
        root_name, name = path[0], ".".join(path[1:])
    root = env.values.get(root_name)
    if not (isinstance(root, ModuleRef) and root.path == PL_MODULE):
        return None
    if name == "program" or name in _FUNCTION_DECORATORS:
        keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg} if call is not None else {}
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
    members = _MEMBERS_BY_VALUE.get(enum_type)
    if members is None:  # the first member with that value, as a scan in order finds it
        members = _MEMBERS_BY_VALUE[enum_type] = {}
        for member in enum_type:
            members.setdefault(member.value, member)
    return members.get(name) if name is not None else None


# Per enum type, its members by value (iterating an enum per decorator read is slow).
_MEMBERS_BY_VALUE: dict[type[FunctionType], dict[str, FunctionType]] = {}


def bool_keyword(info: DecoratorInfo, key: str, default: bool) -> bool:
    node = info.keywords.get(key)
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    return default


# `FUNCTION_TYPE_MAP` of the real decorator: the `type=` names a `@pl.program` method may use.
_FUNCTION_TYPE_NAMES = frozenset(
    ["Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group", "Spmd", "Inline", "Graph"]
)
_TYPE_HINT = "Use pl.FunctionType.<name>."


def has_function_decorator(node: ast.FunctionDef) -> bool:
    """Whether `@pl.program` counts this method as a function: any decorator spelled
    `function` (`@pl.function`, `@function`, with or without a call), as upstream
    reads it from the source."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (isinstance(target, ast.Attribute) and target.attr == "function") or (
            isinstance(target, ast.Name) and target.id == "function"
        ):
            return True
    return False


def _function_decorator_call(node: ast.FunctionDef) -> ast.Call | None:
    for decorator in node.decorator_list:
        if not isinstance(decorator, ast.Call):
            continue
        target = decorator.func
        if (isinstance(target, ast.Attribute) and target.attr == "function") or (
            isinstance(target, ast.Name) and target.id == "function"
        ):
            return decorator
    return None


def program_method_error(node: ast.FunctionDef) -> FrontEndError | None:
    """What `@pl.program` rejects reading a method's `@pl.function(...)` call from the
    source, in its order: `type=`, then `level=` / `role=`, then `auto_scope=`.
    Upstream's errors have no location: we point at the offending value."""
    call = _function_decorator_call(node)
    if call is None:
        return None
    try:
        _check_type_keyword(call)
        for keyword in call.keywords:
            value = keyword.value
            if keyword.arg in ("level", "role") and not (
                isinstance(value, ast.Constant) and value.value is None
            ):
                if keyword.arg == "level":
                    enum_member(value, LEVEL_NAMES, "Level")
                else:
                    enum_member(value, ROLE_NAMES, "Role")
        for keyword in call.keywords:
            if keyword.arg == "auto_scope":
                if not (isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, bool)):
                    raise syntax_error(
                        "`@pl.function(auto_scope=...)` must be a bool literal (True/False)",
                        keyword.value,
                        "Use auto_scope=False to place runtime scopes manually.",
                    )
                break
    except FrontEndError as error:
        return error
    return None


def _check_type_keyword(call: ast.Call) -> None:
    for keyword in call.keywords:
        if keyword.arg is None:
            raise syntax_error(
                "Unsupported `@pl.function(**kwargs)` in `@pl.program`",
                keyword,
                "Use a literal type=pl.FunctionType.<name>.",
            )
        if keyword.arg != "type":
            continue
        value = keyword.value
        owner = value.value if isinstance(value, ast.Attribute) else None
        # Only `FunctionType.X` or `pl.FunctionType.X`, spelled with `pl` itself.
        spelled = (isinstance(owner, ast.Name) and owner.id == "FunctionType") or (
            isinstance(owner, ast.Attribute)
            and owner.attr == "FunctionType"
            and isinstance(owner.value, ast.Name)
            and owner.value.id == "pl"
        )
        if not (isinstance(value, ast.Attribute) and spelled and value.attr in _FUNCTION_TYPE_NAMES):
            raise syntax_error("Unsupported `@pl.function`(type=...) value", value, _TYPE_HINT)
        return
