"""ConvertTensorToTileOps' checks: an InCore function with no `return`, and the
rejections the conversion itself raises (`tile_conversion_diagnostic`).

The pass rebuilds each InCore function's body around its top-level ReturnStmt (it
stores the returned tiles to the Out parameters). A function that declares return
types (`-> pl.Tensor[...]`) and has no ReturnStmt is taken for a void one only if
it declares none: otherwise an INTERNAL_CHECK raises `InternalError: Internal error:
function 'kernel' has no ReturnStmt but declares 1 return type(s) — possible
malformed IR`, at the function's span (its `def`; we mark the keyword). The parser and the IR verifier
at pipeline_input accept such a function; the passes before this one (outliners,
Simplify) run first, and `ir.compile` stops here.

Decided only when certain: a user-declared InCore function with a return
annotation and no `return` anywhere in its body (a `return` nested in a branch
or loop is not judged, whatever the earlier passes make of it), and only when it
is the program's only such function (the pass stops at the first one in its own
order of the program's functions).
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Function, Program
from compiler.ir.nodes import FunctionType, ReturnStmt
from compiler.ir.visit import walk_stmts
from compiler.passes.tensor_to_tile import TileConversionError


def missing_return_errors(program: Program) -> list[Diagnostic]:
    missing = [function for function in program.functions if _declares_without_return(function)]
    if len(missing) != 1:
        return []
    [function] = missing
    count = len(function.return_types)
    message = (
        f"Internal error: function '{function.name}' has no ReturnStmt but declares {count} "
        "return type(s) — possible malformed IR"
    )
    return [
        Diagnostic(
            codes.MISSING_RETURN,
            message,
            _def_keyword(function.span),
            stage=Stage.CONVERT_TENSOR_TO_TILE,
            exception="InternalError",
        )
    ]


def _def_keyword(span: Span) -> Span:
    """The `def` the real span starts at (the whole function would cover its body)."""
    return Span(span.start_line, span.start_col, span.start_line, span.start_col + len("def"))


def _declares_without_return(function: Function) -> bool:
    return (
        function.func_type is FunctionType.INCORE
        and function.decorator == "function"
        and function.has_dsl_body
        and bool(function.return_types)
        and not any(isinstance(stmt, ReturnStmt) for stmt in walk_stmts(function.body))
    )


def tile_conversion_diagnostic(error: TileConversionError) -> Diagnostic:
    """The diagnostic of a rejection the conversion raised: a tile op's deduction refusing
    what a tensor op became (`The operator tile.matmul requires identical lhs and rhs data
    types, ...`), or the conversion's own check, on the tensor op's line."""
    return Diagnostic(
        error.code,
        error.message,
        error.span or Span(1, 0, 1, 0),
        stage=Stage.CONVERT_TENSOR_TO_TILE,
        exception=error.exception,
        data=dict(error.data),
    )
