"""The editor's state without the protocol: documents and their unit cut, the incremental
engine and where each unit's analysis is placed, settings and files (no LSP types)."""
