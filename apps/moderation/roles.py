"""The Moderators group and what its members may do; kept in step after every migrate (and test flush)."""

from django.contrib.auth.models import Group, Permission

from apps.moderation.models import MODERATORS_GROUP

MODERATOR_PERMISSIONS = [
    ("moderation", "moderate"),
    ("moderation", "view_report"), ("moderation", "change_report"),
    ("moderation", "view_sanction"), ("moderation", "view_auditentry"),
    ("accounts", "view_user"),
    ("matches", "view_match"), ("matches", "view_matchseat"), ("matches", "view_chatmessage"),
    ("matches", "view_movelog"),
    ("lobbies", "view_lobby"),
]


def ensure_moderators_group(**kwargs) -> Group:
    group, _ = Group.objects.get_or_create(name=MODERATORS_GROUP)
    wanted = [Permission.objects.filter(content_type__app_label=app, codename=codename).first()
              for app, codename in MODERATOR_PERMISSIONS]
    group.permissions.set([perm for perm in wanted if perm is not None])
    return group
