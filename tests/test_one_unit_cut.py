"""One cut of a module into units everywhere: the command line, the language server and the
Python API agree on what is code. A kernel written inside a string literal (a docstring, an
example kept in a constant) is text, and reports nothing even when a later line does not parse."""

from __future__ import annotations

import textwrap
from pathlib import Path

from conftest import check
from lsp_client import RecordingClient, open_document, wait_for_version

# The string's lines start at column 0 like real definitions: a cut that does not follow the
# string would take `@pl.program` for a unit and report the misplaced marker inside it.
SOURCE = textwrap.dedent(
    '''\
    import pypto.language as pl

    EXAMPLE = """
    @pl.program
    class Demo:
        @pl.function
        def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
            pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
            return a
    """


    def broken(:
        pass
    '''
)
STRING_LINES = range(3, 11)  # 1-based, the quotes included
BROKEN_LINE = 13


def test_the_cli_and_the_api_report_only_the_syntax_error_below_the_string(tmp_path: Path):
    checked = check(tmp_path, SOURCE)
    assert [(d["code"], d["range"]["start"]["line"] + 1) for d in checked.cli] == [("PTO001", BROKEN_LINE)]
    assert [(d.code, d.span.start_line) for d in checked.api] == [("PTO001", BROKEN_LINE)]
    assert checked.exit_code == 1
    assert not any(d["range"]["start"]["line"] + 1 in STRING_LINES for d in checked.cli)


async def test_the_editor_shows_what_the_cli_reports(client: RecordingClient, tmp_path: Path):
    checked = check(tmp_path, SOURCE)
    uri = checked.path.as_uri()
    open_document(client, SOURCE, uri)
    published = await wait_for_version(client, uri, 1)
    assert [(d.code, d.range.start.line, d.range.start.character, d.message) for d in published] == [
        (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"])
        for d in checked.cli
    ]
    assert [d.code for d in published] == ["PTO001"]
