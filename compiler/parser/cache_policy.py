"""The parser's cache-policy rules (`reference-cache-policy.md` §1).

- which statements are markers;
- the pre-scan of a scope body that hoists markers onto `cache_policy_vars`,
  with the checks in the real order (R2, R3, R4, policy, R5, R6, R7);
- the `cache=` kwarg of `pl.load` / `pl.tile.load`.
Every rejection is a `Diagnostic`; a rejected marker is dropped and the scan
goes on, so one file yields all its errors.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.ir import ScopeKind, TensorType, UnknownType, Var
from compiler.ir.cache_policy import POLICY_NAMES, POLICY_VALUES
from compiler.parser import messages
from compiler.syntax.names import dotted_name
from compiler.syntax.values import UNKNOWN, EnumMember

_ACCEPTING_KINDS = frozenset({ScopeKind.IN_CORE, ScopeKind.HIERARCHY})
_SYNTAX = "ParserSyntaxError"


def is_marker_call(node: ast.expr) -> bool:
    """`pl.set_cache_policy(...)` or `pl.tensor.set_cache_policy(...)`, with the literal `pl`."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    if node.func.attr != "set_cache_policy":
        return False
    receiver = node.func.value
    if isinstance(receiver, ast.Name):
        return receiver.id == "pl"
    return (
        isinstance(receiver, ast.Attribute)
        and receiver.attr == "tensor"
        and isinstance(receiver.value, ast.Name)
        and receiver.value.id == "pl"
    )


def marker_call(stmt: ast.stmt) -> ast.Call | None:
    """The marker call if `stmt` is a statement-level marker (only those are hoisted)."""
    if isinstance(stmt, ast.Expr) and is_marker_call(stmt.value):
        assert isinstance(stmt.value, ast.Call)
        return stmt.value
    return None


@dataclass
class MarkerLookup:
    """How a scan resolves a marker's name, provided by the function parser."""

    # The binding live where the scope starts, or None when the name is unbound there.
    binding: Callable[[str], Var | None]
    # True when `@pl.jit` specialisation would inline this name as a literal.
    inlined_as_literal: Callable[[str], bool]


def position_error(stmt: ast.stmt) -> Diagnostic:
    """R1: a marker no scope consumed."""
    return _error(codes.MARKER_POSITION, messages.R1_POSITION, stmt, messages.R1_HINT)


def scan_scope_markers(
    body: list[ast.stmt],
    scan_kind: ScopeKind,
    lookup: MarkerLookup,
    report: Callable[[Diagnostic], None],
    consumed: set[int],
) -> tuple[list[tuple[Var, int]], list[Span]]:
    """Pre-scan a scope body's top-level markers; returns the (Var, policy) pairs to
    hoist, and beside them the span of the marker that declared each pair.

    Every top-level marker is recorded in `consumed` (accepted or rejected here),
    so that the body walk does not report it again as a position error.
    """
    decls: list[tuple[Var, int]] = []
    marker_stmts: dict[int, ast.stmt] = {}
    for stmt in body:
        call = marker_call(stmt)
        if call is None:
            continue
        consumed.add(id(stmt))
        if scan_kind not in _ACCEPTING_KINDS:
            hint = messages.R2_HINTS.get(scan_kind.value, messages.R1_HINT)
            report(
                _error(
                    codes.MARKER_NO_SCOPE_TO_ATTACH,
                    messages.r2_nothing_to_attach(scan_kind.value),
                    stmt,
                    hint,
                )
            )
            continue
        resolved = _resolve_marker(stmt, call, lookup, report)
        if resolved is None:
            continue
        var, policy = resolved
        earlier = next(((v, p) for v, p in decls if v is var), None)
        if earlier is None:
            decls.append((var, policy))
            marker_stmts[id(var)] = stmt
        elif earlier[1] != policy:
            message = messages.r7_conflict(var.name, POLICY_NAMES[earlier[1]], POLICY_NAMES[policy])
            first = marker_stmts[id(var)]
            report(
                _error(codes.MARKER_CONFLICT, message, stmt, messages.R7_HINT).with_related(
                    Span.of(first), "first declared here"
                )
            )
    return decls, [Span.of(marker_stmts[id(var)]) for var, _ in decls]


