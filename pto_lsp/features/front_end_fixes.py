"""Quick fixes for the general front-end errors (the real parser's rejections outside the
cache-policy feature). Each edit leaves code that no longer has that error:

- a DSL `for` over builtin `range(...)`: iterate over `pl.range(...)` instead;
- an unknown op (`pl.lod`, `pl.tile.lod`): one fix per closest real op of that namespace;
- `x += y` (the parser has no augmented assignment): `x = pl.add(x, y)` for a Tile/Tensor,
  `x = x + y` for a Scalar (both when the type is not known: `pl.add` takes Scalars too);
- a misspelt enum member or dtype (`pl.FunctionType.Incore`, `pl.Level.CORE`, `pl.FP33`,
  `pl.CachePolicy.BYPAS`): the closest real member, when one is close.

The errors are recognised by the real compiler's message (the verbatim first line our
diagnostics carry), so they work whatever code the front end files them under.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable

from compiler.analysis import ModuleAnalysis
from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.ir import ScalarType, TensorType, TileType
from pto_lsp.features.ir_lookup import function_containing, type_before
from pto_lsp.features.op_argument_fixes import op_argument_fixes
from pto_lsp.features.pl_catalogue import (
    DTYPES,
    ENUMS,
    NAMESPACES,
    closest_members,
    closest_ops,
    find_op,
    pl_alias,
    pl_aliases,
    takes_arguments,
)
from pto_lsp.features.source_edits import Edit, QuickFix, SourceText

Fixer = Callable[[ModuleAnalysis, SourceText, Diagnostic, "re.Match[str]"], list[QuickFix]]


def front_end_fixes(analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic) -> list[QuickFix]:
    for pattern, fixer, exception in _FIXERS:
        match = pattern.search(diagnostic.message)
        if match is not None and exception in (None, diagnostic.exception):
            return fixer(analysis, source, diagnostic, match)
    return op_argument_fixes(analysis, source, diagnostic)


# ------------------------------------------------------------ builtin range


def _fix_builtin_range(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    line = diagnostic.span.start_line
    located = source.located_nodes(line)
    loops = [
        node
        for node, _ in located
        if isinstance(node, ast.For)
        and isinstance(node.iter, ast.Call)
        and isinstance(node.iter.func, ast.Name)
        and node.iter.func.id == "range"
    ]
    # The real error points at the iterator call; a loop whose header is on that line will do too.
    chosen = next((node for node in loops if _span_in(node.iter, located) == diagnostic.span), None)
    if chosen is None:
        on_line = [node for node in loops if (_span_in(node, located) or Span(0, 0, 0, 0)).start_line == line]
        chosen = next(iter(on_line), None)
    if chosen is None:
        return []
    assert isinstance(chosen.iter, ast.Call)
    alias = pl_alias(analysis.environment)
    callee = _span_in(chosen.iter.func, located)
    if alias is None or callee is None:
        return []
    return [
        QuickFix(
            f"Use {alias}.range(...) instead of range(...)",
            diagnostic,
            (Edit(callee, f"{alias}.range"),),
            preferred=True,
        )
    ]


# ------------------------------------------------------------ unknown op


def _fix_unknown_op(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    namespace = match.groupdict().get("namespace")
    name = match.group("name")
    if namespace is not None and namespace not in NAMESPACES:
        return []
    located = source.located_nodes(diagnostic.span.start_line)
    calls = [
        (node, span)
        for node, span in located
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name
    ]
    call = next((node for node, span in calls if span == diagnostic.span), None)
    if call is None:
        call = next((node for node, span in calls if diagnostic.span.contains(span)), None)
    if call is None or not isinstance(call.func, ast.Attribute):
        return []
    func = call.func
    name_span = _attr_name_span(func, located)
    prefix_span = _span_in(func.value, located)
    if name_span is None or prefix_span is None:
        return []
    prefix = source.segment(prefix_span)
    suggestions = _suggested_ops(diagnostic) or closest_ops(namespace, name)
    # An op the call's arguments do not bind to would trade this error for a TypeError.
    fits = _arguments_fit(call)
    fixes = [(f"{prefix}.{op}", Edit(name_span, op)) for op in suggestions if fits(namespace, op)]
    operand = _first_operand_type(analysis, call, located)
    if namespace in _OTHER_LEVEL and operand is not None and isinstance(func.value, ast.Attribute):
        # `pl.tensor.ad(tile, ...)`: `pl.tile.add` is what the operand fits.
        other = _OTHER_LEVEL[namespace]
        namespace_span = _attr_name_span(func.value, located)
        owner_span = _span_in(func.value.value, located)
        if namespace_span is not None and owner_span is not None:
            span = Span(
                namespace_span.start_line, namespace_span.start_col, name_span.end_line, name_span.end_col
            )
            owner = source.segment(owner_span)
            fitting = [op for op in suggestions if isinstance(operand, _operand_of(namespace, op))]
            moved = [
                (f"{owner}.{other}.{op}", Edit(span, f"{other}.{op}"))
                for op in suggestions
                if op not in fitting and isinstance(operand, _operand_of(other, op)) and fits(other, op)
            ]
            here = [op for op in suggestions if fits(namespace, op)]
            # Ops the operand fits first: those of the namespace written, then the other level's.
            fixes = (
                [fix for fix, op in zip(fixes, here) if op in fitting]
                + moved
                + [fix for fix, op in zip(fixes, here) if op not in fitting]
            )
    return [
        QuickFix(f"Did you mean {spelling}?", diagnostic, (edit,), preferred=index == 0)
        for index, (spelling, edit) in enumerate(fixes)
    ]


_OTHER_LEVEL = {"tile": "tensor", "tensor": "tile"}


def _arguments_fit(call: ast.Call) -> Callable[[str | None, str], bool]:
    """Whether an op of a namespace takes the call's arguments (any op, when a `*`/`**`
    argument leaves their number unknown)."""
    keywords = [keyword.arg for keyword in call.keywords]
    if any(isinstance(arg, ast.Starred) for arg in call.args) or None in keywords:
        return lambda namespace, op: True
    named = [keyword for keyword in keywords if keyword is not None]
    return lambda namespace, op: takes_arguments(namespace, op, len(call.args), named)


def _first_operand_type(
    analysis: ModuleAnalysis, call: ast.Call, located: list[tuple[ast.AST, Span]]
) -> TileType | TensorType | None:
    """The type of the call's first operand, when it is a name of a known Tile or Tensor type."""
    first = call.args[0] if call.args else None
    span = _span_in(call, located)
    if not isinstance(first, ast.Name) or span is None:
        return None
    function = function_containing(analysis, span)
    kind = type_before(function, first.id, span) if function is not None else None
    return kind if isinstance(kind, (TileType, TensorType)) else None


