"""Quick fixes for an op call's arguments and for names, each offered only where it is
unambiguous and leaves that error gone:

- a matmul whose inner dimensions differ where `b_trans=True` (or `a_trans=True`, or both)
  makes them agree and the kernel has no new error for it: that flag (an existing `=False`
  of it turned to True);
- `pl.load(..., cache=<not a CachePolicy>)` (PTO110): each valid member;
- an undefined name (PTO505) close to one the function defines before it: that name;
- a tile op (`pl.tile.exp(x)`) given a tensor of a static shape: `pl.load` of the whole tensor
  in its place (offsets 0, the tensor's shape), which is the tile the op wants.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from compiler.analysis import ModuleAnalysis, analyse_unit
from compiler.base.diagnostics import Diagnostic, Severity
from compiler.base.span import Span
from compiler.ir import TensorType
from compiler.syntax.units import parse_unit
from pto_lsp.features.call_arguments import insert_keyword
from pto_lsp.features.ir_lookup import function_containing, type_before
from pto_lsp.features.pl_catalogue import closest_names, pl_alias
from pto_lsp.features.source_edits import Edit, QuickFix, SourceText, applied

Fixer = Callable[[ModuleAnalysis, SourceText, Diagnostic, "re.Match[str]"], list[QuickFix]]
_POLICIES = ("DEFAULT", "BYPASS")


def op_argument_fixes(analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic) -> list[QuickFix]:
    for pattern, fixer in _FIXERS:
        match = pattern.search(diagnostic.message)
        if match is not None:
            return fixer(analysis, source, diagnostic, match)
    return []


def _calls_at(
    located: list[tuple[ast.AST, Span]], diagnostic: Diagnostic, name: str
) -> list[tuple[ast.Call, Span]]:
    """The calls of `<alias>.[<ns>.]<name>(...)` the diagnostic's span is in or starts on
    (`located`: the unit's nodes, parsed once for the whole fix: nodes are compared by identity)."""
    where = diagnostic.span
    found = [
        (node, span)
        for node, span in located
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == name
        and (span.contains(where) or where.contains(span) or span.start_line == where.start_line)
    ]
    return sorted(found, key=lambda item: (item[1].end_line - item[1].start_line, item[1].end_col))


def _span_of(node: ast.AST, located: list[tuple[ast.AST, Span]]) -> Span | None:
    return next((span for candidate, span in located if candidate is node), None)


# ------------------------------------------------------------ matmul inner dimensions


def _fix_matmul(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    function = function_containing(analysis, diagnostic.span)
    located = source.located_nodes(diagnostic.span.start_line)
    calls = _calls_at(located, diagnostic, match.group("op"))
    if function is None or not calls:
        return []
    call, span = calls[0]
    if len(call.args) < 2 or not all(isinstance(arg, ast.Name) for arg in call.args[:2]):
        return []
    shapes = []
    for arg in call.args[:2]:
        ir_type = type_before(function, arg.id, span)  # type: ignore[attr-defined]
        shape = getattr(ir_type, "shape", None)
        if shape is None or len(shape) != 2 or not all(type(dim) is int for dim in shape):
            return []
        shapes.append(shape)
    (m, k_left), (k_right, n) = shapes
    given = {kw.arg: kw for kw in call.keywords if kw.arg in ("a_trans", "b_trans")}
    if any(not (isinstance(kw.value, ast.Constant) and kw.value.value is False) for kw in given.values()):
        return []  # a flag already set (or not a literal): nothing unambiguous to offer
    options = []
    if k_left == n:
        options.append(("b_trans",))
    if m == k_right:
        options.append(("a_trans",))
    if m == n and not options:
        options.append(("a_trans", "b_trans"))
    fixes = []
    for flags in options:
        edits = _set_flags(source, call, span, flags, given, located)
        if edits is None or not _leaves_fewer_errors(analysis, source, diagnostic, edits):
            continue  # e.g. `a_trans` agrees the inner dimensions, but its result fits nowhere
        title = " and ".join(f"{flag}=True" for flag in flags)
        fixes.append(QuickFix(f"Transpose the operand: {title}", diagnostic, edits, preferred=not fixes))
    return fixes if len(fixes) == 1 else [QuickFix(f.title, f.diagnostic, f.edits) for f in fixes]


def _set_flags(
    source: SourceText,
    call: ast.Call,
    span: Span,
    flags: tuple[str, ...],
    given: dict[str | None, ast.keyword],
    located: list[tuple[ast.AST, Span]],
) -> tuple[Edit, ...] | None:
    edits: list[Edit] = []
    missing = []
    for flag in flags:
        keyword = given.get(flag)
        if keyword is None:
            missing.append(f"{flag}=True")
            continue
        value = _span_of(keyword.value, located)
        if value is None:
            return None
        edits.append(Edit(value, "True"))
    if missing:
        inserted = insert_keyword(source, span, ", ".join(missing))
        if inserted is None:
            return None
        edits.extend(inserted)
    return tuple(edits)


def _leaves_fewer_errors(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, edits: tuple[Edit, ...]
) -> bool:
    """Whether the unit, the edits made, has no front-end error it did not have, and not the
    one fixed (analysed again: only when a fix has more than one way to go)."""
    unit = source.unit_at(diagnostic.span.start_line)
    text = applied(unit, edits) if unit is not None else None
    if unit is None or text is None:
        return False
    after = analyse_unit(parse_unit(text, unit.start_line), analysis.environment).diagnostics
    last = unit.start_line + text.count("\n")
    before = [
        d
        for d in analysis.diagnostics
        if unit.start_line <= d.span.start_line <= last and d is not diagnostic
    ]
    known = {(d.code, d.message) for d in before if d.severity is Severity.ERROR}
    new = [d for d in after if d.severity is Severity.ERROR and (d.code, d.message) not in known]
    return not new


# ------------------------------------------------------------ cache= not a CachePolicy


def _fix_cache_value(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    located = source.located_nodes(diagnostic.span.start_line)
    calls = _calls_at(located, diagnostic, "load")
    alias = pl_alias(analysis.environment) or "pl"
    for call, _ in calls:
        keyword = next((kw for kw in call.keywords if kw.arg == "cache"), None)
        value = _span_of(keyword.value, located) if keyword is not None else None
        if value is None:
            continue
        return [
            QuickFix(
                f"Use cache={alias}.CachePolicy.{member}",
                diagnostic,
                (Edit(value, f"{alias}.CachePolicy.{member}"),),
            )
            for member in _POLICIES
        ]
    return []


# ------------------------------------------------------------ an undefined name


def _fix_undefined(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    name = match.group("name")
    where = diagnostic.span
    if source.segment(where) != name:
        return []  # the range is not the name itself: no place to put another
    located = source.located_nodes(where.start_line)
    defined = _defined_before(located, where)
    close = closest_names(name, sorted(defined - {name}))
    # Never the preferred fix: a close name is a guess, and the name may be undefined because
    # of another mistake (a loop's bare `pl.yield_` binds no result name).
    return [
        QuickFix(f"Did you mean '{candidate}'?", diagnostic, (Edit(where, candidate),)) for candidate in close
    ]


def _defined_before(located: list[tuple[ast.AST, Span]], where: Span) -> set[str]:
    """The names the innermost function around `where` binds before it: its parameters and
    the targets of its statements that start above it."""
    functions = [
        (node, span)
        for node, span in located
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and span.contains(where)
    ]
    if not functions:
        return set()
    function, _ = max(functions, key=lambda item: (item[1].start_line, item[1].start_col))
    names = {arg.arg for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
    names.discard("self")
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            span = _span_of(node, located)
            if span is not None and span.start_line < where.start_line:
                names.add(node.id)
    return names


# ------------------------------------------------------------ a tile op given a tensor


def _fix_tensor_to_tile_op(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    function = function_containing(analysis, diagnostic.span)
    located = source.located_nodes(diagnostic.span.start_line)
    calls = _calls_at(located, diagnostic, match.group("op"))
    if function is None or not calls:
        return []
    call, span = calls[0]
    alias = pl_alias(analysis.environment) or "pl"
    edits = []
    for arg in call.args:
        if not isinstance(arg, ast.Name):
            continue
        ir_type = type_before(function, arg.id, span)
        if not isinstance(ir_type, TensorType):
            continue
        shape = ir_type.shape
        if shape is None or not shape or not all(type(dim) is int for dim in shape):
            return []  # a dynamic shape: which part to load is the author's choice
        at = _span_of(arg, located)
        if at is None:
            return []
        offsets = ", ".join("0" for _ in shape)
        sizes = ", ".join(str(dim) for dim in shape)
        edits.append(Edit(at, f"{alias}.load({arg.id}, [{offsets}], [{sizes}])"))
    if not edits:
        return []
    names = ", ".join(f"'{source.segment(edit.span)}'" for edit in edits)
    return [
        QuickFix(f"Load {names} into a tile first (pl.load of the whole tensor)", diagnostic, tuple(edits))
    ]


_FIXERS: list[tuple[re.Pattern[str], Fixer]] = [
    (
        re.compile(r"^pl operation '(?P<op>matmul)': tensor\.matmul requires matching inner dimensions"),
        _fix_matmul,
    ),
    (
        re.compile(r"^pl operation 'load': The operator tile\.load cache kwarg must be CachePolicy"),
        _fix_cache_value,
    ),
    (re.compile(r"^Undefined variable '(?P<name>\w+)'$"), _fix_undefined),
    (
        re.compile(
            r"^pl\.tile operation '(?P<op>\w+)': The operator tile\.\w+ requires \w+ to be a TileType, but got TensorType"
        ),
        _fix_tensor_to_tile_op,
    ),
]
