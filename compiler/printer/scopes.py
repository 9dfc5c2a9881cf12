"""Scope statements: their headers, and the cache-policy declarations they carry.

Reference §4: a scope's `cache_policy_vars` attr prints as marker statements
`pl.set_cache_policy(<name>, pl.CachePolicy.<NAME>)` right after the header, in
declaration order, never as a header keyword; the parser hoists them back from
wherever they sit, so the text is a fixpoint. A `for i in pl.spmd(n):` loop is
an Spmd scope around an InCore carrier whose body starts with
`i = tile.get_block_idx()`: it prints as that loop, the carrier's markers on the
line after it, and without the carrier's `with pl.at(...)` header. Any other
`with pl.spmd(...)` prints its body as it is (a carrier as the nested
`with pl.at(level=pl.Level.CORE_GROUP, ...)` it reads back as), except in the `as tid`
form, whose inline body prints without its carrier (the parser rebuilds it from the body). Header keywords print in the
real order: optimizations, name_hint, deps, no_dep_args, dumps, allow_early_resolve,
windowize (`pl.at`); deps, allow_early_resolve, predicate (`pl.spmd`).
"""

from __future__ import annotations

from compiler.ir import (
    AssignStmt,
    Call,
    ClusterScopeStmt,
    Expr,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    OpaqueExpr,
    OpaqueStmt,
    RuntimeScopeStmt,
    ScopeStmt,
    SplitAivScopeStmt,
    SpmdScopeStmt,
    Stmt,
    Var,
)
from compiler.ir.cache_policy import POLICY_NAMES
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts
from compiler.printer.expressions import format_expr
from compiler.printer.statements import Lines, print_block
from compiler.printer.values import format_quoted
from compiler.printer.var_names import printed_name

CACHE_POLICY_VARS = "cache_policy_vars"
_BLOCK_IDX = "get_block_idx"


def print_scope(scope: ScopeStmt, depth: int, out: Lines) -> None:
    if isinstance(scope, SpmdScopeStmt):
        _print_spmd(scope, depth, out)
    elif isinstance(scope, SplitAivScopeStmt):
        _print_split_aiv(scope, depth, out)
    else:
        out.add(depth, f"with {_header(scope)}{_as_task_id(scope)}:")
        print_block(scope.body.stmts, depth + 1, out, leading=cache_policy_markers(scope))


def cache_policy_markers(scope: ScopeStmt) -> list[str]:
    """One `pl.set_cache_policy(...)` statement per declaration (InCore and Hierarchy
    scopes; the parser attaches none to other kinds, and neither does the real printer)."""
    if not isinstance(scope, (InCoreScopeStmt, HierarchyScopeStmt)):
        return []
    return [
        f"pl.set_cache_policy({printed_name(var)}, pl.CachePolicy.{POLICY_NAMES[policy]})"
        for var, policy in scope.attr(CACHE_POLICY_VARS) or []
        if isinstance(var, Var) and policy in POLICY_NAMES
    ]


def _header(scope: ScopeStmt) -> str:
    """`pl.at(...)`, `pl.cluster(...)`, `pl.scope(...)`: the keywords the IR keeps."""
    if isinstance(scope, InCoreScopeStmt):
        keywords = ["level=pl.Level.CORE_GROUP", *_optimizations(scope)]
        return f"pl.at({', '.join(keywords + _name_hint(scope) + _at_attrs(scope))})"
    if isinstance(scope, HierarchyScopeStmt):
        keywords = [f"level=pl.Level.{scope.level}"]
        if scope.role:
            keywords.append(f"role=pl.Role.{scope.role}")
        return f"pl.at({', '.join(keywords + _name_hint(scope) + _at_attrs(scope))})"
    if isinstance(scope, ClusterScopeStmt):
        return f"pl.cluster({', '.join(_name_hint(scope))})"
    if isinstance(scope, RuntimeScopeStmt):
        return "pl.scope(mode=pl.ScopeMode.MANUAL)" if scope.manual else "pl.scope()"
    return f"pl.{scope.kind.value.lower()}()"


def _name_hint(scope: ScopeStmt) -> list[str]:
    return [f"name_hint={format_quoted(scope.name_hint)}"] if scope.name_hint else []


def _optimizations(scope: ScopeStmt | None) -> list[str]:
    """`optimizations=[pl.split(...), pl.cross_core_slot(...)]` of an InCore scope."""
    if not isinstance(scope, InCoreScopeStmt):
        return []
    entries = [f"pl.split(pl.SplitMode.{scope.split})"] if scope.split else []
    slot_num = scope.attr("slot_num")
    if slot_num is not None:
        entries.append(f"pl.cross_core_slot(slot_num={slot_num})")
    return [f"optimizations=[{', '.join(entries)}]"] if entries else []


# The attrs holding vars a `pl.at(...)` header names, and their keywords, in print order.
_VAR_LIST_KEYWORDS = (
    ("manual_dep_edges", "deps"),
    ("arg_direction_overrides_vars", "no_dep_args"),
    ("dump_vars", "dumps"),
)


