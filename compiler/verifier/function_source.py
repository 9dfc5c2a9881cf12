"""What the verifier's checks read off a `@pl.function`'s source: the names it binds and
the names it reads, as the real parser turns them into Vars.

The real parser keeps one Var per name while the name stays visible (a reassignment
reuses it), so "the Var is never read" is decided here by names: a name never read
anywhere in the body has no read Var at all. Reading by name can only see more reads
than the real IR holds (a name in an annotation, a read of another Var of the same
name), so a check built on it misses a warning at worst, never invents one.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from compiler.syntax.subtree import subtree


def is_yield_call(node: ast.expr | None) -> bool:
    """`<anything>.yield_(...)`: what the real parser treats as a yield."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "yield_"


def target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in target_names(element)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    return []


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a body, nested bodies included, in source order."""
    for stmt in body:
        yield stmt
        for name in ("body", "orelse", "handlers", "finalbody"):
            inner = getattr(stmt, name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                yield from statements(inner)


@dataclass
class FunctionSource:
    name: str
    node: ast.FunctionDef

    @cached_property
    def params(self) -> list[str]:
        args = [*self.node.args.posonlyargs, *self.node.args.args, *self.node.args.kwonlyargs]
        return [arg.arg for arg in args[1:]] if args and args[0].arg == "self" else [arg.arg for arg in args]

    @cached_property
    def annotated_names(self) -> frozenset[str]:
        """The names an annotated assignment (`x: pl.Tile[...] = ...`) binds in the body."""
        return frozenset(
            stmt.target.id
            for stmt in self.body_statements
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
        )

    @cached_property
    def body_statements(self) -> list[ast.stmt]:
        return list(statements(self.node.body))

    @cached_property
    def loads(self) -> frozenset[str]:
        """Every name the body reads (annotations included: more reads, fewer warnings)."""
        # `subtree`: each statement flattened once for every check (and the parser) to read.
        return frozenset(
            node.id
            for stmt in self.node.body
            for node in subtree(stmt)
            if node.__class__ is ast.Name and node.ctx.__class__ is not ast.Store  # type: ignore[attr-defined]
        )

    @cached_property
    def binding_counts(self) -> Counter[str]:
        """How many statements bind each name (parameters count once)."""
        counts: Counter[str] = Counter(self.params)
        for stmt in self.body_statements:
            for name in bound_names(stmt):
                counts[name] += 1
        return counts


def bound_names(stmt: ast.stmt) -> list[str]:
    """The names one statement binds (not those of the statements nested in it)."""
    if isinstance(stmt, ast.Assign):
        return [name for target in stmt.targets for name in target_names(target)]
    if isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        return target_names(stmt.target)
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        return target_names(stmt.target)
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return [
            name for item in stmt.items if item.optional_vars for name in target_names(item.optional_vars)
        ]
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt.name]
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).split(".")[0] for alias in stmt.names]
    return []


def names_read(node: ast.AST) -> set[str]:
    """The names read under `node` (itself included), as `ast.walk` would find them,
    without its generators: the verifier asks this of every statement's expressions."""
    found: set[str] = set()
    stack = [node]
    pop, push = stack.pop, stack.append
    while stack:
        item = pop()
        if item.__class__ is ast.Name:
            if item.ctx.__class__ is not ast.Store:  # type: ignore[attr-defined]
                found.add(item.id)  # type: ignore[attr-defined]
            continue
        for name in item._fields:
            value = getattr(item, name, None)
            if isinstance(value, ast.AST):
                push(value)
            elif isinstance(value, list):
                stack.extend(child for child in value if isinstance(child, ast.AST))
    return found
