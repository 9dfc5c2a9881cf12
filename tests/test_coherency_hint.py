"""The coherency hint (PTO302): a BYPASS read of a tensor that a cached write of the same
program can reach first, through `pto-lsp check` and an LSP client (related location, quick
fix, hover)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import CORPUS, check_json, file_diagnostics, run_cli
from lsp_client import (
    RecordingClient,
    apply_edits,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp

URI = "file:///work/kernels/coherency.py"
CODE = "PTO302"
TENSOR = "pl.Tensor[[64, 64], pl.FP32]"
SIGNATURE = f"""\
        self,
        a: {TENSOR},
        mid: pl.InOut[{TENSOR}],
        out: pl.Out[{TENSOR}],
    ) -> {TENSOR}:
"""


def program(name: str, body: str, *, decorator: str = "@pl.function", kernels: str = "") -> str:
    return (
        "import pypto.language as pl\n\n\n@pl.program\n"
        f"class {name}:\n"
        + textwrap.indent(textwrap.dedent(kernels).strip("\n") + "\n\n", "    ") * bool(kernels)
        + f"    {decorator}\n    def main(\n"
        + SIGNATURE
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n        return out\n"
    )


PRODUCE = f"""\
@pl.function(type=pl.FunctionType.InCore)
def produce(self, x: {TENSOR}, mid: pl.Out[{TENSOR}]) -> {TENSOR}:
    t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
    mid = pl.store(pl.mul(t, 2.0), [0, 0], mid)
    return mid
"""

# An InCore kernel called with `mid` as Out, then a pl.spmd body that bypasses the cache for it.
KERNEL_THEN_SPMD = program(
    "KernelThenSpmd",
    """
    mid = self.produce(a, mid)
    for i in pl.spmd(4):
        pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
        m: pl.Tile[[16, 64], pl.FP32] = pl.load(mid, [i * 16, 0], [16, 64])
        out = pl.store(m, [i * 16, 0], out)
    """,
    decorator="@pl.function(type=pl.FunctionType.Orchestration)",
    kernels=PRODUCE,
)

# Two pl.at scopes in a loop: the read comes first in the body, the write of the previous
# iteration reaches it.
READ_THEN_WRITE_IN_A_LOOP = program(
    "Loop",
    """
    for k in pl.range(4):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="consume"):
            pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
            m: pl.Tile[[64, 64], pl.FP32] = pl.load(mid, [0, 0], [64, 64])
            out = pl.store(m, [0, 0], out)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="produce"):
            t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
            mid = pl.store(t, [0, 0], mid)
    """,
)

# The same two scopes with no loop around them: the write comes after the read; `a` is never written.
READ_THEN_WRITE = program(
    "After",
    """
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="consume"):
        pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
        pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
        m: pl.Tile[[64, 64], pl.FP32] = pl.load(mid, [0, 0], [64, 64])
        n: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        out = pl.store(pl.add(m, n), [0, 0], out)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="produce"):
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        mid = pl.store(t, [0, 0], mid)
    """,
)

# The orchestration writes `mid` itself; the spmd body reads it with an explicit cache=.
ORCHESTRATION_WRITE = program(
    "Orch",
    """
    mid = pl.assemble(mid, a, [0, 0])
    for i in pl.spmd(4):
        tile = pl.load(mid, [i * 16, 0], [16, 64], cache=pl.CachePolicy.BYPASS)
        out = pl.store(tile, [i * 16, 0], out)
    """,
    decorator="@pl.function(type=pl.FunctionType.Orchestration)",
)

# The write and the read on the two branches of one `if`, no loop: one never precedes the other.
OTHER_BRANCH = program(
    "Branches",
    """
    if a.shape[0] == 64:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="produce_once"):
            t2: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
            mid = pl.store(t2, [0, 0], mid)
    else:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="consume"):
            pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
            m: pl.Tile[[64, 64], pl.FP32] = pl.load(mid, [0, 0], [64, 64])
            out = pl.store(m, [0, 0], out)
    """,
)


def lines_away(line: int, reference: int) -> str:
    """How the message says where `line` is, seen from the read's `reference` line."""
    distance = abs(reference - line)
    return f"{distance} line{'s' if distance > 1 else ''} {'above' if line < reference else 'below'}"