def _operand_of(namespace: str, op: str) -> type[TileType] | type[TensorType] | tuple[()]:
    """What `pl.<namespace>.<op>` takes first: a Tensor for a parameter named `tensor`
    (`pl.tile.load`), a Tile for one named `tile`, else its namespace's kind. `()` (nothing
    fits) when the op does not exist there."""
    signature = find_op(namespace, op)
    if signature is None:
        return ()
    first = signature.params[0].name if signature.params else ""
    if first in ("tensor", "tile"):
        return TensorType if first == "tensor" else TileType
    return TensorType if namespace == "tensor" else TileType


def _suggested_ops(diagnostic: Diagnostic) -> list[str]:
    """The closest ops the front end put in the diagnostic's data, if it did."""
    for key in ("suggestions", "closest", "did_you_mean"):
        value = diagnostic.data.get(key)
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            # Either bare op names or qualified ones (`pl.tile.load`): the edit needs the name.
            return [item.rpartition(".")[2] for item in value if item]
    return []


# ------------------------------------------------------------ x += y


# Augmented operators the op form covers (`pl.<op>` takes Tile, Tensor and Scalar operands).
_OP_FORM = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div"}
# Operators the parser accepts as a Python binary operator on Scalars.
_SCALAR_FORM = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.LShift: "<<",
    ast.RShift: ">>",
}
# Operands that bind tighter than any binary operator: no parentheses needed after `x op`.
_ATOMS = (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript, ast.List, ast.Tuple)


