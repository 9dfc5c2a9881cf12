"""Score `pto-lsp compile --after STAGE` against the real compiler's own pass dumps.

`../shared/corpus/pass-dumps/NNN/` holds what the real PyPTO wrote for one program of
`../shared/corpus/pypto-real` with `dump_passes=True`: `00_frontend.py` (the parse) and
`NN_after_<Pass>.py` for the passes 1 to 11 of its Default pipeline. For each program
and stage this prints whether our dump of that program is identical to the real one
(trailing whitespace aside), differs, or is not offered (a pass we do not model, or a
program we print no dump of).

    python tests/pass_dumps.py [-v] [--stage N] [--id NNN] [--diff] [--transition | --roundtrip] [--ignore-comments]
    python tests/pass_dumps.py --record     # what tests/test_pass_dumps.py holds
    python tests/pass_dumps.py --unseen [--record]   # the held-out programs instead

`--record` writes `tests/data/pass_dumps_identical.json`: for each mode (end to end,
transition), the stages of each program whose dump is identical to the real one. The
test holds every one of them identical from then on, and that no program at any stage is
printed different from the real one unless it is listed as known to differ.

`--transition` scores each pass on its own: the real dump before pass N, read by our
parser, put through our pass N and printed, against the real dump after it (stage 0:
the real parse dump read and printed again). A pass is then judged apart from the
passes and the front end before it. `--roundtrip` reads each real dump with our parser
and prints it again: the printer and the reader, judged apart from every pass.

`--unseen` scores the held-out programs instead: `tests/data/unseen_pass_dumps/`, the real
dumps of real programs outside pass-dumps (recorded by `tests/record_unseen_pass_dumps.py`),
which the passes are not tuned on. `--unseen --record` writes
`tests/data/unseen_pass_dumps_identical.json` (end to end only), which
`tests/test_unseen_pass_dumps.py` holds: none differs, and the identical stay identical.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DUMPS = SHARED / "corpus" / "pass-dumps"
UNSEEN = REPO / "tests" / "data" / "unseen_pass_dumps"
STAGES = tuple(range(12))
_HEADER = re.compile(r"^# pypto\.program: (\S+)$", re.MULTILINE)

IDENTICAL, DIFFERENT, NOT_SHOWN = "identical", "different", "not shown"


@dataclass(frozen=True)
class Entry:
    id: str
    file: Path
    label: str
    folder: Path  # where the real dumps of this program are

    def real(self, stage: int) -> str:
        name = next(p for p in self.folder.iterdir() if p.name.startswith(f"{stage:02d}_"))
        return name.read_text(encoding="utf-8")

    @property
    def program(self) -> str:
        match = _HEADER.search(self.real(0))
        assert match, self.id
        return match.group(1)


def entries(dumps: Path = DUMPS) -> list[Entry]:
    """The programs of `dumps` (pass-dumps, or UNSEEN: its files are relative to the corpus)."""
    index = json.loads((dumps / "index.json").read_text(encoding="utf-8"))
    base = SHARED if dumps == DUMPS else SHARED / "corpus"
    return [Entry(e["id"], base / e["file"], e["label"], dumps / e["id"]) for e in index]


IGNORE_COMMENTS = False  # --ignore-comments: judge dumps without their comment lines


def normalise(text: str) -> str:
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    if IGNORE_COMMENTS:
        lines = [line for line in lines if not line.lstrip().startswith("#") or line.startswith("# pypto.")]
    return "\n".join(lines)


def split_programs(text: str) -> dict[str, list[str]]:
    """Our dump of a module, one text per program, by program name (in order)."""
    starts = [m.start() for m in _HEADER.finditer(text)]
    found: dict[str, list[str]] = {}
    for begin, end in zip(starts, [*starts[1:], len(text)][: len(starts)], strict=True):
        chunk = text[begin:end]
        name = _HEADER.match(chunk)
        assert name is not None
        found.setdefault(name.group(1), []).append(chunk)
    return found


def our_dumps(path: Path) -> dict[int, dict[str, list[str]] | None]:
    """Our dump of every program of `path` at every stage (None: that stage is not offered)."""
    from compiler.passes.pipeline import UnknownPass
    from pto_lsp.features.dumps import ir_after
    from pto_lsp.workspace.engine import AnalysisEngine

    text = path.read_text(encoding="utf-8")
    analysis = AnalysisEngine().analyse_text(str(path), text)
    result: dict[int, dict[str, list[str]] | None] = {}
    for stage in STAGES:
        try:
            dump = ir_after(analysis, "parse" if stage == 0 else str(stage))
        except UnknownPass:
            result[stage] = None
            continue
        result[stage] = split_programs(dump) if dump else None
    return result


def transition_dump(entry: Entry, stage: int, roundtrip: bool = False) -> dict[str, list[str]] | None:
    """Our pass `stage` run on the real dump before it (stage 0, or `roundtrip`: the real
    dump of that stage read back and printed)."""
    from compiler.passes.not_modelled import PassNotModelled
    from compiler.passes.pipeline import PIPELINE
    from compiler.printer import print_definitions
    from pto_lsp.workspace.engine import AnalysisEngine

    if roundtrip:
        stage, before = 0, entry.real(stage)
    else:
        before = entry.real(stage - 1 if stage else 0)
    analysis = AnalysisEngine().analyse_text(str(entry.folder / "input.py"), before)
    if analysis.front_end_stopped():
        return None
    step = next((p for p in PIPELINE if p.number == stage), None)
    if stage and step is None:
        return None
    programs = []
    for program in analysis.programs:
        try:
            programs.append(step.run(program) if step else program)
        except PassNotModelled:
            continue  # the pass refuses this program: not shown
    if not programs:
        return None
    return split_programs(print_definitions(programs, [], analysis.environment))


def verdict(entry: Entry, stage: int, ours: dict[str, list[str]] | None) -> str:
    if ours is None or entry.program not in ours:
        return NOT_SHOWN
    real = normalise(entry.real(stage))
    return IDENTICAL if any(normalise(t) == real for t in ours[entry.program]) else DIFFERENT


def score(selected: list[Entry], mode: str = "") -> dict[tuple[str, int], str]:
    """Each program's verdict at each stage; `mode`: "", "transition" or "roundtrip"."""
    results: dict[tuple[str, int], str] = {}
    if mode:
        for entry in selected:
            for stage in STAGES:
                ours = transition_dump(entry, stage, mode == "roundtrip")
                results[entry.id, stage] = verdict(entry, stage, ours)
        return results
    cache: dict[Path, dict[int, dict[str, list[str]] | None]] = {}
    for entry in selected:
        if entry.file not in cache:
            cache[entry.file] = our_dumps(entry.file)
        for stage in STAGES:
            results[entry.id, stage] = verdict(entry, stage, cache[entry.file][stage])
    return results


