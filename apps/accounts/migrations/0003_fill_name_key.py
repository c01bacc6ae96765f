"""Existing users get the look-alike key of their name (new ones get it on every save)."""

from django.db import migrations

from apps.accounts.names import look_alike_key


def fill(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    batch = []
    for user in User.objects.only("pk", "username").iterator(chunk_size=2000):
        user.name_key = look_alike_key(user.username)
        batch.append(user)
        if len(batch) == 2000:
            User.objects.bulk_update(batch, ["name_key"])
            batch = []
    User.objects.bulk_update(batch, ["name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_sightings_and_name_key"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
