"""The reminders' queue in the production shape: a worker takes a reminder and is killed before sending it; the
stalled job is run again by another worker and the reminder is sent exactly once. Real worker processes
(``manage.py procrastinate worker``) against PostgreSQL; emails are counted as files (Django's file backend)."""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import connection
from django.utils import timezone

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match
from apps.notices import services
from apps.notices.models import EmailAddress, Reminder
from tests.conftest import ROOT, require


def start_worker(tmp_path: Path, name: str, pause: float) -> subprocess.Popen:
    db = connection.settings_dict
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CIVITAS_REMINDER_PAUSE": str(pause),
           "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
           "DJANGO_EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
           "EMAIL_FILE_PATH": str(tmp_path / "mail")}
    log = open(tmp_path / f"{name}.log", "w")
    return subprocess.Popen([sys.executable, "manage.py", "procrastinate", "worker", "--queues", "reminders",
                             "--name", name], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def job_status(reminder_id: int) -> str | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT status FROM procrastinate_jobs WHERE task_name LIKE %s AND args->>'reminder_id' = %s",
                       ["%send_reminder", str(reminder_id)])
        row = cursor.fetchone()
    return row[0] if row else None


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.2)


def sent_emails(tmp_path: Path) -> list[str]:
    folder = tmp_path / "mail"
    return [path.read_text() for path in folder.glob("*.log")] if folder.exists() else []


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_after_taking_a_reminder_loses_it_not_and_it_is_sent_once(alice, bob, tmp_path):
    if not settings.TASK_QUEUE:
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "the task queue needs PostgreSQL (DATABASE_URL)")
    from apps.notices import tasks  # noqa: PLC0415 -- only with the queue

    EmailAddress.objects.create(user=alice, email="alice@example.org", confirmed_at=timezone.now())
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=8,
                           pace=Match.Pace.OWN_PACE)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    (reminder,) = services.sweep(lambda reminder_id: tasks.send_reminder.defer(reminder_id=reminder_id))
    assert job_status(reminder.pk) == "todo"

    first = start_worker(tmp_path, "first", pause=120)
    try:
        wait_until(lambda: job_status(reminder.pk) == "doing", 60, "the first worker took the reminder")
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        first.kill()
    assert sent_emails(tmp_path) == [] and Reminder.objects.get(pk=reminder.pk).sent_at is None
    time.sleep(1.5)  # the dead worker's last heartbeat is over a second old
    assert async_to_sync(tasks.retry_stalled_jobs)(1) == 1  # as the worker's own periodic job does
    assert job_status(reminder.pk) == "todo"

    second = start_worker(tmp_path, "second", pause=0)
    try:
        wait_until(lambda: job_status(reminder.pk) == "succeeded", 60, "the second worker sent it")
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=20)
    emails = sent_emails(tmp_path)
    assert len(emails) == 1 and f"Your move in Chronicle #{match.pk} with bob" in emails[0]
    assert Reminder.objects.get(pk=reminder.pk).sent_at is not None
    assert async_to_sync(tasks.retry_stalled_jobs)(1) == 0
