"""The IR: programs, functions, statements, expressions and types."""

from compiler.ir.nodes import *  # noqa: F403
from compiler.ir.nodes import __all__ as _nodes_all
from compiler.ir.types import *  # noqa: F403
from compiler.ir.types import __all__ as _types_all

__all__ = [*_nodes_all, *_types_all]
