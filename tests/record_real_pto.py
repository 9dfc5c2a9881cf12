"""Record the real compiler's PTO MLIR of every corpus kernel (run by hand, never by the
tests: they read what this wrote, `tests/data/real_pto/`).

    PYPTO_PYTHON=/path/to/real/venv/bin/python PYPTO_MIRROR=/path/to/pypto.git \\
        python tests/record_real_pto.py [CORPUS_FILE...]

For each file of `../shared/corpus/pypto-real` the real parser accepts (MANIFEST), the real
PyPTO (hw-native-sys/pypto e2d0f78) imports it in a child process and compiles, with
`ir.compile(program, backend_type=Ascend910B, skip_ptoas=True)`, every program the file builds:

- each module-level `ir.Program`, and the `get_program()` of each test class (the real
  `tests/st/harness` of the same commit on the path, read from the bare repository
  `$PYPTO_MIRROR`);
- each `build_*` factory that needs no argument, and each one the file's own `__main__`
  calls (with that call's arguments);
- each `@pl.jit` function as the file's `__main__` calls it (directly, through `.compile()`
  or `.lower()`, or through pypto-lib's `golden.run_jit` with the tensors and scalars its
  `build_specs()` / `build_tensor_specs()` describe): the real specializer gets the call's
  tensors and scalars, so a scalar the call passes is specialised into the kernel, as the
  real `@pl.jit` does. A JIT function the `__main__` never calls is compiled as
  `fn.compile()` compiles it without tensors (its signature's shapes, scalars left runtime
  parameters), where its signature gives every shape.

The `__main__` block runs with its `assert`s stripped, every JIT call answered without
running anything, and pypto-lib's `golden` helpers replaced by a stand-in that only builds
the call's arguments (empty tensors of the specs' shapes). What it does after the calls
(on a device) fails and is ignored.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"
DATA = REPO / "tests" / "data" / "real_pto"
REAL_PYTHON = os.environ.get(
    "PYPTO_PYTHON", str(Path(os.environ.get("PYPTO_REAL", "pypto-real")) / "venv" / "bin" / "python")
)
MIRROR = Path(os.environ.get("PYPTO_MIRROR", "pypto.git"))
_SPEC_FACTORIES = ("build_specs", "build_tensor_specs")

# pypto-lib's `golden` module (not in the corpus): only what builds a call's arguments.
_GOLDEN = """
import torch


class TensorSpec:
    def __init__(self, name, shape, dtype, init_value=None, is_output=False, **_):
        self.name, self.shape, self.dtype = name, list(shape), dtype


class ScalarSpec:
    def __init__(self, name, dtype, value, **_):
        self.name, self.dtype, self.value = name, dtype, value


def _sample(spec):
    if isinstance(spec, ScalarSpec):
        return spec.value
    return torch.empty(spec.shape, dtype=spec.dtype)


def run_jit(fn, specs, *_, **__):
    fn(**{spec.name: _sample(spec) for spec in specs})
    raise SystemExit("recorded")


def run(*_, **__):
    raise SystemExit("not run")


def ratio_allclose(*_, **__):
    return True


def topk_pair_compare(*_, **__):
    return True
