"""Classify scope headers (`with pl.X(...)`, `for i in pl.spmd(...)`) the way the
real parser does before it scans a scope body for cache-policy markers
(`reference-cache-policy.md` §1.3).

The real parser's rejections of a header are raised before this runs
(`scope_headers`). A header we still cannot classify for sure (e.g. an SPMD body
calling a name whose value we do not know) yields `None`: that body is not
analysed for markers, so we never report an error the real compiler would not
reach.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from compiler.ir import ScopeKind
from compiler.syntax.names import dotted_name
from compiler.syntax.subtree import subtree

# `pl.Level` members and aliases (pypto-language.md §3).
LEVELS = {
    "AIV": "AIV",
    "AIC": "AIC",
    "CORE_GROUP": "CORE_GROUP",
    "CHIP_DIE": "CHIP_DIE",
    "L2CACHE": "CHIP_DIE",
    "CHIP": "CHIP",
    "PROCESSOR": "CHIP",
    "UMA": "CHIP",
    "HOST": "HOST",
    "NODE": "HOST",
    "CLUSTER_0": "CLUSTER_0",
    "POD": "CLUSTER_0",
    "CLUSTER_1": "CLUSTER_1",
    "CLOS1": "CLUSTER_1",
    "CLUSTER_2": "CLUSTER_2",
    "CLOS2": "CLUSTER_2",
    "GLOBAL": "GLOBAL",
    "UNDEFINED": "UNDEFINED",
}
_LEVEL_ORDER = ["AIV", "AIC", "CORE_GROUP", "CHIP_DIE", "CHIP", "HOST", "CLUSTER_0", "CLUSTER_1", "CLUSTER_2"]
_SPMD_FOR_REJECTED_KEYWORDS = frozenset(
    {"init_values", "chunk", "chunk_policy", "attrs", "step", "stage", "deps"}
)
_OPTIMIZATION_ENTRIES = frozenset({"split", "cross_core_slot"})


# The real parser names the Spmd scope of `for i in pl.spmd(..., name_hint="h")` `h_spmd`
# and the kernel scope inside it `h`.
SPMD_SUFFIX = "_spmd"


@dataclass
class ScopePlan:
    """What the real parser builds for one scope header.

    `kind` is the ScopeStmt built; `scan_kind` is the kind the marker pre-scan of
    the header's own body is run with (None: no scan, e.g. the Spmd wrapper
    around an explicit carrier, whose lone `pl.at` scans its own body).
    `incore_carrier` is true when an Spmd scope wraps a synthesised InCore scope.
    """

    kind: ScopeKind
    scan_kind: ScopeKind | None
    level: str | None = None
    role: str | None = None
    name_hint: str = ""
    manual: bool = False
    incore_carrier: bool = False
    keywords: dict[str, ast.expr] = field(default_factory=dict)
    # `optimizations=[pl.split(pl.SplitMode.X), pl.cross_core_slot(slot_num=N)]`, read
    # for the InCore scope (the carrier of an Spmd one): the mode's member name (not
    # NONE) and the slot count.
    split: str | None = None
    slot_num: int | None = None


@dataclass
class ScopeContext:
    """What the classification needs from its surroundings."""

    auto_scope: bool
    inside_manual_runtime: bool
    # True when a bare-name call dispatches a kernel (a module-level DSL function).
    is_dsl_function_name: Callable[[str], bool]


def is_pl_call(node: ast.expr, attr: str | None = None) -> bool:
    """`pl.<attr>(...)` with the literal receiver `pl`, as the real parser requires."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "pl"
        and (attr is None or node.func.attr == attr)
    )


def classify_with(stmt: ast.With, context: ScopeContext) -> ScopePlan | None:
    if len(stmt.items) != 1:
        return None
    item = stmt.items[0]
    call = item.context_expr
    if not is_pl_call(call):
        return None
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
    name = call.func.attr
    has_as = item.optional_vars is not None
    if name == "at":
        return _classify_at(call)
    if name == "spmd":
        return _classify_spmd_with(stmt, call, context)
    if has_as:
        return None
    if name == "cluster":
        if call.args:
            return None
        return ScopePlan(ScopeKind.CLUSTER, ScopeKind.CLUSTER, name_hint=_name_hint(call))
    if name in ("scope", "manual_scope"):
        return _classify_runtime(call, name, context)
    return None


def classify_for(stmt: ast.For) -> ScopePlan | None:
    """`for i in X.spmd(...)`: Spmd(InCore(...)). Other iterators are not scopes that scan."""
    call = stmt.iter
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "spmd"):
        return None
    keywords = {kw.arg for kw in call.keywords if kw.arg}
    if keywords & _SPMD_FOR_REJECTED_KEYWORDS or not isinstance(stmt.target, ast.Name):
        return None
    return _spmd_carrier_plan(call)


def _spmd_carrier_plan(call: ast.Call) -> ScopePlan:
    """An Spmd scope around the InCore scope the real parser synthesises for its body."""
    split, slot_num = optimizations(call)
    return ScopePlan(
        ScopeKind.SPMD,
        ScopeKind.IN_CORE,
        name_hint=_name_hint(call),
        incore_carrier=True,
        split=split,
        slot_num=slot_num,
    )


def at_level(call: ast.Call) -> str | None:
    """The canonical level of `pl.at(...)`, or None if the real parser would reject it."""
    node = call.args[0] if call.args else keyword_value(call, "level")
    if not isinstance(node, ast.Attribute):
        return None
    if dotted_name(node.value) not in ("Level", "pl.Level"):  # as written (`ast.unparse`)
        return None
    return LEVELS.get(node.attr)


