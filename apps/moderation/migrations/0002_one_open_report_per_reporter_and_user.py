"""One open report per reporter and reported player. Open duplicates made before this (the oldest stays open)
are dismissed first, each with an audit entry, so the constraint can be added."""

from django.db import migrations, models


def dismiss_duplicate_open_reports(apps, schema_editor):
    Report = apps.get_model("moderation", "Report")
    AuditEntry = apps.get_model("moderation", "AuditEntry")
    kept = set()
    for report in Report.objects.filter(status="open").order_by("created_at", "pk"):
        pair = (report.reporter_id, report.reported_user_id)
        if pair not in kept:
            kept.add(pair)
            continue
        report.status = "dismissed"
        report.save(update_fields=["status"])
        AuditEntry.objects.create(moderator=None, action="report dismissed", target_user_id=report.reported_user_id,
                                  target=f"report {report.pk}",
                                  reason="A duplicate of an open report by the same player (migration 0002).")


class Migration(migrations.Migration):

    dependencies = [
        ('moderation', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(dismiss_duplicate_open_reports, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='report',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'open')), fields=('reporter', 'reported_user'), name='moderation_one_open_report_per_reporter_and_user'),
        ),
    ]
