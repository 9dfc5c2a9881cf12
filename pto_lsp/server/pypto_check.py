"""The author's own PyPTO as a second opinion (rust-analyzer's flycheck): on each save of a
kernel file, and on the `pto.checkWithPypto` command, the real compiler runs on the saved
file in a worker process (`workspace/real_compiler.py`), and what it says is published
beside pto-lsp's own diagnostics, with source `pypto`.

When: only if the editor enabled it (`ptoLsp.pyptoCheck.enabled`, off by default; the VS Code
extension sends it only for a trusted workspace) and the server may (a `--tcp`/`--ws` server
only with `--allow-pypto-check`). Never on a keystroke: the static analysis alone answers those.

Its diagnostics are those of the saved text and are cleared as soon as the text changes
(see the README): a real line number is only right for the text the compiler read. A newer
save cancels the check before it. Each check is told the client as `pto/pyptoCheck`
(running, done, failed: with the pypto version and how long it took), and where the two
analyses disagree, both answers go to the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shutil
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp
from pygls.uris import to_fs_path

from pto_lsp.features.real_diagnostics import disagreement, real_diagnostics, to_payload, without_repeats
from pto_lsp.workspace.real_compiler import RealCheck, RealCompiler, default_python
from pto_lsp.workspace.settings import PyptoCheckSettings, pypto_check_settings

if TYPE_CHECKING:
    from pto_lsp.server.app import PtoLanguageServer

log = logging.getLogger(__name__)
STATUS = "pto/pyptoCheck"


class PyptoChecks:
    """The checks of one server: at most one running per document, and the last one's
    diagnostics while the text is still the one it checked."""

    def __init__(self, server: PtoLanguageServer) -> None:
        self._server = server
        self.allowed = True  # False for a --tcp/--ws server not told otherwise
        self._compiler: RealCompiler | None = None
        self._running: dict[str, asyncio.Task[RealCheck | None]] = {}
        self._results: dict[str, tuple[int, list[dict[str, Any]]]] = {}
        self._unavailable_said: str | None = None
        # uri -> (pypto version, the folder of the last save's check): the real views.
        self._outputs: dict[str, tuple[str, str]] = {}

    def settings(self) -> PyptoCheckSettings:
        return pypto_check_settings(self._server.editor_options)

    def enabled(self) -> bool:
        return self.allowed and self.settings().enabled

    def on_save(self, uri: str) -> None:
        document = self._server.documents.get(uri)
        if self.enabled() and document is not None and document.imports_pypto_language():
            self.start(uri)

    def start(self, uri: str) -> asyncio.Task[RealCheck | None]:
        """Check the document's saved file now; a check of it still running is cancelled."""
        previous = self._running.pop(uri, None)
        if previous is not None:
            previous.cancel()
        task = asyncio.get_running_loop().create_task(self._check(uri))
        self._running[uri] = task
        task.add_done_callback(
            lambda done: self._running.pop(uri, None) if self._running.get(uri) is done else None
        )
        return task

    def _compiler_for(self, settings: PyptoCheckSettings) -> RealCompiler:
        python = settings.python or default_python()
        compiler = self._compiler
        if compiler is None or compiler.python != python:
            if compiler is not None:
                self._server.in_background(compiler.close())
            compiler = self._compiler = RealCompiler(python)
        compiler.timeout_s, compiler.memory_mb = settings.timeout_s, settings.memory_mb
        return compiler

    async def _check(self, uri: str) -> RealCheck | None:
        try:
            return await self._check_now(uri)
        except asyncio.CancelledError:
            raise
        except Exception:  # the server never dies of a check: logged, the check ends
            log.exception("pypto check of %s failed", uri)
            self._status(uri, "failed", "", None, "the check failed: the server log says why")
            return None

    async def _check_now(self, uri: str) -> RealCheck | None:
        document = self._server.documents.get(uri)
        path = to_fs_path(uri)
        if document is None or path is None:
            return None
        revision = document.revision
        compiler = self._compiler_for(self.settings())
        self._status(uri, "running", compiler.version, None, "")
        try:
            check = await compiler.check(path, keep_output=True)
        except asyncio.CancelledError:
            self._status(uri, "cancelled", compiler.version, None, "a newer save")
            raise
        if check.record is None:
            self._failed(uri, check)
            return check
        self._keep_output(uri, check)
        current = self._server.documents.get(uri)
        if current is not document or current.revision != revision:
            self._status(
                uri, "stale", check.pypto_version, check.seconds, "the text changed during the check"
            )
            return check  # its lines are those of a text no longer shown
        index = document.line_index()
        found = real_diagnostics(check.record, path, document.text)
        payloads = [to_payload(d, index, self._server.encoding) for d in found]
        self._results[uri] = (revision, payloads)
        self._log_disagreement(uri, check, payloads)
        self._status(
            uri,
            "done",
            check.pypto_version,
            check.seconds,
            f"{len(check.record.get('programs', []))} program(s) compiled, {len(payloads)} diagnostic(s)",
        )
        self._server.schedule_analysis(uri, immediately=True)  # publishes with them merged
        return check

    def _failed(self, uri: str, check: RealCheck) -> None:
        self._results.pop(uri, None)
        self._status(uri, check.failure or "failed", check.pypto_version, check.seconds, check.summary())
        if check.failure == "unavailable" and check.detail == self._unavailable_said:
            return  # said once for this interpreter
        if check.failure == "unavailable":
            self._unavailable_said = check.detail
        self._log(lsp.MessageType.Warning, f"pypto check of {uri}: {check.summary()}")

    def merged_json(self, uri: str, revision: int | None, static_json: str) -> str:
        """The diagnostics to publish: pto-lsp's (as JSON), then the last check's for this very
        text, less those pto-lsp already shows at the same place with the same message."""
        kept = self._results.get(uri)
        if kept is None:
            return static_json
        if kept[0] != revision:
            del self._results[uri]  # the text changed: cleared (see the module's docstring)
            return static_json
        static = json.loads(static_json)
        return json.dumps(static + without_repeats(kept[1], static), separators=(",", ":"))

    def _keep_output(self, uri: str, check: RealCheck) -> None:
        if check.output_dir is None:
            return
        previous = self._outputs.pop(uri, None)
        if previous is not None:
            shutil.rmtree(previous[1], ignore_errors=True)
        self._outputs[uri] = (check.pypto_version, check.output_dir)

    def last_output(self, uri: str) -> tuple[str, str] | None:
        """The pypto version and output folder of the last save's finished check."""
        return self._outputs.get(uri)

    def forget(self, uri: str) -> None:
        self._results.pop(uri, None)
        output = self._outputs.pop(uri, None)
        if output is not None:
            shutil.rmtree(output[1], ignore_errors=True)
        running = self._running.pop(uri, None)
        if running is not None:
            running.cancel()

    async def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
        for _, folder in self._outputs.values():
            shutil.rmtree(folder, ignore_errors=True)
        self._outputs.clear()
        if self._compiler is not None:
            await self._compiler.close()

    def _log_disagreement(self, uri: str, check: RealCheck, real: list[dict[str, Any]]) -> None:
        differ = disagreement(self._server.static_payloads(uri), real)
        if not differ:
            return
        lines = [f"pto-lsp and pypto {check.pypto_version} disagree on {uri}:"]
        lines += [
            f"  pto-lsp only: line {line}: {severity}: {message}"
            for line, severity, message in differ.pto_lsp_only
        ]
        lines += [
            f"  pypto only:   line {line}: {severity}: {message}"
            for line, severity, message in differ.pypto_only
        ]
        self._log(lsp.MessageType.Info, "\n".join(lines))

    def _status(self, uri: str, state: str, version: str, seconds: float | None, message: str) -> None:
        params = {"uri": uri, "state": state, "pyptoVersion": version, "seconds": seconds, "message": message}
        with contextlib.suppress(Exception):  # the client went away
            self._server.protocol.notify(STATUS, params)

    def _log(self, kind: lsp.MessageType, message: str) -> None:
        with contextlib.suppress(Exception):
            self._server.window_log_message(lsp.LogMessageParams(type=kind, message=message))
