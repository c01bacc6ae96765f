"""Issue 40: pictures may grow a table's pushed frame by 20% at most. Each game's frame, measured as
bench/frame_size.py measures it (seed 7, random bots in both seats, seat 0's HTML frame every 4th move), against its
median before the boards had pictures (the bench's ``BEFORE_PICTURES``)."""

import statistics

import pytest

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.live.frames import frame_for
from apps.matches.models import Match
from bench.frame_size import BEFORE_PICTURES, GROWTH_LIMIT


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(BEFORE_PICTURES))
def test_a_frame_grew_by_a_fifth_at_most_with_its_pictures(game, settings):
    settings.BOT_DELAY = 3600  # the bots move when told, not by themselves
    match = do_start_match(game, [SeatSpec("Ann", bot="random"), SeatSpec("Bot", bot="random")], seed=7)
    sizes = []
    for step in range(121):
        if step % 4 == 0:
            sizes.append(len(frame_for(Match.objects.get(pk=match.pk), 0, "html").encode()))
        if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING or not do_bot_move(match.pk):
            break
    limit = BEFORE_PICTURES[game] * (1 + GROWTH_LIMIT)
    assert len(sizes) > 8 and statistics.median(sizes) <= limit, (statistics.median(sizes), limit, sizes)
