"""Constructs out of static reach: what a file alone cannot tell, so no static analysis can.

The raise-site ledger (docs/raise-sites.md) lists these beside the raise sites: a construct
of one of these kinds is not counted as "not analysed" (pto-lsp does not fall short there;
the value is not in the source), and `check` and the editor name it as out of static reach
instead. Each kind says what the author wrote, why its value is unknown before the file
runs, and what pto-lsp shows for it. `compiler.coverage.out_of_static_reach` finds them.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.passes.not_modelled import IMPORT_VALUE_WORDS


@dataclass(frozen=True)
class ConstructOutOfReach:
    key: str  # stable: docs and tests name the kind by it
    construct: str  # what the author wrote
    reason: str  # why the value is unknown until the file runs
    shown: str  # what pto-lsp does with it
    summary: str  # a few words for `check`'s closing line


FACTORY_ARGUMENTS = ConstructOutOfReach(
    key="factory-arguments",
    construct=(
        "a program built by a factory (a function, a test case's `get_program`) whose types read "
        "the factory's parameters or the test case's attributes, where neither a default nor a call "
        "in the file gives them one value (a `dtype` that pytest's parameters or a harness pass in)"
    ),
    reason=(
        "the real parser takes those values when the program is built, from the factory's caller "
        "(pytest, a test harness, a script of another file): one file gives no single value"
    ),
    shown=(
        "`check` counts the program as out of static reach (JSON `outOfStaticReach`), never as an "
        "error; the editor's hint names the values; the checks after the pass that needs the type "
        "do not run on that program"
    ),
    summary="a factory's arguments, known when it runs",
)

IMPORT_VALUES = ConstructOutOfReach(
    key="import-values",
    construct=(
        "a module-level value the file computes at import by calling code "
        "(`CORE_NUM = _aiv_core_count(backend.Backend910B.instance())`), read where a check needs "
        "its number: the width of the SPMD launch of a kernel holding a hard `pl.system.syncall`, "
        "which the HardSyncallOccupancy verifier compares with the SoC's core count"
    ),
    reason=(
        "the real parser reads the number the call returned when the module ran; pto-lsp never "
        "runs the file's code"
    ),
    shown=(
        "`check` counts the program as out of static reach (JSON `outOfStaticReach`), never as an "
        "error; the editor's hint names the value; the verifier's check of that launch and the "
        "checks after it (the memory planner's capacity, codegen) do not run on that program"
    ),
    summary=IMPORT_VALUE_WORDS,
)

KINDS: tuple[ConstructOutOfReach, ...] = (FACTORY_ARGUMENTS, IMPORT_VALUES)
# `check`'s closing line names the kinds at once (a count of programs of either).
OUT_OF_REACH_SUMMARY = f"{FACTORY_ARGUMENTS.summary.removesuffix(', known when it runs')} or {IMPORT_VALUES.summary}, known when it runs"
