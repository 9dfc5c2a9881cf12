"""The real parser's checks on a scope header: `with pl.X(...)` and `for i in pl.spmd(...)`.

Each helper raises the `FrontEndError` the real parser raises, in its order, with
its span and message. A header that passes is then classified by `scopes` for
the cache-policy scan of its body.
"""

from __future__ import annotations

import ast
import keyword
from collections.abc import Callable
from dataclasses import dataclass

from compiler.ir import Const, Expr
from compiler.parser.enum_values import LEVEL_NAMES, ROLE_NAMES, SCOPE_MODE_NAMES, enum_member
from compiler.parser.errors import syntax_error, unsupported
from compiler.parser.optimization_list import check_optimization_list
from compiler.syntax.subtree import subtree

# Levels at or above HOST (linqu level >= 3), where an inline SubWorker is refused.
_HOST_AND_ABOVE = frozenset(
    {"HOST", "NODE", "CLUSTER_0", "POD", "CLUSTER_1", "CLOS1", "CLUSTER_2", "CLOS2", "GLOBAL"}
)
_AT_STASHED = ("deps", "no_dep_args", "dumps")
_OPTIMIZATION_ENTRIES = frozenset({"split", "cross_core_slot"})
SPMD_FOR_HINT = (
    "Use 'for i in pl.spmd(4):' — the loop variable is bound to the "
    "per-block index (equivalent to pl.tile.get_block_idx())."
)
SPMD_WITH_HINT = (
    "Use 'with pl.spmd(4):' with a body that dispatches a 'self.<kernel>(...)' call "
    "or reads 'pl.tile.get_block_idx()', or 'with pl.spmd(4) as tid:' to also "
    "capture the dispatch TaskId."
)
_SPMD_KEYWORDS = frozenset(
    {"core_num", "sync_start", "name_hint", "optimizations", "allow_early_resolve", "predicate"}
)
_SPMD_FOR_REJECTED = ("init_values", "chunk", "chunk_policy", "attrs", "step", "stage")


def scope_name_hint(value: ast.expr, func_name: str) -> str:
    if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
        raise syntax_error(
            f"{func_name} 'name_hint' argument must be a string literal",
            value,
            'Use name_hint="my_scope_name"',
        )
    hint = value.value
    if hint and (not hint.isidentifier() or keyword.iskeyword(hint)):
        raise syntax_error(
            f"{func_name} 'name_hint' must be a valid non-keyword identifier, got {hint!r}",
            value,
            "Use a valid Python identifier like 'fused_matmul_add'",
        )
    return hint


def pl_scope_call(stmt: ast.With, is_pl_alias: Callable[[str], bool]) -> tuple[ast.Call, str] | None:
    """The one `pl.<scope>(...)` context manager of a `with`, and its name.

    Upstream matches the literal receiver `pl`; a scope spelled through another
    alias of `pypto.language` (None here) is left unjudged: whether a JIT rewrite
    respells it first is not modelled."""
    if len(stmt.items) != 1:
        raise syntax_error(
            "Only single context manager supported in with statement",
            stmt,
            "Use 'with pl.cluster():', 'with pl.spmd(...):', 'with pl.at(level=...):', "
            "'with pl.scope():', or 'with pl.manual_scope():' without multiple context managers",
        )
    item = stmt.items[0]
    call = item.context_expr
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "pl"
    ):
        name = call.func.attr
        if item.optional_vars is not None and name not in ("at", "spmd"):
            raise syntax_error(
                f"`with pl.{name}(...) as ...:` is not supported "
                "— the `as` clause only applies to `with pl.at(...) as tid:` and "
                "`with pl.spmd(...) as tid:`",
                stmt,
                "Drop the `as` target, or use `with pl.at(...) as tid:` / "
                "`with pl.spmd(...) as tid:` to capture the outlined dispatch's "
                "producer TaskId.",
            )
        if name in ("scope", "manual_scope", "cluster", "spmd", "at"):
            return call, name
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and is_pl_alias(call.func.value.id)
    ):
        return None
    raise unsupported(
        "Unsupported context manager in with statement",
        stmt,
        "Supported: 'with pl.cluster():', 'with pl.spmd(...):', "
        "'with pl.at(level=..., optimizations=[...]):', 'with pl.scope():', "
        "or 'with pl.manual_scope():'",
    )


# --- pl.at ---------------------------------------------------------------------------------------


@dataclass
class AtHeader:
    level: str
    role: str | None
    has_optimization_entry: bool


