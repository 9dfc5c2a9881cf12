"""Find the DSL definitions of a module and parse each into IR.

`@pl.program` classes become `Program`s; decorated module-level functions
(`@pl.function`, `@pl.inline`, `@pl.jit*`) are parsed on their own. Definitions
nested in plain Python (a `build_program()` factory, an `if` block) are found
too: the real decorators run wherever the definition is executed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from compiler.diagnostics import Diagnostic
from compiler.ir import Function, IRType, Program, UnknownType
from compiler.parser.annotations import AnnotationResolver
from compiler.parser.closure_names import enclosing_scope_names
from compiler.parser.decorators import DecoratorInfo, dsl_decorator, has_function_decorator
from compiler.parser.errors import syntax_error
from compiler.parser.function_parser import FunctionContext, FunctionParser
from compiler.parser.kernel_calls import ProgramFunctions
from compiler.parser.python_eval import python_errors
from compiler.span import Span
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.values import DslFunction


@dataclass
class ParsedDefinitions:
    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parse_definitions(nodes: list[ast.stmt], env: ModuleEnvironment) -> ParsedDefinitions:
    """Parse the DSL definitions among `nodes` (one unit's top-level statements)."""
    result = ParsedDefinitions()
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
    for node, decorator in _dsl_definitions(nodes, env):
        if decorator.is_program:
            assert isinstance(node, ast.ClassDef)
            outer = enclosing.get(id(node), frozenset())
            result.programs.append(_parse_program(node, env, result.diagnostics, outer, failed))
        else:
            assert isinstance(node, ast.FunctionDef)
            outer = enclosing.get(id(node), frozenset())
            context = FunctionContext(
                env, free_function_return, is_method=False, enclosing_names=outer, python_failed=failed
            )
            result.functions.append(_parse_function(node, decorator, context, result.diagnostics))
    return result


def _parse_program(
    node: ast.ClassDef,
    env: ModuleEnvironment,
    diagnostics: list[Diagnostic],
    enclosing_names: frozenset[str] = frozenset(),
    python_failed: frozenset[int] = frozenset(),
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
    return_types = {item.name: _single_return(resolver, item) for item, _ in methods}
    program = ProgramFunctions.of(node)
    context = FunctionContext(
        env,
        lambda name: return_types.get(name, UnknownType()),
        is_method=True,
        enclosing_names=enclosing_names,
        program=program,
        python_failed=python_failed,
        in_program=True,
    )
    functions = []
    for item, decorator in methods:
        functions.append(_parse_function(item, decorator, context, diagnostics))
        program.parsed[item.name] = functions[-1]  # later bodies see it, as in the real parser
    return Program(node.name, functions, Span.of(node))


def _parse_function(
    node: ast.FunctionDef, decorator: DecoratorInfo, context: FunctionContext, diagnostics: list[Diagnostic]
) -> Function:
    parser = FunctionParser(node, decorator, context)
    function = parser.parse()
    diagnostics.extend(parser.diagnostics)
    return function


def _dsl_definitions(stmts: list[ast.stmt], env: ModuleEnvironment) -> list[tuple[ast.stmt, DecoratorInfo]]:
    found: list[tuple[ast.stmt, DecoratorInfo]] = []
    for stmt in stmts:
        decorator = dsl_decorator(stmt, env)
        if decorator is not None:
            found.append((stmt, decorator))
            continue
        # Plain Python: look inside for definitions its execution would decorate.
        for field_name in ("body", "orelse", "finalbody", "handlers"):
            children = getattr(stmt, field_name, None)
            if isinstance(children, list):
                nested = [child for child in children if isinstance(child, ast.stmt)]
                nested += [s for h in children if isinstance(h, ast.ExceptHandler) for s in h.body]
                found.extend(_dsl_definitions(nested, env))
    return found


def _single_return(resolver: AnnotationResolver, node: ast.FunctionDef) -> IRType:
    return resolver.resolve(node.returns) if node.returns is not None else UnknownType()
