"""The engine protocol, every engine and the domain layer type-check (mypy, configured in pyproject.toml)."""

import shutil
import subprocess
import tomllib

from config.games import GAMES
from tests.conftest import ROOT


def test_mypy_finds_nothing():
    mypy = shutil.which("mypy") or str(ROOT / ".venv" / "bin" / "mypy")
    result = subprocess.run([mypy, "--no-incremental"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_built_game_is_type_checked():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    checked = set(config["files"])
    missing = [entry.app for entry in GAMES if entry.app and entry.app.replace(".", "/") not in checked]
    assert not missing, f"add {missing} to [tool.mypy] files in pyproject.toml"