def _classify_at(call: ast.Call) -> ScopePlan | None:
    level = at_level(call)
    if level is None:
        return None
    role_node = call.args[1] if len(call.args) > 1 else keyword_value(call, "role")
    role = role_node.attr if isinstance(role_node, ast.Attribute) else None
    has_optimizations = keyword_value(call, "optimizations") is not None
    if level == "CORE_GROUP":
        if role_node is not None:
            return None  # role= is not supported with level=pl.Level.CORE_GROUP
        split, slot_num = optimizations(call)
        return ScopePlan(
            ScopeKind.IN_CORE,
            ScopeKind.IN_CORE,
            level,
            name_hint=_name_hint(call),
            split=split,
            slot_num=slot_num,
        )
    if has_optimizations:
        return None  # optimizations=[...] only with CORE_GROUP
    if (
        role == "SubWorker"
        and level in _LEVEL_ORDER
        and _LEVEL_ORDER.index(level) >= _LEVEL_ORDER.index("HOST")
    ):
        return None  # inline SubWorker at level >= HOST is not supported
    return ScopePlan(ScopeKind.HIERARCHY, ScopeKind.HIERARCHY, level, role, name_hint=_name_hint(call))


def _classify_spmd_with(stmt: ast.With, call: ast.Call, context: ScopeContext) -> ScopePlan | None:
    has_optimization_entry = _has_optimization_entry(call)
    if _is_explicit_carrier(stmt.body):
        if has_optimization_entry:
            return None  # optimizations= twice, or on the wrong scope
        return ScopePlan(ScopeKind.SPMD, None, name_hint=_name_hint(call))
    if spmd_body_reads_block_idx(stmt.body):
        return _spmd_carrier_plan(call)
    dispatches = spmd_dispatch_count(stmt.body, context.is_dsl_function_name)
    if dispatches != 1:
        return None  # neither reads the block index nor dispatches, or dispatches twice
    if has_optimization_entry:
        return _spmd_carrier_plan(call)
    return ScopePlan(ScopeKind.SPMD, ScopeKind.SPMD, name_hint=_name_hint(call))


def _classify_runtime(call: ast.Call, name: str, context: ScopeContext) -> ScopePlan | None:
    if name == "manual_scope":
        manual = True
        if call.args or call.keywords:
            return None
    else:
        mode = call.args[0] if call.args else keyword_value(call, "mode")
        manual = isinstance(mode, ast.Attribute) and mode.attr == "MANUAL"
        if mode is not None and not isinstance(mode, ast.Attribute):
            return None
        if not manual and context.auto_scope:
            return None  # a hand-placed AUTO scope requires @pl.function(auto_scope=False)
    if context.inside_manual_runtime:
        return None  # no MANUAL or AUTO scope nested inside a MANUAL one
    return ScopePlan(ScopeKind.RUNTIME, ScopeKind.RUNTIME, manual=manual)


def _is_explicit_carrier(body: list[ast.stmt]) -> bool:
    if len(body) != 1 or not isinstance(body[0], ast.With):
        return False
    items = body[0].items
    if len(items) != 1 or not is_pl_call(items[0].context_expr, "at"):
        return False
    call = items[0].context_expr
    assert isinstance(call, ast.Call)
    return at_level(call) == "CORE_GROUP"


def spmd_body_reads_block_idx(body: list[ast.stmt]) -> bool:
    return any(
        (isinstance(node.func, ast.Attribute) and node.func.attr == "get_block_idx")
        or (isinstance(node.func, ast.Name) and node.func.id == "get_block_idx")
        for node in _calls(body)
    )


def spmd_dispatch_count(body: list[ast.stmt], is_dsl_function_name: Callable[[str], bool]) -> int:
    count = 0
    for node in _calls(body):
        func = node.func
        if (
            isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"
        ) or (isinstance(func, ast.Name) and is_dsl_function_name(func.id)):
            count += 1
    return count


def _calls(body: list[ast.stmt]) -> list[ast.Call]:
    # The statements' shared node lists (see `subtree`): an `ast.walk` costs far more.
    return [node for stmt in body for node in subtree(stmt) if isinstance(node, ast.Call)]


def _has_optimization_entry(call: ast.Call) -> bool:
    node = keyword_value(call, "optimizations")
    if not isinstance(node, (ast.List, ast.Tuple)):
        return False
    return any(
        isinstance(entry, ast.Call)
        and isinstance(entry.func, ast.Attribute)
        and entry.func.attr in _OPTIMIZATION_ENTRIES
        for entry in node.elts
    )


def optimizations(call: ast.Call) -> tuple[str | None, int | None]:
    """The split mode (None for NONE) and the cross-core slot count an `optimizations=`
    list sets, `pl.split(...)` / `pl.cross_core_slot(...)` or their `pl.optimizations.`
    spellings; what is not a literal the real parser reads is left out (it rejects it)."""
    node = keyword_value(call, "optimizations")
    split: str | None = None
    slot_num: int | None = None
    for entry in node.elts if isinstance(node, ast.List) else []:
        if not (isinstance(entry, ast.Call) and isinstance(entry.func, ast.Attribute)):
            continue
        slot = keyword_value(entry, "slot_num")
        if isinstance(slot, ast.Constant) and type(slot.value) is int:
            slot_num = slot.value
        mode = entry.args[0] if entry.func.attr == "split" and len(entry.args) == 1 else None
        if isinstance(mode, ast.Attribute) and mode.attr != "NONE":
            split = mode.attr
    return split, slot_num


def keyword_value(call: ast.Call, name: str) -> ast.expr | None:
    """The value of keyword `name=` in `call`, or None."""
    return next((kw.value for kw in call.keywords if kw.arg == name), None)


def _name_hint(call: ast.Call) -> str:
    node = keyword_value(call, "name_hint")
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
