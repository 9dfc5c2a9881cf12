"""Mixed cube/vector kernels as the real ExpandMixedKernel cuts them (`compiler/passes/
expand_mixed_kernel.py`): each kernel's on-chip use per space, its capacity error and its PH001
hints, held to the real `ir.compile` of `tests/data/mixed_cases/` on the 910B and the 950
(`python tests/real_memory.py --record-mixed`, `verdicts.json` beside them). A use we give
equals the real planner's; a space we do not model says "not analysed"; an error is the real
message; hints are the real log's lines, or none where we do not judge them."""

from __future__ import annotations

import json

import pytest
from conftest import run_pto_lsp
from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp
from memory_verdicts import diagnostics, judge
from real_memory import MIXED, MIXED_VERDICTS, SOCS

DATA = json.loads(MIXED_VERDICTS.read_text(encoding="utf-8")) if MIXED_VERDICTS.is_file() else {}
HINT_PREFIX = "[perf_hint PH001] "


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_mixed_case_gets_the_real_use_and_verdict(soc: str) -> None:
    exact, not_analysed, errors = judge(MIXED, DATA, soc)
    # measured: every use given (the accumulator loop's if over matmul / matmul_acc is planned:
    # one Acc buffer with the carried create); the Vec of a kernel whose AIV pushes is the
    # 950's own (its fractal copies); the two pl.pipeline cases are planned
    assert (exact, not_analysed, errors) == (50, 0, 2)


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_each_mixed_case_gets_the_real_hints_or_none() -> None:
    judged = 0
    for name, programs in sorted(DATA.items()):
        path = MIXED / name
        [verdict] = [verdicts["910B"] for verdicts in programs.values()]
        hints = [d for d in diagnostics(path, "910B") if d["severity"] == 4 and d["code"] == "PTO631"]
        real = [
            line.removeprefix(HINT_PREFIX)
            for line in verdict.get("hints", [])
            if line.startswith(HINT_PREFIX)
        ]
        if not hints and real:
            continue  # not judged here: none given
        ours_lines = [
            f"{d['message']} at {name}:{d['range']['start']['line'] + 1}:{d['range']['start']['character'] + 1}"
            for d in hints
        ]
        assert ours_lines == real, name
        judged += 1
    assert judged == 14  # measured: every case (the two the real compile refuses get none)


def test_the_memory_map_shows_the_pipe_slots_below_the_tiles() -> None:
    """A cube-to-vector pipe's slots (2 of the 16,384-byte Acc tile crossing) take the bottom
    of the AIV's Vec; its tiles are placed above them, as the real planner places them."""
    report = run_pto_lsp("compile", str(MIXED / "mixed_c2v_leftright.py"), "--emit", "memory").stdout
    assert "[0, 32,768)  reserved: the cross-core pipe's slots" in report
    assert "[32,768, 40,960)" in report  # the first Vec tile, right above


def test_the_950_map_shows_the_fractal_copy_of_a_pushed_tile() -> None:
    """The 950's ExpandMixedKernel moves a tile the AIV pushes to the cube into a Vec tile of
    the cube's layout first (`t1_nz`, never over its source): the 950's map shows it, and its
    Vec use is the 950's real one (28,672); the 910B's pushes the tile as it is (24,576)."""
    maps = {
        soc: run_pto_lsp("compile", str(MIXED / "mixed_bidirect.py"), "--emit", "memory", "--soc", soc).stdout
        for soc in SOCS
    }
    assert "t1_nz" not in maps["910B"]
    assert "MixedBidirect.kernel (line 7): Vec 24,576 / 188,416 bytes" in maps["910B"]
    assert "[24,576, 28,672)  |...##...|  t1_nz (line 16)" in maps["950"]
    assert "MixedBidirect.kernel (line 7): Vec 28,672 / 245,760 bytes" in maps["950"]


async def test_the_editor_on_the_950_shows_the_950s_use_of_a_pushing_aiv(client: RecordingClient) -> None:
    """With the 950 chosen, the hover and the lens of a kernel whose AIV pushes to the cube give
    the 950's real use (its fractal copies included: 262,144 bytes, over its 245,760), not the
    910B's 245,760."""
    settings = {"debounceMs": 0, "soc": "950"}
    client.set_configuration(settings, section="ptoLsp")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings={"ptoLsp": settings}))
    uri = "file:///work/kernels/mixed_v2c_overflow.py"
    open_document(client, (MIXED / "mixed_v2c_overflow.py").read_text(encoding="utf-8"), uri)
    await wait_for_version(client, uri, 1)
    document = lsp.TextDocumentIdentifier(uri=uri)
    hover = await client.text_document_hover_async(
        lsp.HoverParams(text_document=document, position=lsp.Position(6, 9))
    )
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "- Vec 262,144 / 245,760 bytes — **over capacity**" in hover.contents.value
    lenses = await client.text_document_code_lens_async(lsp.CodeLensParams(text_document=document))
    titles = [lens.command.title for lens in lenses or [] if lens.command]
    assert any(title.startswith("Vec 262,144 / 245,760 bytes") for title in titles), titles


@pytest.mark.skipif(not DATA, reason="the real compiler's verdicts are not recorded")
def test_no_hint_is_given_for_another_socs_backend() -> None:
    """The hints are the 910B backend's (512-byte rows); the 950's recommends 128 bytes, and its
    real compile of these cases prints none: `check --soc 950` gives none."""
    for name, programs in sorted(DATA.items()):
        assert all(not verdicts["950"].get("hints") for verdicts in programs.values()), name
        assert not [d for d in diagnostics(MIXED / name, "950") if d["severity"] == 4], name
