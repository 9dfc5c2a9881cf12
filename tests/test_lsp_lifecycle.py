"""The LSP lifecycle by the book (LSP 3.17), errors for what a server cannot do, and
framing that survives a broken frame: through `python -m pto_lsp serve` over stdio, with
a raw client (`raw_lsp.py`) where a well-behaved client cannot send the message, else
pytest-lsp's."""

from __future__ import annotations

import asyncio
import json
import re
import textwrap
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcInvalidParams
from raw_lsp import RawServer, frame

from pto_lsp.server import create_server

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
SERVER_NOT_INITIALIZED = -32002
URI = "file:///work/kernels/lifecycle.py"
KERNEL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.function
    def main(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
        return a
    """
)
HOVER = {"textDocument": {"uri": URI}, "position": {"line": 5, "character": 8}}
SYMBOLS = {"textDocument": {"uri": URI}}


@pytest.fixture
def server() -> Iterator[RawServer]:
    with RawServer() as running:
        yield running


def open_kernel(server: RawServer, uri: str = URI, text: str = KERNEL) -> None:
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
    )


def error_code(answer: dict[str, Any]) -> int | None:
    return answer["error"]["code"] if "error" in answer else None


def published(server: RawServer, uri: str, seconds: float = 1.0) -> list[dict[str, Any]]:
    return [
        m
        for m in server.quiet_for(seconds)
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
    ]


def warnings_in(stderr: str) -> list[str]:
    return [
        line for line in stderr.splitlines() if re.search(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback", line)
    ]


# ---------------------------------------------------------------- before initialize


def test_before_initialize_requests_get_server_not_initialized_and_notifications_are_dropped(
    server: RawServer,
) -> None:
    assert error_code(server.call("textDocument/hover", HOVER)) == SERVER_NOT_INITIALIZED
    assert error_code(server.call("shutdown")) == SERVER_NOT_INITIALIZED
    assert error_code(server.call("no/such/method", {})) == SERVER_NOT_INITIALIZED
    open_kernel(server)  # dropped: the document was never opened
    assert published(server, URI, 0.5) == []
    assert "result" in server.initialize()
    assert published(server, URI, 0.5) == []
    assert server.call("textDocument/documentSymbol", SYMBOLS)["result"] in (None, [])
    open_kernel(server)  # now it counts
    [publication] = published(server, URI, 2.0)[:1]
    assert [d["code"] for d in publication["params"]["diagnostics"]] == ["PTO101"]
    assert server.call("shutdown") == {"jsonrpc": "2.0", "id": server.received[-1]["id"], "result": None}
    server.notify("exit")
    assert server.wait_exit() == 0
    assert warnings_in(server.stderr) == []


def test_exit_before_initialize_ends_the_server_with_status_1(server: RawServer) -> None:
    server.notify("exit")
    assert server.wait_exit() == 1


# ---------------------------------------------------------------- initialize, shutdown, exit


def test_a_second_initialize_is_an_invalid_request_and_changes_nothing(server: RawServer) -> None:
    server.initialize()
    open_kernel(server)
    answer = server.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert error_code(answer) == INVALID_REQUEST
    symbols = server.call("textDocument/documentSymbol", SYMBOLS)["result"]
    assert [s["name"] for s in symbols] == ["main"]  # the open document was not forgotten


def test_every_request_after_shutdown_is_an_invalid_request(server: RawServer) -> None:
    server.initialize()
    open_kernel(server)
    assert server.call("shutdown")["result"] is None
    for method, params in [
        ("textDocument/hover", HOVER),
        ("textDocument/documentSymbol", SYMBOLS),
        ("shutdown", None),
        ("initialize", {"processId": None, "rootUri": None, "capabilities": {}}),
        ("no/such/method", {}),
    ]:
        assert error_code(server.call(method, params)) == INVALID_REQUEST, method
    other = "file:///work/kernels/after-shutdown.py"
    open_kernel(server, other)  # a notification after shutdown is dropped
    assert published(server, other, 0.5) == []
    server.notify("exit")
    assert server.wait_exit() == 0
    assert warnings_in(server.stderr) == []


def test_exit_without_shutdown_ends_with_status_1_even_if_the_client_keeps_the_pipe_open(
    server: RawServer,
) -> None:
    server.initialize()
    open_kernel(server)
    server.notify("exit")  # stdin stays open: the server must not wait for it
    assert server.wait_exit() == 1


def test_exit_after_shutdown_ends_with_status_0(server: RawServer) -> None:
    server.initialize()
    server.call("shutdown")
    server.notify("exit")
    assert server.wait_exit() == 0


# ---------------------------------------------------------------- requests that cannot be served


@pytest.mark.parametrize(
    "params",
    [
        {"textDocument": {"uri": URI}, "position": {"line": -1, "character": 0}},
        {"textDocument": {"uri": URI}, "position": {"line": 0, "character": -5}},
        {"textDocument": {"uri": URI}, "position": {"line": "one", "character": 0}},
        {"textDocument": {"uri": URI}, "position": {"line": 2**40, "character": 0}},
        {"textDocument": {"uri": URI}, "position": None},
        {"textDocument": {"uri": URI}},
        {"position": {"line": 0, "character": 0}},
        {},
        [URI, 0, 0],
        None,
    ],
    ids=repr,
)
def test_a_request_with_invalid_params_is_answered_invalid_params(server: RawServer, params: Any) -> None:
    server.initialize()
    open_kernel(server)
    answer = server.call("textDocument/hover", params)
    assert error_code(answer) == INVALID_PARAMS
    assert "result" in server.call("textDocument/hover", HOVER)  # the server goes on
    assert warnings_in(server.stderr) == []  # the client's mistake, not the server's


def test_messages_that_are_not_json_rpc_are_answered_with_a_null_id(server: RawServer) -> None:
    server.initialize()
    server.send(b"{not json")
    assert error_code(server.response(None)) == PARSE_ERROR
    server.send(b"\xff\xfe")  # not UTF-8
    assert error_code(server.response(None)) == PARSE_ERROR
    server.send(b"[1, 2]")
    assert error_code(server.response(None)) == INVALID_REQUEST
    server.send({"id": 41, "method": "textDocument/hover", "params": HOVER})  # no "jsonrpc"
    assert error_code(server.response(41)) == INVALID_REQUEST
    server.send({"jsonrpc": "2.0", "id": 42, "method": 7})
    assert error_code(server.response(42)) == INVALID_REQUEST
    assert error_code(server.call("no/such/method", {})) == METHOD_NOT_FOUND
    assert error_code(server.call("no/such/method")) == METHOD_NOT_FOUND  # without params
    server.notify("$/no/such/notification", {})  # may be ignored, silently
    server.notify("no/such/notification")
    assert server.call("shutdown")["result"] is None


# ---------------------------------------------------------------- framing


def test_broken_frames_never_leave_the_server_deaf(server: RawServer) -> None:
    """After each broken frame a request is sent normally and must be answered; where the
    broken frame's own request can be recovered, it is answered too."""
    server.initialize()
    open_kernel(server)

    def hover(id: int) -> bytes:
        return json.dumps(
            {"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": HOVER}
        ).encode()

    broken: list[tuple[str, bytes, bool]] = [  # (what, bytes, its own request is answered)
        ("malformed length", b"Content-Length: abc\r\n\r\n" + hover(101), True),
        ("negative length", b"Content-Length: -12\r\n\r\n" + hover(102), True),
        ("no length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + hover(103), True),
        ("length too large", b"Content-Length: %d\r\n\r\n" % (len(hover(104)) + 500) + hover(104), True),
        ("length far too large", b"Content-Length: 99999999999999999999\r\n\r\n" + hover(105), True),
        ("length too small", b"Content-Length: 20\r\n\r\n" + hover(106), False),
        ("two lengths", b"Content-Length: 5\r\nContent-Length: 9\r\n\r\n" + hover(107), True),
        ("junk between frames", b"\x00garbage\r\n\xff\r\n\r\n", False),
        ("headers never ended", b"Content-Length: 10\r\nX-" + b"y" * 20_000, False),
        ("lower-case header", b"content-length: %d\r\n\r\n" % len(hover(108)) + hover(108), True),
    ]
    # Each broken frame is sent twice: on its own, then in one write with the request
    # after it (how the bytes are split into reads must not matter).
    for joined in (False, True):
        for number, (what, data, answered) in enumerate(broken):
            id = 200 + number + 100 * joined
            if joined:
                server.send_bytes(data + frame(hover(id)))
            else:
                server.send_bytes(data)
                server.send(hover(id))
            messages = []
            while not any(m.get("id") == id and "method" not in m for m in messages):
                messages.append(
                    server.next_message()
                )  # a deaf server never answers; a loaded one may be slow
            own = 101 + number if number < 7 else 108
            if answered:
                assert any(m.get("id") == own and "result" in m for m in messages), (what, joined)
    assert server.call("shutdown")["result"] is None
    server.notify("exit")
    assert server.wait_exit() == 0


def test_frames_split_at_every_byte_are_read(server: RawServer) -> None:
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "capabilities": {}},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": KERNEL}},
        },
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": HOVER},
    ]
    data = b"".join(frame(json.dumps(m).encode()) for m in messages)
    for byte in range(len(data)):
        server.send_bytes(data[byte : byte + 1])
    assert "result" in server.response(1)
    assert "result" in server.response(2)


