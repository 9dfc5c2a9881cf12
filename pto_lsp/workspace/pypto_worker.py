"""The worker that runs the author's own PyPTO on a kernel file (a second opinion).

Run as a script by the interpreter the editor selected (`PYTHON pypto_worker.py`), never
imported by the server: it imports `pypto.language` once, then answers one JSON line per
request on stdin with one JSON line on stdout. Standard library only (the author's Python
need not have pto-lsp installed).

    -> {"pypto": VERSION} once started, or {"error": WHY} and exit status 3
    <- {"id": N, "path": FILE, "output_dir": DIR, "timeout": SECONDS, "memory_mb": MB}
    -> {"id": N, "record": {...}}  or  {"id": N, "failure": "timeout"|"memory"|"crash"|"cancelled", "detail": TEXT}
    <- {"cancel": N}   (while check N runs: it ends, answered "cancelled")

Each check runs in a child forked from this warm process (pypto stays imported: a check does
not pay its import again): the child's address space may grow by at most `memory_mb`, it is
killed at `timeout`, and its crash ends that check only. The child imports the file (the real
parse runs at its decorators), compiles each module-level `ir.Program` with the Default
pipeline and codegen, `skip_ptoas=True` (never ptoas, never a device), and specialises
`@pl.jit` kernels through the file's own `build_specs()`. What the compiler says on the C++
logger (fd 2) is captured at the descriptor, and `report/perf_hints.log` is read back.
The record is raw: the server reads it (`features/real_diagnostics.py`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import select
import signal
import sys
import tempfile
import time
import traceback
from typing import Any

_MEMORY_EXIT = 86  # the child's exit status when it ran out of its memory cap


def _send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class _StderrAtDescriptor:
    """What is written on fd 2 (the C++ logger writes there, past Python's sys.stderr)."""

    def __enter__(self) -> _StderrAtDescriptor:
        sys.stderr.flush()
        self._file = tempfile.TemporaryFile()
        self._saved = os.dup(2)
        os.dup2(self._file.fileno(), 2)
        self.text = ""
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stderr.flush()
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._file.seek(0)
        self.text = self._file.read().decode("utf-8", "replace")
        self._file.close()


def _span(value: Any) -> dict[str, Any] | None:
    """A parser error's span (a dict in pypto's exceptions) or an `ir.Span`, as a dict."""
    if isinstance(value, dict):
        return {k: value.get(k) for k in ("filename", "begin_line", "begin_column")}
    if value is not None and hasattr(value, "begin_line"):
        return {
            "filename": getattr(value, "filename", None),
            "begin_line": getattr(value, "begin_line", 0),
            "begin_column": getattr(value, "begin_column", 0),
        }
    return None


def _exception(error: BaseException, path: str) -> dict[str, Any]:
    """An exception as the server reads it: class, message, span, and the deepest line of
    the checked file in its traceback (where a Python error in the author's code is)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if os.path.abspath(f.filename) == path]
    message, span = str(error), _span(getattr(error, "span", None))
    if isinstance(error, SyntaxError) and span is None:  # Python's own: its message and place
        message = str(error.msg)
        span = {
            "filename": error.filename,
            "begin_line": error.lineno or 1,
            "begin_column": error.offset or 0,
        }
    return {
        "class": type(error).__name__,
        "module": type(error).__module__,
        "message": message,
        "span": span,
        "hint": getattr(error, "hint", None),
        "line_in_file": frames[-1].lineno if frames else None,
    }


def _compile(ir: Any, program: Any, output_dir: str, path: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"exception": None}
    with _StderrAtDescriptor() as captured:
        try:
            ir.compile(program, output_dir=output_dir, skip_ptoas=True)
        except MemoryError:
            raise  # the memory cap: the check ends, said as such
        except Exception as error:
            entry["exception"] = _exception(error, path)
    entry["stderr"] = captured.text
    # What the compiler wrote of its findings: its perf hints, and the full text of each
    # function's codegen error (the exception's own message only tabulates them).
    for key, name in (("perf_hints", "perf_hints.log"), ("codegen_errors", "codegen_errors.txt")):
        try:
            with open(os.path.join(output_dir, "report", name), encoding="utf-8", errors="replace") as log:
                entry[key] = log.read()
        except OSError:
            entry[key] = ""
    # A program that compiles in parts (distributed) writes its codegen errors deeper: the
    # exception names the file.
    named = (entry["exception"] or {}).get("message", "").rpartition("Full details: ")[2].strip()
    if not entry["codegen_errors"] and named.endswith("codegen_errors.txt"):
        try:
            with open(named, encoding="utf-8", errors="replace") as log:
                entry["codegen_errors"] = log.read()
        except OSError:
            pass
    return entry


def _jit_programs(
    module: Any, jits: list[tuple[str, Any]], path: str
) -> tuple[list[Any], list[dict[str, Any]]]:
    """The programs of the file's `@pl.jit` kernels: specialised with the tensors its own
    `build_specs()` describes, or else, as `compile()` does without tensors, with the shapes
    of the kernel's signature (its scalars left runtime parameters). A kernel that can be
    neither is not checked, and said so with why; an error of the specialised program's
    parse is the kernel's error."""
    import pypto.language as pl

    from_specs, why_not = _spec_arguments(module)
    programs: list[Any] = []
    skipped: list[dict[str, Any]] = []
    for name, jit in jits:
        if from_specs is not None and set(jit._param_names()) == set(from_specs):
            arguments, signature_mode = dict(from_specs), False
        else:
            arguments, signature_mode = _runtime_scalars(jit, pl), True
        try:
            specialization, _ = jit._resolve_specialization(
                (), arguments, allow_signature_mode=signature_mode
            )
        except Exception as error:
            reason = f"its signature does not give every tensor's shape ({type(error).__name__}: {error})"
            skipped.append({"name": name, "reason": f"{reason}, and {why_not}"})
            continue
        try:
            program = specialised_program(jit, specialization)
        except MemoryError:
            raise
        except Exception as error:
            program = error
        programs.append((name, program))
    return programs, skipped


def specialised_program(jit: Any, specialization: Any) -> Any:
    """The `ir.Program` the real `@pl.jit` parses for one specialisation of `jit` (also used by
    `tests/record_real_pto.py`)."""
    import pypto.language as pl

    return jit._compile_to_program(
        specialization.tensor_meta,
        specialization.scalar_values,
        specialization.scalar_dtypes,
        specialization.per_func_dyn,
        pl,
    )


def _spec_arguments(module: Any) -> tuple[dict[str, Any] | None, str]:
    """A call's arguments as the file's `build_specs()` describes them, or None and why not."""
    build_specs = getattr(module, "build_specs", None)
    if not callable(build_specs):
        return None, "the file has no build_specs() to give a call's tensors"
    try:
        return {spec.name: _sample(spec) for spec in build_specs()}, ""
    except Exception as error:
        return None, f"build_specs() failed ({type(error).__name__}: {error})"


def _runtime_scalars(jit: Any, pl: Any) -> dict[str, Any]:
    """`pl.RUNTIME` for each scalar parameter without a default: left a runtime parameter."""
    import inspect

    function = getattr(jit, "_func", None)
    runtime = getattr(pl, "RUNTIME", None)
    if function is None or runtime is None:
        return {}
    return {
        name: runtime
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.default is inspect.Parameter.empty and _is_scalar(parameter.annotation)
    }


def _is_scalar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else type(annotation).__name__
    return "Scalar" in text or type(annotation).__name__ == "DataType"


def _sample(spec: Any) -> Any:
    """A call's argument as a spec of `build_specs()` describes it: an empty tensor of its
    shape and type (its values do not matter to the compiler), or the scalar's value."""
    shape = getattr(spec, "shape", None)
    if shape is None:
        return getattr(spec, "value", None)
    import torch

    return torch.empty(list(shape), dtype=spec.dtype)


def _check(path: str, output_dir: str) -> dict[str, Any]:
    from pypto import ir

    record: dict[str, Any] = {"import": None, "programs": [], "not_checked": []}
    sys.path.insert(0, os.path.dirname(path))
    with _StderrAtDescriptor() as captured:
        try:
            spec = importlib.util.spec_from_file_location("_pto_lsp_checked", path)
            assert spec is not None and spec.loader is not None
            module: Any = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except MemoryError:
            raise
        except BaseException as error:
            module = None
            record["import"] = _exception(error, path)
    record["import_stderr"] = captured.text
    if module is None:
        return record
    found = list(vars(module).items())
    programs: list[tuple[str, Any]] = [(n, v) for n, v in found if isinstance(v, ir.Program)]
    programs.extend(_built_programs(module, ir, record))
    jits = [(n, v) for n, v in found if type(v).__name__ == "JITFunction"]
    if jits:
        specialised, skipped = _jit_programs(module, jits, path)
        record["not_checked"].extend(skipped)
        programs.extend(specialised)
    for index, (name, program) in enumerate(programs):
        if isinstance(program, BaseException):
            record["programs"].append(
                {"name": name, "exception": _exception(program, path), "stderr": "", "perf_hints": ""}
            )
            continue
        entry = _compile(ir, program, os.path.join(output_dir, f"{index}_{name}"), path)
        entry["name"] = name
        record["programs"].append(entry)
    return record


def _built_programs(module: Any, ir: Any, record: dict[str, Any]) -> list[tuple[str, Any]]:
    """The programs the file's own factories build: each `build_*` function of the file
    (not `build_specs`) that needs no argument, called as its tests would. What one raises
    is the compiler's only when pypto raised it (the parse of the program it builds);
    anything else says the factory was not checked."""
    import inspect

    built: list[tuple[str, Any]] = []
    for name, value in list(vars(module).items()):
        if not (name.startswith("build_") and name != "build_specs" and inspect.isfunction(value)):
            continue
        if value.__module__ != module.__name__ or not _callable_without_arguments(value):
            continue
        label = f"{name}()"
        with _StderrAtDescriptor() as captured:
            try:
                result = value()
            except MemoryError:
                raise
            except Exception as error:
                result = error
        record["import_stderr"] += captured.text
        if isinstance(result, ir.Program):
            built.append((label, result))
        elif isinstance(result, Exception):
            if type(result).__module__.startswith("pypto"):
                built.append((label, result))
            else:
                reason = f"calling it raised {type(result).__name__}: {result}"
                record["not_checked"].append({"name": name, "reason": reason})
    return built


def _callable_without_arguments(function: Any) -> bool:
    import inspect

    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return all(
        p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        for p in parameters
    )


def _limit_memory(memory_mb: int) -> None:
    """The child's address space may grow by `memory_mb` past what the warm worker holds."""
    import resource

    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        used = 0
    limit = used + memory_mb * (1 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _run_child(request: dict[str, Any], write_end: int) -> None:
    """In the forked child: the check, its record written on `write_end`; never returns."""
    status = 0
    # The worker's stdin and stdout are its conversation with the server: the author's code
    # (a print, an input) gets neither.
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    try:
        _limit_memory(int(request.get("memory_mb", 4096)))
        path = os.path.abspath(request["path"])
        answer = json.dumps({"id": request["id"], "record": _check(path, request["output_dir"])})
        with os.fdopen(write_end, "w", encoding="utf-8") as out:
            out.write(answer)
    except MemoryError:
        status = _MEMORY_EXIT
    except BaseException:
        traceback.print_exc()
        status = 1
    os._exit(status)


class _Stdin:
    """Lines of stdin read at the descriptor, so that `select` sees what is waiting."""

    def __init__(self) -> None:
        self._buffer = b""
        self.closed = False

    def lines(self) -> list[bytes]:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            self.closed = True
        self._buffer += chunk
        *complete, self._buffer = self._buffer.split(b"\n")
        return [line for line in complete if line.strip()]


def _take(message: dict[str, Any], waiting: list[dict[str, Any]]) -> Any:
    """A request is queued; a cancel drops its request from the queue (answered
    "cancelled") and gives its id back (the running check's, when it is that one)."""
    if "cancel" not in message:
        waiting.append(message)
        return None
    for queued in [r for r in waiting if r["id"] == message["cancel"]]:
        waiting.remove(queued)
        _send({"id": queued["id"], "failure": "cancelled", "detail": ""})
    return message["cancel"]


def _run(request: dict[str, Any], stdin: _Stdin, waiting: list[dict[str, Any]]) -> dict[str, Any]:
    """Check one file in a forked child, watching for its end, its deadline and a cancel."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        _run_child(request, write_end)
    os.close(write_end)
    deadline = time.monotonic() + float(request.get("timeout", 60))
    chunks: list[bytes] = []
    failure: str | None = None
    while failure is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            failure = "timeout"
            break
        ready, _, _ = select.select([read_end, 0], [], [], remaining)
        if 0 in ready and not stdin.closed:
            for line in stdin.lines():
                if _take(json.loads(line), waiting) == request["id"]:
                    failure = "cancelled"
            if stdin.closed:
                failure = "cancelled"
        if read_end in ready:
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    if failure is not None:
        os.kill(pid, signal.SIGKILL)
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if failure is not None:
        return {"id": request["id"], "failure": failure, "detail": ""}
    if chunks and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        return json.loads(b"".join(chunks))
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _MEMORY_EXIT:
        return {
            "id": request["id"],
            "failure": "memory",
            "detail": f"more than {request.get('memory_mb')} MB",
        }
    if os.WIFSIGNALED(status):
        detail = f"killed by signal {os.WTERMSIG(status)}"
    else:
        detail = f"exit status {os.WEXITSTATUS(status)}"
    return {"id": request["id"], "failure": "crash", "detail": detail}


def main() -> int:
    try:
        with _StderrAtDescriptor():
            import pypto
            import pypto.language
    except BaseException as error:
        _send(
            {"error": f"cannot import pypto.language with {sys.executable}: {type(error).__name__}: {error}"}
        )
        return 3
    _send({"pypto": str(getattr(pypto, "__version__", "unknown"))})
    stdin = _Stdin()
    waiting: list[dict[str, Any]] = []
    while True:
        if not waiting:
            if stdin.closed:
                return 0
            for line in stdin.lines():
                _take(json.loads(line), waiting)
            continue
        _send(_run(waiting.pop(0), stdin, waiting))


if __name__ == "__main__":
    sys.exit(main())
