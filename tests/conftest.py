"""Shared personas and helpers: alice (host), bob (friend), carol (watcher), and a live Daphne server."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.conf import settings as django_settings
from django.contrib.auth.models import Group
from django.core.cache import caches
from django.db import connection, connections
from django.test import Client
from playwright.sync_api import sync_playwright

from apps.matches.domain import loop_db, match_cache
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.live import bot_driver as bots
from apps.matches.live import bot_lease, loop_redis
from apps.moderation.models import MODERATORS_GROUP
from tests.worker_isolation import free_port

ROOT = Path(__file__).resolve().parent.parent


def require(flag: str, reason: str) -> None:
    """Skip locally when the infrastructure is missing; fail in CI, where the flag says it must run."""
    if os.environ.get(flag) == "1":
        pytest.fail(f"{reason} (required by {flag}=1)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """On PostgreSQL, the throwaway test database need not wait for each commit to reach the disk."""
    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f'ALTER DATABASE "{connection.settings_dict["NAME"]}" SET synchronous_commit TO off')
            connection.close()


@pytest.fixture(autouse=True)
def quick_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["tests.hashers.QuickPBKDF2PasswordHasher", *django_settings.PASSWORD_HASHERS]


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each test gets its own layer: the Redis layer binds its locks to the event loop that first used it."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def loop_connections_closed():
    """Each test's event loop has its own database connections for moves: closed with it, so none is left open
    when the test database is dropped."""
    yield
    loop_db.close_all()
    loop_redis.close_all()
    bot_lease.forget_all()


@pytest.fixture(autouse=True)
def nothing_kept_of_other_tests_matches():
    """Match ids repeat between tests: what a process keeps of the matches it moved (``match_cache``) starts empty."""
    match_cache.clear()
    yield
    match_cache.clear()


@pytest.fixture
async def close_worker_connections():
    """For socket tests: database_sync_to_async runs in one worker thread; once the test is over, the bot moves it
    woke finish and that thread's connection is closed, so the test database can be dropped."""
    yield
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    await database_sync_to_async(connections.close_all)()


@pytest.fixture(autouse=True)
def no_presence_heartbeat(settings):
    """In this process a heartbeat or bot sweep task would outlive each test's event loop; tests call
    ``liveness.beat``, ``bots.sweep``, ``bots.deadline_sweep`` and ``flag_watch.watch``."""
    settings.PRESENCE_HEARTBEAT = 0
    settings.BOT_SWEEP_SECONDS = 0
    settings.DEADLINE_SWEEP_SECONDS = 0
    settings.FLAG_WATCH_SECONDS = 0


@pytest.fixture(autouse=True)
def fresh_throttles():
    """Throttle and lockout counters (in the cache) start at zero for each test: user ids repeat between tests."""
    # The backend itself: ``django.core.cache.cache`` is a proxy, whose class is never RedisCache.
    clear_throttles(caches["default"])
    yield
    clear_throttles(caches["default"])


def clear_throttles(cache) -> None:
    if cache.__class__.__name__ == "RedisCache":
        # Only this run's keys: the Redis database may be shared with other runs under other prefixes.
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{cache.key_prefix}:*"))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()


@pytest.fixture
def make_user(django_user_model):
    def make(name: str, password: str = "a-long-secret-9", **extra):
        return django_user_model.objects.create_user(username=name, password=password, **extra)
    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


def database_url_for_subprocess() -> str:
    """The URL of the database this test run uses (the test database), for child processes."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


class DaphneProcess:
    def __init__(self, port: int, env: dict):
        self.port = port
        self.log = open(ROOT / "test-artifacts" / f"daphne-{port}.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{port}"

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne on {self.port} exited; see {self.log.name}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne on {self.port} did not start")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


@pytest.fixture
def daphne_servers(transactional_db):
    """Start N Daphne processes on the test database (and Redis, if set); stopped after the test."""
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    started: list[DaphneProcess] = []

    def start(count: int = 1, bot_delay: float = 0.0) -> list[DaphneProcess]:
        env = {**os.environ, "DATABASE_URL": database_url_for_subprocess(), "CIVITAS_BOT_DELAY": str(bot_delay),
               "DJANGO_DEBUG": "1", "PYTHONUNBUFFERED": "1",
               # test clients answer at machine speed; the flood limit itself is tested in-process
               "CIVITAS_MATCH_FRAME_RATE": os.environ.get("CIVITAS_MATCH_FRAME_RATE", "1000,1000"),
               "CIVITAS_SEAT_STEP_RATE": os.environ.get("CIVITAS_SEAT_STEP_RATE", "0,1")}
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        procs = [DaphneProcess(free_port(), env) for _ in range(count)]
        started.extend(procs)
        for proc in procs:
            proc.wait_ready()
        return procs

    yield start
    for proc in started:
        proc.stop()


@pytest.fixture
def duel(alice, bob):
    """A running Chronicle match: alice in seat 0, bob in seat 1."""
    return do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261122)


@pytest.fixture
def moderator(make_user):
    """Staff in the Moderators group (kept in step by a post_migrate handler)."""
    user = make_user("mona", is_staff=True)
    user.groups.add(Group.objects.get(name=MODERATORS_GROUP))
    return user


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


@pytest.fixture
def browser(monkeypatch):
    """Headless Debian Chromium through Playwright; never a browser download."""
    if not Path(CHROMIUM).exists():
        require("CIVITAS_REQUIRE_BROWSER", f"Chromium is not installed at {CHROMIUM}")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
