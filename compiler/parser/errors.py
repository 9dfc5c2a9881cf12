"""The real parser's rejections outside the cache-policy feature, as values.

The real PyPTO parser raises on its first error; we raise `FrontEndError`
where it would, catch it at the statement (or function) that contains the
mistake, report it, and go on with the next statement, so that every
independent mistake in a file is reported once. Names the failed statement
would have bound are bound to values of unknown type, so their later uses
cause no cascade.
"""

from __future__ import annotations

import ast
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, RelatedInfo, Stage
from compiler.base.span import Span
from compiler.ops.call import BINDING_MISMATCH

# The exception classes the real front end raises, and our code for each.
EXCEPTION_CODES: dict[str, str] = {
    "SyntaxError": codes.PYTHON_COMPILE_ERROR,
    "NameError": codes.PYTHON_EVALUATION_ERROR,
    "AttributeError": codes.PYTHON_EVALUATION_ERROR,
    "UnsupportedFeatureError": codes.UNSUPPORTED_FEATURE,
    "ParserSyntaxError": codes.DSL_SYNTAX,
    "ParserTypeError": codes.DSL_TYPE,
    "InvalidOperationError": codes.INVALID_OPERATION,
    "UndefinedVariableError": codes.UNDEFINED_NAME,
    "SSAViolationError": codes.DSL_SYNTAX,
    "ParserError": codes.DSL_SYNTAX,
}


class FrontEndError(Exception):
    """One rejection the real front end raises: its class, first message line, hint, place.

    `where` is the ast node (or span) the real error points at. `in_function`
    marks an error that is not a parser error in the real compiler (e.g. a
    C++ CHECK behind a Python operator on tiles): its decorator wraps it as
    `Failed to parse function '<f>': <message>` on the `def` line.
    """

    def __init__(
        self,
        exception: str,
        message: str,
        where: ast.AST | Span,
        hint: str | None = None,
        *,
        in_function: bool = False,
        data: dict[str, Any] | None = None,
        origin: Span | None = None,
    ) -> None:
        super().__init__(message)
        self.exception = exception
        self.message = message
        self.span = where if isinstance(where, Span) else Span.of(where)
        self.hint = hint
        self.in_function = in_function
        # Facts a quick fix needs (e.g. the operator of an `x += y`); never shown.
        self.data = data or {}
        # The place the message names (`ORIGIN_PLACEHOLDER` in it), written in when shown.
        self.origin = origin

    def diagnostic(self) -> Diagnostic:
        return Diagnostic(
            code=EXCEPTION_CODES.get(self.exception, codes.DSL_SYNTAX),
            message=self.message,
            span=self.span,
            stage=Stage.SYNTAX
            if self.exception in ("SyntaxError", "NameError", "AttributeError")
            else Stage.PARSER,
            exception=self.exception,
            hint=self.hint,
            data=dict(self.data),
            related=(RelatedInfo(self.origin, "the place the message names"),) if self.origin else (),
        )

    def wrapped(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> FrontEndError:
        """The decorator's wrapping of a non-parser error escaping `function`."""
        return FrontEndError(
            "ParserSyntaxError",
            f"Failed to parse function '{function.name}': {self.message}",
            Span.header_of(function),
            self.hint,
        )


# The real IR holds an integer constant in a C++ int64 (`ir.ConstInt`, bound with nanobind):
# a value outside it does not convert, and the binding's TypeError escapes the parser, so its
# decorator reports it on the function. The first line of nanobind's message.
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
PAST_INT64 = BINDING_MISMATCH


def fits_int64(value: object) -> bool:
    """Whether a value is no integer, or one the real IR's int64 constant holds."""
    return not isinstance(value, int) or isinstance(value, bool) or INT64_MIN <= value <= INT64_MAX


def past_int64(where: ast.AST | Span) -> FrontEndError:
    """The real rejection of an integer constant past 64 bits (`fits_int64`)."""
    return FrontEndError(
        "TypeError", PAST_INT64, where, "Check your function definition for errors", in_function=True
    )


def unsupported(message: str, where: ast.AST | Span, hint: str | None = None) -> FrontEndError:
    return FrontEndError("UnsupportedFeatureError", message, where, hint)


def syntax_error(message: str, where: ast.AST | Span, hint: str | None = None) -> FrontEndError:
    return FrontEndError("ParserSyntaxError", message, where, hint)


def type_error(message: str, where: ast.AST | Span, hint: str | None = None) -> FrontEndError:
    return FrontEndError("ParserTypeError", message, where, hint)


def invalid_operation(message: str, where: ast.AST | Span, hint: str | None = None) -> FrontEndError:
    return FrontEndError("InvalidOperationError", message, where, hint)


def undefined(message: str, where: ast.AST | Span, hint: str | None = None) -> FrontEndError:
    return FrontEndError("UndefinedVariableError", message, where, hint)


def bound_names(stmt: ast.stmt) -> list[str]:
    """Every name a statement (and the blocks inside it) would bind: what a failed
    statement leaves bound to an unknown value."""
    names: list[str] = []
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.append(node.id)
        elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
            names.append(node.optional_vars.id)
    return names
