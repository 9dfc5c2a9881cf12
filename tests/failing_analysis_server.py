"""Runs the language server with faults put into its analysis, as a bug of ours would raise
there: where a unit's text holds one of the markers below, the step named raises. The
server must say what it could not analyse (and log why), never fall silent or die. The
passes raise on a program named `fails_in_passes`.

No real input is known to make these steps raise (each one that did was fixed): the
markers stand for the next one."""

from __future__ import annotations

import sys
from typing import Any

from compiler import analysis
from pto_lsp.workspace import engine

UNIT_MARKER = "# test: the unit's analysis raises"
ENVIRONMENT_MARKER = "# test: the module environment raises"
PUBLICATION_MARKER = "# test: the publication raises"


class InjectedFault(RuntimeError):
    """The fault a test asked for."""


_analyse_unit = engine.analyse_unit
_module_environment = engine.module_environment
_pipeline_checks = analysis._pipeline_checks


def _failing_analyse_unit(unit: Any, env: Any) -> Any:
    if UNIT_MARKER in unit.text:
        raise InjectedFault("a unit's analysis raised")
    return _analyse_unit(unit, env)


def _failing_module_environment(units: Any, *args: Any) -> Any:
    if any(ENVIRONMENT_MARKER in unit.text for unit in units):
        raise InjectedFault("the module environment raised")
    return _module_environment(units, *args)


def _failing_pipeline_checks(programs: Any, *args: Any) -> Any:
    if any(program.name == "fails_in_passes" for program in programs):
        raise InjectedFault("a pass raised")
    return _pipeline_checks(programs, *args)


engine.analyse_unit = _failing_analyse_unit
engine.module_environment = _failing_module_environment
analysis._pipeline_checks = _failing_pipeline_checks

from pto_lsp.features import publishing  # noqa: E402

_publish = publishing.DiagnosticPayloads.publication


def _failing_publication(self: Any, document_analysis: Any, lines: Any, *args: Any) -> Any:
    if any(PUBLICATION_MARKER in unit.text for unit in document_analysis.placed):
        raise InjectedFault("the publication raised")
    return _publish(self, document_analysis, lines, *args)


publishing.DiagnosticPayloads.publication = _failing_publication

from pto_lsp.cli import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or ["serve"]))
