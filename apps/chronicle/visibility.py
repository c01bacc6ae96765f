"""What a seat (or a spectator) may see of a Chronicle state, and what it must not.

Everything on the table is public: civilization decks are taken openly (shown
sorted, never in deck order), drawn cards lie face up, every telling is read
aloud. Hidden from everyone: deck and pile order, undrawn cards, the story cards
not yet revealed, whom each player voted for until the vote ends, and the
generator state. What the last move changed (``changes``) is public too.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import flow
from .content import (
    ASPECTS,
    CHARACTER_BY_ID,
    CHARACTERS,
    FILL_BY_ID,
    FILLS,
    KINDS,
    STORIES,
    StoryCard,
)
from .explain import explain_pick_aspect, fills_rewarding, fills_with_aspect
from .payment import icons_of
from .state import ChronicleState
from .tie_break import ASPECTS as ASPECT_COUNT
from .tie_break import CIVILIZATION, FATE, break_tie, measure
from .wording import aspects_phrase

BLANK_SHOWN = "____"


# --- Card records for the view -----------------------------------------------

def character_record(card_id: str) -> dict:
    card = CHARACTER_BY_ID[card_id]
    return {"id": card.id, "name": card.name, "aspect": card.aspect, "icons": list(card.icons)}


def fill_record(card_id: str) -> dict:
    card = FILL_BY_ID[card_id]
    return {
        "id": card.id,
        "name": card.name,
        "kind": card.kind,
        "cost": [list(alt) for alt in card.cost],
        "reward": [list(alt) for alt in card.reward],
    }


def story_record(story: StoryCard) -> dict:
    return {
        "number": story.number,
        "title": story.title,
        "blank": story.blank,
        "before": story.before,
        "after": story.after,
    }


def sorted_characters(card_ids: list[str]) -> list[dict]:
    order = {aspect: i for i, aspect in enumerate(ASPECTS)}
    cards = sorted(card_ids, key=lambda c: (order[CHARACTER_BY_ID[c].aspect], CHARACTER_BY_ID[c].name))
    return [character_record(c) for c in cards]


def sorted_icons(icons: set[str]) -> list[str]:
    return [aspect for aspect in ASPECTS if aspect in icons]


# --- The view ------------------------------------------------------------------

def view(state: ChronicleState, seat: int | None) -> dict:
    return views(state, [seat])[0]


def views(state: ChronicleState, seats: Sequence[int | None]) -> list[dict]:
    """``view`` for each of ``seats``: only the prompt and one's own vote differ between viewers, so the rest is
    worked out once and shared."""
    phase = state["phase"]
    result = flow.outcome(state)
    active = flow.active_seats(state)
    turn = state["turn"] if phase in (flow.BUILD, flow.STORY) else None
    story = _story_view(state) if phase == flow.STORY else None
    revealed = flow.revealed_count(state)
    build = _build_view(state)
    piles = [{"aspect": a, "count": len(state["piles"][a]), "move": {"type": "pick_aspect", "aspect": a}}
             for a in ASPECTS]
    civilizations = [_civilization_view(state, s) for s in range(state["players"])]
    draw, reward = _draw_view(state), _reward_view(state)
    told = tellings(state, result)
    tie = _tie_break_view(state)
    log = list(state["log"])
    return [{
        "game": "chronicle",
        "phase": phase,
        "players": state["players"],
        "viewer": seat,
        "active": active,
        "turn": turn,
        "prompt": prompt(state, seat),
        "story": story,
        "stories_revealed": revealed,
        "stories_total": len(STORIES),
        "build": build,
        "piles": piles,
        "civilizations": civilizations,
        "draw": draw,
        "reward": reward,
        "tellings": told,
        "votes": _votes_view(state, seat),
        "tie_break": tie,
        "outcome": result,
        "log": log,
        "changed": state.get("changed"),
    } for seat in seats]


def _story_view(state: ChronicleState) -> dict:
    """The story card on the table, with the word the seat at turn has set in its blank (while it takes
    its reward), as its telling already shows."""
    record = story_record(STORIES[state["story"]])
    told = state["seats"][state["turn"]]["told"]
    filled = told[state["story"]] if len(told) > state["story"] else None
    record["fill"] = FILL_BY_ID[filled["card"]].name if filled else None
    record["fate"] = bool(filled and filled["fate"])
    return record


def _build_view(state: ChronicleState) -> dict | None:
    if state["phase"] != flow.BUILD:
        return None
    seat = state["turn"]
    choices = list(flow.build_choices(state))
    offers = []
    for aspect in choices:
        if state["piles"][aspect]:
            move = {"type": "pick_aspect", "aspect": aspect}
            within, alone = fills_with_aspect(aspect)
            offers.append({"aspect": aspect, "move": move, "mine": explain_pick_aspect(state, seat, move),
                           "theirs": explain_pick_aspect(state, seat, move, mine=False),
                           # the same facts as counts, for the line a glance reads (the sentence above says them)
                           "counts": {"left": len(state["piles"][aspect]), "alone": alone, "within": within,
                                      "fills": len(FILLS), "rewards": fills_rewarding(aspect)}})
    return {
        "seat": seat,
        "step": len(state["seats"][seat]["civ"]) + 1,
        "choices": choices,
        "offers": offers,  # what each choice open to the building seat does, said to it and to the others
    }


def _civilization_view(state: ChronicleState, seat: int) -> dict:
    player = state["seats"][seat]
    owned = list(player["civ"])
    draw = state["draw"]
    if draw is not None and state["turn"] == seat:
        owned += draw["civ"]
    return {
        "seat": seat,
        "cards": sorted_characters(owned),
        "size": len(owned),
        "icons": sorted_icons(icons_of(owned)),
        "fill_decks": {kind: len(player["fill"][kind]) for kind in KINDS},
        "discards": {kind: len(player["discard"][kind]) for kind in KINDS},
        "filled": len(player["told"]),
    }


def _draw_view(state: ChronicleState) -> dict | None:
    draw = state["draw"]
    if draw is None:
        return None
    choosable, fate = flow.choosable_fills(state)
    fills = []
    for card in draw["fill"]:
        record = fill_record(card)
        record["choosable"] = card in choosable
        record["move"] = {"type": "choose_fill", "card": card}
        fills.append(record)
    return {
        "seat": state["turn"],
        "kind": flow.current_story_kind(state),
        "fill": fills,
        "civ": [character_record(c) for c in draw["civ"]],
        "icons": sorted_icons(icons_of(draw["civ"])),
        "redraws": draw["redraws"],
        "fate": fate,
        "must_redraw": not choosable,
    }


def _reward_view(state: ChronicleState) -> dict | None:
    reward = state["reward"]
    if reward is None:
        return None
    options = []
    for i, alternative in enumerate(flow.reward_alternatives(state)):
        options.append({
            "option": i,
            "aspects": alternative,
            "available": flow.alternative_available(state, alternative),
            "label": aspects_phrase(alternative),
            "left": [len(state["piles"][aspect]) for aspect in alternative],
            "move": {"type": "take_reward", "option": i},
        })
    return {"seat": state["turn"], "card": fill_record(reward["card"]), "options": options}


def _votes_view(state: ChronicleState, seat: int | None) -> dict | None:
    if state["players"] < 2 or state["phase"] not in (flow.VOTE, flow.OVER):
        return None
    votes = state["votes"]
    over = state["phase"] == flow.OVER
    return {
        "cast": sum(vote is not None for vote in votes),
        "needed": len(votes),
        "voted": [vote is not None for vote in votes],
        "mine": votes[seat] if seat is not None and 0 <= seat < len(votes) else None,
        "by": list(votes) if over else None,
    }


def _tie_break_view(state: ChronicleState) -> dict | None:
    """While everyone votes: the counts the tie-break compares, by seat (open, the rules page says: nothing in them
    is secret), and, with two players, whose telling it makes the winner, since their votes always tie."""
    if state["players"] < 2 or state["phase"] != flow.VOTE:
        return None
    seats = range(state["players"])
    counts = [{"seat": s, "fate": -measure(state, s, FATE), "cards": measure(state, s, CIVILIZATION),
               "aspects": measure(state, s, ASPECT_COUNT)} for s in seats]
    two = state["players"] == 2
    winner, by = break_tie(state, list(seats)) if two else (None, None)
    return {"two": two, "counts": counts, "winner": winner, "by": by}


def tellings(state: ChronicleState, result: dict | None = None) -> list[dict]:
    """For each seat, the revealed story cards with that seat's fill words set in."""
    revealed = flow.revealed_count(state)
    winners = result["winners"] if result else []
    out = []
    for seat, player in enumerate(state["seats"]):
        pages = []
        texts = []
        for index in range(revealed):
            story = STORIES[index]
            told = player["told"][index] if index < len(player["told"]) else None
            fill = FILL_BY_ID[told["card"]].name if told else None
            pages.append({
                "number": story.number,
                "title": story.title,
                "blank": story.blank,
                "before": story.before,
                "fill": fill,
                "after": story.after,
                "fate": bool(told and told["fate"]),
            })
            texts.append(story.before + (fill or BLANK_SHOWN) + story.after)
        out.append({
            "seat": seat,
            "pages": pages,
            "filled": len(player["told"]),
            "text": "\n\n".join(texts),
            "votes": result["scores"][seat] if result and state["players"] > 1 else None,
            "winner": seat in winners and state["players"] > 1,
            "move": {"type": "vote", "for": seat},
        })
    return out


