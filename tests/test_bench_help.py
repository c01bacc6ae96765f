"""Every bench script explains itself: ``--help`` prints argparse's usage and exits 0 (issue 21).

Asking for help does no work: it needs no database, no Redis and no Daphne, so the scripts run here with
DATABASE_URL and REDIS_URL unset, all at once (each takes about a second to start).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

# Modules whose name starts with "_" are helpers of the scripts (bench/_progress.py), not scripts.
SCRIPTS = sorted(path.name for path in (ROOT / "bench").glob("*.py") if not path.name.startswith("_"))
TIMEOUT = 60  # seconds: a script that ignores --help and starts its run is stopped and fails


@pytest.fixture(scope="module")
def answers() -> dict[str, tuple[int, str]]:
    """Each script's exit code and output for ``--help``, the scripts run in parallel."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    running = {name: subprocess.Popen([sys.executable, f"bench/{name}", "--help"], cwd=ROOT, env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
               for name in SCRIPTS}
    found = {}
    for name, proc in running.items():
        try:
            output, _ = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()
            output += f"\n(still running after {TIMEOUT} s: --help started the bench instead of explaining it)"
        found[name] = (proc.returncode, output)
    return found


def test_the_bench_scripts_are_found():
    assert {"innovation_bots.py", "move_path.py", "ws_load.py", "echo_asgi.py"} <= set(SCRIPTS), SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_prints_usage_and_exits_0(answers, script):
    code, output = answers[script]
    assert code == 0, output
    # Nothing before the usage: the script did not start its work (or Django) before parsing its arguments.
    assert output.startswith("usage:"), output
    assert "-h, --help" in output, output
