"""Runs pto-lsp with the libraries bundled in the extension (`bundled/libs`, filled by
`npm run bundle`), so that any Python >= 3.10 runs the server without a pip step.

    python launch.py serve [--log-file PATH]   the language server over stdio
    python launch.py --probe                   one JSON line: Python version, pto-lsp version
                                               and where it was imported from, or the error

Environment PTO_LSP_IMPORT_STRATEGY: "useBundled" (default: the bundled pto-lsp and its
dependencies come first) or "fromEnvironment" (the interpreter's own pto-lsp, if it has
one, comes first; the bundled libraries are the fallback).

Written for any Python 3 (no newer syntax), so that an old interpreter still gets to say
which version it is instead of failing on a syntax error.
"""

import json
import os
import sys

MIN_PYTHON = (3, 10)
LIBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "libs")


def use_bundled_libs(strategy):
    if strategy == "fromEnvironment":
        sys.path.append(LIBS)
    else:
        sys.path.insert(0, LIBS)


def probe():
    info = {"python": "%d.%d.%d" % sys.version_info[:3], "executable": sys.executable}
    if sys.version_info < MIN_PYTHON:
        info["error"] = "Python %d.%d is older than %d.%d" % (sys.version_info[:2] + MIN_PYTHON)
        return info
    try:
        import pto_lsp
        import pto_lsp.cli.serve  # noqa: F401  (its command line imports; the server itself,
        # pygls and the compiler load when it starts, and a failure there is the start's to say)

        info["pto_lsp"] = getattr(pto_lsp, "__version__", "0")
        where = os.path.abspath(pto_lsp.__file__)
        info["from"] = "bundled" if where.startswith(os.path.abspath(LIBS) + os.sep) else where
    except BaseException as error:  # noqa: BLE001  (whatever it is, it is the answer)
        info["error"] = "%s: %s" % (type(error).__name__, error)
    return info


def main():
    use_bundled_libs(os.environ.get("PTO_LSP_IMPORT_STRATEGY", "useBundled"))
    if sys.argv[1:] == ["--probe"]:
        print(json.dumps(probe()))
        return 0
    if sys.version_info < MIN_PYTHON:
        sys.stderr.write("pto-lsp needs Python >= %d.%d; this is %s\n" % (MIN_PYTHON + (sys.version.split()[0],)))
        return 2
    from pto_lsp.cli import main as pto_lsp_main

    return pto_lsp_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