def at_header(call: ast.Call) -> AtHeader:
    """`pl.at(...)`'s arguments, checked in upstream's order."""
    if len(call.args) > 2:
        raise syntax_error(
            f"pl.at() takes at most 2 positional arguments, got {len(call.args)}",
            call,
            "Use pl.at(level) or pl.at(level, role)",
        )
    level = enum_member(call.args[0], LEVEL_NAMES, "Level") if call.args else None
    role = enum_member(call.args[1], ROLE_NAMES, "Role") if len(call.args) > 1 else None
    optimizations = False
    seen: set[str] = set()
    for kw in call.keywords:
        if kw.arg in ("level", "role", "optimizations", *_AT_STASHED):
            already = (kw.arg == "level" and level is not None) or (kw.arg == "role" and role is not None)
            if already or kw.arg in seen:
                raise syntax_error(f"pl.at() got multiple values for argument '{kw.arg}'", kw)
            seen.add(kw.arg)
        if kw.arg == "level":
            level = enum_member(kw.value, LEVEL_NAMES, "Level")
        elif kw.arg == "role":
            role = enum_member(kw.value, ROLE_NAMES, "Role")
        elif kw.arg == "optimizations":
            check_optimization_list(kw.value, "pl.at")
            optimizations = _has_optimization_entry(kw.value)
        elif kw.arg == "name_hint":
            scope_name_hint(kw.value, "pl.at()")
        elif kw.arg in ("allow_early_resolve", "windowize"):
            _bool_literal(kw, f"pl.at() {kw.arg}", _AT_BOOL_HINTS[kw.arg])
        elif kw.arg in _AT_STASHED:
            pass
        elif kw.arg is None:
            raise syntax_error(
                "Unsupported **kwargs in pl.at()",
                kw,
                "Use pl.at(level=pl.Level.HOST, role=pl.Role.SubWorker)",
            )
        else:
            raise syntax_error(
                f"Unknown keyword argument '{kw.arg}' in pl.at()",
                kw,
                "Supported arguments: level, role, optimizations, deps, no_dep_args, dumps, "
                "allow_early_resolve, name_hint, windowize",
            )
    if level is None:
        raise syntax_error(
            "pl.at() requires a level argument",
            call,
            "Use pl.at(pl.Level.HOST) or pl.at(level=pl.Level.HOST)",
        )
    return AtHeader(level, role, optimizations)


_AT_BOOL_HINTS = {
    "allow_early_resolve": "Write allow_early_resolve=True to opt this scope into early-dispatch.",
    "windowize": "Write windowize=True to allow local windowization for this InCore scope.",
}


def _bool_literal(kw: ast.keyword, what: str, hint: str) -> bool:
    if not isinstance(kw.value, ast.Constant) or not isinstance(kw.value.value, bool):
        raise syntax_error(f"{what} must be a boolean literal (True/False)", kw.value, hint)
    return kw.value.value


def _has_optimization_entry(node: ast.expr) -> bool:
    return isinstance(node, (ast.List, ast.Tuple)) and any(
        isinstance(entry, ast.Call)
        and isinstance(entry.func, ast.Attribute)
        and entry.func.attr in _OPTIMIZATION_ENTRIES
        for entry in node.elts
    )


def check_at_scope(stmt: ast.With, call: ast.Call) -> None:
    header = at_header(call)
    core_group = header.level == "CORE_GROUP"
    if header.has_optimization_entry and not core_group:
        raise syntax_error(
            "optimizations=[pl.split(...)] / optimizations=[pl.cross_core_slot(...)] are only "
            "supported with level=pl.Level.CORE_GROUP",
            stmt,
            "Use pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]).",
        )
    if core_group and header.role is not None:
        raise syntax_error(
            "role= is not supported with level=pl.Level.CORE_GROUP",
            stmt,
            "Drop role= for InCore scopes, or use a non-CORE_GROUP level for Hierarchy scope",
        )
    target = stmt.items[0].optional_vars
    if target is not None and not isinstance(target, ast.Name):
        raise syntax_error(
            "`as` target on `with pl.at(...)` must be a plain variable name",
            stmt,
            "Use `with pl.at(...) as tid:` (single name; nested tuples are not allowed).",
        )
    if not core_group and header.level in _HOST_AND_ABOVE and header.role == "SubWorker":
        raise syntax_error(
            "Inline 'with pl.at(level>=HOST, role=pl.Role.SubWorker)' is not supported.",
            stmt,
            "Declare a SubWorker via @pl.function(level=..., role=pl.Role.SubWorker) "
            "as a self-contained function (no 'self' parameter) inside @pl.program.",
        )


# --- pl.scope / pl.manual_scope / pl.cluster -------------------------------------------------------