def line_of(text: str, needle: str) -> int:
    """1-based line of the first occurrence of `needle`."""
    return text[: text.index(needle)].count("\n") + 1


def checked(tmp_path: Path, text: str) -> list[dict]:
    path = tmp_path / "kernel.py"
    path.write_text(text, encoding="utf-8")
    _, report = check_json(path)
    return [d for d in file_diagnostics(report, path) if d["code"] == CODE]


def test_a_kernel_call_writing_the_tensor_before_an_spmd_bypass_read_is_named(tmp_path):
    [hint] = checked(tmp_path, KERNEL_THEN_SPMD)
    call = line_of(KERNEL_THEN_SPMD, "self.produce(a, mid)")
    declaration = line_of(KERNEL_THEN_SPMD, "pl.set_cache_policy(mid")
    assert hint["severity"] == 2
    assert hint["message"] == (
        "tensor 'mid' is read with CachePolicy.BYPASS in kernel 'main_incore_0', but kernel 'produce' "
        f"(called {lines_away(call, declaration)}) writes it through the cache before this read: the write "
        "may still sit in L2 when the bypassing read goes to memory, and the read then sees stale data"
    )
    assert hint["range"]["start"]["line"] + 1 == declaration
    [related] = hint["relatedInformation"]
    assert related["location"]["range"]["start"]["line"] + 1 == call
    assert related["message"] == "cached write of 'mid' by kernel 'produce'"


def test_a_write_later_in_the_loop_body_reaches_the_read_of_the_next_iteration(tmp_path):
    [hint] = checked(tmp_path, READ_THEN_WRITE_IN_A_LOOP)
    store = line_of(READ_THEN_WRITE_IN_A_LOOP, "mid = pl.store(t")
    declaration = hint["range"]["start"]["line"] + 1
    assert store > declaration  # later in the body: it reaches the next iteration's read
    assert (
        f"kernel 'produce' (written {lines_away(store, declaration)}) writes it through the cache"
        in (hint["message"])
    )
    assert [r["location"]["range"]["start"]["line"] + 1 for r in hint["relatedInformation"]] == [store]


def test_the_nearest_write_is_named_and_the_others_are_counted(tmp_path):
    writes = "".join(
        f"""
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="w{k}"):
        t{k}: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        mid = pl.store(t{k}, [0, 0], mid)"""
        for k in range(12)
    )
    text = program(
        "Many",
        writes
        + """
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="consume"):
        pl.set_cache_policy(mid, pl.CachePolicy.BYPASS)
        m: pl.Tile[[64, 64], pl.FP32] = pl.load(mid, [0, 0], [64, 64])
        out = pl.store(m, [0, 0], out)
    """,
    )
    [hint] = checked(tmp_path, text)
    last = line_of(text, "mid = pl.store(t11")
    declaration = hint["range"]["start"]["line"] + 1
    assert (
        f"but kernel 'w11' (written {lines_away(last, declaration)}) writes it through the cache before this "
        "read (and 11 more writes)"
    ) in hint["message"]
    related = [r["location"]["range"]["start"]["line"] + 1 for r in hint["relatedInformation"]]
    assert related == [line_of(text, f"mid = pl.store(t{k},") for k in range(11, 1, -1)]  # the nearest ten


def test_nothing_for_a_write_after_the_read_without_a_loop_nor_for_an_unwritten_tensor(tmp_path):
    assert checked(tmp_path, READ_THEN_WRITE) == []


def test_nothing_for_a_write_on_the_other_branch_of_an_if(tmp_path):
    assert checked(tmp_path, OTHER_BRANCH) == []


