"""One module per op family (named like compiler/ops/), each with `ROWS: list[Row]`."""
