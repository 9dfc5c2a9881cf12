"""The kernels in examples/ show what their header comment promises."""

from __future__ import annotations

import pytest
from conftest import (
    BYPASS,
    EXAMPLES,
    EXPECTED_ENUM,
    R1,
    R3,
    R4,
    Expected,
    assert_diagnostics,
    check_file,
    check_json,
    file_diagnostics,
    load_cache,
    r2,
    r5,
    r6,
    r7,
    run_pto_lsp,
    unknown_policy,
)

REPO = EXAMPLES.parent

MARKER_B = f"pl.set_cache_policy(b, {BYPASS})"
STORE_PAST_END = (
    "pl operation 'store': tile.store writes past the end of dimension 0: offset 32 + extent 16 exceeds "
    "the target extent 32. A store performs no layout conversion (RFC #1300 P7): the offsets and the tile "
    "extent must already be in the destination's coordinate system. If the tile was read through a view "
    "whose layout differs from the destination's -- a DN view transposes it -- take the matching view of "
    "the destination, pl.view(out, layout=...), and store into that"
)
CODE = "import pypto.language as pl\n"  # header comments quote the code: look below them

CORRECT = ["bypass_matmul.py", "spmd_bypass.py", "load_cache_kwarg.py"]
# Correct kernels (no error) with a hint of pto-lsp's own: file -> the code it shows.
HINTED = {"coherency_hint.py": "PTO302"}

MISTAKES = {
    "mistake_nested_marker.py": [Expected("PTO101", R1, MARKER_B, after=CODE)],
    "mistake_dispatch_spmd.py": [Expected("PTO102", r2("Spmd"), MARKER_B, after=CODE)],
    "mistake_keyword_form.py": [
        Expected("PTO103", R3, f"pl.set_cache_policy(b, policy={BYPASS})", after=CODE)
    ],
    "mistake_not_a_name.py": [Expected("PTO104", R4, "b[0:64, :]", after=CODE)],
    "mistake_undefined.py": [Expected("PTO105", r5("c"), f"pl.set_cache_policy(c, {BYPASS})", after=CODE)],
    "mistake_not_a_tensor.py": [
        Expected("PTO106", r6("t", "TileType"), "t", "ParserTypeError", after=(CODE, "pl.set_cache_policy("))
    ],
    "mistake_conflict.py": [
        Expected(
            "PTO107",
            r7("b", "BYPASS", "DEFAULT"),
            "pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)",
            after=CODE,
        )
    ],
    "mistake_bad_policy.py": [
        Expected("PTO109", unknown_policy("BYPAS"), "pl.CachePolicy.BYPAS", after=(CODE, "def typo")),
        Expected("PTO108", EXPECTED_ENUM, "1", after=(CODE, "def number", "pl.set_cache_policy(b, ")),
    ],
    "mistake_python_habits.py": [
        Expected(
            "PTO502",
            "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), "
            "pl.spmd(), or pl.split_aiv()",
            "range(4)",
            "ParserSyntaxError",
            after=CODE,
        ),
        Expected(
            "PTO501",
            "Unsupported statement type: AugAssign",
            "total += 1",
            "UnsupportedFeatureError",
            after=CODE,
        ),
        Expected(
            "PTO504", "Unknown operation 'pl.lod'", "pl.lod(x, [0, 0], [32, 64])", "InvalidOperationError"
        ),
        Expected(
            "PTO505",
            "Undefined variable 'offset'",
            "offset",
            "UndefinedVariableError",
            after=(CODE, "pl.add("),
        ),
    ],
    "mistake_load_cache.py": [
        Expected(
            "PTO110", load_cache("pl", 2), "pl.load(a, [0, 0], [64, 64], cache=2)", "InvalidOperationError"
        )
    ],
    # The op rules' own checks, in the real compiler's words (recorded from it).
    "mistake_matmul_inner_dim.py": [
        Expected(
            "PTO504",
            "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=128 "
            "and rhs K=64",
            "pl.matmul(q, k, out_dtype=pl.FP32)",
            "InvalidOperationError",
            after=CODE,
        )
    ],
    "mistake_store_past_end.py": [
        Expected(
            "PTO504",
            STORE_PAST_END,
            "pl.store(pl.mul(bottom, 2.0), [32, 0], out)",
            "InvalidOperationError",
            after=CODE,
        )
    ],
}

# Examples whose rule is not in the front end yet: their test is a strict xfail, so
# the day the rule lands it has to be taken off this list.
PENDING: dict[str, str] = {}


def header_comment(name: str) -> str:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    comment = []
    for line in lines:
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("# "))
    return " ".join(comment)


def test_every_example_is_covered():
    on_disk = sorted(p.name for p in EXAMPLES.glob("*.py"))
    assert on_disk == sorted([*CORRECT, *HINTED, *MISTAKES])


@pytest.mark.parametrize("name", HINTED)
def test_hinted_example_shows_its_hint_and_no_error(name):
    checked = check_file(EXAMPLES / name)
    assert checked.exit_code == 0
    # Besides the real compile's performance hints (PTO631, tests/test_perf_hints.py).
    assert [d["code"] for d in checked.cli if d["code"] != "PTO631"] == [HINTED[name]]
    assert f"warning[{HINTED[name]}]" in header_comment(name)


@pytest.mark.parametrize("name", CORRECT)
def test_correct_example_checks_clean(name):
    assert_diagnostics(check_file(EXAMPLES / name))
    assert "reports nothing" in header_comment(name)


def _mistakes() -> list:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=PENDING[name]))
        if name in PENDING
        else name
        for name in MISTAKES
    ]


@pytest.mark.parametrize("name", _mistakes())
def test_mistake_example_reports_its_error(name):
    assert_diagnostics(check_file(EXAMPLES / name), *MISTAKES[name])


@pytest.mark.parametrize("name", MISTAKES)
def test_mistake_header_names_what_check_reports(name):
    comment = header_comment(name)
    assert comment.startswith(name)
    for expected in MISTAKES[name]:
        assert f"error[{expected.code}]" in comment
    # The message may wrap across comment lines; compare with whitespace normalised.
    for expected in MISTAKES[name]:
        assert " ".join(expected.message.split()) in comment


def test_checking_the_examples_directory():
    proc, report = check_json(EXAMPLES)
    assert proc.returncode == 1
    with_errors = {
        name
        for name in [*CORRECT, *HINTED, *MISTAKES]
        if any(d["severity"] == 1 for d in file_diagnostics(report, EXAMPLES / name))
    }
    assert with_errors == set(MISTAKES) - set(PENDING)


def test_readme_shows_what_checking_the_examples_prints():
    """The README's "Try it" block is `pto-lsp check examples/` run from the repository root:
    a new user compares what they see with it line by line."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = "pto-lsp check examples/\n```\n\n```text\n"
    assert command in readme
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    assert run_pto_lsp("check", "examples/", cwd=REPO).stdout == shown
