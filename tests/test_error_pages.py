"""No debug pages by default: the README's start command serves the site's own 404 and 500 pages, Django's
technical pages only with DJANGO_DEBUG=1, and production security only with DJANGO_DEBUG=0."""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from django.test import RequestFactory
from django.views import defaults

from config.local_secret import local_secret_key
from tests.conftest import ROOT, DaphneProcess, database_url_for_subprocess, free_port

MISSING = "/no-such-page/at-all/"


@pytest.mark.django_db
def test_a_missing_page_is_the_sites_own_404_without_the_url_patterns(client):
    response = client.get(MISSING)
    page = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in page and "civitas/site.css" in page and "Back to the tables" in page
    assert "URLconf" not in page and "admin/" not in page


def test_the_500_page_is_the_sites_own_and_asks_nothing_of_the_database():
    # No django_db mark: any query would fail the test.
    response = defaults.server_error(RequestFactory().get("/anything/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in page and "civitas/site.css" in page and "Back to the tables" in page


def settings_seen(env_changes: dict, names: list[str]) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DJANGO_", "PYTEST_")) and key != "DATABASE_URL"}
    env.update(env_changes, DJANGO_SETTINGS_MODULE="config.settings")
    code = ("import json, django; from django.conf import settings; django.setup(); "
            f"print(json.dumps({{n: getattr(settings, n, None) for n in {names!r}}}, default=str))")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


SECURITY = ["DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
            "WHITENOISE_USE_FINDERS"]


def test_with_nothing_set_there_are_no_debug_pages_and_no_https_demands():
    result = settings_seen({}, SECURITY)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["DEBUG"] is False
    assert not seen["SESSION_COOKIE_SECURE"] and not seen["CSRF_COOKIE_SECURE"]
    assert not seen["SECURE_SSL_REDIRECT"] and not seen["SECURE_HSTS_SECONDS"]
    assert seen["WHITENOISE_USE_FINDERS"] is True  # static files without collectstatic


def test_debug_pages_come_only_with_django_debug_set_to_1():
    seen = json.loads(settings_seen({"DJANGO_DEBUG": "1"}, SECURITY).stdout)
    assert seen["DEBUG"] is True and not seen["SECURE_SSL_REDIRECT"]


def test_django_debug_0_still_turns_on_production_security_and_wants_a_real_key():
    refused = settings_seen({"DJANGO_DEBUG": "0"}, SECURITY)
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY must be set" in refused.stderr
    seen = json.loads(settings_seen({"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "p" * 60}, SECURITY).stdout)
    assert seen["DEBUG"] is False and seen["SESSION_COOKIE_SECURE"] and seen["SECURE_SSL_REDIRECT"]
    assert seen["SECURE_HSTS_SECONDS"] > 0 and seen["WHITENOISE_USE_FINDERS"] is False


def test_a_local_secret_key_is_made_once_kept_private_and_reused(tmp_path):
    path = tmp_path / ".local-secret-key"
    first = local_secret_key(path)
    assert len(first) >= 50 and path.read_text().strip() == first
    assert path.stat().st_mode & 0o077 == 0
    assert local_secret_key(path) == first


def test_the_local_secret_key_file_is_ignored_by_git():
    result = subprocess.run(["git", "check-ignore", "-q", ".local-secret-key"], cwd=ROOT)
    assert result.returncode == 0


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.django_db(transaction=True)
def test_the_readme_start_command_serves_the_sites_404_and_static_files():
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("DJANGO_") and key not in ("REDIS_URL", "PYTEST_XDIST_WORKER")}
    # The README's command with the test database in place of db.sqlite3: no DJANGO_DEBUG, no secret key.
    env.update(DATABASE_URL=database_url_for_subprocess(), PYTHONUNBUFFERED="1")
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    server = DaphneProcess(free_port(), env)
    try:
        server.wait_ready()
        status, page = fetch(server.url + MISSING)
        assert status == 404, page[:500]
        assert "Page not found" in page and "URLconf" not in page and "admin/" not in page
        status, css = fetch(server.url + "/static/civitas/site.css")
        assert status == 200 and "{" in css
    finally:
        server.stop()
