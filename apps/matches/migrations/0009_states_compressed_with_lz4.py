"""States compressed with LZ4 instead of PostgreSQL's default pglz, where the server has it.

A move rewrites the match's whole state (10–18 kB of JSON), which PostgreSQL compresses as it stores it. An UPDATE
of a Chronicle state, timed 400 times against one backend's CPU, took 0.44–0.47 ms of the server's CPU with pglz and
0.28–0.31 ms with LZ4. Rows keep the method they were written with until rewritten; other databases are untouched.
"""

from django.db import migrations

COLUMNS = [("matches_match", "state"), ("matches_replaysnapshot", "state")]


def compress(method: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for table, column in COLUMNS:
            # A server built without LZ4 refuses the method (feature_not_supported): it keeps pglz.
            schema_editor.execute(
                f"DO $$ BEGIN ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}; "
                f"EXCEPTION WHEN feature_not_supported THEN NULL; END $$")
    return run


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0008_undo"),
    ]

    operations = [migrations.RunPython(compress("lz4"), compress("pglz"))]
