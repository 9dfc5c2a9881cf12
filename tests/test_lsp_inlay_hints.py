"""Inlay hints in an LSP client: `inlayHints.show` ("policy" by default, "all", "none"), and
what a BYPASS hint and hover say while PTOAS compiles BYPASS as a cached access."""

from __future__ import annotations

import textwrap

import pytest
from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp

URI = "file:///work/kernels/hints.py"
KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Hints:
        @pl.function(type=pl.FunctionType.Orchestration)
        def tuned(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
                  out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
                ta = pl.load(a, [0, 0], [64, 64])
                tb = pl.load(b, [0, 0], [64, 64])
                out = pl.store(pl.add(ta, tb), [0, 0], out)
            return out

        @pl.function(type=pl.FunctionType.Orchestration)
        def plain(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP):
                tx = pl.load(x, [0, 0], [64, 64])
                y = pl.store(tx, [0, 0], y)
            return y

        @pl.function(type=pl.FunctionType.Orchestration)
        def explicit(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP):
                tx = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.DEFAULT)
                y = pl.store(tx, [0, 0], y)
            return y
    """
)
CACHED = "b: BYPASS (cached: PTOAS#1356)"


def line_of(needle: str) -> int:
    return KERNEL.count("\n", 0, KERNEL.index(needle))


async def configure(client: RecordingClient, settings: dict[str, object]) -> None:
    client.set_configuration({"debounceMs": 0, **settings}, section="ptoLsp")
    # Sent with the notification, the settings apply to every message after it (a
    # pull of them would race the edit).
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"ptoLsp": {"debounceMs": 0, **settings}})
    )


async def hints(client: RecordingClient) -> list[tuple[int, str]]:
    result = await client.text_document_inlay_hint_async(
        lsp.InlayHintParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(KERNEL.count("\n"), 0)),
        )
    )
    return [(hint.position.line, str(hint.label)) for hint in result or []]


async def opened(client: RecordingClient) -> None:
    open_document(client, KERNEL, URI)
    await wait_for_version(client, URI, 1)


async def test_by_default_only_kernels_that_use_a_policy_get_hints(client: RecordingClient):
    await opened(client)
    assert await hints(client) == [
        (line_of("ta = pl.load(a"), "a: DEFAULT"),
        (line_of("tb = pl.load(b"), CACHED),
        (line_of("cache=pl.CachePolicy.DEFAULT"), "x: DEFAULT"),
    ]


@pytest.mark.parametrize(
    ("show", "expected"),
    [
        (
            "all",
            [
                ("ta = pl.load(a", "a: DEFAULT"),
                ("tb = pl.load(b", CACHED),
                ("tx = pl.load(x, [0, 0], [64, 64])\n", "x: DEFAULT"),
                ("cache=pl.CachePolicy.DEFAULT", "x: DEFAULT"),
            ],
        ),
        ("none", []),
        ("policy", [("ta = pl.load(a", "a: DEFAULT"), ("tb = pl.load(b", CACHED), ("cache=", "x: DEFAULT")]),
        ("loud", [("ta = pl.load(a", "a: DEFAULT"), ("tb = pl.load(b", CACHED), ("cache=", "x: DEFAULT")]),
    ],
)
async def test_the_show_setting_picks_the_reads(
    client: RecordingClient, show: str, expected: list[tuple[str, str]]
):
    """An unknown value ("loud") keeps the default, as every other setting does."""
    await configure(client, {"inlayHints": {"show": show}})
    await opened(client)
    assert await hints(client) == [(line_of(needle), label) for needle, label in expected]


async def test_the_older_enabled_false_still_turns_hints_off(client: RecordingClient):
    await configure(client, {"inlayHints": {"enabled": False}})
    await opened(client)
    assert await hints(client) == []


async def test_a_bypass_hint_says_it_compiles_cached_and_its_tooltip_says_why(client: RecordingClient):
    await opened(client)
    result = await client.text_document_inlay_hint_async(
        lsp.InlayHintParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=lsp.Range(
                start=lsp.Position(line_of("tb = pl.load(b"), 0),
                end=lsp.Position(line_of("out = pl.store"), 0),
            ),
        )
    )
    [hint] = result or []
    assert hint.label == CACHED
    assert isinstance(hint.tooltip, str) and "compiles as an ordinary cached access" in hint.tooltip


async def hover_text(client: RecordingClient, needle: str) -> str:
    index = KERNEL.index(needle) + 4
    line = KERNEL.count("\n", 0, index)
    position = lsp.Position(line, index - (KERNEL.rfind("\n", 0, index) + 1))
    result = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position)
    )
    assert result is not None and isinstance(result.contents, lsp.MarkupContent)
    return result.contents.value


async def test_the_hover_of_a_bypass_read_says_both_requested_and_compiled(client: RecordingClient):
    await opened(client)
    text = await hover_text(client, "pl.load(b")
    assert (
        "- `b` — **BYPASS** (cached: [PTOAS#1356](https://github.com/hw-native-sys/PTOAS/issues/1356))"
        in text
    )
    assert "compiles as an ordinary cached access (warning PTO301)" in text
    assert "cached" not in await hover_text(client, "pl.load(a")


async def test_with_a_ptoas_that_lowers_bypass_hint_and_hover_say_bypass_only(client: RecordingClient):
    await configure(client, {"ptoasCachePolicy": "attribute"})
    await opened(client)
    assert (line_of("tb = pl.load(b"), "b: BYPASS") in await hints(client)
    text = await hover_text(client, "pl.load(b")
    assert "- `b` — **BYPASS** (declared at line 10) · pl.load" in text
    assert "cached" not in text
