"""Parser: Python `ast` of DSL definitions -> IR, with the parser's diagnostics."""
