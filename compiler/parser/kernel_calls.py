"""Cross-function calls `self.<kernel>(...)` inside a `@pl.program`.

The real program parser declares one global per method decorated with
`function` (read syntactically: `@pl.function`, `@function`, with or without
arguments) before it parses any body, then parses the bodies in class order,
each knowing the functions parsed before it. A call is checked against that
state, in the real order: the callee exists, its keywords are allowed, and —
only when the callee was parsed earlier — its argument count matches.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from compiler.ir import Function
from compiler.parser.errors import FrontEndError, type_error, undefined


@dataclass
class ProgramFunctions:
    """The program's functions as a body being parsed sees them."""

    names: list[str]  # declared globals, in class order
    parsed: dict[str, Function] = field(default_factory=dict)  # bodies parsed so far

    @classmethod
    def of(cls, node: ast.ClassDef) -> ProgramFunctions:
        return cls([item.name for item in node.body if _declares_function(item)])


def _declares_function(item: ast.stmt) -> bool:
    if not isinstance(item, ast.FunctionDef):
        return False
    for decorator in item.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (isinstance(target, ast.Attribute) and target.attr == "function") or (
            isinstance(target, ast.Name) and target.id == "function"
        ):
            return True
    return False


def check_kernel_call(call: ast.Call, method: str, program: ProgramFunctions) -> None:
    """Raise what the real parser raises for a plain `self.<method>(...)` call, if anything."""
    if method not in program.names:
        raise undefined(
            f"Function '{method}' not defined in program",
            call,
            f"Available functions: {program.names}",
        )
    callee = program.parsed.get(method)
    allowed = {"attrs"}
    if callee is not None and callee.role == "Orchestrator":
        allowed.add("device")
    for keyword in call.keywords:
        if keyword.arg in allowed:
            continue
        if keyword.arg is None or (keyword.arg == "device" and callee is not None):
            return  # `**kw`, or a callee role we may have read differently: not modelled
        raise _unknown_keyword(method, keyword.arg, allowed, call)
    if callee is None:
        return
    # A `*xs` argument counts as one: the real parser counts the call's argument nodes.
    if len(call.args) != len(callee.params):
        params = [f"{param.var.name}: {param.direction.value}" for param in callee.params]
        raise type_error(
            f"Function '{method}' expects {len(callee.params)} argument(s), got {len(call.args)}",
            call,
            f"Parameters: {params}",
        )


def _unknown_keyword(method: str, keyword: str, allowed: set[str], call: ast.Call) -> FrontEndError:
    hint = f"Allowed keyword arguments: {sorted(allowed)}"
    if keyword == "deps":
        hint = (
            "Plain self.kernel(...) is fire-and-forget. To attach dependency edges, submit it: "
            "`out, tid = pl.submit(self.kernel, ..., deps=[...])`."
        )
    elif keyword in ("core_num", "sync_start"):
        hint = (
            f"'{keyword}' is an SPMD launch parameter. Launch the kernel across multiple blocks with "
            "`out, tid = pl.spmd_submit(self.kernel, ..., core_num=N)`."
        )
    elif keyword == "dumps":
        hint = (
            "dumps= is only valid on pl.submit(...) / pl.at(...). For a plain self.kernel(...) call, "
            "declare the dump target with a `pl.dump_tag(x)` statement before the call instead."
        )
    return type_error(f"Function '{method}' does not accept keyword argument '{keyword}'", call, hint)
