"""The Moderators group: staff in it can moderate and read what they need; only superusers manage its members."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

MODERATOR_PERMISSIONS = [
    ("moderation", "moderate"),
    ("moderation", "view_report"), ("moderation", "change_report"),
    ("moderation", "view_sanction"), ("moderation", "view_auditentry"),
    ("accounts", "view_user"),
    ("matches", "view_match"), ("matches", "view_matchseat"), ("matches", "view_chatmessage"),
    ("matches", "view_movelog"),
    ("lobbies", "view_lobby"),
]


def create_group(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Moderators")
    for app_label, codename in MODERATOR_PERMISSIONS:
        group.permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Moderators").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("accounts", "0001_initial"),
        ("matches", "0001_initial"),
        ("lobbies", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
