"""The real parser's checks on a `for` header and on `break` / `continue`.

Each helper raises the `FrontEndError` the real parser raises, with its span and
message; the function parser calls them in the real parser's order, between the
expression parses that order interleaves them with.
"""

from __future__ import annotations

import ast

from compiler.ir import Const, Expr, OpaqueExpr, UnknownType, Var
from compiler.parser.errors import FrontEndError, invalid_operation, syntax_error

# Attribute names a `for` iterator call may end with (any receiver, as upstream).
VALID_ITERATORS = frozenset({"range", "parallel", "unroll", "pipeline", "while_", "spmd", "split_aiv"})
_ITERATOR_ERROR = (
    "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), "
    "pl.spmd(), or pl.split_aiv()"
)
_ITERATOR_HINT = (
    "Use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), "
    "or pl.split_aiv() as the iterator"
)
# Keywords each range-like iterator accepts, in the order the real hint lists them.
_RANGE_KEYWORDS: dict[str, tuple[str, ...]] = {
    "range": ("init_values", "attrs"),
    "parallel": ("init_values", "attrs"),
    "unroll": ("init_values", "attrs"),
    "pipeline": ("init_values", "stage", "attrs"),
}
_ITER_ARG_HINT = "Use simple variable names for iteration variables"


def loop_iterator(stmt: ast.For) -> tuple[ast.Call, str]:
    """The iterator call and its kind; anything else is rejected at the iterator.

    The builtin `range(...)` carries `data` for the quick fix that rewrites it
    to `pl.range(...)`: the diagnostic's range is the whole call, whose first
    characters are the name `range`.
    """
    call = stmt.iter
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in VALID_ITERATORS
    ):
        return call, call.func.attr
    data: dict[str, str] = {}
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "range":
        data = {"builtin": "range", "replacement": "pl.range"}
    raise FrontEndError("ParserSyntaxError", _ITERATOR_ERROR, call, _ITERATOR_HINT, data=data)


def range_target(target: ast.expr) -> tuple[ast.Name, ast.expr | None]:
    """`i` (a simple loop) or `i, <iter args>`: the loop variable and the iter-args node."""
    if isinstance(target, ast.Name):
        return target, None
    if isinstance(target, ast.Tuple) and len(target.elts) == 2:
        loop_var = target.elts[0]
        if not isinstance(loop_var, ast.Name):
            raise syntax_error(
                "Loop variable must be a simple name",
                loop_var,
                "Use a simple variable name for the loop counter",
            )
        return loop_var, target.elts[1]
    raise syntax_error(
        "For loop target must be a simple name or: (loop_var, (iter_args...))",
        target,
        "Use: for i in pl.range(n) or for i, (var1,) in pl.range(n, init_values=(...,))",
    )


def require_stop(call: ast.Call, iterator: str) -> None:
    if not call.args:
        raise syntax_error(
            f"pl.{iterator}() requires at least 1 argument (stop)",
            call,
            f"Provide at least the stop value: pl.{iterator}(10) or pl.{iterator}(0, 10)",
        )


def init_values_sequence(node: ast.expr) -> list[ast.expr]:
    if not isinstance(node, (ast.List, ast.Tuple)):
        raise syntax_error(
            "init_values must be a list or tuple",
            node,
            "Use a tuple for init_values: init_values=(var1, var2)",
        )
    return list(node.elts)


def require_attrs_dict(node: ast.expr) -> None:
    """A loop's `attrs=`: a dict literal of string keys and constant values, checked in order."""
    if not isinstance(node, ast.Dict):
        raise syntax_error("attrs must be a dict literal", node, 'Use a dict like attrs={"my_attr": 1}')
    for key, value in zip(node.keys, node.values):
        if key is None:
            return  # `**other`: refused without a place, not modelled
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            raise syntax_error("attrs keys must be string literals", key)
        if not isinstance(value, ast.Constant):
            raise syntax_error(
                f"Unsupported value type for attrs key '{key.value}'",
                value,
                "Supported values: integer, float, bool, or string",
            )


def unknown_keyword(keyword: ast.keyword, iterator: str) -> FrontEndError:
    supported = _RANGE_KEYWORDS.get(iterator, _RANGE_KEYWORDS["range"])
    return syntax_error(
        f"Unknown keyword argument '{keyword.arg}' in pl.{iterator}()",
        keyword,
        f"Supported keywords for pl.{iterator}(): {', '.join(supported)}",
    )


