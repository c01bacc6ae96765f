"""The host's "allow spectators" choice, and private lobbies' matches already started made watchable by invitation
only (until now every match could be watched by anyone)."""

from django.db import migrations, models


def private_matches_by_invitation(apps, schema_editor):
    Lobby = apps.get_model("lobbies", "Lobby")
    Match = apps.get_model("matches", "Match")
    private = Lobby.objects.filter(is_public=False, match__isnull=False).values("match_id")
    Match.objects.filter(pk__in=private).update(watchers="invited")


class Migration(migrations.Migration):

    dependencies = [
        ('lobbies', '0001_initial'),
        ('matches', '0004_match_watchers_replaysnapshot'),
    ]

    operations = [
        migrations.AddField(
            model_name='lobby',
            name='allow_spectators',
            field=models.BooleanField(default=False, help_text="A private lobby's match may be watched by anyone with its address."),
        ),
        migrations.RunPython(private_matches_by_invitation, migrations.RunPython.noop),
    ]
