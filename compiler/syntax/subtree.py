"""Every node under a statement, listed once per top-level statement and shared.

The front end asks "which names does this statement bind anywhere?" several times
over for the same trees (Python's own evaluation order, the module environment,
closures of nested definitions, a DSL body's bindings): each used to be a fresh
`ast.walk`, whose generic field iteration is the bulk of a whole-file `check`.
Here a statement's tree is flattened once, in pre-order, and every statement
inside it remembers its slice of that list, so walking any statement again is a
list copy. Pre-order rather than `ast.walk`'s breadth-first order: callers only
need each node once, and a parent before its children (an assignment before its
targets).
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# A statement's entry: (its root's node list, start, end), the same of its root's binder list
# and of its root's escape list (see `global_escapes`).
_Entry = tuple[list[ast.AST], int, int, list[ast.AST], int, int, list[ast.AST], int, int]

# The entries of every statement flattened within `shared_subtrees()`, by `id`. Kept
# beside the trees rather than on them: an entry on a node would hold the node in a
# reference cycle, which the server (it freezes what it keeps from the collector) must
# not make. One per thread, though analysis runs on one.
_active = threading.local()

# The nodes that can bind a name (a `Name` only when stored or deleted), and the
# assignments whose targets do: what the binding scans look at, a small share of a tree.
_BINDER_TYPES: frozenset[type] = frozenset(
    {
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.ClassDef,
        ast.arg,
        ast.Import,
        ast.ImportFrom,
        ast.ExceptHandler,
        ast.Global,
        ast.Nonlocal,
        ast.MatchAs,
        ast.MatchStar,
        ast.MatchMapping,
        ast.Assign,
        ast.AnnAssign,
        ast.AugAssign,
    }
)


# Names and attributes through which code can reach a module's globals behind the
# binding rules' back (`globals()["x"] = ...`, `setattr(sys.modules[__name__], ...)`):
# rare, so listed apart rather than looked for in every node.
GLOBALS_ESCAPE_NAMES = frozenset({"globals", "vars", "exec", "eval", "setattr", "__import__", "builtins"})
GLOBALS_ESCAPE_ATTRIBUTES = frozenset({"modules"})


@contextmanager
def shared_subtrees() -> Iterator[None]:
    """Within it, each statement is flattened once and its lists shared; after it,
    they are forgotten. Outside it, every call flattens afresh (correct, slower)."""
    if getattr(_active, "entries", None) is not None:
        yield
        return
    _active.entries = {}
    try:
        yield
    finally:
        _active.entries = None


def subtree(stmt: ast.stmt) -> list[ast.AST]:
    """`stmt` and every node under it, each once, parents before children; not the
    expression contexts (`Load`, `Store`, `Del`) nor the operators."""
    nodes, start, end, _, _, _, _, _, _ = _entry(stmt)
    return nodes[start:end]


def binders(stmt: ast.stmt) -> list[ast.AST]:
    """The nodes of `subtree(stmt)` that can bind a name: stored or deleted `Name`s,
    definitions, parameters, imports, `except ... as`, `global`/`nonlocal`, match
    captures, and the assignment statements themselves."""
    _, _, _, found, start, end, _, _, _ = _entry(stmt)
    return found[start:end]


def global_escapes(stmt: ast.stmt) -> list[ast.Name | ast.Attribute]:
    """The nodes of `subtree(stmt)` that may reach the module's globals: a `Name` (in any
    context) in `GLOBALS_ESCAPE_NAMES`, an `Attribute` in `GLOBALS_ESCAPE_ATTRIBUTES`."""
    *_, found, start, end = _entry(stmt)
    return found[start:end]  # type: ignore[return-value]


def direct_definitions(stmt: ast.stmt) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    """The defs and classes inside `stmt` that are not inside another def or class
    (nor a lambda, which holds no statements)."""
    found = binders(stmt)
    index = 1 if found and found[0] is stmt else 0
    while index < len(found):
        child = found[index]
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield child
            _, _, _, _, start, end, _, _, _ = _entry(child)
            index += end - start  # past the definition's own binders
        else:
            index += 1


def _entry(stmt: ast.stmt) -> _Entry:
    entries: dict[int, _Entry] | None = getattr(_active, "entries", None)
    if entries is None:
        return _flatten(stmt)[id(stmt)]
    entry = entries.get(id(stmt))
    if entry is None:
        entries.update(_flatten(stmt))
        entry = entries[id(stmt)]
    return entry


class _End:
    """Marks, on the traversal stack, where a statement's subtree ends."""

    __slots__ = ("statement",)

    def __init__(self, statement: ast.stmt) -> None:
        self.statement = statement


