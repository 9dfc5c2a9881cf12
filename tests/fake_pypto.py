"""A small fake `pypto` for the tests of the pypto check (CI has no real PyPTO).

`install(folder)` writes the package and an interpreter launcher that can import it (the
server runs the worker with the launcher, as it would with the author's Python). A kernel
file tells the fake what its compile does, by the program it makes:

    prog = ir.Program("accept")                    # compiles, says nothing
    prog = ir.Program("stderr", TEXT)              # writes TEXT on fd 2 (as the C++ logger does)
    prog = ir.Program("raise", MESSAGE)            # ir.compile raises ValueError(MESSAGE)
    prog = ir.Program("hints", TEXT)               # writes TEXT as report/perf_hints.log
    prog = ir.Program("crash") / ("hang") / ("alloc")   # SIGSEGV / sleeps / allocates 8 GB
    prog = ir.Program("slow", "2")                 # compiles after 2 s
    pl.parser_error(MESSAGE, LINE, COLUMN)         # the parse fails as pypto's parser does
    @pl.jit                                        # a JIT kernel: its body returns the program
    def k(x): return ir.Program(...)               # its specialisation stands for

What it prints and raises are taken from the real compiler's output recorded in tests/data.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

VERSION = "0.0.0+fake"

_FILES = {
    "pypto/__init__.py": f'__version__ = "{VERSION}"\n',
    "pypto/language/__init__.py": """
from pypto.language.jit import jit
from pypto.language.parser.diagnostics.exceptions import ParserTypeError


def parser_error(message, line, column):
    raise ParserTypeError(message, {"filename": __import__("inspect").stack()[1].filename,
                                    "begin_line": line, "begin_column": column})
""",
    "pypto/language/jit.py": """
import inspect
from types import SimpleNamespace


class JITFunction:
    # The real one specialises its source for the call's tensors and parses it: the fake's
    # kernel returns the program that stands for that.
    def __init__(self, func):
        self._func = func

    def _param_names(self):
        return list(inspect.signature(self._func).parameters)

    def _resolve_specialization(self, args, kwargs, allow_signature_mode=False):
        if allow_signature_mode:  # the shapes from the annotations: an unannotated one has none
            for name, parameter in inspect.signature(self._func).parameters.items():
                if parameter.annotation is inspect.Parameter.empty:
                    raise TypeError(f"parameter '{name}' has no shape in its annotation")
                kwargs.setdefault(name, None)
        return SimpleNamespace(tensor_meta=kwargs, scalar_values={}, scalar_dtypes={}, per_func_dyn={}), None

    def _compile_to_program(self, tensor_meta, scalar_values, scalar_dtypes, per_func_dyn, pl):
        return self._func(**tensor_meta)


def jit(func):
    return JITFunction(func)
""",
    "pypto/language/parser/__init__.py": "",
    "pypto/language/parser/diagnostics/__init__.py": "",
    "pypto/language/parser/diagnostics/exceptions.py": """
class ParserError(Exception):
    def __init__(self, message, span=None, hint=None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint


class ParserTypeError(ParserError):
    pass
""",
    "pypto/ir/__init__.py": """
import os
import signal
import time


class Program:
    def __init__(self, behaviour, payload=""):
        self.behaviour = behaviour
        self.payload = payload


def compile(program, output_dir=None, skip_ptoas=False):
    assert skip_ptoas, "the check must never run ptoas"
    os.makedirs(os.path.join(output_dir, "passes_dump"), exist_ok=True)
    os.makedirs(os.path.join(output_dir, "kernels", "aiv"), exist_ok=True)
    # What the real compile writes by default: its pass dumps and its PTO modules.
    for stem in ("00_frontend", "01_after_InlineFunctions"):
        with open(os.path.join(output_dir, "passes_dump", stem + ".py"), "w") as dump:
            dump.write(f"# fake dump {stem} of {program.behaviour}\\n")
    with open(os.path.join(output_dir, "kernels", "aiv", "k.pto"), "w") as module:
        module.write("module {}\\n")
    behaviour, payload = program.behaviour, program.payload
    if behaviour == "stderr":
        os.write(2, payload.encode())
    elif behaviour == "raise":
        raise ValueError(payload)
    elif behaviour == "hints":
        os.makedirs(os.path.join(output_dir, "report"), exist_ok=True)
        with open(os.path.join(output_dir, "report", "perf_hints.log"), "w") as log:
            log.write(payload)
    elif behaviour == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif behaviour == "hang":
        time.sleep(3600)
    elif behaviour == "alloc":
        block = bytearray(8 << 30)
        return len(block)
    elif behaviour == "slow":
        time.sleep(float(payload))
    return None
""",
}


def install(folder: Path) -> Path:
    """The fake package under `folder`, and the path of an interpreter that imports it."""
    for name, text in _FILES.items():
        path = folder / "site" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip("\n"), encoding="utf-8")
    launcher = folder / "python-with-pypto"
    launcher.write_text(
        f'#!/bin/sh\nPYTHONPATH="{folder / "site"}" exec "{sys.executable}" "$@"\n', encoding="utf-8"
    )
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
    return launcher


def no_pypto_python(folder: Path) -> Path:
    """An interpreter that cannot import pypto (the server's own, in a clean environment)."""
    launcher = folder / "python-without-pypto"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -I "$@"\n', encoding="utf-8")
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
    return launcher


def kernel(body: str) -> str:
    """A kernel file's text: the imports pto-lsp looks for, then `body`."""
    return "import pypto.language as pl\nfrom pypto import ir\n\n" + body


assert os.name == "posix", "the pypto check runs on POSIX systems"
