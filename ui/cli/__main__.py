"""`python -m ui.cli` is the `rptable` command."""

import sys

from ui.cli import main

sys.exit(main())