RECORD = REPO / "tests" / "data" / "pass_dumps_identical.json"
MODES = ("", "transition")
UNSEEN_RECORD = REPO / "tests" / "data" / "unseen_pass_dumps_identical.json"


def by_program(results: dict[tuple[str, int], str], wanted: str) -> dict[str, list[int]]:
    """The stages of each program with the verdict `wanted`, by program id."""
    found: dict[str, list[int]] = {}
    for (program, stage), said in sorted(results.items()):
        if said == wanted:
            found.setdefault(program, []).append(stage)
    return found


def record(selected: list[Entry], target: Path, modes: tuple[str, ...]) -> None:
    """Write what the test holds: per mode, the identical and the differing stages."""
    table = {}
    for mode in modes:
        results = score(selected, mode)
        table[mode or "end_to_end"] = {
            IDENTICAL: by_program(results, IDENTICAL),
            DIFFERENT: by_program(results, DIFFERENT),
        }
    lines = ["{"]
    for m, (mode, verdicts) in enumerate(sorted(table.items())):
        lines.append(f" {json.dumps(mode)}: {{")
        for v, (said, programs) in enumerate(sorted(verdicts.items())):
            rows = [f"   {json.dumps(p)}: {json.dumps(s)}" for p, s in sorted(programs.items())]
            comma = "," if v < 1 else ""
            if rows:
                lines += [f"  {json.dumps(said)}: {{", ",\n".join(rows), "  }" + comma]
            else:
                lines.append(f"  {json.dumps(said)}: {{}}" + comma)
        lines.append(" }" + ("," if m < len(table) - 1 else ""))
    lines.append("}")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every program that differs")
    parser.add_argument("--stage", type=int, help="only this stage")
    parser.add_argument("--id", help="only this program (its folder, NNN)")
    parser.add_argument("--diff", action="store_true", help="print the diff of each differing dump")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--transition", action="store_true", help="each pass on the real dump before it")
    modes.add_argument("--roundtrip", action="store_true", help="each real dump read back and printed")
    parser.add_argument(
        "--ignore-comments", action="store_true", help="leave comment lines out of the judging"
    )
    parser.add_argument("--record", action="store_true", help="write what tests/test_pass_dumps.py holds")
    parser.add_argument(
        "--unseen", action="store_true", help="the held-out programs of tests/data/unseen_pass_dumps"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    if args.record:
        if args.unseen:
            record(entries(UNSEEN), UNSEEN_RECORD, ("",))
        else:
            record(entries(), RECORD, MODES)
        return 0
    global IGNORE_COMMENTS
    IGNORE_COMMENTS = args.ignore_comments
    selected = [e for e in entries(UNSEEN if args.unseen else DUMPS) if args.id in (None, e.id)]
    mode = "transition" if args.transition else "roundtrip" if args.roundtrip else ""
    results = score(selected, mode)
    stages = [args.stage] if args.stage is not None else list(STAGES)
    for stage in stages:
        counts = Counter(results[e.id, stage] for e in selected)
        print(
            f"stage {stage:2d}: {counts[IDENTICAL]:3d} identical, {counts[DIFFERENT]:3d} different, "
            f"{counts[NOT_SHOWN]:3d} not shown (of {len(selected)})"
        )
        if args.verbose or args.diff:
            for entry in selected:
                if results[entry.id, stage] != DIFFERENT:
                    continue
                print(f"  {entry.id} {entry.label} ({entry.file.relative_to(SHARED)})", flush=True)
                if args.diff:
                    ours = (
                        transition_dump(entry, stage, mode == "roundtrip")
                        if mode
                        else our_dumps(entry.file)[stage]
                    ) or {}
                    mine = normalise(ours[entry.program][0]).splitlines()
                    real = normalise(entry.real(stage)).splitlines()
                    for line in difflib.unified_diff(real, mine, "real", "ours", lineterm="", n=1):
                        print("    " + line)
    total = Counter(results.values())
    print(f"all: {total[IDENTICAL]} identical, {total[DIFFERENT]} different, {total[NOT_SHOWN]} not shown")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