def _resolve_marker(
    stmt: ast.stmt, call: ast.Call, lookup: MarkerLookup, report: Callable[[Diagnostic], None]
) -> tuple[Var, int] | None:
    if len(call.args) != 2 or call.keywords:
        report(_error(codes.MARKER_ARITY, messages.R3_ARITY, stmt, messages.R3_HINT))
        return None
    target, policy_node = call.args
    if not isinstance(target, ast.Name) or lookup.inlined_as_literal(target.id):
        report(_error(codes.MARKER_NOT_A_NAME, messages.R4_NOT_A_NAME, target, messages.R4_HINT))
        return None
    policy = _policy_of(policy_node, report)
    if policy is None:
        return None
    var = lookup.binding(target.id)
    if var is None:
        report(_error(codes.MARKER_UNDEFINED, messages.r5_undefined(target.id), stmt, messages.R5_HINT))
        return None
    if not isinstance(var.type, (TensorType, UnknownType)):
        message = messages.r6_not_a_tensor(target.id, var.type.ir_class_name)
        report(_error(codes.MARKER_NOT_A_TENSOR, message, target, messages.R6_HINT, "ParserTypeError"))
        return None
    return var, policy


def _policy_of(node: ast.expr, report: Callable[[Diagnostic], None]) -> int | None:
    """`extract_enum_value(node, CACHE_POLICY_MAP, "CachePolicy", "pl.CachePolicy")`.

    The real errors carry no span; we point at the policy argument.
    """
    if not isinstance(node, ast.Attribute):
        report(
            _error(
                codes.POLICY_NOT_AN_ENUM,
                messages.POLICY_EXPECTED_ENUM,
                node,
                messages.POLICY_EXPECTED_ENUM_HINT,
            )
        )
        return None
    if node.attr not in POLICY_VALUES:
        message = messages.policy_unknown_value(node.attr)
        report(_error(codes.POLICY_UNKNOWN_VALUE, message, node, messages.POLICY_UNKNOWN_VALUE_HINT))
        return None
    if dotted_name(node.value) not in ("CachePolicy", "pl.CachePolicy"):  # as written (`ast.unparse`)
        report(_error(codes.POLICY_NOT_AN_ENUM, messages.POLICY_EXPECTED_ENUM, node, None))
        return None
    return POLICY_VALUES[node.attr]


def merge_cache_policy_attr(
    attrs: list[tuple[str, Any]], decls: list[tuple[Var, int]]
) -> list[tuple[str, Any]]:
    """Insert `cache_policy_vars` before the first `task_id_var`/`slot_num` key, else at the end."""
    if not decls:
        return attrs
    for index, (key, _) in enumerate(attrs):
        if key in ("task_id_var", "slot_num"):
            return [*attrs[:index], ("cache_policy_vars", decls), *attrs[index:]]
    return [*attrs, ("cache_policy_vars", decls)]


# ------------------------------------------------------------ pl.load(cache=)


@dataclass(frozen=True)
class LoadCacheKwarg:
    """The outcome of reading a load's `cache=` kwarg statically."""

    value: int | None  # 0/1 when valid; None when absent, `None`, or not modelled
    error: str | None = None


def read_load_cache_kwarg(node: ast.expr, evaluated: Any, module_name: str) -> LoadCacheKwarg:
    """Mirror `load(cache=...)`: `int(cache)` must be 0 or 1 (tile.load's type deducer CHECK)."""
    value = evaluated
    if isinstance(value, EnumMember) and value.enum == "CachePolicy":
        value = POLICY_VALUES.get(value.member, UNKNOWN)
    if value is None or value is UNKNOWN:
        return LoadCacheKwarg(None)
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            return LoadCacheKwarg(
                None, messages.load_cache_kwarg(module_name, messages.int_conversion_failed(value))
            )
    if isinstance(value, (bool, int, float)):
        as_int = int(value)
        if as_int in (0, 1):
            return LoadCacheKwarg(as_int)
        return LoadCacheKwarg(
            None, messages.load_cache_kwarg(module_name, messages.load_cache_not_a_policy(as_int))
        )
    return LoadCacheKwarg(None)


def load_cache_error(call: ast.Call, message: str) -> Diagnostic:
    return _error(codes.LOAD_CACHE_KWARG, message, call, None, "InvalidOperationError")


def _error(code: str, message: str, node: ast.AST, hint: str | None, exception: str = _SYNTAX) -> Diagnostic:
    return Diagnostic(code=code, message=message, span=Span.of(node), exception=exception, hint=hint)
