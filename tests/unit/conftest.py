"""The unit suite registers one game of its own, Dice Race (tests/unit/race_game), as
any game registers itself: no shared file names it."""

import sys
from pathlib import Path

import race_game  # noqa: F401  (registers the game)

ROOT = Path(__file__).resolve().parents[2]


import pytest  # noqa: E402

from gelateria.core import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    """A test that switches language leaves the next one in English, as it found it."""
    yield
    i18n.set_language("en")


def pytest_sessionstart(session):
    """The unit tests read the compiled catalogs (.mo), which a clean clone has only once
    built: compile them as the build does when they are missing or older than a .po."""
    mos = sorted((ROOT / "py" / "gelateria" / "locale").glob("*/LC_MESSAGES/gelateria.mo"))
    pos = sorted((ROOT / "locale").glob("*/*.po"))
    newest = max(po.stat().st_mtime for po in pos)
    if len(mos) < 2 or min(mo.stat().st_mtime for mo in mos) < newest:
        sys.path.insert(0, str(ROOT / "scripts"))
        import i18n as catalogs

        catalogs.compile_all(ROOT / "static")
