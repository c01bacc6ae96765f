"""The code base stays clean by ruff's rules (configured in pyproject.toml)."""

import shutil
import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(ROOT / ".venv" / "bin" / "ruff")
    result = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engines_import_nothing_of_django():
    code = ("import sys; import apps.chronicle.engine; "
            "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
