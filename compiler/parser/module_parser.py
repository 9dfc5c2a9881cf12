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
from compiler.parser.decorators import DecoratorInfo, dsl_decorator
from compiler.parser.function_parser import FunctionContext, FunctionParser
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

    for node, decorator in _dsl_definitions(nodes, env):
        if decorator.is_program:
            assert isinstance(node, ast.ClassDef)
            result.programs.append(_parse_program(node, env, result.diagnostics))
        else:
            assert isinstance(node, ast.FunctionDef)
            context = FunctionContext(env, free_function_return, is_method=False)
            result.functions.append(_parse_function(node, decorator, context, result.diagnostics))
    return result


def _parse_program(node: ast.ClassDef, env: ModuleEnvironment, diagnostics: list[Diagnostic]) -> Program:
    methods = [
        (item, decorator)
        for item in node.body
        if isinstance(item, ast.FunctionDef)
        and (decorator := dsl_decorator(item, env))
        and not decorator.is_program
    ]
    resolver = AnnotationResolver(env.evaluator())
    return_types = {item.name: _single_return(resolver, item) for item, _ in methods}
    context = FunctionContext(env, lambda name: return_types.get(name, UnknownType()), is_method=True)
    functions = [_parse_function(item, decorator, context, diagnostics) for item, decorator in methods]
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