def check_runtime_scope(
    stmt: ast.With, call: ast.Call, name: str, *, auto_scope: bool, inside_manual: bool
) -> None:
    if name == "manual_scope":
        if call.args or call.keywords:
            raise syntax_error(
                "pl.manual_scope() does not accept arguments",
                stmt,
                "Use 'with pl.manual_scope():' (or 'with pl.scope(mode=pl.ScopeMode.MANUAL):').",
            )
        manual = True
    else:
        manual = _scope_mode_is_manual(stmt, call)
    if manual:
        if inside_manual:
            raise syntax_error(
                "a manual scope may not be nested inside another manual scope",
                stmt,
                "Flatten the nested manual scope into the enclosing one, or move it outside.",
            )
        return
    if auto_scope:
        raise syntax_error(
            "a hand-placed AUTO 'with pl.scope()' requires @pl.function(auto_scope=False)",
            stmt,
            "In the default auto_scope=True mode the compiler places AUTO scopes; set "
            "auto_scope=False to place them yourself, or use pl.scope(mode=pl.ScopeMode.MANUAL).",
        )
    if inside_manual:
        raise syntax_error(
            "an AUTO scope may not be nested inside a manual scope",
            stmt,
            "The runtime forbids AUTO scope nested in MANUAL scope; move it outside.",
        )


def _scope_mode_is_manual(stmt: ast.With, call: ast.Call) -> bool:
    if call.args:
        raise syntax_error(
            "pl.scope() takes only a 'mode=' keyword, not positional arguments",
            stmt,
            "Use 'with pl.scope():' or 'with pl.scope(mode=pl.ScopeMode.MANUAL):'.",
        )
    manual = False
    for kw in call.keywords:
        if kw.arg != "mode":
            raise syntax_error(
                f"pl.scope() got an unexpected keyword '{kw.arg}'",
                stmt,
                "The only accepted keyword is mode=pl.ScopeMode.AUTO|MANUAL.",
            )
        manual = enum_member(kw.value, SCOPE_MODE_NAMES, "ScopeMode") == "MANUAL"
    return manual


def check_cluster(stmt: ast.With, call: ast.Call) -> None:
    if call.args:
        raise syntax_error(
            "pl.cluster() does not accept positional arguments", stmt, "Use 'with pl.cluster():'"
        )
    for kw in call.keywords:
        if kw.arg != "name_hint":
            raise syntax_error(
                f"pl.cluster() got unexpected keyword argument '{kw.arg}'",
                stmt,
                "Supported keyword: 'name_hint'. For SPMD dispatch, use pl.spmd(4):",
            )
        scope_name_hint(kw.value, "pl.cluster()")


# --- pl.spmd ---------------------------------------------------------------------------------------


@dataclass
class SpmdLaunch:
    core_num: Expr
    sync_start: bool


def check_spmd_for(stmt: ast.For, call: ast.Call) -> None:
    """What the loop form checks before its `pl.spmd(...)` arguments."""
    if not isinstance(stmt.target, ast.Name):
        raise syntax_error(
            "for ... in pl.spmd(...) must use a single loop variable", stmt.target, SPMD_FOR_HINT
        )
    for kw in call.keywords:
        if kw.arg in _SPMD_FOR_REJECTED:
            raise syntax_error(f"pl.spmd() loop form does not accept '{kw.arg}='", kw.value, SPMD_FOR_HINT)


def spmd_launch(
    anchor: ast.stmt, call: ast.Call, parse: Callable[[ast.expr], Expr], *, hint: str, allow_deps: bool
) -> SpmdLaunch:
    """`pl.spmd(core_num, ...)`'s arguments, each keyword checked then read, in source order."""
    if len(call.args) > 1:
        raise syntax_error("pl.spmd() accepts at most one positional argument (core_num)", call.args[1], hint)
    core_num = _core_num(call.args[0], parse, hint) if call.args else None
    sync_start = False
    for kw in call.keywords:
        _check_spmd_keyword(kw, anchor, hint, allow_deps)
        if kw.arg == "name_hint":
            scope_name_hint(kw.value, "pl.spmd()")
        elif kw.arg == "core_num":
            if core_num is not None:
                raise syntax_error("pl.spmd() got multiple values for argument 'core_num'", kw.value, hint)
            core_num = _core_num(kw.value, parse, hint)
        elif kw.arg in ("sync_start", "allow_early_resolve"):
            value = _bool_literal(kw, str(kw.arg), hint)
            sync_start = value if kw.arg == "sync_start" else sync_start
        elif kw.arg == "optimizations":
            check_optimization_list(kw.value, "pl.spmd")
    if core_num is None:
        raise syntax_error("pl.spmd() requires core_num (first positional argument)", anchor, hint)
    return SpmdLaunch(core_num, sync_start)


