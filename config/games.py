"""The game registry: every game the site knows, in the order the home page lists them.

A built game names its Django app (which holds ``engine.RULES``); a game still
being built has ``app = None`` and is shown as coming. Adding a game is one line here.
"""

from typing import NamedTuple


class GameEntry(NamedTuple):
    slug: str
    title: str
    tagline: str
    app: str | None
    table_talk: bool = False  # chat is part of play (a co-operative game): its box says so (below the board, as all)
    rated: bool = True  # False: never rated (a co-operative game, where the table wins or loses as one)
    cooperative: bool = False  # the table wins or loses as one: a player who quits "leaves the band" (no ranks)


GAMES: list[GameEntry] = [
    GameEntry("chronicle", "Chronicle", "Grow a civilization and tell its story, one card at a time.",
              "apps.chronicle"),
    GameEntry("innovation", "Innovation", "Ten ages of ideas: meld, splay and dogma your way through history.",
              "apps.innovation"),
    GameEntry("live_on", "Live On", "A co-operative band of survivors gathers, explores and settles.",
              "apps.live_on", table_talk=True, rated=False, cooperative=True),
    GameEntry("stone_age", "Stone Age", "Hunt, gather, build huts and raise a civilization from the dust.",
              "apps.stone_age"),
    GameEntry("origins", "Origins", "Evolve, migrate across the continents and settle the world.", "apps.origins"),
]
