"""What every layer of the front end shares: source spans, diagnostics and their codes.
Imports nothing else of `compiler`."""
