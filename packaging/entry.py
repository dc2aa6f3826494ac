"""Entry point of the frozen build: the same CLI as `rootkeeper` and `python -m app`."""

import sys

from app.cli import main

sys.exit(main())