def test_the_orchestrations_own_write_is_named_in_the_text_output(tmp_path):
    path = tmp_path / "orch.py"
    path.write_text(ORCHESTRATION_WRITE, encoding="utf-8")
    proc = run_cli(str(path))
    assert proc.returncode == 0  # a warning, not an error
    write = line_of(ORCHESTRATION_WRITE, "pl.assemble(mid")
    read = line_of(ORCHESTRATION_WRITE, "cache=pl.CachePolicy.BYPASS")
    col = ORCHESTRATION_WRITE.splitlines()[read - 1].index("pl.CachePolicy.BYPASS") + 1
    assert (
        f"{path}:{read}:{col}: warning[PTO302] tensor 'mid' is read with CachePolicy.BYPASS in kernel "
        f"'main_incore_0', but the orchestration 'main' (written {lines_away(write, read)}) writes it through "
        "the cache"
    ) in proc.stdout


@pytest.mark.skipif(not CORPUS.is_dir(), reason="no corpus beside the repository")
def test_no_real_kernel_gets_the_hint():
    _, report = check_json(CORPUS)
    assert report["files"]
    assert [d for f in report["files"] for d in f["diagnostics"] if d["code"] == CODE] == []


# ------------------------------------------------------------------ in an LSP client


async def hint_of(client: RecordingClient, text: str) -> lsp.Diagnostic:
    open_document(client, text, URI)
    [hint] = [d for d in await wait_for_version(client, URI, 1) if d.code == CODE]
    return hint


async def test_the_hint_carries_its_write_and_the_fix_removes_the_declaration(client: RecordingClient):
    hint = await hint_of(client, KERNEL_THEN_SPMD)
    assert hint.severity == lsp.DiagnosticSeverity.Warning
    [related] = hint.related_information or []
    assert related.location.uri == URI
    assert related.location.range.start.line + 1 == line_of(KERNEL_THEN_SPMD, "self.produce(a, mid)")
    [fix] = await quick_fixes_for(client, URI, hint)
    assert fix.title == "Read 'mid' with the default (cached) policy"
    assert fix.edit is not None and fix.edit.changes is not None
    fixed = apply_edits(KERNEL_THEN_SPMD, list(fix.edit.changes[URI]))
    assert "set_cache_policy" not in fixed
    replace_all(client, URI, 2, fixed)
    assert await wait_for_version(client, URI, 2) == []


async def test_the_fix_of_an_explicit_cache_kwarg_makes_it_default(client: RecordingClient):
    hint = await hint_of(client, ORCHESTRATION_WRITE)
    [fix] = await quick_fixes_for(client, URI, hint)
    assert fix.edit is not None and fix.edit.changes is not None
    fixed = apply_edits(ORCHESTRATION_WRITE, list(fix.edit.changes[URI]))
    assert fixed == ORCHESTRATION_WRITE.replace("cache=pl.CachePolicy.BYPASS", "cache=pl.CachePolicy.DEFAULT")
    replace_all(client, URI, 2, fixed)
    assert await wait_for_version(client, URI, 2) == []


CONTRACT = "a write this program cannot see (the host, another rank) is not checked"


async def test_every_bypass_read_says_that_unseen_writers_are_the_authors_contract(client: RecordingClient):
    open_document(client, READ_THEN_WRITE, URI)
    await wait_for_version(client, URI, 1)

    async def hover(needle: str) -> str:
        line = line_of(READ_THEN_WRITE, needle) - 1
        column = READ_THEN_WRITE.splitlines()[line].index("pl.load") + 3
        result = await client.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(line, column)
            )
        )
        assert result is not None and isinstance(result.contents, lsp.MarkupContent)
        return result.contents.value

    bypass = await hover("pl.load(mid")
    assert "**BYPASS**" in bypass
    assert [line for line in bypass.splitlines() if CONTRACT in line] != []
    cached = await hover("t: pl.Tile[[64, 64], pl.FP32] = pl.load(a")
    assert "**DEFAULT**" in cached and CONTRACT not in cached
