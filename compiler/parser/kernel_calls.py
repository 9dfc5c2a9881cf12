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

from compiler.ir import SCALAR_CAST_OP, Call, Const, Expr, Function, OpaqueExpr, TensorType
from compiler.ops.memory_operands import dtype_string
from compiler.parser.errors import FrontEndError, syntax_error, type_error, undefined


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


# The dtypes the runtime reads a dispatch predicate's element as (signed, whole bytes).
_PREDICATE_DTYPES = frozenset({"INT8", "INT16", "INT32", "INT64", "INDEX"})
PREDICATE_HINT = "Use predicate=(tensor[i0, ...] > 0) — one comparison against an integer literal."


def check_submit_predicate(node: ast.Call, predicate: OpaqueExpr) -> None:
    """`pl.submit(self.k, ..., predicate=(gate[0, 0] > 0))`: the runtime evaluates one tensor
    element against one integer literal, read as a signed integer. A comparison of another
    shape, or of an element of another dtype, is refused at the predicate (the real parser's
    shape check; its checks of indices and deps are not modelled)."""
    keyword = next((kw.value for kw in node.keywords if kw.arg == "predicate"), None)
    kernel = node.args[0] if node.args else None
    if keyword is None or not isinstance(keyword, ast.Compare) or not isinstance(kernel, ast.Attribute):
        return
    if len(predicate.operands) != 2:
        return
    read = _element_read(*predicate.operands) or _element_read(*reversed(predicate.operands))
    if read is None:
        raise syntax_error(
            f"'{kernel.attr}' predicate must compare one tensor element (e.g. t[i]) against an "
            "integer literal; the runtime evaluates a single element-vs-constant comparison",
            keyword,
            PREDICATE_HINT,
        )
    source = read.args[0].type if read.args else None
    dtype = source.dtype if isinstance(source, TensorType) else None
    if dtype is not None and dtype not in _PREDICATE_DTYPES:
        raise type_error(
            f"predicate operand must be a signed 8/16/32/64-bit integer tensor, got {dtype_string(dtype)}. "
            "The runtime sign-extends the value it reads, so an unsigned operand can compare as "
            "negative and silently invert the dispatch decision",
            keyword,
            PREDICATE_HINT,
        )


def _element_read(element: Expr, literal: Expr) -> Call | None:
    """`element` as a `tensor.read` (through the casts comparison adds) when `literal` is an
    integer constant."""
    while isinstance(element, Call) and element.op == SCALAR_CAST_OP and element.args:
        element = element.args[0]
    while isinstance(literal, Call) and literal.op == SCALAR_CAST_OP and literal.args:
        literal = literal.args[0]
    if not (isinstance(literal, Const) and type(literal.value) is int):
        return None
    return element if isinstance(element, Call) and element.op == "tensor.read" else None
