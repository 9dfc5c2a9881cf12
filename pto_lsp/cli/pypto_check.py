"""`pto-lsp check --pypto PYTHON [--disagreements]`: the author's own PyPTO on each file too.

The real compiler runs through that interpreter (`workspace/real_compiler.py`, one worker
for the whole run), and what it says joins the report with source `pypto`; one that pto-lsp
already reports at the same place with the same message shows once. `--disagreements`
prints only where the two differ: the errors pto-lsp reports that the real compiler does not
raise, and the errors and warnings the real compiler reports that pto-lsp does not show (a
fidelity report for a bug). An interpreter that cannot import pypto ends the command (exit 2).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pto_lsp.cli.shown import shown
from pto_lsp.features.real_diagnostics import (
    Disagreement,
    disagreement,
    not_compared,
    real_diagnostics,
    to_payload,
    without_repeats,
)
from pto_lsp.workspace.positions import LineIndex
from pto_lsp.workspace.real_compiler import PyptoUnavailable, RealCompiler

if TYPE_CHECKING:
    from types import TracebackType

    from pto_lsp.cli.check import FileReport, _Tally


@dataclass
class RealFindings:
    """What the real compiler said of one file."""

    shown: list[dict[str, Any]]  # its diagnostics pto-lsp does not already report
    status: dict[str, Any]  # state ("done" or why not), pypto version, seconds, message
    disagreement: Disagreement | None  # None: not compared (the check did not finish)


class PyptoRunner:
    """The real compiler of one interpreter, for one run of `pto-lsp check`."""

    def __init__(
        self, compiler: RealCompiler, loop: asyncio.AbstractEventLoop, disagreements: bool, err: TextIO
    ):
        self._compiler = compiler
        self._loop = loop
        self.disagreements_only = disagreements
        self._err = err

    @classmethod
    def started(
        cls, python: str, disagreements: bool, err: TextIO, timeout_s: float | None = None
    ) -> PyptoRunner | None:
        """The runner, its worker started; None (said on `err`) if pypto cannot be imported."""
        loop = asyncio.new_event_loop()
        compiler = RealCompiler(python) if timeout_s is None else RealCompiler(python, timeout_s)
        try:
            loop.run_until_complete(compiler.start())
        except PyptoUnavailable as error:
            print(f"pto-lsp check: error: --pypto {python}: {error}", file=err)
            loop.close()
            return None
        return cls(compiler, loop, disagreements, err)

    @property
    def version(self) -> str:
        return self._compiler.version

    def check(self, path: Path, text: str, static: list[dict[str, Any]]) -> RealFindings:
        check = self._loop.run_until_complete(self._compiler.check(str(path)))
        status = {
            "state": check.failure or "done",
            "pyptoVersion": check.pypto_version,
            "seconds": round(check.seconds, 3),
            "message": check.summary(),
        }
        if check.record is None:
            print(f"pto-lsp: {shown(path)}: {check.summary()}", file=self._err)
            return RealFindings([], status, None)
        index = LineIndex(text)
        real = [to_payload(d, index) for d in real_diagnostics(check.record, str(path.resolve()), text)]
        if not_compared(real):  # it could not even be imported there: no verdict to compare
            status["message"] = next(p["message"] for p in real if p["code"] == "not-checked")
            return RealFindings(without_repeats(real, static), status, None)
        return RealFindings(without_repeats(real, static), status, disagreement(static, real))

    def disagreement_writer(self, out: TextIO, output_format: str) -> _DisagreementWriter:
        return _DisagreementWriter(out, output_format == "json", self.version)

    def __enter__(self) -> PyptoRunner:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._loop.run_until_complete(self._compiler.close())
        self._loop.close()


class _DisagreementWriter:
    """Only the files where the two differ, with both answers; then a summary."""

    def __init__(self, out: TextIO, as_json: bool, version: str) -> None:
        self._out = out
        self._json = as_json
        self._version = version
        self._differ: list[dict[str, Any]] = []
        self._not_compared: list[dict[str, str]] = []

    def not_checked(self, path: Path, reason: str) -> None:
        self._not_compared.append({"path": str(path), "reason": reason})

    def write(self, report: FileReport) -> None:
        real = report.real
        if real is None or real.disagreement is None:
            reason = real.status["message"] if real is not None else "not checked"
            self._not_compared.append({"path": str(report.path), "reason": reason})
            return
        if not real.disagreement:
            return
        entry = {
            "path": str(report.path),
            "ptoLspOnly": [_finding(*f) for f in real.disagreement.pto_lsp_only],
            "pyptoOnly": [_finding(*f) for f in real.disagreement.pypto_only],
        }
        self._differ.append(entry)
        if self._json:
            return
        print(f"{shown(report.path)}: pto-lsp and pypto {self._version} differ", file=self._out)
        for side, key in (("pto-lsp only", "ptoLspOnly"), ("pypto only  ", "pyptoOnly")):
            for item in entry[key]:
                print(f"  {side}: line {item['line']}: {item['severity']}: {item['message']}", file=self._out)

    def finish(self, tally: _Tally) -> None:
        if self._json:
            document = {
                "version": 1,
                "pyptoVersion": self._version,
                "disagreements": self._differ,
                "notCompared": self._not_compared,
            }
            print(json.dumps(document, indent=2, ensure_ascii=False), file=self._out)
            return
        for item in self._not_compared:
            print(f"{shown(Path(item['path']))}: not compared: {item['reason']}", file=self._out)
        also = f"; {len(self._not_compared)} not compared" if self._not_compared else ""
        print(
            f"pto-lsp and pypto {self._version} differ on {len(self._differ)} of {tally.files} file(s){also}.",
            file=self._out,
        )


def _finding(line: int, severity: str, message: str) -> dict[str, Any]:
    return {"line": line, "severity": severity, "message": message}
