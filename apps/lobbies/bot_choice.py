"""The host's choice of a bot for an empty seat: the game's recommended bot first, the random bot last, each with a
one-line description of how it plays (a newcomer who took the first offer, a random bot, lost a co-operative game
with it). The kinds and their labels come from ``apps.matches.domain.bots.bot_kinds``; the words are the lobby's."""

from apps.matches.domain.bots import RANDOM, bot_kinds
from apps.ratings.services import game_is_rated

RECOMMENDED = "heuristic"  # quick and sensible; a strong bot thinks for a second a move and is rationed

ABOUT = {
    "heuristic": "Plays sensibly by rules of thumb and moves at once: a good first opponent.",
    "strong": "Looks ahead before each move (up to a second): a hard opponent for practised players.",
    RANDOM: "Picks any legal move at random: it does not try to win.",
}
# A co-operative game's bots sit on the players' side: what matters is how well they help.
ABOUT_CO_OPERATIVE = {
    "heuristic": "Plays with you for the table: the partner to learn the game with.",
    RANDOM: "Picks any legal move at random: the table will most likely lose with it.",
}


def bot_choices(game: str) -> list[dict]:
    """[{"kind", "label", "about", "recommended"}] for ``game``: the recommended bot, the other thinking bots,
    then the random one."""
    kinds = bot_kinds(game)
    thinking = [kind for kind in kinds if kind != RANDOM]
    best = RECOMMENDED if RECOMMENDED in thinking else (thinking[0] if thinking else RANDOM)
    order = [best, *(kind for kind in thinking if kind != best), *([RANDOM] if RANDOM in kinds and best != RANDOM
                                                                    else [])]
    words = ABOUT if game_is_rated(game) else {**ABOUT, **ABOUT_CO_OPERATIVE}
    return [{"kind": kind, "label": kinds[kind], "about": words.get(kind, "Plays by this game's own bot rules."),
             "recommended": kind == best}
            for kind in order]
