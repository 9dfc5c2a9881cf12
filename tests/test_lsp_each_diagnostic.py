"""Each diagnostic kind, live in an LSP client: it appears with the message, severity, range
and version the checker gives, and disappears when the author fixes it with an incremental edit."""

from __future__ import annotations

import pytest
from conftest import REPO, dispatch_program, program
from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp

from compiler import check_source
from pto_lsp.workspace.positions import LineIndex

SCOPE = 'with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):'
READS = "    c = pl.matmul(a, b, out_dtype=pl.FP32)\n    out = pl.assemble(out, c, [0, 0])"


def in_scope(*lines: str) -> str:
    return program(SCOPE + "\n" + "".join(f"    {line}\n" for line in lines) + READS)


# (code, source, the text to replace, its replacement)
CASES = [
    ("PTO001", in_scope("x = (1,"), "x = (1,", "x = (1,)"),
    (
        "PTO101",
        program(f"if n > 0:\n    pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n{SCOPE}\n{READS}"),
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)",
        "pass",
    ),
    (
        "PTO102",
        program(
            "with pl.cluster():\n    pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n    "
            + SCOPE
            + "\n"
            + READS.replace("    ", "        ")
        ),
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)",
        "pass",
    ),
    ("PTO103", in_scope("pl.set_cache_policy(b, policy=pl.CachePolicy.BYPASS)"), "policy=", ""),
    ("PTO104", in_scope("pl.set_cache_policy(b.x, pl.CachePolicy.BYPASS)"), "b.x", "b"),
    ("PTO105", in_scope("pl.set_cache_policy(zz, pl.CachePolicy.BYPASS)"), "zz", "b"),
    ("PTO106", in_scope("pl.set_cache_policy(n, pl.CachePolicy.BYPASS)"), "(n,", "(a,"),
    (
        "PTO107",
        in_scope(
            "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)", "pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)"
        ),
        "DEFAULT",
        "BYPASS",
    ),
    ("PTO108", in_scope("pl.set_cache_policy(b, 1)"), "(b, 1)", "(b, pl.CachePolicy.BYPASS)"),
    ("PTO109", in_scope("pl.set_cache_policy(b, pl.CachePolicy.BYPAS)"), "BYPAS)", "BYPASS)"),
    ("PTO110", in_scope("t = pl.load(a, [0, 0], [16, 16], cache=2)"), "cache=2", "cache=1"),
    (
        "PTO201",
        in_scope("pl.set_cache_policy(n2, pl.CachePolicy.BYPASS)").replace(
            "n: pl.Scalar", "n2: pl.Tensor[[64, 64], pl.FP32],\n        n: pl.Scalar"
        ),
        "pl.set_cache_policy(n2, pl.CachePolicy.BYPASS)",
        "pass",
    ),
    (
        "PTO202",
        in_scope("pl.set_cache_policy(out, pl.CachePolicy.BYPASS)"),
        "out, pl.CachePolicy.BYPASS",
        "out, pl.CachePolicy.DEFAULT",
    ),
    # The pipeline after the parser: Simplify, then the orchestration codegen.
    (
        "PTO701",
        dispatch_program("f: pl.Scalar[pl.BOOL] = True\nout = self.kernel(a, out)"),
        "f: pl.Scalar[pl.BOOL] = True",
        "pass",
    ),
    ("PTO711", dispatch_program("b = pl.exp(a)\nout = self.kernel(b, out)"), "pl.exp(a)", "a"),
    (
        "PTO712",
        dispatch_program("t = pl.load(a, [0, 0], [16, 128])\nout = self.kernel(a, out)"),
        "pl.load(a, [0, 0], [16, 128])",
        "a",
    ),
    (
        "PTO714",
        dispatch_program("for i in pl.range(2):\n    out = self.kernel(a, out)")
        .replace(
            "def kernel(\n        self,\n", "def kernel(\n        self,\n        n: pl.Scalar[pl.INDEX],\n"
        )
        .replace("self.kernel(a, out)", "self.kernel(i * 2, a, out)"),
        "i * 2",
        "i",
    ),
    (
        "PTO713",
        dispatch_program(
            "out = pl.assemble(out, a, [0, 0], atomic=pl.AtomicType.Add)\nout = self.kernel(a, out)"
        ),
        ", atomic=pl.AtomicType.Add",
        "",
    ),
    # ConvertTensorToTileOps: an InCore function that declares a return type and has none.
    (
        "PTO621",
        (REPO / "tests" / "data" / "verifier_cases" / "no_return.py").read_text(encoding="utf-8"),
        "out = pl.store(tile_b, [0, 0], out)\n",
        "out = pl.store(tile_b, [0, 0], out)\n        return out\n",
    ),
]


def _not_a_verifier_warning(diagnostic: lsp.Diagnostic) -> bool:
    """A name the kernel never reads also gets the IR verifier's warning, and a kernel that
    compiles the real compile's performance hints (PTO631): not this diagnostic."""
    return not (
        str(diagnostic.code).startswith("PTO6")
        and diagnostic.severity in (lsp.DiagnosticSeverity.Warning, lsp.DiagnosticSeverity.Hint)
    )


def position(text: str, offset: int) -> lsp.Position:
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    return lsp.Position(line, len(text[offset - column : offset].encode("utf-16-le")) // 2)


@pytest.mark.parametrize(("code", "source", "needle", "replacement"), CASES, ids=[case[0] for case in CASES])
async def test_a_diagnostic_appears_and_goes_away_with_the_fix(
    client: RecordingClient, code: str, source: str, needle: str, replacement: str
):
    uri = f"file:///work/kernels/{code}.py"
    [expected] = [d for d in check_source(source) if d.severity == 1]
    assert expected.code == code
    open_document(client, source, uri)
    [published] = [d for d in await wait_for_version(client, uri, 1) if _not_a_verifier_warning(d)]
    index = LineIndex(source)
    assert (published.code, published.message, published.severity) == (
        code,
        expected.message,
        lsp.DiagnosticSeverity.Error,
    )
    assert published.range == index.range(expected.span)
    start = source.index(needle)
    change(
        client,
        2,
        astuple(position(source, start)),
        astuple(position(source, start + len(needle))),
        replacement,
        uri,
    )
    after = await wait_for_version(client, uri, 2)
    assert [d for d in after if _not_a_verifier_warning(d)] == []


def astuple(position: lsp.Position) -> tuple[int, int]:
    return position.line, position.character