"""


def accepted_files() -> list[str]:
    """Corpus files whose MANIFEST row says the real parser accepted them."""
    files = []
    for row in (CORPUS / "MANIFEST.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0].isdigit() and cells[-1].startswith("yes ("):
            files.append(f"{cells[1]}/{cells[2].strip('`')}")
    return files


# ---------------------------------------------------------------- the child (real PyPTO)


def _worker(path: str, outdir: str) -> dict[str, Any]:
    import ast
    import importlib.util
    import inspect

    import pypto.language as pl
    from pypto import ir
    from pypto.backend import BackendType
    from pypto.jit.decorator import JITFunction as jit_class

    sys.path.insert(0, str(REPO / "pto_lsp" / "workspace"))
    from pypto_worker import specialised_program

    calls: list[tuple[Any, tuple, dict]] = []
    built: list[tuple[str, Any]] = []

    def record_call(self: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.pop("config", None)
        calls.append((self, args, kwargs))

    for method in ("__call__", "compile", "lower"):
        setattr(jit_class, method, record_call)

    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(path))
    package = Path(path).parent
    if (package / "__init__.py").is_file():  # relative imports: imported as its package's module
        while (package.parent / "__init__.py").is_file():
            package = package.parent
        sys.path.insert(0, str(package.parent))
        dotted = Path(path).relative_to(package.parent).with_suffix("").parts
        module = importlib.import_module(".".join(p for p in dotted if p != "__init__"))
    else:
        spec = importlib.util.spec_from_file_location("_recorded_kernel", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)

    programs: list[tuple[str, str, str, Any]] = []  # name, kind, built_by, program or exception
    for name, value in list(vars(module).items()):
        if isinstance(value, ir.Program):
            programs.append((value.name, "program", name, value))
    for name, value in list(vars(module).items()):
        if inspect.isclass(value) and value.__module__ == module.__name__ and hasattr(value, "get_program"):
            try:
                program = value().get_program()
            except Exception as error:
                if not type(error).__module__.startswith("pypto"):
                    continue  # a test class that needs arguments: not a compiler verdict
                program = error
            name_of = getattr(program, "name", name)
            programs.append((name_of, "program", f"{name}().get_program()", program))

    factory_calls: list[tuple[str, dict[str, Any]]] = []
    needing_arguments: list[tuple[str, Any]] = []

    def factory(name: str, function: Any) -> Any:
        def build(*args: Any, **kwargs: Any) -> Any:
            bound = inspect.signature(function).bind_partial(*args, **kwargs).arguments
            factory_calls.append((name, dict(bound)))
            result = function(*args, **kwargs)
            if isinstance(result, ir.Program):
                shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
                built.append((f"{name}({shown})", result))
            return result

        return build

    for name, value in list(vars(module).items()):
        if name.startswith("build_") and name not in _SPEC_FACTORIES and inspect.isfunction(value):
            if value.__module__ != module.__name__:
                continue
            setattr(module, name, factory(name, value))
            parameters = inspect.signature(value).parameters.values()
            if all(p.default is not inspect.Parameter.empty for p in parameters):
                try:
                    getattr(module, name)()
                except Exception as error:
                    if type(error).__module__.startswith("pypto"):
                        built.append((f"{name}()", error))
            else:
                needing_arguments.append((name, value))

    # The file's own __main__, asserts stripped, with the JIT calls recorded.
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), path)
    main = [
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and "__main__" in ast.unparse(node.test)
        and "__name__" in ast.unparse(node.test)
    ]
    if main:
        code = compile(ast.Module(body=main[0].body, type_ignores=[]), path, "exec", optimize=1)
        # A corpus file, run by hand with the real compiler; what it does after the calls
        # needs a device and fails.
        with contextlib.suppress(BaseException):
            exec(code, vars(module))
    # A factory that needs arguments and that __main__ did not call: the arguments __main__
    # gave a sibling factory, where they are all it needs.
    called_with = [kwargs for _, kwargs in factory_calls]
    for name, function in needing_arguments:
        if name in {called for called, _ in factory_calls}:
            continue
        parameters = inspect.signature(function).parameters
        required = {p for p, parameter in parameters.items() if parameter.default is inspect.Parameter.empty}
        for kwargs in called_with:
            if required <= kwargs.keys():
                try:
                    getattr(module, name)(**{k: v for k, v in kwargs.items() if k in parameters})
                except Exception as error:
                    if type(error).__module__.startswith("pypto"):
                        built.append((name, error))
                break
    for label, result in built:
        name_of = getattr(result, "name", label)
        programs.append((name_of, "program", label, result))

    called = set()
    for jit, args, kwargs in calls:
        called.add(id(jit))
        try:
            specialization, _ = jit._resolve_specialization(args, kwargs, allow_signature_mode=True)
            program = specialised_program(jit, specialization)
            scalars = {k: v for k, v in specialization.scalar_values.items()}
        except Exception as error:
            program, scalars = error, {}
        shown = f" with scalars {scalars}" if scalars else ""
        programs.append((jit.__name__, "jit", f"jit {jit.__name__} called by __main__{shown}", program))
    for name, value in list(vars(module).items()):
        if isinstance(value, jit_class) and id(value) not in called and value.__name__ == name:
            runtime = {
                p: pl.RUNTIME
                for p, parameter in inspect.signature(value._func).parameters.items()
                if parameter.default is inspect.Parameter.empty and "Scalar" in str(parameter.annotation)
            }
            try:
                specialization, _ = value._resolve_specialization((), runtime, allow_signature_mode=True)
                program = specialised_program(value, specialization)
            except Exception as error:
                why = f"fn.compile() without tensors: {type(error).__name__}: {str(error).splitlines()[0]}"
                programs.append((name, "jit", f"jit {name}.compile()", why))
                continue
            programs.append((name, "jit", f"jit {name}.compile()", program))

    out = []
    for index, (name, kind, built_by, program) in enumerate(programs):
        entry: dict[str, Any] = {"name": name, "kind": kind, "built_by": built_by}
        if isinstance(program, str):  # not compiled: why
            entry.update(ok=None, error_class=None, errors=[], kernels=[], not_compiled=program)
            out.append(entry)
            continue
        where = os.path.join(outdir, f"{index:02d}_{name}")
        error = program if isinstance(program, BaseException) else None
        if error is None:
            try:
                ir.compile(program, output_dir=where, backend_type=BackendType.Ascend910B, skip_ptoas=True)
            except Exception as raised:
                error = raised
        entry["ok"] = error is None
        entry["error_class"] = type(error).__name__ if error is not None else None
        entry["errors"] = [_error(error)] if error is not None else []
        entry["kernels"] = sorted(
            str(Path(root, file).relative_to(outdir))
            for root, _, files in os.walk(where)  # a distributed program's under next_levels/
            for file in files
            if file.endswith(".pto") and "kernels" in Path(root).relative_to(where).parts
        )
        out.append(entry)
    return {"programs": out}


def _error(error: BaseException) -> dict[str, Any]:
    first = str(error).splitlines()[0] if str(error) else type(error).__name__
    found = re.match(r"^(.*?)(?: at (\S+?):(\d+):(\d+))?$", first)
    line = int(found[3]) if found and found[3] else None
    col = int(found[4]) if found and found[4] else None
    return {"function": None, "message": found[1] if found else first, "line": line, "col": col}


# ---------------------------------------------------------------- the parent (our venv)


def _child_path(shim: Path) -> dict[str, str]:
    """The real test harness of the compiler's commit and the `golden` stand-in on the path."""
    (shim / "golden.py").write_text(_GOLDEN, encoding="utf-8")
    archive = subprocess.run(
        ["git", "-C", str(MIRROR), "archive", "HEAD", "tests/st/harness"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(shim)], input=archive, check=True)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim), str(shim / "tests" / "st")])}


