"""`textDocument/signatureHelp`: the signature of the `pl.` call around the cursor."""

from __future__ import annotations

from lsprotocol import types as lsp

from pto_lsp.features.pl_catalogue import pl_aliases
from pto_lsp.features.signature_help import signature_at
from pto_lsp.server.methods.state import ServerState, snapshot, text_before

OPTIONS = lsp.SignatureHelpOptions(trigger_characters=["(", ","])


def signature_help(ls: ServerState, params: lsp.SignatureHelpParams) -> lsp.SignatureHelp | None:
    current = snapshot(ls, params.text_document.uri)
    if current is None:
        return None
    document, index = current.document, current.index
    line = params.position.line + 1
    unit = document.unit_at(line)
    if unit is None:
        return None
    column = index.byte_column(line, params.position.character, ls.encoding)
    # The call may have started lines above: read from the unit's start (at most 200 lines back).
    first = max(unit.start_line, line - 200)
    above = [index.line_text(n) for n in range(first, line)]
    found = signature_at(
        "\n".join([*above, text_before(index, line, column)]), pl_aliases(current.analysis.environment)
    )
    if found is None:
        return None
    signature = lsp.SignatureInformation(
        label=found.label,
        parameters=[lsp.ParameterInformation(label=span) for span in found.parameters],
        active_parameter=found.active,
    )
    return lsp.SignatureHelp(signatures=[signature], active_signature=0, active_parameter=found.active)
