"""Find the DSL definitions of a module and parse each into IR.

`@pl.program` classes become `Program`s; decorated module-level functions
(`@pl.function`, `@pl.inline`, `@pl.jit*`) are parsed on their own. Definitions
nested in plain Python (a `build_program()` factory, an `if` block) are found
too: the real decorators run wherever the definition is executed.
"""

from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass, field

from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.ir import Function, IRType, Program, UnknownType
from compiler.parser.annotations import AnnotationResolver
from compiler.parser.closure_names import bound_in_function, enclosing_scope_names
from compiler.parser.comments import CommentMap, PendingComments, extract_comments, within
from compiler.parser.decorators import (
    DecoratorInfo,
    dsl_decorator,
    dsl_decorator_name,
    has_function_decorator,
)
from compiler.parser.errors import syntax_error
from compiler.parser.function_parser import FunctionContext, FunctionParser
from compiler.parser.kernel_calls import ProgramFunctions
from compiler.parser.python_eval import python_errors
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.factory_locals import factory_environment
from compiler.syntax.values import UNKNOWN, DslFunction


@dataclass
class UnitComments:
    """A unit's source comments, read when a definition first asks for them."""

    text: str
    _found: CommentMap | None = None
    _lines: list[str] | None = None

    def of_lines(self, first: int, last: int | None, definition: ast.stmt) -> PendingComments:
        """The comments of lines `first` to `last` (None: to the end), to attach to the
        statements of a function of `definition` (the function, or its program's class)."""
        if self._found is None:
            self._found = extract_comments(self.text)
            self._lines = self.text.split("\n")
        assert self._lines is not None
        source = (_first_line(definition), definition.end_lineno or definition.lineno)
        return PendingComments(within(self._found, first, last), self._lines, source)


@dataclass
class ParsedDefinitions:
    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parse_definitions(nodes: list[ast.stmt], env: ModuleEnvironment, text: str = "") -> ParsedDefinitions:
    """Parse the DSL definitions among `nodes` (one unit's top-level statements; `text`,
    the unit's source, gives the comments the definitions keep)."""
    result = ParsedDefinitions()
    comments = UnitComments(text)
    resolver = AnnotationResolver(env.evaluator())

    def free_function_return(name: str) -> IRType:
        value = env.values.get(name)
        if isinstance(value, DslFunction) and value.returns is not None:
            return resolver.resolve(value.returns)
        return UnknownType()

    # Python runs the module before any decorator parses: its errors come first.
    header = python_errors(nodes, env)
    result.diagnostics.extend(error.diagnostic() for error in header.errors)
    failed = frozenset(header.failed)
    enclosing = enclosing_scope_names(nodes)
    for node, decorator, closure in _dsl_definitions(nodes, env):
        if decorator.is_program:
            assert isinstance(node, ast.ClassDef)
            outer = enclosing.get(id(node), frozenset())
            at = _decorated_at(node, closure, env)
            result.programs.append(
                _parse_program(node, closure, result.diagnostics, outer, failed, comments, at)
            )
        else:
            assert isinstance(node, ast.FunctionDef)
            outer = enclosing.get(id(node), frozenset())
            context = FunctionContext(
                closure,
                free_function_return,
                is_method=False,
                enclosing_names=outer,
                python_failed=failed,
                decorated_at=_decorated_at(node, closure, env) if decorator.name == "function" else None,
            )
            # The decorator reads the function's source from its first decorator on.
            kept = None if decorator.is_jit else comments.of_lines(_first_line(node), node.end_lineno, node)
            result.functions.append(_parse_function(node, decorator, context, result.diagnostics, kept))
    return result


def _decorated_at(
    node: ast.ClassDef | ast.FunctionDef, closure: ModuleEnvironment, env: ModuleEnvironment
) -> int | None:
    """The position of a module-level definition among the module's statements (its name's
    one binding), None in a factory or where the name is bound more than once."""
    if closure is not env or node.name in env.rebound:
        return None
    return env.first_bound.get(node.name)


def _parse_program(
    node: ast.ClassDef,
    env: ModuleEnvironment,
    diagnostics: list[Diagnostic],
    enclosing_names: frozenset[str] = frozenset(),
    python_failed: frozenset[int] = frozenset(),
    comments: UnitComments | None = None,
    decorated_at: int | None = None,
) -> Program:
    if not any(isinstance(item, ast.FunctionDef) and has_function_decorator(item) for item in node.body):
        # The real decorator has no location for it: we point at the class header.
        diagnostics.append(
            syntax_error(
                f"Class '{node.name}' contains no @pl.function decorated methods",
                Span.header_of(node),
                "Add at least one method decorated with @pl.function",
            ).diagnostic()
        )
    methods = [
        (item, decorator)
        for item in node.body
        if isinstance(item, ast.FunctionDef)
        and (decorator := dsl_decorator(item, env))
        and not decorator.is_program
    ]
    resolver = AnnotationResolver(env.evaluator())
    # Each method's return type, resolved once: for calls of it and for its own signature.
    resolved = {id(item): _single_return(resolver, item) for item, _ in methods}
    return_types = {item.name: resolved[id(item)] for item, _ in methods}
    program = ProgramFunctions.of(node)
    context = FunctionContext(
        env,
        lambda name: return_types.get(name, UnknownType()),
        is_method=True,
        enclosing_names=enclosing_names,
        program=program,
        python_failed=python_failed,
        in_program=True,
        resolved_returns=resolved,
        decorated_at=decorated_at,
    )
    functions = []
    # A method keeps the comments from its `def` line to the line before the next method's.
    starts = sorted(item.lineno for item, _ in methods)
    next_start = dict(itertools.pairwise(starts))
    for item, decorator in methods:
        later = next_start.get(item.lineno)
        kept = comments.of_lines(item.lineno, later - 1 if later else None, node) if comments else None
        functions.append(_parse_function(item, decorator, context, diagnostics, kept))
        program.parsed[item.name] = functions[-1]  # later bodies see it, as in the real parser
    # The real program holds its functions in a map ordered by name.
    ordered = sorted(functions, key=lambda function: function.name)
    return Program(node.name, ordered, Span.of(node), built_with=_factory_values_read(node, env))