# Fields that never hold a child worth listing: expression contexts and operators (shared
# singletons no caller looks at; skipping them is a third fewer nodes to visit), and the
# identifiers, flags and constants of the grammar. By field name for every class...
_NOT_CHILDREN: frozenset[str] = frozenset(
    {
        "ctx",
        "op",
        "ops",
        "id",
        "attr",
        "arg",
        "asname",
        "module",
        "level",
        "simple",
        "kind",
        "conversion",
        "is_async",
        "type_comment",
        "rest",
        "kwd_attrs",
        "lineno",
        "tag",
    }
)
# ... and by class where the same name elsewhere holds nodes (`TypeAlias.name` is a
# `Name`, `Import.names` are `alias` nodes, `Assign.value` an expression).
_NOT_CHILDREN_OF: dict[str, frozenset[str]] = {
    "FunctionDef": frozenset({"name"}),
    "AsyncFunctionDef": frozenset({"name"}),
    "ClassDef": frozenset({"name"}),
    "ExceptHandler": frozenset({"name"}),
    "alias": frozenset({"name"}),
    "MatchAs": frozenset({"name"}),
    "MatchStar": frozenset({"name"}),
    "TypeVar": frozenset({"name"}),
    "ParamSpec": frozenset({"name"}),
    "TypeVarTuple": frozenset({"name"}),
    "Global": frozenset({"names"}),
    "Nonlocal": frozenset({"names"}),
    "Constant": frozenset({"value"}),
    "MatchSingleton": frozenset({"value"}),
}

# Per node class: (its child-holding fields, last first; a statement?; a binder?).
_Shape = tuple[tuple[str, ...], bool, bool]
_SHAPES: dict[type, _Shape] = {}


def _shape(cls: type) -> _Shape:
    skip = _NOT_CHILDREN | _NOT_CHILDREN_OF.get(cls.__name__, frozenset())
    fields = tuple(name for name in reversed(cls._fields) if name not in skip)  # type: ignore[attr-defined]
    shape = (fields, issubclass(cls, ast.stmt), cls in _BINDER_TYPES)
    _SHAPES[cls] = shape
    return shape


def _flatten(root: ast.stmt) -> dict[int, _Entry]:
    """Pre-order traversal without recursion (hostile input nests thousands deep):
    each statement's entry, by `id`. Children are pushed last field first, a list's
    last element first, so they pop in the grammar's order."""
    nodes: list[ast.AST] = []
    found: list[ast.AST] = []
    escapes: list[ast.AST] = []
    starts: dict[ast.stmt, tuple[int, int, int]] = {}
    entries: dict[int, _Entry] = {}
    stack: list[Any] = [root]
    pop = stack.pop
    push = stack.append
    add_node = nodes.append
    add_binder = found.append
    add_escape = escapes.append
    shapes = _SHAPES
    name_class = ast.Name
    attribute_class = ast.Attribute
    load_class = ast.Load
    node_class = ast.AST
    escape_names = GLOBALS_ESCAPE_NAMES
    escape_attributes = GLOBALS_ESCAPE_ATTRIBUTES
    while stack:
        item = pop()
        cls = item.__class__
        if cls is name_class:
            add_node(item)
            if item.ctx.__class__ is not load_class:
                add_binder(item)
            if item.id in escape_names:
                add_escape(item)
            continue  # a Name's only child is its context
        if cls is attribute_class:
            add_node(item)
            if item.attr in escape_attributes:
                add_escape(item)
            push(item.value)  # an Attribute's only child worth listing
            continue
        if cls is _End:
            statement = item.statement
            start, binder_start, escape_start = starts.pop(statement)
            entries[id(statement)] = (
                nodes,
                start,
                len(nodes),
                found,
                binder_start,
                len(found),
                escapes,
                escape_start,
                len(escapes),
            )
            continue
        fields, statement_node, binder = shapes.get(cls) or _shape(cls)
        if statement_node:
            starts[item] = (len(nodes), len(found), len(escapes))
            push(_End(item))
        add_node(item)
        if binder:
            add_binder(item)
        for name in fields:
            value = getattr(item, name, None)
            if value.__class__ is list:
                for element in reversed(value):
                    if isinstance(element, node_class):
                        push(element)
            elif isinstance(value, node_class):
                push(value)
    return entries