def require_tuple_target(target: ast.expr, simple: bool, has_init_values: bool) -> None:
    if simple and has_init_values:
        raise syntax_error(
            "For loop target must be a tuple when init_values is provided",
            target,
            "Use: for i, (var1,) in pl.range(n, init_values=(val1,)) to include iter_args",
        )


def _is_dsl_call(node: ast.AST, name: str) -> bool:
    """`<anything>.name(...)` or a bare `name(...)`, as an expression or a statement."""
    if isinstance(node, ast.Expr):
        node = node.value
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr == name) or (
        isinstance(func, ast.Name) and func.id == name
    )


def is_cond_statement(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and _is_dsl_call(stmt, "cond")


def _first_bare_yield(stmts: list[ast.stmt]) -> ast.Expr | None:
    """The first bare `pl.yield_(...)` statement of this loop level: branches and
    `with` bodies count, nested loops yield for themselves."""
    for stmt in stmts:
        if isinstance(stmt, ast.Expr) and _is_dsl_call(stmt, "yield_"):
            return stmt
        found = None
        if isinstance(stmt, ast.If):
            found = _first_bare_yield(stmt.body) or _first_bare_yield(stmt.orelse)
        elif isinstance(stmt, ast.With):
            found = _first_bare_yield(stmt.body)
        if found is not None:
            return found
    return None


def require_yield_lhs(body: list[ast.stmt], has_init_values: bool) -> None:
    if not has_init_values:
        return
    bare = _first_bare_yield(body)
    if bare is not None:
        raise syntax_error(
            "Loop with init_values requires an assignment-form pl.yield_(...) "
            "— the LHS supplies the post-loop binding name. Bare pl.yield_(...) "
            "is rejected here.",
            bare,
            "Use yield-LHS form: `x_next = pl.yield_(updated)`. Then refer to `x_next` after the loop.",
        )


def _const_int(expr: Expr) -> int | None:
    if isinstance(expr, Const) and type(expr.value) is int:
        return expr.value
    return None


def _surely_not_const_int(expr: Expr) -> bool:
    """True only where the real parser surely sees no integer constant: a
    non-integer literal, a DSL variable of a known type, or a distributed op's call. A call or an
    arithmetic we do not fold may fold upstream: unsure, so no."""
    if isinstance(expr, Const):
        return type(expr.value) is not int
    if isinstance(expr, OpaqueExpr) and expr.text.startswith("pld."):
        return True  # a distributed op (`pld.world_size()`): an IR call, known when it runs
    return isinstance(expr, Var) and not isinstance(expr.type, UnknownType)


def check_unroll(call: ast.Call, bounds: list[Expr], has_init_values: bool, dynamic: bool = False) -> None:
    if has_init_values:
        raise syntax_error(
            "pl.unroll() cannot be combined with init_values",
            call,
            "Use pl.range() to carry state across iterations.",
        )
    if dynamic or any(_surely_not_const_int(bound) for bound in bounds):
        raise syntax_error(
            "pl.unroll() requires compile-time constant integer bounds",
            call,
            "Use integer literals for start, stop, and step in pl.unroll().",
        )
    if len(bounds) >= 3 and _const_int(bounds[2]) == 0:
        raise syntax_error(
            "pl.unroll() step cannot be zero",
            call,
            "Use a non-zero step in pl.unroll(start, stop, step).",
        )


def check_stage(call: ast.Call, iterator: str, stage: Expr | None) -> None:
    if iterator != "pipeline":
        if stage is not None:
            raise syntax_error(
                f"stage= is only supported on pl.pipeline(), not pl.{iterator}()",
                call,
                "Use pl.pipeline() for software pipelining.",
            )
        return
    if stage is None:
        raise syntax_error(
            "pl.pipeline() requires stage= (positive integer)", call, "Use pl.pipeline(stop, stage=F)."
        )
    if _surely_not_const_int(stage):
        raise syntax_error(
            "pl.pipeline() stage must be a compile-time constant integer",
            call,
            "Use an integer literal: stage=4",
        )
    value = _const_int(stage)
    if value is not None and value < 1:
        raise syntax_error(
            f"pl.pipeline() stage must be >= 1, got {value}",
            call,
            "Use a positive integer for stage: stage=4",
        )


def _require_count(node: ast.Tuple, init_count: int) -> None:
    if len(node.elts) != init_count:
        raise syntax_error(
            f"Mismatch: {len(node.elts)} iter_args but {init_count} init_values",
            node,
            f"Provide exactly {init_count} iteration variable(s) to match init_values",
        )


def iter_arg_names(node: ast.expr, init_count: int) -> list[ast.Name]:
    """The iter-args of `for i, (a, b) in pl.range(..., init_values=(...))`."""
    if not isinstance(node, ast.Tuple):
        raise syntax_error(
            "Iter args must be a tuple", node, "Wrap iteration variables in parentheses: (var1, var2)"
        )
    _require_count(node, init_count)
    return _simple_names(node)


def _simple_names(node: ast.Tuple) -> list[ast.Name]:
    names = []
    for element in node.elts:
        if not isinstance(element, ast.Name):
            raise syntax_error("Iter arg must be a simple name", element, _ITER_ARG_HINT)
        names.append(element)
    return names


# --- for ... in pl.while_(init_values=...) ------------------------------------------------------

_WHILE_HINT = "Add pl.cond(condition) as first statement"


def check_while_call(call: ast.Call) -> None:
    if call.args:
        raise syntax_error(
            "pl.while_() takes no positional arguments",
            call,
            "Use: pl.while_(init_values=(...,)) with pl.cond(condition) as first statement in body",
        )


def while_init_values(node: ast.expr) -> list[ast.expr]:
    if not isinstance(node, (ast.List, ast.Tuple)):
        raise syntax_error(
            "init_values must be a tuple or list",
            node,
            "Use a tuple for init_values (lists also accepted): init_values=(var1, var2)",
        )
    return list(node.elts)


def check_while_header(stmt: ast.For, call: ast.Call, init_count: int) -> ast.Tuple:
    """After init_values: their presence, the leading `pl.cond`, the target tuple."""
    if init_count == 0:
        raise syntax_error(
            "pl.while_() requires init_values",
            call,
            "Provide init_values: pl.while_(init_values=(val1, val2))",
        )
    if not is_cond_statement(stmt.body[0]):
        raise syntax_error(
            "First statement in pl.while_() body must be pl.cond(condition)", stmt.body[0], _WHILE_HINT
        )
    if not isinstance(stmt.target, ast.Tuple):
        raise syntax_error(
            "While loop target must be a tuple for pl.while_()",
            stmt.target,
            "Use: for (var1, var2) in pl.while_(init_values=(...,))",
        )
    _require_count(stmt.target, init_count)
    return stmt.target


def while_iter_arg_names(target: ast.Tuple) -> list[ast.Name]:
    return _simple_names(target)


def cond_argument(stmt: ast.stmt) -> ast.expr:
    assert isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
    call = stmt.value
    if len(call.args) != 1:
        raise syntax_error("pl.cond() requires exactly 1 argument", call, "Use: pl.cond(condition)")
    return call.args[0]


def reject_later_cond(body: list[ast.stmt]) -> None:
    for stmt in body:
        if is_cond_statement(stmt):
            raise syntax_error(
                "pl.cond() can only be the first statement in a pl.while_() loop body",
                stmt,
                "Remove this pl.cond() - condition is already specified at the start",
            )


# --- break / continue ------------------------------------------------------------------------------

# Kinds on the loop stack that are Python loops but not DSL loops for break/continue.
SPMD_LOOP = "spmd"
_NO_CONTROL = {
    "parallel": "parallel loops",
    "unroll": "unrolled loops",
    "split_aiv": "a 'for ... in pl.split_aiv(...)' body",
}


def check_loop_control(keyword: str, node: ast.stmt, loop_kinds: list[str]) -> None:
    """`break` / `continue` against the innermost DSL loop.

    A `for ... in pl.spmd(...)` body is no DSL loop: inside one and no other
    loop, the statement is "outside loop". Outside every Python loop it is a
    SyntaxError of Python's own compiler, raised before the DSL parser runs,
    which is not ours to report here.
    """
    dsl_loops = [kind for kind in loop_kinds if kind != SPMD_LOOP]
    if not dsl_loops:
        if SPMD_LOOP not in loop_kinds:
            return
        raise invalid_operation(
            f"'{keyword}' outside loop", node, f"'{keyword}' can only be used inside a for or while loop"
        )
    where = _NO_CONTROL.get(dsl_loops[-1])
    if where is None:
        return
    hint = f"'{keyword}' can only be used in sequential (pl.range) or while loops"
    if dsl_loops[-1] == "split_aiv":
        hint += "; a pl.split_aiv body is a scope over the two AIV lanes, not a loop"
        raise invalid_operation(f"'{keyword}' not supported inside {where}", node, hint)
    raise invalid_operation(f"'{keyword}' not supported in {where}", node, hint)
