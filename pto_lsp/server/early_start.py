"""The server's start over stdio: stdin is read, and `initialize` answered when its answer
is known (`initialize_cache`), while the server itself is still loading.

Loading the server means importing pygls, lsprotocol and the compiler: about a second,
more on a busy machine. An editor waits for the answer to `initialize` before it sends
anything else (the document it opened, first of all). So a thread starts reading stdin
at once (`StdinPump`), before anything heavy is imported; if the first message is an
`initialize` whose answer a previous start computed for the same client, it is answered
from that thread at once. The messages wait, in order, until the server has loaded and
its loop takes them; the server handles the `initialize` as usual (its workspace, the
client's capabilities, the settings) and does not answer it a second time
(`LifecycleProtocol.answered_early`). The pump also shows the messages that follow to
`EarlyInitialize` until the server takes them: the documents opened meanwhile are analysed,
and their diagnostics published, before pygls and lsprotocol load (`early_open`). Nothing
here imports pygls, lsprotocol or the compiler.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, BinaryIO

from pto_lsp.server import initialize_cache
from pto_lsp.server.early_open import EarlyMessages
from pto_lsp.server.framing import FrameBuffer

if TYPE_CHECKING:  # asyncio loads in ~0.1 s: not before the server needs it
    import asyncio

log = logging.getLogger(__name__)


class StdinPump:
    """Chunks of stdin as they arrive, read by a daemon thread from the moment it is made:
    kept until a loop takes them (`attach`), then handed to it. A blocked read never keeps
    the process from ending after `exit` (pygls reads in its thread pool, which the
    interpreter waits for at exit: a client that sends `exit` but keeps the pipe open
    would keep the server alive). `watch`, if given, sees each message's body before the
    server does, until it returns False or a loop takes the messages."""

    def __init__(self, stdin: BinaryIO, watch: Callable[[bytes], bool] | None = None) -> None:
        try:  # the file descriptor itself: a thread blocked in a buffered read holds the
            # buffer's lock, and the interpreter, closing stdin as it ends, would abort on it
            descriptor = stdin.fileno()
        except (AttributeError, OSError, ValueError):
            self._read = getattr(stdin, "read1", stdin.read)
        else:
            self._read = lambda size: os.read(descriptor, size)
        self._watch = watch
        self._lock = threading.Lock()
        self._kept: list[bytes] = []
        self._deliver: Callable[[bytes], None] | None = None
        threading.Thread(target=self._pump, name="pto-lsp-stdin", daemon=True).start()

    def attach(self, loop: asyncio.AbstractEventLoop) -> Callable[[], Any]:
        """From now on, chunks go to `loop`; what the returned coroutine function gives."""
        import asyncio

        chunks: asyncio.Queue[bytes] = asyncio.Queue()

        def deliver(data: bytes) -> None:
            loop.call_soon_threadsafe(chunks.put_nowait, data)

        with self._lock:
            for data in self._kept:
                chunks.put_nowait(data)
            self._kept = []
            self._deliver = deliver
        return chunks.get

    def _pump(self) -> None:
        frames = FrameBuffer() if self._watch is not None else None
        while True:
            try:
                data = self._read(1 << 16)
            except (OSError, ValueError):  # closed under us
                data = b""
            if frames is not None and data and self._deliver is None:
                for body in frames.feed(data):
                    if not self._see(body):
                        frames = None
                        break
            with self._lock:
                if self._deliver is None:
                    self._kept.append(data)
                else:
                    try:
                        self._deliver(data)
                    except RuntimeError:  # the loop is gone: the server has ended
                        return
            if not data:
                return

    def _see(self, body: bytes) -> bool:
        assert self._watch is not None
        try:
            return self._watch(body)
        except Exception:  # the server handles the message as usual
            log.exception("could not look at a message early")
            return False


class EarlyInitialize:
    """Answers a first `initialize` whose answer is kept (`initialize_cache`); the ids it
    answered are in `answered`, filled before the server can see the message. After such
    an answer, the messages that follow are noted in `messages` (`early_open`)."""

    def __init__(self, out: BinaryIO) -> None:
        self._out = out
        self.answered: set[int | str] = set()
        self.first_seen = threading.Event()  # the first message was looked at
        self.params: dict[str, Any] = {}  # of the `initialize` answered
        self.result: dict[str, Any] = {}  # its answer
        self.messages = EarlyMessages()

    def __call__(self, body: bytes) -> bool:
        """Look at one message; False once there is nothing more to look at."""
        try:
            message = json.loads(body)
        except (ValueError, RecursionError):
            message = None
        if self.first_seen.is_set():
            return self.messages.see(message)
        try:
            self._answer(message)
        finally:
            self.first_seen.set()
        return bool(self.answered)

    def _answer(self, message: Any) -> None:
        if not isinstance(message, dict) or message.get("method") != "initialize":
            return
        msg_id, params = message.get("id"), message.get("params")
        if not isinstance(msg_id, (int, str)) or isinstance(msg_id, bool) or not isinstance(params, dict):
            return
        result = initialize_cache.load(params.get("capabilities"))
        if result is None:
            return
        answer = json.dumps(
            {"jsonrpc": "2.0", "id": msg_id, "result": result}, separators=(",", ":")
        ).encode()
        self._out.write(b"Content-Length: %d\r\n\r\n%s" % (len(answer), answer))
        self._out.flush()
        self.params, self.result = params, result
        self.answered.add(msg_id)
        log.info("initialize answered before the server loaded")
