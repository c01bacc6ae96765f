"""In production (DJANGO_DEBUG=0) static files come from collectstatic's manifest: hashed names, cached for ever."""

import os
import re
import subprocess
import sys
import urllib.request

import pytest

from tests.conftest import ROOT, DaphneProcess, database_url_for_subprocess, free_port


def production_env(static_root) -> dict:
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "static-test-" + "k3Y9" * 12,
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_SECURE_SSL_REDIRECT": "0",
           "DJANGO_STATIC_ROOT": str(static_root), "DATABASE_URL": database_url_for_subprocess()}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


@pytest.mark.django_db(transaction=True)
def test_a_production_page_links_hashed_static_files_that_are_served_for_ever(tmp_path):
    env = production_env(tmp_path / "static")
    collected = subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                               cwd=ROOT, env=env, capture_output=True, text=True)
    assert collected.returncode == 0, collected.stdout + collected.stderr
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    server = DaphneProcess(free_port(), env)
    try:
        server.wait_ready()
        with urllib.request.urlopen(f"{server.url}/games/chronicle/", timeout=30) as page:
            html = page.read().decode()
        stylesheet = re.search(r'href="(/static/civitas/[^"]+\.css)"', html).group(1)
        assert re.fullmatch(r"/static/civitas/[\w-]+\.[0-9a-f]{12}\.css", stylesheet), stylesheet
        with urllib.request.urlopen(server.url + stylesheet, timeout=30) as served:
            assert served.status == 200
            assert "immutable" in served.headers["Cache-Control"]
            assert served.read()
    finally:
        server.stop()
