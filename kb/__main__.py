"""``python -m kb`` is the ``autokernel-kb`` command (for machines where the package is on PYTHONPATH only)."""

import sys

from kb.cli import main

if __name__ == "__main__":
    sys.exit(main())
