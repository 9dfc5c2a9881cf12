"""Positions with non-ASCII text and CRLF line ends.

The API reports `ast` coordinates (1-based line, 0-based UTF-8 byte column); the
JSON report LSP coordinates (0-based line, UTF-16 code units); the text format
1-based line and 1-based character column. The numbers below are counted by
hand so that the conversion itself is under test, not only its consistency.
"""

from __future__ import annotations

import pytest
from conftest import (
    BYPASS,
    EXPECTED_ENUM,
    R1,
    Expected,
    assert_diagnostics,
    at_scope,
    check,
    check_json,
    file_diagnostics,
    program,
    run_cli,
)

MARKER = f"pl.set_cache_policy(b, {BYPASS})"  # 45 characters, all ASCII
assert len(MARKER) == 45

# A string statement (accepted anywhere by the parser) puts non-ASCII text before the
# marker on the same line; the comment after it must not move the end of the range.
CHINESE = program(f'"中文说明"; {MARKER}  # 注释：绕过缓存\n' + at_scope())
EMOJI = program(f'"🚀"; {MARKER}  # 🚀🚀\n' + at_scope())


def _marker_line(source: str) -> int:
    return source[: source.index(MARKER)].count("\n") + 1


@pytest.mark.parametrize(
    ("source", "col_bytes", "col_utf16", "col_text"),
    [
        # 8 spaces + `"中文说明"` (6 chars, 14 bytes) + `; `
        pytest.param(CHINESE, 24, 16, 17, id="chinese"),
        # 8 spaces + `"🚀"` (3 code points, 4 UTF-16 units, 6 bytes) + `; `
        pytest.param(EMOJI, 16, 14, 14, id="emoji"),
    ],
)
def test_column_after_non_ascii_text(tmp_path, source, col_bytes, col_utf16, col_text):
    checked = check(tmp_path, source)
    line = _marker_line(source)
    assert_diagnostics(checked, Expected("PTO101", R1, MARKER))

    span = checked.api[0].span
    assert (span.start_line, span.start_col, span.end_line, span.end_col) == (
        line,
        col_bytes,
        line,
        col_bytes + 45,
    )
    assert checked.cli[0]["range"] == {
        "start": {"line": line - 1, "character": col_utf16},
        "end": {"line": line - 1, "character": col_utf16 + 45},
    }

    text = run_cli("--format", "text", "kernel.py", cwd=tmp_path)
    assert text.returncode == 1
    assert f"kernel.py:{line}:{col_text}: error[PTO101] {R1}" in text.stdout.splitlines()


def test_range_end_inside_non_ascii_argument(tmp_path):
    # The policy argument is the range; its end sits after two CJK characters.
    source = program(at_scope('pl.set_cache_policy(b, "中文")'))
    checked = check(tmp_path, source)
    assert_diagnostics(checked, Expected("PTO108", EXPECTED_ENUM, '"中文"'))
    # 4 spaces of scope + 8 of method, then `pl.set_cache_policy(b, ` (23 characters)
    assert (checked.api[0].span.start_col, checked.api[0].span.end_col) == (35, 43)
    assert checked.cli[0]["range"]["start"]["character"] == 35
    assert checked.cli[0]["range"]["end"]["character"] == 39


@pytest.mark.parametrize("source", [CHINESE, EMOJI, program(at_scope("pl.set_cache_policy(b)"))])
def test_crlf_file_reports_the_same_positions_as_lf(tmp_path, source):
    lf = check(tmp_path, source, name="lf.py")
    crlf = check(tmp_path, source, name="crlf.py", newline="\r\n")
    assert lf.api and lf.cli
    assert [(d.code, d.span) for d in crlf.api] == [(d.code, d.span) for d in lf.api]
    assert [(d["code"], d["range"]) for d in crlf.cli] == [(d["code"], d["range"]) for d in lf.cli]


def test_text_format_is_one_based(tmp_path):
    source = program(at_scope("pl.set_cache_policy(b)"))
    (tmp_path / "kernel.py").write_text(source, encoding="utf-8")
    line = source[: source.index("pl.set_cache_policy(b)")].count("\n") + 1
    text = run_cli("--format", "text", "kernel.py", cwd=tmp_path)
    # The marker is the first statement of the scope: 12 spaces in, so column 13.
    assert f"kernel.py:{line}:13: error[PTO103] " in text.stdout


def test_unicode_line_separators_are_not_line_breaks(tmp_path):
    # Python and LSP break lines only at \n, \r\n and \r; U+2028, U+0085, form feed and
    # U+001C in comments and strings are ordinary characters (str.splitlines disagrees).
    odd = "x\u2028y\x85z\x0c\x1c"
    source = (
        program(f'"ODD"; {MARKER}  # ODD\n' + at_scope())
        .replace("ODD", odd)
        .replace("import pypto.language as pl", f"import pypto.language as pl  # {odd}")
    )
    checked = check(tmp_path, source)
    assert_diagnostics(checked, Expected("PTO101", R1, MARKER))
    # 8 spaces, then `"` + the 7 odd characters (10 bytes, 7 UTF-16 units) + `"; `
    assert checked.cli[0]["range"]["start"] == {"line": _marker_line(source) - 1, "character": 19}
    assert checked.api[0].span.start_col == 22


def test_utf8_bom_does_not_change_the_diagnostics(tmp_path):
    source = program(f"{MARKER}\n" + at_scope())
    plain = tmp_path / "plain.py"
    plain.write_bytes(source.encode("utf-8"))
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbf" + source.encode("utf-8"))
    proc, report = check_json(plain, bom)
    assert proc.returncode == 1
    with_bom = file_diagnostics(report, bom)
    assert [(d["code"], d["range"]) for d in with_bom] == [
        (d["code"], d["range"]) for d in file_diagnostics(report, plain)
    ]
    assert [d["code"] for d in with_bom] == ["PTO101"]