# --- The prompt ----------------------------------------------------------------

def prompt(state: ChronicleState, seat: int | None) -> str:
    """What the viewer is asked to do, or what the table waits for; the words are ``wording``'s."""
    return flow.prompt(state, mine=seat is not None and seat in flow.active_seats(state))


# --- Secrets ---------------------------------------------------------------------

def story_secrets(story: StoryCard) -> list[str]:
    """The strings that would show an unrevealed story card: its title and its text."""
    return [story.title] + [part.strip() for part in (story.before, story.after) if len(part.strip()) >= 12]


def hidden_from(state: ChronicleState, seat: int | None) -> set[str]:
    """Nothing is private to one seat in Chronicle, so every viewer is kept from the same things."""
    hidden = {str(state["rng"])}
    for story in STORIES[flow.revealed_count(state):]:
        hidden.update(story_secrets(story))
    seen = set(state["seen"])
    hidden.update(card.name for card in CHARACTERS if card.id not in seen)
    hidden.update(card.name for card in FILLS if card.id not in seen)
    return hidden


def unseen(state: ChronicleState, seat: int | None) -> frozenset[str]:
    """What this viewer cannot see now, by identity (``Rules.unseen``): the cards of the character piles and of
    every fill deck and discard pile (only counted on the table), the story cards not yet revealed, and, while
    the vote runs, how each other player voted."""
    hidden = {card for pile in state["piles"].values() for card in pile}
    for player in state["seats"]:
        for kind in KINDS:
            hidden.update(player["fill"][kind])
            hidden.update(player["discard"][kind])
    hidden.update(f"story:{index}" for index in range(flow.revealed_count(state), len(STORIES)))
    if state["phase"] == flow.VOTE:
        hidden.update(f"vote:{voter}:{vote}" for voter, vote in enumerate(state["votes"])
                      if vote is not None and voter != seat)
    return frozenset(hidden)