def record_file(file: str, env: dict[str, str], target: Path) -> dict[str, Any]:
    path = CORPUS / file
    with tempfile.TemporaryDirectory() as outdir:
        proc = subprocess.run(
            [REAL_PYTHON, __file__, "--worker", str(path), outdir],
            capture_output=True,
            text=True,
            timeout=1800,
            cwd=str(path.parent),
            env=env,
        )
        last = proc.stdout.strip().splitlines()[-1:] if proc.stdout.strip() else []
        if proc.returncode != 0 or not last or not last[0].startswith("{"):
            return {"import_error": (proc.stderr.strip().splitlines() or ["no output"])[-1]}
        record = json.loads(last[0])
        stem = file.removesuffix(".py")
        seen: set[tuple[Any, ...]] = set()
        kept = []
        for program in record.get("programs", []):
            texts = {
                relative: (Path(outdir) / relative)
                .read_text(encoding="utf-8")
                # Every corpus path (the file's own, and its package's other modules) relative
                # to the corpus: no machine path in the recorded text.
                .replace(f'loc("{CORPUS.resolve()}/', 'loc("')
                for relative in program["kernels"]
            }
            # The same program reached twice (a test class and its alias, a factory called
            # by __main__ with its defaults): recorded once.
            key = (
                program["name"],
                program["ok"],
                tuple(sorted((Path(*Path(r).parts[1:]).as_posix(), t) for r, t in texts.items())),
            )
            if key in seen:
                continue
            seen.add(key)
            kernels = []
            for relative, text in texts.items():
                destination = target / stem / relative
                destination.parent.mkdir(parents=True, exist_ok=True)
                destination.write_text(text, encoding="utf-8")
                kernels.append({"function": Path(relative).stem, "path": f"{stem}/{relative}"})
            program["kernels"] = kernels
            kept.append(program)
        record["programs"] = kept
        return record


def main() -> int:
    if sys.argv[1:2] == ["--worker"]:
        record = _worker(sys.argv[2], sys.argv[3])
        sys.stdout.write("\n" + json.dumps(record) + "\n")
        return 0
    files = sys.argv[1:] or accepted_files()
    index_path = DATA / "index.json"
    index = json.loads(index_path.read_text(encoding="utf-8")) if sys.argv[1:] else {}
    if not sys.argv[1:]:
        shutil.rmtree(DATA, ignore_errors=True)
    DATA.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as shim:
        env = _child_path(Path(shim))
        for file in files:
            if sys.argv[1:]:
                shutil.rmtree(DATA / file.removesuffix(".py"), ignore_errors=True)
            index[file] = record_file(file, env, DATA)
            kernels = sum(len(p["kernels"]) for p in index[file].get("programs", []))
            print(file, kernels, index[file].get("import_error", ""), file=sys.stderr)
    index_path.write_text(json.dumps(dict(sorted(index.items())), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
