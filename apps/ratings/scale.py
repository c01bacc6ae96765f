"""The rating model and how a rating is shown: one OpenSkill model for every game, the conservative ordinal on a
friendly scale (a newcomer shows 1000), the number of games a rating stays provisional, and who counts as a
newcomer: beating one raises no rating, and the leaderboard waits for a player's first games."""

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # the library's default model and defaults (mu 25, sigma 25/3)

# Shown = SCALE * (mu - 3 sigma) + START: the library's ordinal with its alpha and target.
SCALE = 40
START = 1000
PROVISIONAL_GAMES = 10  # a rating is marked provisional until this many rated matches in its game
# A newcomer in a game: an account younger than NEWCOMER_HOURS, or with fewer than NEWCOMER_GAMES rated matches in it.
# Beating or tying with a newcomer raises nobody's rating (``services._rate``): throwaway accounts farm nothing.
NEWCOMER_HOURS = 24
NEWCOMER_GAMES = 5
LEADERBOARD_GAMES = NEWCOMER_GAMES  # rated matches in a game before its leaderboard lists a player


def shown_rating(mu: float, sigma: float) -> int:
    """The whole number pages show for a rating: conservative, so that it rises as the rating firms up."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=SCALE, target=START))


def is_provisional(played: int) -> bool:
    return played < PROVISIONAL_GAMES
