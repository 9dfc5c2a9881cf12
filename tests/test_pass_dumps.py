"""The IR view against the real compiler's own pass dumps (`../shared/corpus/pass-dumps`: the
parse and passes 1-11 of 85 corpus programs, byte for byte).

`tests/pass_dumps.py --record` wrote `tests/data/pass_dumps_identical.json`: for each program,
the stages whose dump is identical to the real one, end to end (source -> our parser and
passes) and pass by pass (the real dump before a pass -> our pass). Every one of them must stay
identical, and a dump recorded as differing must not spread: no program at any stage may be
printed different from the real one unless the record lists it as known to differ (the work
of issue 28 is to empty that list). A pass that cannot take a program through as the real one
would says so in the view and prints nothing of it (`PassNotModelled`): that is never a
difference.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from conftest import run_pto_lsp
from pass_dumps import DIFFERENT, DUMPS, IDENTICAL, RECORD, entries, normalise, score

pytestmark = pytest.mark.skipif(not DUMPS.is_dir() or not RECORD.exists(), reason=f"needs {DUMPS}")
MODES = {"end_to_end": "", "transition": "transition"}


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=sorted(MODES))
def judged(request: pytest.FixtureRequest) -> tuple[str, dict[tuple[str, int], str]]:
    return request.param, score(entries(), MODES[request.param])


def test_every_dump_recorded_identical_stays_identical(recorded: dict, judged) -> None:
    mode, results = judged
    lost = [
        (program, stage)
        for program, stages in recorded[mode][IDENTICAL].items()
        for stage in stages
        if results[program, stage] != IDENTICAL
    ]
    assert not lost, f"{mode}: no longer identical to the real dump: {lost}"


def test_no_dump_differs_unless_known(recorded: dict, judged) -> None:
    mode, results = judged
    known = {(program, stage) for program, stages in recorded[mode][DIFFERENT].items() for stage in stages}
    new = sorted(key for key, said in results.items() if said == DIFFERENT and key not in known)
    assert not new, f"{mode}: printed different from the real dump: {new}"


def test_the_compile_command_prints_the_real_dump() -> None:
    """Through the entry point a user runs: `pto-lsp compile FILE --after N` for a program
    recorded identical at every stage prints the real dump of each stage."""
    table = json.loads(RECORD.read_text(encoding="utf-8"))["end_to_end"][IDENTICAL]
    stages = (0, 4, 9, 11)
    entry = next(e for e in entries() if set(stages) <= set(table.get(e.id, [])) and e.file.exists())
    for stage in stages:
        after = "parse" if stage == 0 else str(stage)
        proc = run_pto_lsp("compile", str(entry.file), "--after", after)
        assert proc.returncode == 0, proc.stderr
        real = normalise(entry.real(stage))
        chunks = [normalise(c) for c in proc.stdout.split("\n\n# pypto.program: ")]
        assert any(c == real or f"# pypto.program: {c}" == real for c in chunks), (entry.id, stage)


def test_a_program_no_pass_can_take_through_is_named_not_printed(tmp_path) -> None:
    """An Inline function called with an expression for an argument: InlineFunctions does not
    model it, so the view says which pass stopped where, for that program, and prints no
    dump of it after that pass (the parse is still shown)."""
    kernel = tmp_path / "kernel.py"
    kernel.write_text(
        textwrap.dedent(
            """\
            import pypto.language as pl


            @pl.program
            class Prog:
                @pl.function(type=pl.FunctionType.Inline)
                def helper(self, t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32]:
                    r = pl.add(t, t)
                    return r

                @pl.function(type=pl.FunctionType.InCore)
                def kernel(
                    self,
                    a: pl.Tensor[[16, 16], pl.FP32],
                    out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
                ) -> pl.Tensor[[16, 16], pl.FP32]:
                    t = pl.load(a, [0, 0], [16, 16])
                    u = self.helper(pl.add(t, t))
                    out = pl.store(u, [0, 0], out)
                    return out
            """
        ),
        encoding="utf-8",
    )
    assert "class Prog:" in run_pto_lsp("compile", str(kernel), "--after", "parse").stdout
    proc = run_pto_lsp("compile", str(kernel), "--after", "InlineFunctions")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "# pypto.program: Prog -- not shown: InlineFunctions: an Inline call whose argument is an "
        "expression (line 18) is not modelled\n"
    )
