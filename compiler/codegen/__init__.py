"""PTO codegen: what it reports about the cache policy (and, later, the MLIR it emits)."""