def _fix_aug_assign(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    site = source.statement_at(diagnostic.span)
    if site is None or not isinstance(site.node, ast.AugAssign) or not isinstance(site.node.target, ast.Name):
        return []
    node = site.node
    target = node.target.id
    value = source.segment(site.span_of(node.value))
    function = function_containing(analysis, site.span)
    kind = type_before(function, target, site.span) if function is not None else None
    op = _OP_FORM.get(type(node.op))
    symbol = _SCALAR_FORM.get(type(node.op))
    alias = pl_alias(analysis.environment)
    forms: list[str] = []
    if op is not None and alias is not None and not isinstance(kind, ScalarType):
        forms.append(f"{target} = {alias}.{op}({target}, {value})")
    if symbol is not None and not isinstance(kind, (TileType, TensorType)):
        operand = value if isinstance(node.value, _ATOMS) else f"({value})"
        forms.append(f"{target} = {target} {symbol} {operand}")
    return [
        QuickFix(
            f"Write it as {_shortened(form)}", diagnostic, (Edit(site.span, form),), preferred=len(forms) == 1
        )
        for form in forms
    ]


def _shortened(code: str, limit: int = 60) -> str:
    flat = " ".join(code.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


# ------------------------------------------------------------ enum members, dtypes


def _fix_member(
    analysis: ModuleAnalysis, source: SourceText, diagnostic: Diagnostic, match: re.Match[str]
) -> list[QuickFix]:
    name = match.group("name")
    enum = match.groupdict().get("enum")
    aliases = pl_aliases(analysis.environment)
    located = source.located_nodes(diagnostic.span.start_line)
    for node, span in _nearest_first(located, diagnostic.span):
        found = _misspelt_member(node, name, enum, aliases)
        if found is None:
            continue
        candidates, qualifier = found
        replaced = _attr_name_span(node, located) if isinstance(node, ast.Attribute) else span
        if replaced is None:
            return []
        return [
            QuickFix(
                f"Did you mean {qualifier}{member}?",
                diagnostic,
                (Edit(replaced, member),),
                preferred=index == 0,
            )
            for index, member in enumerate(closest_members(name, list(candidates)))
        ]
    return []


def _misspelt_member(
    node: ast.AST, name: str, enum: str | None, aliases: list[str]
) -> tuple[tuple[str, ...], str] | None:
    """(the real names `node` could have meant, how they are qualified) if `node` is the
    misspelt `pl.<Enum>.<name>`, `pl.<name>` or bare dtype `<name>`."""
    if isinstance(node, ast.Name) and node.id == name and enum == "dtype":
        return DTYPES, ""
    if not isinstance(node, ast.Attribute) or node.attr != name:
        return None
    owner = node.value
    if isinstance(owner, ast.Name) and owner.id in aliases and enum in (None, "dtype"):
        return (DTYPES if enum == "dtype" else (*DTYPES, *ENUMS)), f"{owner.id}."
    if (
        isinstance(owner, ast.Attribute)
        and isinstance(owner.value, ast.Name)
        and owner.value.id in aliases
        and owner.attr in ENUMS
        and enum in (None, owner.attr)
    ):
        return ENUMS[owner.attr], f"{owner.value.id}.{owner.attr}."
    return None


def _nearest_first(located: list[tuple[ast.AST, Span]], where: Span) -> Iterable[tuple[ast.AST, Span]]:
    """The unit's nodes: those inside the diagnostic's span, then those on its first line,
    then the rest (an error raised while evaluating a signature has only a line)."""

    def rank(item: tuple[ast.AST, Span]) -> int:
        if where.contains(item[1]):
            return 0
        return 1 if item[1].start_line == where.start_line else 2

    return sorted(located, key=rank)  # stable: tree order within each group


# ------------------------------------------------------------ helpers


def _span_in(node: ast.AST, located: list[tuple[ast.AST, Span]]) -> Span | None:
    """A node's file span, as `located_nodes` read it."""
    return next((span for candidate, span in located if candidate is node), None)


def _attr_name_span(node: ast.Attribute, located: list[tuple[ast.AST, Span]]) -> Span | None:
    """The span of the attribute name in `value.attr`: it ends the node (identifiers are
    never split, and `ast` columns are UTF-8 bytes)."""
    span = _span_in(node, located)
    if span is None:
        return None
    return Span(span.end_line, span.end_col - len(node.attr.encode("utf-8")), span.end_line, span.end_col)


# (the real message, the fixer, the exception class it must come with: None for any).
_FIXERS: list[tuple[re.Pattern[str], Fixer, str | None]] = [
    (re.compile(r"^For loop must use pl\.range\(\)"), _fix_builtin_range, None),
    (re.compile(r"^Unknown operation 'pl\.(?P<name>\w+)'"), _fix_unknown_op, None),
    (re.compile(r"^Unknown pl\.(?P<namespace>\w+) operation: (?P<name>\w+)"), _fix_unknown_op, None),
    (re.compile(r"^Unsupported statement type: AugAssign\b"), _fix_aug_assign, None),
    (re.compile(r"^Unknown (?P<enum>dtype): (?P<name>\w+)"), _fix_member, None),
    (re.compile(r"^Unknown (?P<enum>\w+) value: (?P<name>\w+)"), _fix_member, None),
    (re.compile(r"has no attribute '(?P<name>\w+)'"), _fix_member, None),
    # Python's AttributeError for a missing enum member says the name alone.
    (re.compile(r"^(?P<name>[A-Za-z_]\w*)$"), _fix_member, "AttributeError"),
]
