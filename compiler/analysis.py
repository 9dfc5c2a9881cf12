"""The front end's entry points: a module's units -> IR and diagnostics.

`analyse_units` is the one path every caller takes: the CLI and the language
server cut the module with tree-sitter, `analyse_source` with `ast`. Each
unit's result depends only on the unit and the environment values it reads
(`unit_environment_key`), which is what lets an editor reuse it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from compiler.codegen.bypass_warning import bypass_warnings
from compiler.diagnostics import Diagnostic
from compiler.facts import ModuleFacts, module_facts
from compiler.ir import Function, Program
from compiler.parser.decorators import dsl_decorator_name
from compiler.parser.module_parser import parse_definitions
from compiler.passes.cache_policy_checks import check_function
from compiler.passes.scope_interface import callee_directions_among
from compiler.span import unit_line_offset
from compiler.syntax.environment import ModuleEnvironment, build_environment
from compiler.syntax.units import ParsedUnit, parse_module

_IDENTIFIER = re.compile(r"[^\W\d]\w*")


@dataclass
class UnitAnalysis:
    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @cached_property
    def facts(self) -> ModuleFacts:
        """GM reads and declarations of this unit's kernels (computed when first asked)."""
        return module_facts(self.programs, self.functions)


@dataclass
class ModuleAnalysis:
    path: str
    programs: list[Program] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    environment: ModuleEnvironment = field(default_factory=ModuleEnvironment)
    units: list[UnitAnalysis] = field(default_factory=list)

    @property
    def is_pypto_module(self) -> bool:
        return self.environment.imports_pypto_language

    @cached_property
    def facts(self) -> ModuleFacts:
        merged = ModuleFacts()
        for unit in self.units:
            merged.reads.extend(unit.facts.reads)
            merged.declarations.extend(unit.facts.declarations)
        return merged


def module_environment(units: Sequence[ParsedUnit]) -> ModuleEnvironment:
    return build_environment([node for unit in units for node in unit.nodes], dsl_decorator_name)


def mentioned_names(unit: ParsedUnit) -> frozenset[str]:
    """Every identifier in the unit's text: a superset of the module names it reads
    (attributes and words in strings count too), found without walking the tree."""
    return frozenset(_IDENTIFIER.findall(unit.text))


def unit_environment_key(
    unit: ParsedUnit, env: ModuleEnvironment, names: frozenset[str] | None = None
) -> tuple[tuple[str, Any], ...]:
    """The environment values `unit` can read, as a hashable fingerprint."""
    names = mentioned_names(unit) if names is None else names
    return tuple((name, _frozen(env.values[name])) for name in sorted(names & env.values.keys()))


def _frozen(value: Any) -> Any:
    """A hashable stand-in for an environment value (module constants may be lists)."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *(_frozen(item) for item in value))
    return value


def analyse_unit(unit: ParsedUnit, env: ModuleEnvironment) -> UnitAnalysis:
    with unit_line_offset(unit.start_line - 1):
        definitions = parse_definitions(list(unit.nodes), env)
    diagnostics = [unit.syntax_error] if unit.syntax_error else []
    diagnostics.extend(definitions.diagnostics)
    for program in definitions.programs:
        diagnostics.extend(_outliner_checks(program.functions))
    diagnostics.extend(_outliner_checks(definitions.functions))
    return UnitAnalysis(definitions.programs, definitions.functions, diagnostics)


def _outliner_checks(functions: Sequence[Function]) -> list[Diagnostic]:
    """The outliners' cache-policy checks; calls resolve among `functions` (one program)."""
    directions = callee_directions_among(functions)
    return [d for function in functions for d in check_function(function, directions)]


def combine(path: str, env: ModuleEnvironment, results: Sequence[UnitAnalysis]) -> ModuleAnalysis:
    module = ModuleAnalysis(path, environment=env, units=list(results))
    for result in results:
        module.programs.extend(result.programs)
        module.functions.extend(result.functions)
        module.diagnostics.extend(result.diagnostics)
    module.diagnostics.extend(bypass_warnings(module.facts, _file_label(path)))
    module.diagnostics.sort(key=Diagnostic.sort_key)
    return module


def _file_label(path: str) -> str:
    """How the codegen warning names the file: a path, also when the editor gave a URI."""
    if path.startswith("file://"):
        from urllib.parse import unquote, urlparse

        return unquote(urlparse(path).path)
    return path


def analyse_units(units: Sequence[ParsedUnit], path: str = "<string>") -> ModuleAnalysis:
    env = module_environment(units)
    return combine(path, env, [analyse_unit(unit, env) for unit in units])


def analyse_source(source: str, path: str = "<string>") -> ModuleAnalysis:
    return analyse_units(parse_module(source), path)


def check_source(source: str, path: str = "<string>") -> list[Diagnostic]:
    """Every diagnostic the front end reports for one module, in source order."""
    return analyse_source(source, path).diagnostics
