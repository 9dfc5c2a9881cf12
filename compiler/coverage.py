"""What the front end did not analyse: the statements and expressions it kept opaque.

"All checks passed" is a promise about what was analysed. A statement or an
expression the front end does not model (and the real compiler may still reject
for a reason we cannot see) is kept in the IR as `OpaqueStmt` / an `OpaqueExpr`
of unknown type; this module finds them, so that a clean report can say how
much of the file it vouches for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from compiler.base.diagnostics import Diagnostic, Severity
from compiler.base.span import Span
from compiler.ir import Const, Expr, Function, OpaqueExpr, OpaqueStmt, Program, UnknownType, Var
from compiler.ir.nodes import names_a_value
from compiler.ir.visit import own_exprs, sub_exprs, walk_expr, walk_stmts
from compiler.passes.not_modelled import IMPORT_VALUE_WORDS, NOT_KNOWN_STATICALLY


def unanalysed_spans(
    programs: Iterable[Program], functions: Iterable[Function], diagnostics: Iterable[Diagnostic] = ()
) -> list[Span]:
    """The first line of every construct kept opaque, outermost only, in source order.

    A statement already reported as an error is not counted again: its error says more.
    """
    return [span for span, _ in unanalysed_constructs(programs, functions, diagnostics)]


def unanalysed_constructs(
    programs: Iterable[Program], functions: Iterable[Function], diagnostics: Iterable[Diagnostic] = ()
) -> list[tuple[Span, str]]:
    """`unanalysed_spans`, each with the construct's source text. A function an error stops
    (its decorator's "Failed to parse function", an error in its body) counts none: the
    real compile stops there, and what we could not follow after it is its consequence."""
    errors = [d.span for d in diagnostics if d.severity is Severity.ERROR]
    every = [*(f for p in programs for f in p.functions), *functions]
    stopped = [f for f in every if any(f.span.contains(e) for e in errors)]
    around = [*errors, *(f.span for f in stopped)]
    # A stopped function's constructs all lie in its span: not walked (the one being typed).
    walked = [f for f in every if not any(f is s for s in stopped)]
    found = {
        span: text
        for span, text in _opaque_constructs(walked)
        if not any(e.contains(span) or span.contains(e) for e in around)
    }
    return sorted(found.items())


def _opaque_constructs(functions: Iterable[Function]) -> Iterator[tuple[Span, str]]:
    for function in functions:
        for stmt in walk_stmts(function.body):
            if isinstance(stmt, OpaqueStmt):
                yield stmt.span, stmt.text
                continue
            for expr in own_exprs(stmt):
                opaque = _first_opaque(expr)
                if opaque is not None:
                    yield opaque.span, opaque.text


def _first_opaque(expr: Expr) -> OpaqueExpr | None:
    """The span of the first unmodelled expression in `expr`, pre-order (so the outermost)."""
    pending = [expr]
    while pending:
        part = pending.pop()
        cls = part.__class__
        if cls is Var or cls is Const:
            continue  # the usual leaves: nothing under them
        if (
            cls is OpaqueExpr
            and not part.modelled
            and isinstance(part.type, UnknownType)
            and not names_a_value(part.text)
        ):
            return part
        pending.extend(reversed(sub_exprs(part)))
    return None


def out_of_static_reach(programs: Iterable[Program], span: Span, why: str) -> bool:
    """Whether a pass or verifier stopped (`why`, its words) on a value out of static reach
    (`compiler.static_reach`): a factory's argument, or a value the file computes at import."""
    return bool(values_built_with(programs, span, why)) or IMPORT_VALUE_WORDS in why


def values_built_with(programs: Iterable[Program], span: Span, why: str) -> tuple[str, ...]:
    """Where a pass stopped on a type it does not know (`why`, its words) in a program a
    factory builds from its caller's values: those values (the factory's locals it reads that
    we cannot fold), which the real compiler knows only when the program is built: out of
    static reach. None when the refusal has another cause."""
    if NOT_KNOWN_STATICALLY not in why:
        return ()
    return next((p.built_with for p in programs if p.span.contains(span)), ())


def first_distributed_call(definition: Program | Function) -> tuple[Span, str] | None:
    """The first `pld.` call kept opaque in the definition, typed or not, with its text."""
    functions = definition.functions if isinstance(definition, Program) else [definition]
    for function in functions:
        for stmt in walk_stmts(function.body):
            for expr in own_exprs(stmt):
                for part in walk_expr(expr):
                    if isinstance(part, OpaqueExpr) and part.text.startswith("pld."):
                        return part.span, part.text
    return None
