"""The code base stays clean by ruff's rules (configured in pyproject.toml)."""

import shutil
import subprocess
import sys

import pytest

from config.games import GAMES
from tests.conftest import ROOT


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(ROOT / ".venv" / "bin" / "ruff")
    result = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("app", [entry.app for entry in GAMES if entry.app])
def test_engines_import_nothing_of_django(app):
    code = (f"import sys; import {app}.engine; "
            "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# Content data (cards, tiles, ages) may be long; code may not.
CONTENT_DATA = ("content.py", "cards.py", "ages/")
MODULE_LINE_LIMIT = 900


def test_no_module_of_code_is_over_900_lines():
    too_long = {}
    for top in ("apps", "config"):
        for path in (ROOT / top).rglob("*.py"):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" in name or any(name.endswith(data) or f"/{data}" in name for data in CONTENT_DATA):
                continue
            lines = len(path.read_text().splitlines())
            if lines > MODULE_LINE_LIMIT:
                too_long[name] = lines
    assert not too_long, too_long
