"""Functions: decorator, signature and body.

As the real printer does, the decorator spells `type=` (unless Opaque), `level=`
and `role=` (the parser fills the defaults a typed function carries), and
`auto_scope=False` when the body holds a hand-placed AUTO runtime scope (the
only way the parser accepts one). A SubWorker method has no `self`. Function
attrs print as the first body statement, `pl.func_attr({...})`. A function
written with a JIT or inline decorator keeps it: there is no other spelling of
it the parser reads back into the same IR.
"""

from __future__ import annotations

from compiler.ir import (
    AssignStmt,
    Direction,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    Param,
    RuntimeScopeStmt,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import walk_stmts
from compiler.printer.expressions import format_expr
from compiler.printer.statements import Lines, print_block
from compiler.printer.types import format_param_type, format_required_type, variables_in_scope
from compiler.printer.values import format_attr_dict
from compiler.printer.var_names import names_of

_SUB_WORKER = "SubWorker"
_INCORE_DEFAULT = ("CHIP_DIE", _SUB_WORKER)  # what an InCore function carries unless told otherwise
_AUTO_SCOPE_DECORATORS = frozenset({"function", "jit", "jit.inline", "jit.host"})


def print_function_lines(function: Function, depth: int, out: Lines, *, in_program: bool) -> None:
    with variables_in_scope(_bound_variables(function)), names_of(function):
        _print_function(function, depth, out, in_program=in_program)


def _bound_variables(function: Function) -> list[Var]:
    """The variables the function binds: its parameters and what its statements bind."""
    bound = [param.var for param in function.params]
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, AssignStmt):
            bound.append(stmt.var)
        elif isinstance(stmt, ForStmt):
            if stmt.loop_var is not None:
                bound.append(stmt.loop_var)
            bound += stmt.iter_args + stmt.return_vars
        elif isinstance(stmt, (IfStmt, WhileStmt)):
            bound += stmt.return_vars + (stmt.iter_args if isinstance(stmt, WhileStmt) else [])
        elif isinstance(stmt, YieldStmt):
            bound += stmt.targets
    return bound


def _print_function(function: Function, depth: int, out: Lines, *, in_program: bool) -> None:
    out.add(depth, _decorator(function))
    params = [_param(param) for param in function.params]
    if in_program and function.role != _SUB_WORKER:
        params.insert(0, "self")
    out.add(depth, f"def {function.name}({', '.join(params)}){_returns(function)}:")
    if function.attrs:
        out.add(depth + 1, f"pl.func_attr({format_attr_dict(function.attrs, format_expr)})")
    if not function.has_dsl_body:
        # A HOST SubWorker's plain Python as kept; an abstract one or an external kernel stub.
        out.add(depth + 1, function.inline_body if function.inline_body is not None else "...")
        return
    print_block(function.body.stmts, depth + 1, out)


def _decorator(function: Function) -> str:
    keywords: list[str] = []
    name = function.decorator
    if name == "function":
        if function.func_type is not FunctionType.OPAQUE:
            keywords.append(f"type=pl.FunctionType.{function.func_type.value}")
        if function.level:
            keywords.append(f"level=pl.Level.{function.level}")
        if function.role:
            keywords.append(f"role=pl.Role.{function.role}")
    elif name == "jit.incore" and function.level and (function.level, function.role) != _INCORE_DEFAULT:
        keywords.append(f"level=pl.Level.{function.level}")  # `level=` is its only keyword
    if name in _AUTO_SCOPE_DECORATORS and _has_auto_runtime_scope(function):
        keywords.append("auto_scope=False")
    return f"@pl.{name}" + (f"({', '.join(keywords)})" if keywords else "")


def _has_auto_runtime_scope(function: Function) -> bool:
    return any(isinstance(stmt, RuntimeScopeStmt) and not stmt.manual for stmt in walk_stmts(function.body))


def _param(param: Param) -> str:
    name = param.var.name
    if param.direction is Direction.IN:
        annotation = format_param_type(param.var.type)
        return f"{name}: {annotation}" if annotation else name
    return f"{name}: pl.{param.direction.value}[{format_required_type(param.var.type)}]"


def _returns(function: Function) -> str:
    types = [format_required_type(t) for t in function.return_types]
    if not types:
        return ""
    return f" -> {types[0]}" if len(types) == 1 else f" -> tuple[{', '.join(types)}]"
