"""The reminders' jobs on the durable task queue (procrastinate, in PostgreSQL), run by the worker process:

    .venv/bin/python manage.py procrastinate worker

Every minute the worker sweeps for reminders due (``services.sweep``: each recorded with its sending job in one
transaction) and sends them (``send_reminder``); and every minute it runs again the jobs of a worker that stopped
sending heartbeats (killed, or its machine gone), so a reminder a dead worker had taken is still sent, once.
Only with PostgreSQL (``settings.TASK_QUEUE``); nothing imports this module otherwise.
"""

from __future__ import annotations

import os

from django.conf import settings
from procrastinate import RetryStrategy
from procrastinate.contrib.django import app

from apps.notices import mail, services

QUEUE = "reminders"


@app.periodic(cron="* * * * *", periodic_id="reminders")
@app.task(queue=QUEUE, queueing_lock="sweep_reminders")
def sweep_reminders(timestamp: int) -> int:
    return len(services.sweep(lambda reminder_id: send_reminder.defer(reminder_id=reminder_id)))


@app.task(queue=QUEUE, retry=RetryStrategy(max_attempts=10, wait=60))
def send_reminder(reminder_id: int) -> str:
    # CIVITAS_REMINDER_PAUSE: seconds to hold a taken reminder before sending it (only the tests set it, to kill a
    # worker at that moment).
    pause = float(os.environ.get("CIVITAS_REMINDER_PAUSE", "0"))
    return services.send_reminder(reminder_id, mail.send_reminder_email, pause=pause)


@app.task(queue=QUEUE)
def send_confirmation(address_id: int) -> None:
    from apps.notices.models import EmailAddress  # noqa: PLC0415 -- a model, once the app is ready

    address = EmailAddress.objects.filter(pk=address_id, confirmed_at__isnull=True).first()
    if address is not None:
        mail.send_confirmation_email(address)


@app.periodic(cron="* * * * *", periodic_id="stalled")
@app.task(queue=QUEUE, queueing_lock="retry_stalled", pass_context=True)
async def retry_stalled(context, timestamp: int) -> int:
    return await retry_stalled_jobs(settings.STALLED_WORKER_SECONDS)


async def retry_stalled_jobs(seconds: float) -> int:
    """Queue again the jobs of every worker silent for ``seconds`` (procrastinate's heartbeats)."""
    stalled = list(await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=seconds))
    for job in stalled:
        await app.job_manager.retry_job(job)
    return len(stalled)
