from pto_lsp.cli import main

raise SystemExit(main())
