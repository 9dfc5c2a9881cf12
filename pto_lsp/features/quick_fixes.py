"""Quick fixes for the cache-policy diagnostics. Each leaves code that checks clean.

- R1, marker nested in an `if`/`for` inside a scope: move it to the top of that scope when
  the name is bound there (captured, not bound again inside), else `cache=` on the scope's
  loads of it (moved, it would name what is not defined yet: PTO105);
- R1, marker in a function body outside any scope: move it into each scope that
  reads the tensor (one action per scope); in an InCore function, where there is
  no scope to attach to, put `cache=` on that function's loads of the tensor;
- R2 on a `pl.cluster` / runtime scope: move it into the inner `pl.at` that reads the tensor;
  with none inside, remove a DEFAULT marker, or declare it in the kernels the scope calls;
- R3 keyword form: rewrite it positionally;
- E1: remove the declaration; E2: remove it, or change it to DEFAULT; R7: remove the extra one;
- PTO302, the coherency hint: read the tensor with the default policy (remove the marker, or
  make the load's `cache=` DEFAULT).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.ir import Call, Function, FunctionType, ScopeKind, ScopeStmt, Var
from compiler.ir.visit import bound_vars, own_exprs, walk_expr, walk_stmts
from compiler.lowering.scope_interface import callee_directions_among, scope_interface
from pto_lsp.features.call_arguments import insert_keyword
from pto_lsp.features.front_end_fixes import front_end_fixes
from pto_lsp.features.ir_lookup import function_containing
from pto_lsp.features.source_edits import Edit, QuickFix, SourceText, StatementSite
from pto_lsp.workspace.placement import DocumentAnalysis

_ACCEPTING = (ScopeKind.IN_CORE, ScopeKind.HIERARCHY)
_POLICIES = ("BYPASS", "DEFAULT")


def quick_fixes(analysis: DocumentAnalysis, source: SourceText, diagnostic: Diagnostic) -> list[QuickFix]:
    if diagnostic.code == codes.COHERENCY_BYPASS_AFTER_CACHED_WRITE:
        return _fix_coherency(source, diagnostic)
    if diagnostic.code not in _FIXERS:
        return front_end_fixes(analysis, source, diagnostic)  # and the op arguments' fixes
    site = source.statement_at(diagnostic.span)
    marker = _marker(site)
    if site is None or marker is None:
        return []
    fixes = _FIXERS.get(diagnostic.code)
    return fixes(analysis, source, diagnostic, site, marker) if fixes else []


@dataclass(frozen=True)
class _Marker:
    call: ast.Call
    tensor: str | None
    policy: str | None


def _marker(site: StatementSite | None) -> _Marker | None:
    if site is None or not isinstance(site.node, ast.Expr) or not isinstance(site.node.value, ast.Call):
        return None
    call = site.node.value
    values = [*call.args, *(kw.value for kw in call.keywords)]
    tensor = values[0].id if values and isinstance(values[0], ast.Name) else None
    policy = values[1].attr if len(values) > 1 and isinstance(values[1], ast.Attribute) else None
    return _Marker(call, tensor, policy if policy in _POLICIES else None)


# ----------------------------------------------------------------------- R1


def _fix_position(
    analysis: DocumentAnalysis,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
) -> list[QuickFix]:
    function = function_containing(analysis, site.span)
    if function is None or marker.tensor is None:
        return []
    enclosing = _innermost_scope(function, site.span, _ACCEPTING)
    if enclosing is not None and not _defined_at_top(function, enclosing, marker.tensor):
        # Moved to the top, it would name what is not bound there yet (PTO105): state the
        # policy on the scope's loads of that name instead.
        return _cache_kwarg_on_loads(function, source, diagnostic, site, marker, within=enclosing)
    if enclosing is not None:
        line = enclosing.span.start_line
        if _conditional_within(site, enclosing):
            # Taken out of its `if`, the declaration holds on every path: say so, and leave
            # the choice to the user (never the preferred, automatically applied fix).
            title = (
                f"Move the declaration out of its if to the top of the enclosing scope (line {line}); "
                "it then applies unconditionally"
            )
            return [_move(source, diagnostic, site, enclosing, title)]
        title = f"Move the declaration to the top of the enclosing scope (line {line})"
        return [_move(source, diagnostic, site, enclosing, title, preferred=True)]
    if function.func_type is FunctionType.INCORE:
        return _cache_kwarg_on_loads(function, source, diagnostic, site, marker)
    return [
        _move(
            source,
            diagnostic,
            site,
            scope,
            f"Move the declaration into the scope at line {scope.span.start_line}",
        )
        for scope in _scopes_reading(function, None, marker.tensor)
    ]


def _cache_kwarg_on_loads(
    function: Function,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
    within: ScopeStmt | None = None,
) -> list[QuickFix]:
    if marker.policy is None or marker.tensor is None:
        return []
    inserts = _cache_kwargs(function, source, marker.tensor, marker.policy, within)
    if not inserts:
        return []
    title = f"Put cache=pl.CachePolicy.{marker.policy} on the loads of '{marker.tensor}' instead"
    return [QuickFix(title, diagnostic, (source.remove_statement(site), *inserts), preferred=True)]


def _cache_kwargs(
    function: Function, source: SourceText, tensor: str, policy: str, within: ScopeStmt | None = None
) -> list[Edit]:
    """`cache=pl.CachePolicy.<policy>` added to each load of `tensor` in `function` (in the
    scope `within`, if given) that does not state its own policy already (none when one of
    them cannot be edited: a fix that left a load uncovered would quietly drop the
    declaration there)."""
    loads = [
        node
        for stmt in walk_stmts(within.body if within is not None else function.body)
        for expr in own_exprs(stmt)
        for node in walk_expr(expr)
        if isinstance(node, Call)
        and node.op == "tile.load"
        and node.args
        and isinstance(node.args[0], Var)
        and node.args[0].name == tensor
        and "cache" not in node.kwargs
    ]
    edits: list[Edit] = []
    for load in loads:
        inserted = insert_keyword(source, load.span, f"cache=pl.CachePolicy.{policy}")
        if inserted is None:
            return []
        edits.extend(inserted)
    return edits


# ----------------------------------------------------------------------- R2


def _fix_nothing_to_attach(
    analysis: DocumentAnalysis,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
) -> list[QuickFix]:
    function = function_containing(analysis, site.span)
    if function is None or marker.tensor is None:
        return []
    spmd = _innermost_scope(function, site.span, (ScopeKind.SPMD,))
    if spmd is not None:
        return _move_into_callee(analysis, source, diagnostic, site, marker, spmd)
    outer = _innermost_scope(function, site.span, (ScopeKind.CLUSTER, ScopeKind.RUNTIME))
    if outer is None:
        return []
    moves = [
        _move(
            source,
            diagnostic,
            site,
            scope,
            f"Move the declaration into the pl.at scope at line {scope.span.start_line}",
        )
        for scope in _scopes_reading(function, outer, marker.tensor)
    ]
    if moves:
        return moves
    if marker.policy == "DEFAULT":
        # Every read is DEFAULT already: the declaration says nothing.
        title = "Remove the declaration (DEFAULT is what every read gets already)"
        return [QuickFix(title, diagnostic, (source.remove_statement(site),), preferred=True)]
    # No pl.at inside: the reads are in the kernels it calls; declare it there.
    return _move_into_callee(analysis, source, diagnostic, site, marker, outer)


def _move_into_callee(
    analysis: DocumentAnalysis,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
    spmd: ScopeStmt,
) -> list[QuickFix]:
    """A dispatch-shaped `pl.spmd` body: the reads happen in the callee, so declare it there —
    in the callee's CORE_GROUP scope if it has one, else as `cache=` on its loads."""
    found = _dispatched_param(analysis, spmd, marker.tensor or "")
    if found is None or marker.policy is None:
        return []
    callee, param = found
    statement = f"pl.set_cache_policy({param}, pl.CachePolicy.{marker.policy})"
    scopes = [scope for scope in _scopes_reading(callee, None, param) if scope.kind is ScopeKind.IN_CORE]
    if scopes:
        body = scopes[0].body_span
        assert body is not None
        insert = source.insert_before_line(body.start_line, source.indentation(body.start_line), statement)
        title = f"Move the declaration into '{callee.name}' (its scope at line {scopes[0].span.start_line})"
        return [QuickFix(title, diagnostic, (insert, source.remove_statement(site)), preferred=True)]
    inserts = _cache_kwargs(callee, source, param, marker.policy)
    if callee.func_type is not FunctionType.INCORE or not inserts:
        return []
    title = f"Put cache=pl.CachePolicy.{marker.policy} on the loads of '{param}' in '{callee.name}'"
    return [QuickFix(title, diagnostic, (source.remove_statement(site), *inserts), preferred=True)]


