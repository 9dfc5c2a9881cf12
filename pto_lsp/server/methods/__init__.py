"""One module per LSP method (or small group of methods): each a plain function of the
server's state (`state.ServerState`) and the request's params that returns the answer.
They are registered in one place, `pto_lsp/server/routes.py`; none knows pygls's server."""
