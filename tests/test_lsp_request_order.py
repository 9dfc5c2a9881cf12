"""Every request is answered for the text the client sent last, with no wait between the
notification that changed the text and the request: the protocol's order (a notification
is applied before any message that follows it), over stdio and TCP, from the first moment
a document is open. Each answer is compared with the answer the same request gets for the
same text once the server has settled."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from cache_policy_programs import DEMO_PROGRAM
from raw_lsp import RawServer

ROUNDS = 100
CLASS = "class Demo:"
# What alternates from one round to the next: a load's own policy (hover, inlay hints), the
# marker in the same scope written with or without a keyword (a quick fix, or none), and the
# last line of a helper being typed (completion, signature help).
LOAD = "hot = pl.load(x, [0, 0], [32, 64], cache=pl.CachePolicy.DEFAULT)"
LOADS = (LOAD, LOAD.replace("DEFAULT", "BYPASS"))
MARKER = "pl.set_cache_policy(x, pl.CachePolicy.BYPASS)"
MARKERS = (MARKER, "pl.set_cache_policy(x, policy=pl.CachePolicy.BYPASS)")
TYPED = ("    q = pl.CachePolicy.", "    q = pl.", "    y = pl.store(", "    y = pl.matmul(a, ")
HELPER = "\n\ndef helper(a, b, y):\n"


def kernel(state: int, name: str = "Demo") -> str:
    """The editor's module in one of the four states; `name`: the program's (4 letters...)."""
    text = DEMO_PROGRAM.replace(LOAD, LOADS[state % 2]).replace(MARKER, MARKERS[state % 2])
    return text.replace(CLASS, f"class {name}:") + HELPER + TYPED[state] + "\n"


def row_of(text: str, needle: str) -> int:
    return next(row for row, line in enumerate(text.split("\n")) if needle in line)


LOAD_ROW = row_of(kernel(0), "hot = pl.load(")
MARKER_ROW = row_of(kernel(0), "pl.set_cache_policy(x,")
TYPED_ROW = row_of(kernel(0), TYPED[0])
LOAD_COLUMN = kernel(0).split("\n")[LOAD_ROW].index("pl.load") + 3


def position(row: int, column: int) -> dict[str, int]:
    return {"line": row, "character": column}


def whole_line(text: str, row: int) -> dict[str, Any]:
    return {"start": position(row, 0), "end": position(row, len(text.split("\n")[row]))}


class Session:
    """A raw client: requests sent without waiting, answers collected by id afterwards."""

    def __init__(self, server: RawServer) -> None:
        self.server = server
        server.call(
            "initialize",
            {
                "processId": None,
                "rootUri": None,
                "capabilities": {},
                "initializationOptions": {"ptoLsp": {"debounceMs": 0, "typingPauseMs": 0}},
            },
        )
        server.notify("initialized", {})

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.server.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": version, "text": text}},
        )

    def replace_lines(self, uri: str, version: int, old: str, new: str, rows: tuple[int, ...]) -> None:
        """One didChange replacing each of `rows` (whole lines, same count) of `old` by `new`'s."""
        new_lines = new.split("\n")
        changes = [{"range": whole_line(old, row), "text": new_lines[row]} for row in rows]
        self.server.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes},
        )

    def ask(self, uri: str, text: str, opened: bool) -> dict[str, int | str]:
        """The requests of one round, sent at once; their ids by name."""
        document = {"textDocument": {"uri": uri}}
        load = {**document, "position": position(LOAD_ROW, LOAD_COLUMN)}
        if opened:
            everything = {"start": position(0, 0), "end": position(text.count("\n"), 0)}
            return {
                "symbols": self.server.request("textDocument/documentSymbol", document),
                "hover": self.server.request("textDocument/hover", load),
                "hints": self.server.request("textDocument/inlayHint", {**document, "range": everything}),
            }
        typed_end = {**document, "position": position(TYPED_ROW, len(text.split("\n")[TYPED_ROW]))}
        return {
            "completion": self.server.request("textDocument/completion", typed_end),
            "signature": self.server.request("textDocument/signatureHelp", typed_end),
            "hover": self.server.request("textDocument/hover", load),
            "actions": self.server.request(
                "textDocument/codeAction",
                {**document, "range": whole_line(text, MARKER_ROW), "context": {"diagnostics": []}},
            ),
        }

    def answers(self, ids: dict[str, int | str]) -> dict[str, Any]:
        found = {}
        for name, id in ids.items():
            response = self.server.response(id)
            assert "error" not in response, response
            found[name] = response["result"]
        return found

    def settle(self, uri: str, version: int) -> None:
        """Wait for the diagnostics of `version`: the server has analysed that text."""
        while True:
            message = self.server.notification("textDocument/publishDiagnostics")
            params = message["params"]
            if params["uri"] == uri and params["version"] == version:
                return


