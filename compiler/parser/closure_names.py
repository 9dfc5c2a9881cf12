"""Which names a DSL body can resolve, as far as a static reading can prove it.

The real parser resolves a name from the DSL scope, then from the closure the
decorator captured (the module globals and the locals of the frame the
definition is executed in), then from a short list of builtins. We report
"Undefined variable" only when none of these can hold the name: every binding
we cannot see through (a star import, a name bound anywhere at module level or
in an enclosing function, a name bound anywhere earlier in the body) keeps us
silent.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.subtree import binders, direct_definitions
from compiler.syntax.values import UNKNOWN, DslFunction

# The builtins the real closure evaluator exposes (its restricted whitelist).
SAFE_BUILTINS = frozenset(
    {
        "len",
        "max",
        "min",
        "abs",
        "sum",
        "round",
        "int",
        "float",
        "bool",
        "list",
        "tuple",
        "range",
        "isinstance",
        "type",
        "True",
        "False",
        "None",
    }
)

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def enclosing_scope_names(nodes: list[ast.stmt]) -> dict[int, frozenset[str]]:
    """For each def/class nested in a function or class among `nodes`: every name
    bound in the scopes around it (an over-approximation: nested bodies count too),
    keyed by `id(node)`."""
    found: dict[int, frozenset[str]] = {}
    for node in nodes:
        # A module-level class body is not in its methods' closure (a program's
        # decorator captures the module frame); a function's locals are.
        is_function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        children = _direct_definitions(node)
        if children:  # the names a scope binds are only read by the definitions in it
            outer = frozenset(_all_bound_names(node)) if is_function else frozenset()
            _visit_scope_children(children, outer, found)
    return found


def _visit_scope_children(
    children: list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef],
    outer: frozenset[str],
    found: dict[int, frozenset[str]],
) -> None:
    for child in children:
        if outer:
            found[id(child)] = outer
        nested = _direct_definitions(child)
        if nested:
            _visit_scope_children(nested, outer | frozenset(_all_bound_names(child)), found)


def _direct_definitions(
    stmt: ast.stmt,
) -> list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    """`direct_definitions` as a list; its binders' classes looked at first (most
    bodies define nothing: no generator for them)."""
    found = binders(stmt)
    inner = found[1:] if found and found[0] is stmt else found
    if _SCOPE_CLASSES.isdisjoint(map(type, inner)):
        return []
    return list(direct_definitions(stmt))


# What `direct_definitions` yields (`ast.parse` builds no subclasses of them).
_SCOPE_CLASSES = frozenset([ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef])


def bound_in_function(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """Every name a function binds: its parameters and any binding in its body."""
    return frozenset(_all_bound_names(function))


def _all_bound_names(scope: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> Iterator[str]:
    if not isinstance(scope, ast.ClassDef):
        yield from _parameter_names(scope.args)
    for stmt in scope.body:
        for node in binders(stmt):
            yield from _names_bound_by(node)


def _parameter_names(args: ast.arguments) -> Iterator[str]:
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        yield arg.arg
    if args.vararg is not None:
        yield args.vararg.arg
    if args.kwarg is not None:
        yield args.kwarg.arg


def _names_bound_by(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
        yield node.id
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield node.name
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        for alias in node.names:
            yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(node, ast.ExceptHandler) and node.name:
        yield node.name
    elif isinstance(node, (ast.Global, ast.Nonlocal)):
        yield from node.names
    elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
        yield node.name
    elif isinstance(node, ast.MatchMapping) and node.rest:
        yield node.rest


@dataclass(frozen=True)
class _Binding:
    name: str
    line: int
    col: int


class ClosureNames:
    """Answers "can this name resolve?" for one DSL function body."""

    def __init__(
        self,
        function: ast.FunctionDef,
        env: ModuleEnvironment,
        enclosing: frozenset[str],
        decorated_at: int | None = None,
    ) -> None:
        self._function = function
        self._env = env
        self._enclosing = enclosing
        # The position among the module's statements of the one whose decorator parses the
        # body (None when it is parsed later, or in a factory): names the module binds
        # below it are not in the closure yet (`ModuleEnvironment.first_bound`).
        self._decorated_at = decorated_at
        # Each name's earliest binding position in the body, read only when a name
        # resolves nowhere else (most never get there): see `_first_bindings`.
        self._first: dict[str, tuple[int, int]] | None = None

    def _first_bindings(self) -> dict[str, tuple[int, int]]:
        if self._first is None:
            first: dict[str, tuple[int, int]] = {}
            for binding in _body_bindings(self._function):
                position = (binding.line, binding.col)
                earliest = first.get(binding.name)
                if earliest is None or position < earliest:
                    first[binding.name] = position
            self._first = first
        return self._first

    def bound_only_later(self, name: str) -> bool:
        """`name` is a module name first bound below the statement being decorated (and
        nothing else may hold it): when the decorator runs, the module has no such name."""
        if self._decorated_at is None or name in self._enclosing or "*" in self._env.values:
            return False
        return self._env.first_bound.get(name, 0) > self._decorated_at and name not in self._first_bindings()

    def _closure_may_hold(self, name: str) -> bool:
        """The captured closure (module globals, enclosing locals) may hold `name`."""
        return (
            name in self._env.values
            or "*" in self._env.values  # a star import binds names we cannot list
            or name in self._enclosing
            or (name.startswith("__") and name.endswith("__"))
        )

    def closure_may_hold(self, name: str) -> bool:
        """Whether the closure the real parser evaluates names in may bind `name`."""
        return self._closure_may_hold(name)

    def is_unbound(self, name: str, use: ast.AST) -> bool:
        """`name`, read at `use` and absent from the DSL scope, resolves nowhere."""
        if self._closure_may_hold(name) or name in SAFE_BUILTINS:
            return False
        earliest = self._first_bindings().get(name)
        # Bound by then when some binding comes before the use: the earliest one does.
        return earliest is None or not earliest < (use.lineno, use.col_offset)  # type: ignore[attr-defined]

    def call_is_unsupported(self, name: str) -> bool:
        """A bare-name call `name(...)` the real parser rejects: its closure value is
        certainly not a DSL function (`@pl.function` / `@pl.inline`). Builtins are
        not in the closure, so `abs(x)` or `print(x)` are rejected too."""
        if name in self._enclosing or "*" in self._env.values:
            return False
        value = self._env.values.get(name, _ABSENT)
        if value is _ABSENT:
            return not (name.startswith("__") and name.endswith("__"))
        return value is not UNKNOWN and not isinstance(value, DslFunction)


_ABSENT = object()


def _body_bindings(function: ast.FunctionDef) -> Iterable[_Binding]:
    """Every binding event in the body, where it takes effect: an assignment's
    targets once the whole statement ran, any other binding where it is written
    (a loop or `with` target, a walrus, an import, a nested def)."""
    start = (function.lineno, function.col_offset)
    # The real parser binds the plain parameters only (`func_def.args.args`): a `*b`,
    # `**kw`, keyword-only or positional-only one is no DSL variable, and its value is
    # not in the closure the parser evaluates names in.
    for arg in function.args.args:
        yield _Binding(arg.arg, *start)
    assigned: set[int] = set()
    for stmt in function.body:
        for node in binders(stmt):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                end = (node.end_lineno or node.lineno, node.end_col_offset or 0)
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for sub in (sub for target in targets for sub in ast.walk(target)):
                    assigned.add(id(sub))
                    for name in _names_bound_by(sub):
                        yield _Binding(name, *end)
            elif id(node) not in assigned:
                for name in _names_bound_by(node):
                    yield _Binding(name, getattr(node, "lineno", start[0]), getattr(node, "col_offset", 0))