def _dispatched_param(
    analysis: DocumentAnalysis, spmd: ScopeStmt, tensor: str
) -> tuple[Function, str] | None:
    """The kernel the spmd body dispatches, and the name its parameter gives `tensor`."""
    program = next(
        (p for p in analysis.programs if any(f.span.contains(spmd.span) for f in p.functions)), None
    )
    # A free function may dispatch to one defined anywhere in the module.
    functions = program.functions if program else list(analysis.whole.functions)
    for stmt in walk_stmts(spmd.body):
        for expr in own_exprs(stmt):
            for node in walk_expr(expr):
                if not isinstance(node, Call):
                    continue
                callee = next((f for f in functions if node.op in (f.name, f"self.{f.name}")), None)
                if callee is None:
                    continue
                for index, arg in enumerate(node.args):
                    if isinstance(arg, Var) and arg.name == tensor and index < len(callee.params):
                        return callee, callee.params[index].var.name
    return None


# ----------------------------------------------------------------------- R3


def _fix_keywords(
    analysis: DocumentAnalysis,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
) -> list[QuickFix]:
    call = marker.call
    slots: list[ast.expr | None] = [*call.args, None, None][:2]
    extra = call.args[2:]
    for keyword in call.keywords:
        index = {"tensor": 0, "policy": 1}.get(keyword.arg or "")
        if index is None:
            index = next((i for i, slot in enumerate(slots) if slot is None), None)
        if index is None or slots[index] is not None:
            return []
        slots[index] = keyword.value
    if extra or any(slot is None for slot in slots):
        return []
    title = "Write the declaration with two positional arguments"
    written = [*call.args, *(keyword.value for keyword in call.keywords)]
    if all(keyword.arg for keyword in call.keywords) and written == slots:
        # Already in order: drop each `name=` and keep the call's layout and comments.
        edits = []
        for keyword in call.keywords:
            named, value = site.span_of(keyword), site.span_of(keyword.value)
            edits.append(Edit(Span(named.start_line, named.start_col, value.start_line, value.start_col), ""))
        return [QuickFix(title, diagnostic, tuple(edits), preferred=True)]
    callee = source.segment(site.span_of(call.func))
    arguments = ", ".join(source.segment(site.span_of(slot)) for slot in slots if slot is not None)
    edit = Edit(site.span_of(call), f"{callee}({arguments})")
    return [QuickFix(title, diagnostic, (edit,), preferred=True)]


