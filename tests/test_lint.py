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
