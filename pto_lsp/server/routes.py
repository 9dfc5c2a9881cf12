"""Which function answers which LSP method: the one place methods are registered.

A request's failure inside a feature is logged and answered with an empty result
(`never_fails`): the server never dies because of one request.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

from lsprotocol import types as lsp

from pto_lsp.server.methods import (
    code_actions,
    code_lens,
    commands,
    completion,
    configuration,
    documents_sync,
    hover,
    inlay_hints,
    signature_help,
    symbols,
)

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)
R = TypeVar("R")

# method, options, handler
NOTIFICATIONS: tuple[tuple[str, Any, Callable[..., Any]], ...] = (
    (lsp.INITIALIZE, None, configuration.initialize),
    (lsp.INITIALIZED, None, configuration.initialized),
    (lsp.WORKSPACE_DID_CHANGE_CONFIGURATION, None, configuration.did_change_configuration),
    (lsp.TEXT_DOCUMENT_DID_OPEN, None, documents_sync.did_open),
    (lsp.TEXT_DOCUMENT_DID_CHANGE, None, documents_sync.did_change),
    (lsp.TEXT_DOCUMENT_DID_SAVE, documents_sync.SAVE_OPTIONS, documents_sync.did_save),
    (lsp.TEXT_DOCUMENT_DID_CLOSE, None, documents_sync.did_close),
)
# method, options, handler, the answer when the handler fails
REQUESTS: tuple[tuple[str, Any, Callable[..., Any], Any], ...] = (
    (lsp.TEXT_DOCUMENT_HOVER, None, hover.hover, None),
    (lsp.TEXT_DOCUMENT_INLAY_HINT, inlay_hints.OPTIONS, inlay_hints.inlay_hints, []),
    (lsp.TEXT_DOCUMENT_CODE_LENS, code_lens.OPTIONS, code_lens.code_lenses, []),
    (lsp.TEXT_DOCUMENT_CODE_ACTION, code_actions.OPTIONS, code_actions.code_actions, []),
    (lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, None, symbols.symbols, []),
    (lsp.TEXT_DOCUMENT_COMPLETION, completion.OPTIONS, completion.completion, None),
    (lsp.TEXT_DOCUMENT_SIGNATURE_HELP, signature_help.OPTIONS, signature_help.signature_help, None),
    (commands.PASSES, None, commands.passes, []),
)
# A command's error is the client's to show (a bad URI or pass name): not guarded.
COMMANDS: tuple[tuple[str, Callable[..., Any]], ...] = (
    (commands.SHOW_IR, commands.show_ir),
    (commands.SHOW_MLIR, commands.show_mlir),
    (commands.CHECK_WITH_PYPTO, commands.check_with_pypto),
    (commands.SHOW_REAL_IR, commands.show_real_ir),
    (commands.SHOW_REAL_MLIR, commands.show_real_mlir),
    (commands.SHOW_MEMORY, commands.show_memory),
)


def register(server: LanguageServer) -> None:
    for method, options, handler in NOTIFICATIONS:
        server.feature(method, options)(handler)
    for method, options, handler, empty in REQUESTS:
        server.feature(method, options)(never_fails(empty)(handler))
    for name, command in COMMANDS:
        server.command(name)(command)


def never_fails(empty: Any) -> Callable[[Callable[..., R]], Callable[..., R]]:
    def decorate(handler: Callable[..., R]) -> Callable[..., R]:
        @wraps(handler)
        def guarded(*args: Any) -> R:
            try:
                return handler(*args)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return empty

        return guarded

    return decorate