# ------------------------------------------------------------ E1, E2, R7


def _fix_remove(
    analysis: DocumentAnalysis,
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    marker: _Marker,
) -> list[QuickFix]:
    title = (
        "Remove the repeated declaration"
        if diagnostic.code == codes.MARKER_CONFLICT
        else "Remove the declaration"
    )
    fixes = [QuickFix(title, diagnostic, (source.remove_statement(site),), preferred=True)]
    if diagnostic.code == codes.BYPASS_ON_WRITTEN and len(marker.call.args) == 2:
        policy = site.span_of(marker.call.args[1])
        fixes.append(
            QuickFix("Change the policy to DEFAULT", diagnostic, (Edit(policy, "pl.CachePolicy.DEFAULT"),))
        )
    return fixes


# ------------------------------------------------------------------ PTO302


def _fix_coherency(source: SourceText, diagnostic: Diagnostic) -> list[QuickFix]:
    """Read the tensor with the default policy: remove the marker that asked for BYPASS, or
    make the load's own `cache=` DEFAULT."""
    tensor = diagnostic.data.get("tensor", "")
    title = f"Read '{tensor}' with the default (cached) policy"
    site = source.statement_at(diagnostic.span)
    if site is not None and site.span == diagnostic.span and _marker(site) is not None:
        return [QuickFix(title, diagnostic, (source.remove_statement(site),), preferred=True)]
    if source.segment(diagnostic.span).replace(" ", "").endswith("CachePolicy.BYPASS"):
        return [
            QuickFix(title, diagnostic, (Edit(diagnostic.span, "pl.CachePolicy.DEFAULT"),), preferred=True)
        ]
    return []


