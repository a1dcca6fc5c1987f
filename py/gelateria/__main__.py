import sys

from gelateria.cli import main

sys.exit(main())
