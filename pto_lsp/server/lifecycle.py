"""The LSP lifecycle, by the book (LSP 3.17), where pygls 2.1 is not.

What pygls does, what the specification says, and what this module does instead:

- **Before `initialize`** pygls runs every request and notification. The spec: a request
  is answered with error -32002 (ServerNotInitialized), a notification is dropped, except
  `exit`, which ends the server. Done here.
- **A second `initialize`** pygls answers again, rebuilding its workspace and forgetting
  the open documents. The spec: it may only be sent once. Answered with -32600
  (InvalidRequest) here.
- **After `shutdown`** pygls drops every message but `exit` with a warning, leaving the
  client's requests unanswered forever. The spec: requests after `shutdown` error with
  InvalidRequest. Answered with -32600 here; notifications are still dropped.
- **`exit`** pygls calls `sys.exit(0 or 1)` inside a handler, which `start_io` catches:
  the process always ends with status 0. The spec: 0 after `shutdown`, else 1. The
  status is kept here (`LifecycleProtocol.exit_status`) and returned by `pto-lsp serve`.
- **Params that do not fit the method** (wrong types, negative positions, missing
  fields) pygls structures inside `json.loads`'s object hook: the exception ends up in
  its read loop, logged with a traceback, the request never answered. Answered with
  -32602 (InvalidParams) here. A body that is not JSON gets -32700 (ParseError), one that
  is not a JSON-RPC message -32600, both with a null id as JSON-RPC 2.0 says.
- **Notifications**: every notification pygls runs in a coroutine or a generator leaves
  its future in `_request_futures` for ever (only request futures are removed, when their
  response is sent): two per `didChange` here, about 120 MB over 1,200 editing sessions.
  Removed when done here.
- **`$/cancelRequest`** for an id that is unknown or already answered is normal traffic
  (the client cancels what it no longer needs, often just after the answer left); pygls
  logs a warning each time. Logged at debug here.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Generator
from concurrent.futures import Future
from typing import Any

from lsprotocol import types as lsp
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage
from pygls.protocol.language_server import lsp_method
from pygls.server import JsonRPCServer

from pto_lsp.server import initialize_cache

log = logging.getLogger(__name__)

# JSON-RPC 2.0 and LSP error codes.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002

UNINITIALIZED, INITIALIZING, SHUT_DOWN = "uninitialized", "initializing", "shut down"


class LifecycleProtocol(LanguageServerProtocol):
    """pygls's protocol with the lifecycle, error answers and bookkeeping the LSP spec asks
    for (see the module's docstring). Messages enter through `receive(body)`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.phase = UNINITIALIZED
        self.exit_status: int | None = None  # set by `exit`: 0 after `shutdown`, else 1
        # Requests answered before the server loaded (`early_start`): not answered again.
        self.answered_early: set[int | str] = set()
        self._initialize: tuple[int | str, Any] | None = None  # its id and the client's capabilities

    # ------------------------------------------------------------ messages in

    def receive(self, body: bytes | str) -> None:
        """One message from the client, as the bytes of its body."""
        try:
            data = json.loads(body)
        except ValueError as error:  # not JSON, or not UTF-8
            log.warning("a message that is not JSON (%s): answered with a parse error", error)
            self._answer_error(None, PARSE_ERROR, f"Parse error: {error}")
            return
        except RecursionError:  # JSON nested deeper than `json` follows: answered, with its id if it has one
            msg_id = top_level_id(body)
            log.warning("a message nested too deeply to read: answered with an error")
            self._answer_error(msg_id, INVALID_REQUEST, "Invalid request: nested too deeply to be read")
            return
        if not isinstance(data, dict) or data.get("jsonrpc") != self.VERSION:
            self._invalid(data, "not a JSON-RPC 2.0 message")
            return
        method = data.get("method")
        if method is None:  # a response to one of our requests
            if "id" in data and ("result" in data or "error" in data):
                self._handle_structured(data)
            else:
                log.warning("a message with neither a method nor a result was ignored: %.200s", body)
            return
        has_id = "id" in data
        if not isinstance(method, str) or (has_id and not _valid_id(data["id"])):
            self._invalid(data, "its method must be a string, its id an integer or a string")
            return
        if self._gate(method, data["id"] if has_id else None, has_id):
            if method == lsp.INITIALIZE:
                params = data.get("params")
                self._initialize = (
                    data["id"],
                    params.get("capabilities") if isinstance(params, dict) else None,
                )
            self._handle_structured(data)

    def _gate(self, method: str, msg_id: int | str | None, is_request: bool) -> bool:
        """Whether the lifecycle lets the message through (if not, it was answered or dropped)."""
        if method == lsp.EXIT:
            self.exit_status = 0 if self.phase == SHUT_DOWN else 1
            log.info("exit (status %d)", self.exit_status)
            return False
        if self.phase == UNINITIALIZED:
            if method == lsp.INITIALIZE and is_request:
                self.phase = INITIALIZING
                return True
            if is_request:
                self._answer_error(msg_id, SERVER_NOT_INITIALIZED, f"{method}: the server is not initialized")
            else:
                log.debug("notification %s before initialize: dropped", method)
            return False
        if self.phase == SHUT_DOWN:
            if is_request:
                self._answer_error(msg_id, INVALID_REQUEST, f"{method}: the server is shut down")
            else:
                log.debug("notification %s after shutdown: dropped", method)
            return False
        if method == lsp.INITIALIZE:
            if is_request:
                self._answer_error(msg_id, INVALID_REQUEST, "initialize may only be sent once")
            return False
        if method == lsp.SHUTDOWN and is_request:
            self.phase = SHUT_DOWN  # pygls answers it and cancels what is still running
            return True
        if (
            not is_request
            and method.startswith("$/")
            and method not in self.fm.features
            and method not in self.fm.builtin_features
            and method != lsp.CANCEL_REQUEST
        ):
            log.debug("notification %s: not implemented, ignored", method)  # the spec: may be ignored
            return False
        return True

    def _handle_structured(self, data: dict[str, Any]) -> None:
        try:
            message = self._structure(data)
        except Exception as error:
            if data.get("method") == lsp.INITIALIZE and self.phase == INITIALIZING:
                self.phase = UNINITIALIZED  # not initialized: a correct `initialize` may follow
            if "method" in data and "id" in data:
                log.info("%s with invalid params: %s", data["method"], _first_line(error))
                self._answer_error(data["id"], INVALID_PARAMS, f"Invalid params for {data['method']}")
            else:
                log.warning("a message that does not fit its method was ignored: %s", _first_line(error))
            return
        self.handle_message(message)

    def _structure(self, data: dict[str, Any]) -> Any:
        """pygls's `structure_message` for the message itself (not each nested object), without
        its error log: a message that does not fit is answered, not logged as a server fault."""
        if "method" in data:
            kind = self.get_message_type(data["method"])
            if kind is None:  # a method lsprotocol does not know: pygls answers MethodNotFound
                kind = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
                data = {"params": None, **data}
        elif "error" in data:
            kind = lsp.ResponseErrorMessage
        else:
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
        return self._converter.structure(data, kind)

    def _invalid(self, data: Any, why: str) -> None:
        msg_id = data.get("id") if isinstance(data, dict) else None
        log.warning("an invalid request (%s): answered with an error", why)
        self._answer_error(msg_id if _valid_id(msg_id) else None, INVALID_REQUEST, f"Invalid request: {why}")

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        """pygls's, except for a request answered already (`answered_early`); the answer to
        `initialize` is kept for the next start (`initialize_cache`)."""
        if msg_id in self.answered_early:
            self.answered_early.discard(msg_id)
            return
        if self._initialize is not None and msg_id == self._initialize[0]:
            capabilities, self._initialize = self._initialize[1], None
            if error is None and result is not None:
                initialize_cache.store(capabilities, self._converter.unstructure(result))
        super()._send_response(msg_id, result, error)

    def _answer_error(self, msg_id: int | str | None, code: int, message: str) -> None:
        if msg_id in self.answered_early:  # one answer per request, and it was given
            self.answered_early.discard(msg_id)
            log.warning("an error for a request answered early was not sent: %s", message)
            return
        # A plain dict: lsprotocol's converter would leave out a null id, which JSON-RPC requires.
        self._send_data({"jsonrpc": self.VERSION, "id": msg_id, "error": {"code": code, "message": message}})

    # ------------------------------------------------------------ pygls's bookkeeping

    @lsp_method(lsp.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls's, cancelling what still runs over a copy of its futures (a cancelled
        future's callback removes it from them: `_execute_handler`)."""
        if (user_handler := self.fm.features.get(lsp.SHUTDOWN)) is not None:
            yield user_handler, args, None
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Callable[[Future[Any]], None],
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls keeps each handler's future by id until a response is sent: a
        notification's (and each step of a generator handler's) stayed for ever."""

        def done(future: Future[Any]) -> None:
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """A cancel for a request already answered (or never seen) is normal traffic."""
        future = self._request_futures.pop(msg_id, None)
        if future is None:
            log.debug('$/cancelRequest for "%s": no such request running', msg_id)
        elif future.cancel():
            log.debug('cancelled request "%s"', msg_id)


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_COLON = re.compile(rb"\s*:\s*")
_SCALAR = re.compile(rb"-?\d+(?=[\s,}])")


def top_level_id(body: bytes | str) -> int | str | None:
    """The `id` member of the JSON object `body`, found without building what is nested in it
    (a scan of strings and brackets, for a body too deep for `json.loads`); None if the body
    has no integer or string id at its top level, or is not an object."""
    data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else bytes(body)
    position = len(data) - len(data.lstrip())
    if data[position : position + 1] != b"{":
        return None
    depth, position, expect_key = 1, position + 1, True
    while position < len(data) and depth:
        char = data[position : position + 1]
        if char == b'"':
            match = _STRING.match(data, position)
            if match is None:
                return None
            position = match.end()
            if depth == 1 and expect_key and match.group() == b'"id"':
                colon = _COLON.match(data, position)
                if colon is None:
                    return None
                value = _STRING.match(data, colon.end()) or _SCALAR.match(data, colon.end())
                if value is None:
                    return None
                try:
                    found = json.loads(value.group())
                except ValueError:
                    return None
                return found if _valid_id(found) else None
            expect_key = False
        elif char in b"{[":
            depth += 1
            position += 1
        elif char in b"}]":
            depth -= 1
            position += 1
        elif char == b",":
            expect_key = depth == 1
            position += 1
        else:
            position += 1
    return None


def _valid_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _first_line(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text.splitlines()[0][:300]


def exit_status(server: JsonRPCServer) -> int:
    """The process's exit status: 0 after `shutdown` then `exit`, else 1."""
    protocol = server.protocol
    if isinstance(protocol, LifecycleProtocol):
        if protocol.exit_status is not None:
            return protocol.exit_status
        return 0 if protocol.phase == SHUT_DOWN else 1  # the client went away
    return 0