# ---------------------------------------------------------------- cancellation


def test_cancelling_an_unknown_or_finished_request_is_not_a_warning(server: RawServer) -> None:
    server.initialize()
    open_kernel(server)
    for _ in range(17):
        id = server.request("textDocument/hover", HOVER)
        server.response(id)
        server.notify("$/cancelRequest", {"id": id})  # finished
    server.notify("$/cancelRequest", {"id": 9999})  # never seen
    server.notify("$/cancelRequest", {"id": "no-such-id"})
    assert server.call("shutdown")["result"] is None
    server.notify("exit")
    assert server.wait_exit() == 0
    assert warnings_in(server.stderr) == []


# ---------------------------------------------------------------- the same through pytest-lsp's client


async def test_a_negative_position_from_a_client_is_invalid_params(client: Any) -> None:
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=URI, language_id="python", version=1, text=KERNEL)
        )
    )
    with attrs.validators.disabled():  # lsprotocol would not let the client build it
        position = lsp.Position(line=-1, character=0)
    with pytest.raises(JsonRpcInvalidParams):
        await client.text_document_hover_async(
            lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position)
        )
    assert (
        await client.text_document_hover_async(
            lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(0, 0))
        )
        is None
    )  # answered, and the session goes on


async def test_positions_past_the_end_of_the_document_get_an_answer(client: Any) -> None:
    """Lines and columns past the end are clamped (an editor may ask about a stale range)."""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=URI, language_id="python", version=1, text=KERNEL)
        )
    )
    document = lsp.TextDocumentIdentifier(uri=URI)
    far = lsp.Position(line=2**31 - 1, character=2**31 - 1)
    past_line = lsp.Position(line=5, character=10_000)
    everything = lsp.Range(start=lsp.Position(0, 0), end=far)
    for position in (far, past_line):
        await client.text_document_hover_async(lsp.HoverParams(text_document=document, position=position))
        await client.text_document_completion_async(
            lsp.CompletionParams(text_document=document, position=position)
        )
        await client.text_document_signature_help_async(
            lsp.SignatureHelpParams(text_document=document, position=position)
        )
    hints = await client.text_document_inlay_hint_async(
        lsp.InlayHintParams(text_document=document, range=everything)
    )
    assert hints is None or isinstance(hints, (list, tuple))
    reversed_range = lsp.Range(start=far, end=lsp.Position(0, 0))
    for area in (everything, reversed_range):
        await client.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=document, range=area, context=lsp.CodeActionContext(diagnostics=[])
            )
        )
    assert not [m for m in client.log_messages if m.type == lsp.MessageType.Error]