def _check_spmd_keyword(kw: ast.keyword, anchor: ast.stmt, hint: str, allow_deps: bool) -> None:
    if kw.arg is None:
        raise syntax_error(
            "pl.spmd() does not accept **kwargs; pass core_num (positional) "
            "and sync_start=/name_hint=/optimizations= explicitly",
            kw.value,
            hint,
        )
    if kw.arg == "deps" and not allow_deps:
        raise syntax_error(
            "pl.spmd() does not accept 'deps=' here",
            kw.value,
            "Use `with pl.spmd(n, deps=[...]) as tid:` (the with-form) to "
            "declare explicit TaskId deps, or `out, tid = pl.spmd_submit(..., "
            "deps=[...])` for the single-call form.",
        )
    if kw.arg == "deps" or kw.arg in _SPMD_KEYWORDS:
        return
    supported = "'sync_start', 'name_hint', 'optimizations', "
    if allow_deps:
        supported += "'deps', "
    supported += "'allow_early_resolve', 'predicate'"
    raise syntax_error(
        f"pl.spmd() got unexpected keyword argument '{kw.arg}'", anchor, f"Supported keywords: {supported}"
    )


def _core_num(node: ast.expr, parse: Callable[[ast.expr], Expr], hint: str) -> Expr:
    expr = parse(node)
    if isinstance(expr, Const) and type(expr.value) is int and expr.value <= 0:
        raise syntax_error(f"core_num must be a positive integer, got {expr.value}", node, hint)
    return expr


def check_spmd_with_body(
    stmt: ast.With, call: ast.Call, dispatch_count: Callable[[list[ast.stmt]], tuple[int, bool]]
) -> None:
    """`with pl.spmd(...)`: the `as` target, then the body's shape.

    `dispatch_count(body)` is (kernel dispatches we are sure of, whether some
    call may be one more); a body whose count we are unsure of is not judged.
    """
    target = stmt.items[0].optional_vars
    if target is not None and not isinstance(target, ast.Name):
        raise syntax_error(
            "`as` target on `with pl.spmd(...)` must be a plain variable name",
            stmt,
            "Use `with pl.spmd(...) as tid:` (single name; nested tuples are not allowed).",
        )
    has_entry = any(kw.arg == "optimizations" and _has_optimization_entry(kw.value) for kw in call.keywords)
    carrier = _explicit_carrier(stmt.body)
    if carrier is not None:
        if has_entry:
            where = (
                "is specified twice: on `pl.spmd(...)` and on the inner"
                if carrier.has_optimization_entry
                else "belongs on the InCore scope, but the body already provides one as the inner"
            )
            raise syntax_error(
                f"`optimizations=` {where} `pl.at(level=pl.Level.CORE_GROUP, ...)`",
                stmt,
                "Keep `optimizations=[...]` on the inner `pl.at(...)` carrier only.",
            )
        return
    if reads_block_idx(stmt.body):
        return
    count, unsure = dispatch_count(stmt.body)
    if count == 0 and not unsure:
        raise syntax_error(
            "`with pl.spmd(...)` body neither reads the per-block index via "
            "`pl.tile.get_block_idx()` nor dispatches a `self.<kernel>(...)` call, "
            "so every block would run identical work.",
            stmt,
            "Add `i = pl.tile.get_block_idx()` inside the scope, dispatch a kernel "
            "that reads it, or use `for i in pl.spmd(n):` to bind the block index "
            "automatically.",
        )
    if count > 1:
        raise syntax_error(
            f"`with pl.spmd(...)` dispatch body launches {count} kernels; "
            "only one kernel dispatch per SPMD scope is supported.",
            stmt,
            "Use one `pl.spmd(...)` scope per kernel, or make the body inline by "
            "reading `pl.tile.get_block_idx()` so the whole body is outlined into a "
            "single per-block kernel.",
        )


def _explicit_carrier(body: list[ast.stmt]) -> AtHeader | None:
    """A lone `with pl.at(<CORE_GROUP>)` body: its header (checked, as upstream does here)."""
    if len(body) != 1 or not isinstance(body[0], ast.With) or len(body[0].items) != 1:
        return None
    call = body[0].items[0].context_expr
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "at"
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "pl"
    ):
        return None
    header = at_header(call)
    return header if header.level == "CORE_GROUP" else None


def reads_block_idx(body: list[ast.stmt]) -> bool:
    return any(
        (isinstance(node.func, ast.Attribute) and node.func.attr == "get_block_idx")
        or (isinstance(node.func, ast.Name) and node.func.id == "get_block_idx")
        for stmt in body
        for node in subtree(stmt)
        if isinstance(node, ast.Call)
    )
