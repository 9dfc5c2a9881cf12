"""The `pto-lsp` command line."""

from __future__ import annotations

import argparse
import sys

from pto_lsp import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pto-lsp", description="Editor tooling for PyPTO kernels.")
    parser.add_argument("--version", action="version", version=f"pto-lsp {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    check = commands.add_parser("check", help="report what the PyPTO front end says about kernel files")
    check.add_argument("paths", nargs="+", metavar="PATH", help="files or directories to check")
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            from pto_lsp.check_command import main_check

            return main_check(args.paths, args.format)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return 2