# ---------------------------------------------------------------- pygls's bookkeeping, in process


async def test_notifications_leave_no_futures_behind() -> None:
    """pygls kept the future of every notification run by a coroutine or generator handler
    for ever: two per didChange, ~120 MB over 1,200 editing sessions (benchmarks/soak.py)."""

    class Sink:
        def write(self, data: bytes) -> None:
            pass

        def close(self) -> None:
            pass

    server = create_server()
    protocol = server.protocol
    protocol.set_writer(Sink())

    def send(method: str, params: Any, id: int | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if id is not None:
            message["id"] = id
        protocol.receive(json.dumps(message).encode())

    send(
        "initialize",
        {"processId": None, "capabilities": {}, "initializationOptions": {"ptoLsp": {"debounceMs": 0}}},
        1,
    )
    send("initialized", {})
    for session in range(5):
        uri = f"file:///work/kernels/futures_{session}.py"
        send(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": KERNEL}},
        )
        for version in range(2, 30):
            send(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [
                        {
                            "range": {
                                "start": {"line": 6, "character": 0},
                                "end": {"line": 6, "character": 0},
                            },
                            "text": " ",
                        }
                    ],
                },
            )
            await asyncio.sleep(0)
        send("textDocument/didClose", {"textDocument": {"uri": uri}})
    await asyncio.sleep(0.3)
    assert protocol._request_futures == {}
    for task in list(server._pending.values()):
        task.cancel()
