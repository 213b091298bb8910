"""`python -m controller` is the `rptable` command."""

import sys

from controller.cli import main

sys.exit(main())