_FIXERS = {
    codes.MARKER_POSITION: _fix_position,
    codes.MARKER_NO_SCOPE_TO_ATTACH: _fix_nothing_to_attach,
    codes.MARKER_ARITY: _fix_keywords,
    codes.NOT_CAPTURED: _fix_remove,
    codes.BYPASS_ON_WRITTEN: _fix_remove,
    codes.MARKER_CONFLICT: _fix_remove,
}


# --------------------------------------------------------------- helpers


def _move(
    source: SourceText,
    diagnostic: Diagnostic,
    site: StatementSite,
    scope: ScopeStmt,
    title: str,
    preferred: bool = False,
) -> QuickFix:
    body = scope.body_span
    assert body is not None
    indent = source.indentation(body.start_line)
    insert = source.insert_before_line(body.start_line, indent, source.reindented(site.span, indent))
    return QuickFix(title, diagnostic, (insert, source.remove_statement(site)), preferred)


def _conditional_within(site: StatementSite, scope: ScopeStmt) -> bool:
    """Whether the statement runs only on some paths through `scope`'s body: it sits in an
    `if` (or `while`) that is itself inside that body."""
    body = scope.body_span
    return body is not None and any(
        isinstance(node, (ast.If, ast.While)) and body.contains(site.span_of(node)) for node in site.enclosing
    )


def _defined_at_top(function: Function, scope: ScopeStmt, name: str) -> bool:
    """Whether `name` at the top of `scope`'s body is what it is deeper in: bound before the
    scope (captured by it) and not bound again inside it (a loop variable, a local)."""
    if any(var.name == name for stmt in walk_stmts(scope.body) for var in bound_vars(stmt)):
        return False
    interface = scope_interface(scope, callee_directions_among([function]))
    return any(param.var.name == name for param in interface.params)


def _scopes(function: Function, kinds: tuple[ScopeKind, ...]) -> list[ScopeStmt]:
    return [
        s for s in walk_stmts(function.body) if isinstance(s, ScopeStmt) and s.kind in kinds and s.body_span
    ]


def _innermost_scope(function: Function, span: Span, kinds: tuple[ScopeKind, ...]) -> ScopeStmt | None:
    containing = [
        s for s in _scopes(function, kinds) if s.body_span is not None and s.body_span.contains(span)
    ]
    # Nested scopes start later: the innermost is the one whose body starts last.
    return max(containing, key=lambda s: s.body_span or s.span, default=None)


def _scopes_reading(function: Function, within: ScopeStmt | None, tensor: str) -> list[ScopeStmt]:
    """Accepting scopes (inside `within`, if given) whose body captures a tensor named `tensor`."""
    directions = callee_directions_among([function])
    found = []
    for scope in _scopes(function, _ACCEPTING):
        if within is not None and not (
            within.body_span and scope.span and within.body_span.contains(scope.span)
        ):
            continue
        interface = scope_interface(scope, directions)
        if any(param.var.name == tensor for param in interface.params):
            found.append(scope)
    return found
