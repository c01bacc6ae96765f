"""States kept as JSON text (``json``) on PostgreSQL, not ``jsonb`` (``apps/matches/state_field.py``).

An UPDATE of an 18.9 kB Innovation state, 1,000 times against one backend, took 770-850 us of the server's CPU as
jsonb and 330-410 us as json; a 7 kB Stone Age state 240-400 against 160-190 us. Changing a column's type drops its
compression method, so the states are set to LZ4 again as 0009 set them.
"""

from importlib import import_module

from django.db import migrations

import apps.matches.state_field

compress = import_module("apps.matches.migrations.0009_states_compressed_with_lz4").compress


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0010_presence_changes"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="state",
            field=apps.matches.state_field.StateField(),
        ),
        migrations.AlterField(
            model_name="replaysnapshot",
            name="state",
            field=apps.matches.state_field.StateField(),
        ),
        migrations.RunPython(compress("lz4"), compress("pglz")),
    ]
