"""The real compiler's own dumps of the last save (what a pypto check wrote in its output
folder): the IR after a pass (`passes_dump/NN_after_<Pass>.py`, `00_frontend.py` for the
parse) and the PTO modules of its codegen (`kernels/**/*.pto`), each marked with the pypto
version, to show beside pto-lsp's own views."""

from __future__ import annotations

from pathlib import Path


def real_ir_after(output_dir: str, version: str, after: str) -> str:
    """Each checked program's real dump after the pass `after` (a name, a number, or
    `parse`), as the real compiler wrote it."""
    parts: list[str] = []
    for program in _programs(output_dir):
        dump = _dump_after(program / "passes_dump", after)
        if dump is not None:
            header = f"# pypto {version}: the real compiler's dump {dump.stem} of the last save ({_label(program)})\n"
            parts.append(header + dump.read_text(encoding="utf-8", errors="replace"))
    if parts:
        return "\n".join(parts)
    return f"# pypto {version}: the last save's check wrote no dump after {after!r}\n"


def real_mlir(output_dir: str, version: str) -> str:
    """Every PTO module the real codegen wrote for the last save."""
    parts = [
        f"// pypto {version}: {module.relative_to(program).as_posix()} of the last save ({_label(program)})\n"
        + module.read_text(encoding="utf-8", errors="replace")
        for program in _programs(output_dir)
        for module in sorted(program.glob("kernels/**/*.pto"))
    ]
    return "".join(parts) or f"// pypto {version}: the last save's check wrote no PTO module\n"


def _programs(output_dir: str) -> list[Path]:
    folder = Path(output_dir)
    return sorted((p for p in folder.iterdir() if p.is_dir()), key=_order) if folder.is_dir() else []


def _order(program: Path) -> tuple[int, str]:
    number, _, _ = program.name.partition("_")
    return (int(number), program.name) if number.isdigit() else (1 << 30, program.name)


def _label(program: Path) -> str:
    return program.name.partition("_")[2] or program.name


def _dump_after(folder: Path, after: str) -> Path | None:
    wanted = after.strip()
    if wanted in ("", "parse", "0", "00"):
        candidate = folder / "00_frontend.py"
        return candidate if candidate.is_file() else None
    for dump in sorted(folder.glob("*_after_*.py")):
        number, _, name = dump.stem.partition("_after_")
        if wanted == name or (wanted.isdigit() and number.isdigit() and int(wanted) == int(number)):
            return dump
    return None
