"""The front end's entry point: one module's source text -> IR and diagnostics."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.diagnostics import Diagnostic
from compiler.ir import Function, Program
from compiler.parser.decorators import dsl_decorator_name
from compiler.parser.module_parser import parse_definitions
from compiler.syntax.environment import ModuleEnvironment, build_environment
from compiler.syntax.units import parse_module


@dataclass
class ModuleAnalysis:
    path: str
    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    environment: ModuleEnvironment = field(default_factory=ModuleEnvironment)

    @property
    def is_pypto_module(self) -> bool:
        return self.environment.imports_pypto_language


def analyse_source(source: str, path: str = "<string>") -> ModuleAnalysis:
    parsed = parse_module(source, path)
    env = build_environment(parsed.units, dsl_decorator_name)
    definitions = parse_definitions(parsed.units, env)
    diagnostics = sorted([*parsed.syntax_errors, *definitions.diagnostics], key=Diagnostic.sort_key)
    return ModuleAnalysis(path, definitions.programs, definitions.functions, diagnostics, env)


def check_source(source: str, path: str = "<string>") -> list[Diagnostic]:
    """Every diagnostic the front end reports for one module, in source order."""
    return analyse_source(source, path).diagnostics
