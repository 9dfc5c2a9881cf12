"""The `pto-lsp` command line."""

from __future__ import annotations

import argparse
import sys

from pto_lsp import __version__

_SOC_HELP = (
    "the SoC whose on-chip capacities the memory checks use (default: the project's "
    "[tool.pto-lsp] soc, else 910B, the real compiler's default backend)"
)


def build_parser(serve_only: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; `serve_only`: for `serve`, without what the other
    commands' help needs of the compiler (the passes): the server starts without it."""
    parser = argparse.ArgumentParser(prog="pto-lsp", description="Editor tooling for PyPTO kernels.")
    parser.add_argument("--version", action="version", version=f"pto-lsp {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    socs = None if serve_only else _soc_names()

    check = commands.add_parser("check", help="report what the PyPTO front end says about kernel files")
    check.add_argument("paths", nargs="+", metavar="PATH", help="files or directories to check")
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    check.add_argument(
        "--jobs",
        "-j",
        type=_job_count,
        default=0,
        metavar="N",
        help="processes to check with (default 0: one per CPU, for inputs large enough to gain; "
        "1: this process only)",
    )
    check.add_argument("--soc", choices=socs, default=None, help=_SOC_HELP)
    check.add_argument(
        "--pypto",
        metavar="PYTHON",
        help="also run the real PyPTO compiler through this interpreter (it imports and so runs each "
        "file's code) and merge its diagnostics, source pypto",
    )
    check.add_argument(
        "--disagreements",
        action="store_true",
        help="with --pypto, print only where pto-lsp and the real compiler differ",
    )
    check.add_argument(
        "--pypto-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --pypto, the time limit of each file's real check (default 60)",
    )

    compile_ = commands.add_parser(
        "compile", help="print a kernel file's IR as the compiler would dump it after a stage"
    )
    compile_.add_argument("file", metavar="FILE", help="the kernel file")
    compile_.add_argument(
        "--emit",
        choices=("ir", "mlir", "memory"),
        default="ir",
        help="the IR as DSL text (default), PTO MLIR, or each kernel's on-chip memory use",
    )
    compile_.add_argument("--soc", choices=socs, default=None, help=_SOC_HELP)
    compile_.add_argument(
        "--ptoas-cache-policy",
        choices=("unsupported", "attribute"),
        default="unsupported",
        help="unsupported: warn and emit BYPASS loads as cached ones (default); "
        "attribute: mark each BYPASS pto.tload for a PTOAS that lowers the hint",
    )
    compile_.add_argument("--emit-source-loc", action="store_true", help="append loc(...) to each MLIR op")
    compile_.add_argument(
        "--after",
        metavar="NAME|N",
        default=None,
        help="with --emit ir, the stage to stop after: parse (the IR as parsed) or a modelled pass by "
        f"name or number ({'' if serve_only else _pass_names()}; default: the last)",
    )

    explain = commands.add_parser(
        "explain", help="say which cache policy the GM reads on a line get, and why"
    )
    explain.add_argument("location", metavar="FILE:LINE[:COL]", help="a 1-based line of a kernel file")

    serve = commands.add_parser("serve", help="run the language server (stdio by default)")
    transport = serve.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (default)")
    transport.add_argument(
        "--tcp", metavar="HOST:PORT", help="listen for one client on a TCP socket (a second one is refused)"
    )
    transport.add_argument(
        "--ws", metavar="HOST:PORT", help="listen for one client over websocket (a second one is refused)"
    )
    serve.add_argument(
        "--allow-origin",
        metavar="ORIGIN",
        action="append",
        default=[],
        help="with --ws, also accept browser pages of this origin (e.g. https://example.org; * for any); "
        "by default only clients that send no Origin and pages served from this machine",
    )
    serve.add_argument("--log-file", metavar="PATH", help="write the server log to this file")
    serve.add_argument(
        "--allow-pypto-check",
        action="store_true",
        help="with --tcp or --ws, let the client's ptoLsp.pyptoCheck.enabled run the author's own PyPTO "
        "on saved kernel files (it runs their code); never allowed otherwise",
    )
    return parser


def _soc_names() -> tuple[str, ...]:
    from compiler.codegen.tile_memory import SOCS

    return tuple(SOCS)


def _pass_names() -> str:
    from compiler.passes.pipeline import PIPELINE

    return ", ".join(f"{p.number} {p.name}" for p in PIPELINE)


def _job_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = -1
    if not 0 <= count <= 1024:
        raise argparse.ArgumentTypeError(f"expected a number of processes from 0 to 1024, got {text!r}")
    return count


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] == "serve":  # `python -m pto_lsp` alone is the language server over stdio
        args = build_parser(serve_only=True).parse_args(["serve", *argv[1:]])
    else:
        args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            from pto_lsp.cli.check import main_check

            return main_check(
                args.paths,
                args.format,
                args.jobs,
                args.soc,
                args.pypto,
                args.disagreements,
                args.pypto_timeout,
            )
        if args.command == "compile":
            from compiler.passes.pipeline import PIPELINE
            from pto_lsp.cli.compile import main_compile

            if args.after is not None and args.emit == "mlir":
                print(
                    "pto-lsp compile: error: --after applies to --emit ir only "
                    "(PTO MLIR is emitted after the whole pipeline)",
                    file=sys.stderr,
                )
                return 2

            return main_compile(
                args.file,
                args.emit,
                args.after or PIPELINE[-1].name,
                args.ptoas_cache_policy,
                args.emit_source_loc,
                args.soc,
            )
        if args.command == "explain":
            from pto_lsp.cli.explain import main_explain

            return main_explain(args.location)
        if args.command == "serve":
            from pto_lsp.cli.serve import main_serve

            return main_serve(args.tcp, args.ws, args.log_file, args.allow_origin, args.allow_pypto_check)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return 2