@pytest.fixture(params=["stdio", "tcp"])
def session(request: pytest.FixtureRequest) -> Iterator[Session]:
    with RawServer(tcp=request.param == "tcp") as server:
        yield Session(server)


def test_requests_right_after_a_change_are_answered_for_the_changed_text(session: Session) -> None:
    uri = "file:///work/kernels/order_change.py"
    # What each state answers once the server has settled on it.
    settled: list[dict[str, Any]] = []
    for state in range(4):
        session.open(uri, kernel(state), 1)
        session.settle(uri, 1)
        settled.append(session.answers(session.ask(uri, kernel(state), opened=False)))
    labels = [
        {item["label"] for item in (answer["completion"] or {"items": []})["items"]} for answer in settled
    ]
    assert {"BYPASS", "DEFAULT"} <= labels[0] and "add" not in labels[0]
    assert {"add", "load", "matmul"} <= labels[1]
    assert settled[2]["signature"]["signatures"][0]["label"].startswith("pl.store(")
    assert settled[3]["signature"]["signatures"][0]["label"].startswith("pl.matmul(")
    assert settled[3]["signature"]["activeParameter"] == 1
    assert "**DEFAULT** (explicit" in settled[0]["hover"]["contents"]["value"]
    assert "**BYPASS**" in settled[1]["hover"]["contents"]["value"]
    assert settled[0]["actions"] == [] and settled[1]["actions"] != []

    # The same changes, each followed at once by the requests: 100 rounds, no wait anywhere.
    session.open(uri, kernel(0), 1)
    rounds = []
    for version in range(2, ROUNDS + 2):
        before, after = kernel((version - 2) % 4), kernel((version - 1) % 4)
        session.replace_lines(uri, version, before, after, (LOAD_ROW, MARKER_ROW, TYPED_ROW))
        rounds.append(((version - 1) % 4, session.ask(uri, after, opened=False)))
    wrong = [
        (state, name)
        for state, ids in rounds
        for name, answer in session.answers(ids).items()
        if answer != settled[state][name]
    ]
    assert wrong == [], f"{len(wrong)} of {len(rounds) * 4} answers were not for the text just sent"


def test_requests_right_after_opening_a_document_are_answered(session: Session) -> None:
    # Names of one length: the symbols' ranges are the same whatever the round.
    settled = []
    for state in range(2):
        uri = f"file:///work/kernels/order_settled_{state}.py"
        session.open(uri, kernel(state, "P000"))
        session.settle(uri, 1)
        settled.append(json.dumps(session.answers(session.ask(uri, kernel(state, "P000"), opened=True))))
    assert '"name": "P000"' in settled[0]
    assert '"label": "x: DEFAULT"' in settled[0] and '"label": "x: BYPASS' in settled[1]

    rounds = []
    for round_ in range(ROUNDS):
        # Every fifth round opens the previous round's document again without closing it.
        uri = f"file:///work/kernels/order_open_{round_ - round_ % 5 // 4}.py"
        name = f"P{round_:03d}"
        session.open(uri, kernel(round_ % 2, name))
        rounds.append((round_ % 2, name, session.ask(uri, kernel(round_ % 2, name), opened=True)))
    wrong = []
    for state, name, ids in rounds:
        answers = json.dumps(session.answers(ids))
        if answers != settled[state].replace("P000", name):
            wrong.append(name)
    assert wrong == [], f"{len(wrong)} of {ROUNDS} opened documents were answered for another text"


def test_new_text_is_analysed_anew_whatever_version_comes_with_it(session: Session) -> None:
    server = session.server
    wrong_load = LOAD.replace("pl.load(", "pl.lod(")
    texts = [kernel(0), kernel(1).replace(LOADS[1], wrong_load), kernel(1)]
    expected = []
    for index, text in enumerate(texts):
        uri = f"file:///work/kernels/fresh_{index}.py"
        session.open(uri, text)
        session.settle(uri, 1)
        expected.append(server.received[-1]["params"]["diagnostics"])
    assert expected[0] != expected[1] and expected[1] != expected[2]
    assert "Unknown operation 'pl.lod'" in json.dumps(expected[1])

    def last_published(uri: str) -> list[dict[str, Any]]:
        server.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})  # after the analysis
        server.quiet_for(0.5)
        found = [
            m["params"]
            for m in server.received
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
        ]
        return found[-1]["diagnostics"]

    # The same version twice, with different text.
    uri = "file:///work/kernels/same_version.py"
    session.open(uri, texts[0])
    session.settle(uri, 1)
    for text in texts[1:]:
        server.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]},
        )
        assert last_published(uri) == expected[texts.index(text)]
    # didOpen again without a close, with the same version.
    for text in (texts[1], texts[0]):
        session.open(uri, text)
        assert last_published(uri) == expected[texts.index(text)]
