"""The real parser's rejections of a `@pl.function` signature (`parse_function`).

For each positional parameter, in order: a missing annotation, then
`TypeResolver.resolve_param_type` (an `Out[...]` / `InOut[...]` wrapper is
taken off, the rest resolved like any annotation; a tuple is refused; a scalar
cannot be `InOut`). Then the return annotation, resolved the same way (a tuple
is fine there). The resolver's own checks are `LocalAnnotationChecker`'s.
"""

from __future__ import annotations

import ast

from compiler.ir import Direction, IRType, ScalarType, TaskIdType
from compiler.parser.annotation_checks import LocalAnnotationChecker, is_skipped_annotation
from compiler.parser.errors import type_error

_TYPE_HINT = "Use pl.Tensor[[shape], dtype], pl.Tile[[shape], dtype], or pl.Scalar[dtype]"


def check_missing_annotation(arg: ast.arg) -> None:
    if arg.annotation is None:
        raise type_error(
            f"Parameter '{arg.arg}' missing type annotation",
            arg,
            "Add a type annotation like: x: pl.Tensor[[64], pl.FP32]",
        )


def unwrapped(annotation: ast.expr) -> ast.expr:
    """The annotation inside an `Out[...]` / `InOut[...]` wrapper (any module prefix)."""
    if isinstance(annotation, ast.Subscript):
        head = annotation.value
        name = (
            head.attr if isinstance(head, ast.Attribute) else head.id if isinstance(head, ast.Name) else None
        )
        if name in ("Out", "InOut"):
            return annotation.slice
    return annotation


def check_type(node: ast.expr, checker: LocalAnnotationChecker) -> None:
    """`resolve_type`: what a local annotation check skips is still a type here."""
    if node.__class__ is not ast.Subscript and is_skipped_annotation(node):  # a subscript never is
        kind = "Incomplete" if isinstance(node, ast.Attribute) else "Unsupported"
        raise type_error(f"{kind} type annotation: {ast.unparse(node)}", node, _TYPE_HINT)
    checker.check_unskipped(node)


def check_param_type(annotation: ast.expr, checker: LocalAnnotationChecker) -> None:
    inner = unwrapped(annotation)
    check_type(inner, checker)
    if isinstance(inner, ast.Subscript) and isinstance(inner.value, ast.Name) and inner.value.id == "tuple":
        raise type_error(
            "Parameter type cannot be a tuple", inner, "Tuple types are only supported as return types"
        )


def check_direction(annotation: ast.expr, ir_type: IRType, direction: Direction) -> None:
    if direction is Direction.INOUT and isinstance(ir_type, (ScalarType, TaskIdType)):
        raise type_error(
            "Scalar parameters cannot have InOut direction",
            unwrapped(annotation),
            "Only Tensor and Tile parameters support InOut direction",
        )
