"""Only a superuser sanctions staff; nobody sanctions a superuser or themselves; every refusal is audited."""

import pytest
from django.contrib.auth.models import Group

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import MatchSeat
from apps.moderation import services
from apps.moderation.models import MODERATORS_GROUP, AuditEntry, Sanction

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(make_user):
    return make_user("root", is_staff=True, is_superuser=True)


@pytest.fixture
def other_moderator(make_user):
    user = make_user("otto", is_staff=True)
    user.groups.add(Group.objects.get(name=MODERATORS_GROUP))
    return user


@pytest.mark.parametrize("act", [
    lambda mod, user: services.ban(mod, user, "because"),
    lambda mod, user: services.mute(mod, user, 30, "because"),
], ids=["ban", "mute"])
def test_it_refuses_a_moderators_sanction_on_a_superuser_a_moderator_or_themselves(act, moderator, root,
                                                                                     other_moderator):
    for target in (root, other_moderator, moderator):
        with pytest.raises(ValueError):
            act(moderator, target)
        target.refresh_from_db()
        assert target.is_active
    assert not Sanction.objects.exists()
    refused = AuditEntry.objects.filter(moderator=moderator, action__startswith="refused").order_by("id")
    assert [entry.target_user for entry in refused] == [root, other_moderator, moderator]
    assert all("because" in entry.reason for entry in refused)


def test_a_superuser_sanctions_a_moderator_but_not_another_superuser_or_themselves(root, other_moderator,
                                                                                 make_user):
    services.ban(root, other_moderator, "abuse of power")
    other_moderator.refresh_from_db()
    assert not other_moderator.is_active
    second_root = make_user("root2", is_staff=True, is_superuser=True)
    for target in (second_root, root):
        with pytest.raises(ValueError):
            services.ban(root, target, "x")
    assert AuditEntry.objects.filter(action="refused ban").count() == 2


def test_it_refuses_lifting_ones_own_mute_and_seating_a_bot_for_staff(moderator, root, make_user):
    mute = services.mute(root, moderator, 30, "calm down")
    with pytest.raises(ValueError):
        services.lift(moderator, mute, "I am fine")
    mute.refresh_from_db()
    assert mute.is_active
    match = do_start_match("chronicle", [SeatSpec("mona", moderator), SeatSpec("root", root)], seed=7)
    for seat in MatchSeat.objects.filter(match=match):
        with pytest.raises(ValueError):
            services.replace_with_bot(moderator, seat, "away")
    assert not MatchSeat.objects.filter(match=match).exclude(bot="").exists()
    assert AuditEntry.objects.filter(action="refused seat bot").count() == 2


def test_the_admin_refuses_banning_a_superuser_with_a_clear_message_and_audits_it(client, moderator, root):
    client.force_login(moderator)
    response = client.post("/admin/accounts/user/", {"action": "ban", "_selected_action": [root.pk], "apply": "1",
                                                     "reason": "coup", "duration": "permanent"}, follow=True)
    root.refresh_from_db()
    assert root.is_active and not root.sanctions.exists()
    shown = [str(message) for message in response.context["messages"]]
    assert shown == ["root: Nobody can sanction a superuser."]
    entry = AuditEntry.objects.get(action="refused ban")
    assert (entry.moderator, entry.target_user) == (moderator, root)