def _var_list(scope: ScopeStmt, key: str, keyword: str) -> list[str]:
    names = [printed_name(var) for var in scope.attr(key) or [] if isinstance(var, Var)]
    return [f"{keyword}=[{', '.join(names)}]"] if names else []


def _flag(scope: ScopeStmt, key: str) -> list[str]:
    return [f"{key}=True"] if scope.attr(key) is True else []


def _at_attrs(scope: ScopeStmt) -> list[str]:
    """deps, no_dep_args, dumps, allow_early_resolve, windowize: after the name hint."""
    found = [entry for key, keyword in _VAR_LIST_KEYWORDS for entry in _var_list(scope, key, keyword)]
    return found + _flag(scope, "allow_early_resolve") + _flag(scope, "windowize")


def _spmd_attrs(scope: SpmdScopeStmt) -> list[str]:
    """allow_early_resolve and `predicate=(...)`, last in a `pl.spmd(...)` header."""
    predicate = scope.attr("predicate")
    return _flag(scope, "allow_early_resolve") + (
        [f"predicate=({format_expr(predicate)})"] if isinstance(predicate, Expr) else []
    )


def _as_task_id(scope: ScopeStmt) -> str:
    task_id = scope.attr("task_id_var")
    return f" as {printed_name(task_id)}" if isinstance(task_id, Var) else ""


def _print_spmd(scope: SpmdScopeStmt, depth: int, out: Lines) -> None:
    keywords = [format_expr(scope.core_num)] if scope.core_num is not None else []
    if scope.sync_start:
        keywords.append("sync_start=True")
    keywords += _name_hint(scope)
    carrier = _carrier(scope)
    if scope.attr("task_id_var") is not None:
        # `with pl.spmd(..., deps=[...]) as tid:`: the body inline when the parser rebuilds
        # the carrier from it (a split, a slot count, or a read of the block index).
        keywords += _optimizations(carrier) + _var_list(scope, "manual_dep_edges", "deps")
        out.add(depth, f"with pl.spmd({', '.join(keywords + _spmd_attrs(scope))}){_as_task_id(scope)}:")
        if carrier is not None and (_optimizations(carrier) or _reads_block_idx(carrier.body.stmts)):
            print_block(carrier.body.stmts, depth + 1, out, leading=cache_policy_markers(carrier))
        else:
            print_block(scope.body.stmts, depth + 1, out)
        return
    block_idx = _leading_call(carrier.body.stmts, "tile.get_block_idx") if carrier else None
    if carrier is not None and block_idx is not None:
        # `for i in pl.spmd(n):` — the loop variable is the carrier's block-index read.
        keywords += _optimizations(carrier) + _spmd_attrs(scope)
        out.add(depth, f"for {printed_name(block_idx.var)} in pl.spmd({', '.join(keywords)}):")
        print_block(carrier.body.stmts[1:], depth + 1, out, leading=cache_policy_markers(carrier))
        return
    # Any other body prints as it is: a carrier as the nested `with pl.at(...)` it reads back as.
    out.add(depth, f"with pl.spmd({', '.join(keywords + _spmd_attrs(scope))}):")
    print_block(scope.body.stmts, depth + 1, out)


def _print_split_aiv(scope: SplitAivScopeStmt, depth: int, out: Lines) -> None:
    index = _leading_call(scope.body.stmts, "tile.get_subblock_idx")
    mode = f", mode=pl.SplitMode.{scope.mode or 'NONE'}"
    name = printed_name(index.var) if index is not None else "aiv_id"
    out.add(depth, f"for {name} in pl.split_aiv(2{mode}):")
    print_block(scope.body.stmts[1:] if index is not None else scope.body.stmts, depth + 1, out)


def _carrier(scope: SpmdScopeStmt) -> InCoreScopeStmt | None:
    stmts = scope.body.stmts
    return stmts[0] if len(stmts) == 1 and isinstance(stmts[0], InCoreScopeStmt) else None


def _leading_call(stmts: list[Stmt], op: str) -> AssignStmt | None:
    """The first statement when it is `<var> = <op>()` (a region's index binding)."""
    first = stmts[0] if stmts else None
    if isinstance(first, AssignStmt) and isinstance(first.value, Call) and first.value.op == op:
        return first
    return None


def _reads_block_idx(stmts: list[Stmt]) -> bool:
    """Whether the parser would see a `get_block_idx` call in this body (any spelling)."""
    for nested in (nested for stmt in stmts for nested in walk_stmts(stmt)):
        if isinstance(nested, OpaqueStmt) and _BLOCK_IDX in nested.text:
            return True
        for expr in (node for own in own_exprs(nested) for node in walk_expr(own)):
            if isinstance(expr, Call) and expr.op.rpartition(".")[2] == _BLOCK_IDX:
                return True
            if isinstance(expr, OpaqueExpr) and _BLOCK_IDX in expr.text:
                return True
    return False