def _factory_values_read(node: ast.ClassDef, env: ModuleEnvironment) -> tuple[str, ...]:
    """The factory locals `node` reads whose values are not folded, sorted (none outside a
    factory: one walk of the class only then)."""
    if not env.factory_locals:
        return ()
    read: set[str] = set()
    own: set[str] = set()  # the bodies' own names (a parameter, a var): not the closure's
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            (read if isinstance(part.ctx, ast.Load) else own).add(part.id)
        elif isinstance(part, ast.arg):
            own.add(part.arg)
    found = (name for name in read - own if name in env.factory_locals and env.lookup(name) is UNKNOWN)
    return tuple(sorted(found))


def _parse_function(
    node: ast.FunctionDef,
    decorator: DecoratorInfo,
    context: FunctionContext,
    diagnostics: list[Diagnostic],
    comments: PendingComments | None = None,
) -> Function:
    parser = FunctionParser(node, decorator, context, comments)
    function = parser.parse()
    diagnostics.extend(parser.diagnostics)
    return function


def _dsl_definitions(
    stmts: list[ast.stmt], env: ModuleEnvironment
) -> list[tuple[ast.stmt, DecoratorInfo, ModuleEnvironment]]:
    """Each DSL definition among `stmts` (nested ones included) with the closure
    environment its decorator sees: inside a factory function, the factory's locals
    (`factory_environment`) over the module's values."""
    found: list[tuple[ast.stmt, DecoratorInfo, ModuleEnvironment]] = []
    _collect_definitions(stmts, env, None, [], found)
    return found


# Module-level rather than nested closures: a closure calling itself holds its own cell,
# a reference cycle that would keep every analysed tree alive for the collector (which
# the server keeps away from what it froze).
def _collect_definitions(
    block: list[ast.stmt],
    env: ModuleEnvironment,
    factory: ast.FunctionDef | ast.AsyncFunctionDef | None,
    path: list[ast.stmt],
    found: list[tuple[ast.stmt, DecoratorInfo, ModuleEnvironment]],
    owner: ast.ClassDef | None = None,
) -> None:
    """`owner`: the module-level class whose body `block` is (its methods' `self`)."""
    for stmt in block:
        decorator = dsl_decorator(stmt, env)
        if decorator is not None:
            closure = env if factory is None else _factory_closure(env, factory, [*path, stmt], owner)
            found.append((stmt, decorator, closure))
            continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if factory is None:  # a factory: what it defines sees its locals
                _collect_definitions(stmt.body, env, stmt, [], found, owner)
            else:
                _collect_definitions(stmt.body, env, factory, [*path, stmt], found, owner)
            continue
        # Plain Python: look inside for definitions its execution would decorate.
        # A test case's class: its methods' `self`; inside a method (a factory), the same
        # class still (a definition under an `if` of `get_program` sees `self` as well).
        if factory is not None:
            inner_owner = owner
        else:
            inner_owner = stmt if isinstance(stmt, ast.ClassDef) and owner is None else None
        for field_name in ("body", "orelse", "finalbody", "handlers"):
            children = getattr(stmt, field_name, None)
            if isinstance(children, list):
                nested = [child for child in children if isinstance(child, ast.stmt)]
                nested += [s for h in children if isinstance(h, ast.ExceptHandler) for s in h.body]
                inner = [*path, stmt] if factory is not None else path
                _collect_definitions(nested, env, factory, inner, found, inner_owner)


def _factory_closure(
    env: ModuleEnvironment,
    factory: ast.FunctionDef | ast.AsyncFunctionDef,
    path: list[ast.stmt],
    owner: ast.ClassDef | None = None,
) -> ModuleEnvironment:
    functions = [
        factory,
        *(s for s in path[:-1] if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))),
    ]
    names = frozenset().union(*(bound_in_function(function) for function in functions))
    if any(isinstance(step, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) for step in path[:-1]):
        path = []  # deeper than the factory's own body: its names all stay unknown
    return factory_environment(env, factory, path, names, dsl_decorator_name, owner)


def _first_line(node: ast.stmt) -> int:
    """The first line of a definition's source: its first decorator's."""
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])


def _single_return(resolver: AnnotationResolver, node: ast.FunctionDef) -> IRType:
    return resolver.resolve(node.returns) if node.returns is not None else UnknownType()
