"""Data for Stone Age's pages outside a match: ``rules_context()`` feeds stone_age/rules.html."""

from __future__ import annotations

from .content import (
    BUILDINGS,
    CARDS,
    CULTURE_LABELS,
    CULTURES,
    DICE_FOR_ALL_FACES,
    GATHER_PLACES,
    MAX_PEOPLE,
    PROFESSION_ELEMENT,
    PROFESSION_LABELS,
    PROFESSIONS,
    RESOURCE_PLAYERS_LIMIT,
    RESOURCE_VALUE,
    RESOURCES,
    START_FOOD,
    START_PEOPLE,
    START_SUPPLY,
    TOOL_TILES_12,
    TOOL_TILES_34,
    VILLAGE_LIMIT,
)
from .visibility import building_record, card_record
from .wording import face_reward

# Every point where the sources disagree or say nothing, and what this site does.
CHOICES: tuple[tuple[str, str], ...] = (
    ("Resource and food supply",
     "Resources and food are not limited (rulespal text: \"Resources are not limited. If need be, use "
     "replacement pieces.\"). The supply counts 28 wood, 18 clay, 12 stone, 10 gold (the 68-piece edition) "
     "are only the starting stock; food is kept as a number, so the food tile denominations do not matter."),
    ("Tool tiles",
     f"The {TOOL_TILES_12} value 1/2 tiles and {TOOL_TILES_34} value 3/4 tiles are limited. A new tool "
     "always improves the lowest tile (a value-1 tile first, among equal tiles an unused one); when the "
     "tile it needs is not left, the tool gives nothing."),
    ("Gains at their maximum",
     f"The Hut with {MAX_PEOPLE} people, the Field (and every +1 agriculture) at agriculture 10, a tool when "
     "the tools are 4, 4, 4, and a die of 5 or 6 in such a case give nothing. The places may still be used."),
    ("Two resources of your choice",
     "The card may be used whenever its owner has a decision to make in the action phase (before using a "
     "place, while paying for a card or building) or while feeding. An unused card is not cashed at the end: "
     "only its lower section counts."),
    ("Single-use tool 2 (card No. 24)", "Its lower section has 2 toolmakers (four sources; one says 1)."),
    ("Card No. 8 (Art)", "It rolls 2 dice for gold (one source makes it a dice-for-all card; the card "
     "counts of the others have 10 dice-for-all cards and 3 roll-for-resource cards)."),
    ("Tools and the card dice",
     "Tools (tiles and single-use cards) may be added to the 2-dice roll of the roll-for-resource cards, "
     "never to the dice of \"all players take a reward\" (one French card text forbids the former)."),
    ("Adding people later", "A player never places people on a place where they already stand this round, "
     "the Hunting grounds included (the original rules; adding later is a house rule)."),
    ("Buildings of 1 to 7 resources", "Any mix of kinds is allowed (two implementations require one kind)."),
    ("Start player", "The first seat is the start player of round 1; the start player passes clockwise."),
    ("Feeding order", "Tribes are fed one after another from the start player. A player short of food first "
     "gives up all their food, then either pays every missing food with resources (1 resource each) or "
     "loses 10 points; resources put towards it are given back when they take the penalty instead."),
    ("Paying", "A player who cannot pay for a card or building at all (and holds no two-resources card) "
     "takes the person back at once. Cards and buildings can always be declined."),
    ("All players take a reward", "When all the dice left show the same face the die is taken for the "
     "player whose choice it is (there is nothing to choose)."),
    ("Taken cards are face down", "A civilization card taken from its space was face up there, so the log "
     "names it; on the player's board it lies face down: only its owner may look at it, and the other "
     "players and the spectators see only how many cards each player holds (\"Bought cards are kept face "
     "down on the player board; owner may look at them\"). The single-use cards (tools, two resources) "
     "lie face up beside the board until used (\"Place this card next to your player board ... then flip "
     "this card facedown\"). When the game ends every card is turned face up, since final scoring counts "
     "them."),
    ("The extra card", "It is taken from the top of the deck face down (nothing if the deck is empty); "
     "only its owner sees which card it is until the game ends, when it is turned face up with the "
     "others for final scoring."),
    ("End of the game",
     "If the deck cannot fill the four card spaces at the start of a round, the game ends before that "
     "round; when a building stack is emptied, the round is played to its end, feeding included."),
    ("Tie-break", "Highest total of agriculture, tool value and people; if that ties too, the tied players "
     "share the win."),
)


def rules_context() -> dict:
    """Everything rules.html shows: the places, the cards, the buildings and the choices."""
    return {
        "start_people": START_PEOPLE,
        "max_people": MAX_PEOPLE,
        "start_food": START_FOOD,
        "supply": [{"resource": r, "count": START_SUPPLY[r], "value": RESOURCE_VALUE[r]} for r in RESOURCES],
        "gather": [{"label": p.label, "yields": p.yields, "divisor": p.divisor,
                    "capacity": p.capacity or "no limit"} for p in GATHER_PLACES],
        "limits": [{"players": n, "village": VILLAGE_LIMIT[n], "resource_players": RESOURCE_PLAYERS_LIMIT[n]}
                   for n in (2, 3, 4)],
        "faces": [{"face": f, "reward": face_reward(f)} for f in DICE_FOR_ALL_FACES],
        "cultures": [CULTURE_LABELS[c] for c in CULTURES],
        "professions": [{"label": PROFESSION_LABELS[p], "element": PROFESSION_ELEMENT[p]} for p in PROFESSIONS],
        "cards": [card_record(c.id) for c in CARDS],
        "buildings": [building_record(b.id) for b in BUILDINGS],
        "choices": [{"topic": t, "text": x} for t, x in CHOICES],
        "squares": [{"n": n, "points": n * n} for n in range(1, 9)],
    }
