"""The rating model and how a rating is shown: one OpenSkill model for every game, the conservative ordinal on a
friendly scale (a newcomer shows 1000), and the number of games a rating stays provisional."""

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # the library's default model and defaults (mu 25, sigma 25/3)

# Shown = SCALE * (mu - 3 sigma) + START: the library's ordinal with its alpha and target.
SCALE = 40
START = 1000
PROVISIONAL_GAMES = 10  # a rating is marked provisional until this many rated matches in its game


def shown_rating(mu: float, sigma: float) -> int:
    """The whole number pages show for a rating: conservative, so that it rises as the rating firms up."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=SCALE, target=START))


def is_provisional(played: int) -> bool:
    return played < PROVISIONAL_GAMES
