"""A finished game's table drawn from its regions is the table the whole template draws: what a board shows only
at the end (Stone Age's final totals on its score track) is among the entries its region is keyed by."""

import random

import pytest

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.live import frames, regions
from config.games import GAMES

SLUGS = [entry.slug for entry in GAMES if entry.app]

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_table_is_its_regions_joined(slug, django_user_model):
    rules = engine(slug)
    users = [django_user_model.objects.create(username=f"{slug[:8]}e{i}") for i in range(2)]
    match = do_start_match(slug, [SeatSpec(u.username, u) for u in users], seed=11)
    rnd = random.Random(f"end:{slug}")
    for _ in range(5000):
        active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
        if rules.outcome(match.state) is not None or not active:
            break
        mover = rnd.choice(active)
        match.state = rules.apply(match.state, mover, rnd.choice(rules.legal_moves(match.state, mover)))
        match.version += 1
    assert rules.outcome(match.state) is not None, "the random game ended"
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    for seat in (0, 1, None):
        context = frames.table_context(match, seat, names, log_names=frames.log_names(rows))
        assert regions.whole(regions.render(context)) == frames.render_table(context), seat
