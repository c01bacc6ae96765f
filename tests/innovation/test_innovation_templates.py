"""Innovation's templates: splays, icons, dogma taps and last-move marks on the board, the summary and the
rules page. ``sample_states`` are also the states tests/engines checks every board on (buttons, leaks)."""

import functools
import html
import random
import re

from test_innovation_helpers import dogma, give, on_top, table

from apps.innovation import layout, pages
from apps.innovation.cards import CARDS
from apps.innovation.engine import RULES
from apps.innovation.pictures import ICONS, TILES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("innovation", RULES, ["Ada", "Bea", "Cy", "Di"])


@functools.cache
def sample_states():
    states = [RULES.setup(2, 1), RULES.setup(4, 2)]
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    states.append(dogma(on_top(s, "Oars"), "Archery"))  # a demand decision for seat 1
    s = give(table(), 0, board=["Oars", "Archery", "Writing", "Tools", "Coal"])
    states.append(dogma(s, "Coal"))  # color choice on own piles
    s = give(table(), 0, board=["Fission", "Writing"])
    s = give(s, 1, board=["Oars"])
    states.append(dogma(on_top(s, "A.I."), "Fission"))  # top cards of both boards
    s = give(table(), 0, board=["Collaboration"])
    states.append(dogma(on_top(s, "Ecology", "Fission"), "Collaboration"))  # revealed cards
    s = give(table(), 0, board=["Rocketry", "Flight"])
    s = give(s, 1, score=["Oars", "Calendar"])
    states.append(dogma(s, "Rocketry"))  # abstract targets in the action strip
    rnd = random.Random(3)
    for players in (2, 3, 4):
        s = RULES.setup(players, players * 10)
        step = 0
        while RULES.outcome(s) is None:
            seat = RULES.active_seats(s)[0]
            s = RULES.apply(s, seat, rnd.choice(RULES.legal_moves(s, seat)))
            step += 1
            if step % 15 == 0:
                states.append(s)
        states.append(s)
    return states


def taps(page: str) -> list[str]:
    """What each tappable card says a tap does, without the action's picture."""
    return [re.sub(r"<svg .*?</svg>", "", tap) for tap in re.findall(r'<span class="in-tap">(.*?)</span>', page)]


def test_the_board_shows_splays_icon_totals_and_supply_sizes():
    s = give(table(), 0, hand=["Sailing"], board=["Oars", "Archery"], splay={"red": "left"})
    page = BOARDS.board(s, 0)
    assert "Splayed left: the 1 card below show" in page and "Sailing" in page
    assert 'aria-label="Visible icons: 3 Castle,' in page
    assert f'aria-label="Age 1: {len(s["decks"]["1"])} left"' in page
    other = BOARDS.board(s, 1)
    assert "Sailing" not in other and 'aria-label="Hand: 1 card, ages 1"' in other


def test_icons_are_game_icons_pictures_on_their_colour_tiles_named_once_per_board():
    s = give(table(), 0, hand=["Sailing"], board=["Oars", "Archery"], splay={"red": "left"})
    s = give(s, 1, board=["Writing", "Pottery"])
    page = BOARDS.board(s, 0)
    assert '<svg role="img" aria-label="Castle"><use href="#in-p-castle"/></svg>' in page
    for code in (">Ca", ">Cr", ">Le", ">Li", ">Fa", ">Cl"):
        assert code not in page, code
    # Each icon's picture is named once, in a board's own symbol on the game's colour for it; the many icons on the
    # cards point at it.
    for icon in ICONS:
        assert page.count(f"pictures.svg#pic-in-{icon}") == 1, icon
        assert re.search(rf'<symbol id="in-p-{icon}" [^>]+><rect [^>]+fill="{TILES[icon]}"/><use [^>]+'
                         rf'pictures.svg#pic-in-{icon}" [^>]+color="#fff"/></symbol>', page), icon
    drawn = re.findall(r'<use href="#in-p-(\w+)"/>', page)
    assert len(drawn) > 20 and set(drawn) == {*ICONS, "hex"}  # each seat's totals show all six
    assert "data:image/svg+xml" not in BOARDS.stylesheet(), "the hand-drawn glyphs are gone"
    summary = BOARDS.summary(sample_states()[-1])
    assert all(f'id="in-p-{icon}"' in summary for icon in set(re.findall(r'href="#in-p-(\w+)"', summary)))


def test_the_actions_and_the_piles_a_player_keeps_show_their_pictures():
    s = give(table(), 0, hand=["Sailing"], board=["Archery"], score=["Coal"])
    page = BOARDS.board(s, 0)
    actions = page[page.index('class="in-actions"'):page.index("</section>")]
    assert "pictures.svg#pic-in-draw" in actions
    tap = re.compile(r'<span class="in-tap"><svg class="pic" aria-hidden="true"><use href="[^"]+#pic-in-(\w+)"/>'
                     r"</svg>(\w+)")
    assert {("meld", "Meld"), ("dogma", "Dogma"), ("achieve", "Achieve")} <= set(tap.findall(page))
    for term, heading in (("score", "Your score pile"), ("achieve", "Achievements"), ("draw", "Supply")):
        assert re.search(rf'aria-hidden="true"><use href="[^"]+#pic-in-{term}"/></svg>{heading}', page), heading
    assert re.search(r'#pic-in-score"/></svg>Score</span>', BOARDS.board(s, 1)), "the other's score pile too"


def test_a_splay_shows_its_picture_under_the_fan_and_on_the_piles_a_splay_asks_for():
    s = give(table(), 0, board=["Oars", "Archery", "Metalworking"], splay={"red": "up"})
    fan = BOARDS.board(s, 1)
    fan = fan[fan.index('class="in-fan in-fan-up"'):]
    caption = fan[fan.index('class="in-depth"'):]
    assert caption.index("#pic-in-splay") < caption.index("3 cards &middot; splayed up</span>")
    s = give(table(), 0, board=["Oars", "Archery", "Writing", "Tools", "Coal"])
    page = BOARDS.board(dogma(s, "Coal"), 0)  # "You may splay a color right": the red pile is the choice
    pile = page[page.index('class="in-pile in-red is-choosable'):]
    assert pile.index("#pic-in-splay") < pile.index("</button>")


def test_a_splayed_pile_is_fanned_with_the_icons_its_covered_cards_show():
    s = give(table(), 0, board=["Oars", "Archery", "Metalworking"], splay={"red": "up"})
    page = BOARDS.board(s, 1)
    start = page.index('class="in-fan in-fan-up"')
    fan = page[start:page.index("\n", start)]
    assert fan.count('class="in-sliver"') == 2
    assert fan.count('<use href="#in-p-') == 6  # three icons of each of the two covered cards


def test_every_card_in_hand_and_on_top_shows_its_dogma_and_what_a_tap_does():
    s = give(table(), 0, hand=["Sailing"], board=["Archery"])
    s = give(s, 1, board=["Oars"])
    page = html.unescape(BOARDS.board(s, 0))
    for name in ("Sailing", "Archery", "Oars"):
        for _, text in CARDS[name][4]:
            text = text.replace(" [First-edition text: no repeat.]", "")  # the rules page's note on wordings
            assert text in page, (name, text)
    assert "First-edition" not in page
    assert "Meld" in taps(page) and "Dogma" in taps(page)
    # Archery (castle) demands; Bea has Oars' 2 castles, Ada has Archery's 2: an equal count does not obey.
    assert reach_lines(page) == ["Bea not affected castles: 2 vs your 2"]
    assert "<details" in page, "the opponent's top card opens to its dogma with one tap"


def reach_lines(page: str) -> list[str]:
    """Whom each dogma reaches, line by line as read (the icon's picture left out, its name kept)."""
    lines = re.findall(r'<span class="in-vs[^"]*">(.*?)</span>(?=<span class="in-vs|</span>)', page)
    return [" ".join(re.sub(r"<[^>]+>", "", line).split()) for line in lines]


def test_a_dogma_names_once_who_shares_and_who_must_obey_with_the_icon_counts():
    s = give(table(), 0, board=["Oars"])
    s = give(s, 1, board=["Writing"])
    page = html.unescape(BOARDS.board(s, 0))
    assert taps(page) == ["Dogma", "Read"]  # the top card, then the other player's
    assert reach_lines(page) == ["Bea must obey castles: 0 vs your 2"]
    s = give(table(), 0, board=["Clothing"])  # 2 leaves against Pottery's 3: Bea shares
    s = give(s, 1, board=["Pottery"])
    page = html.unescape(BOARDS.board(s, 0))
    assert reach_lines(page) == ["Bea shares leaves: 3 vs your 2", "If a share changes anything, you draw 1."]


def guide(page: str) -> list[str]:
    """The turn's other actions under the strip, line by line as read."""
    items = re.findall(r"<li(?: class=\"is-off\")?>(.*?)</li>", page[page.find('class="in-guide"'):])
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_a_turn_lists_the_other_actions_with_where_to_tap_or_why_not_now():
    s = give(table(), 0, hand=["Sailing"], board=["Archery"], score=["Oars"])
    page = html.unescape(BOARDS.board(s, 0))
    assert guide(page) == ["Meld a hand card onto its colour's pile",
                           "Dogma tap a top card to do what it says",
                           "Achieve age 1: needs 5 points (you have 1)"]
    assert 'class="in-guide"' not in BOARDS.board(s, 1), "only on one's own turn"
    # A lesson's step enables its one move: the others are possible but not now.
    draw_only = [e for e in BOARDS.legal_entries(s, 0) if e["move"]["type"] == "draw"]
    page = html.unescape(BOARDS.render("board.html", {
        "view": RULES.view(s, 0), "seat": 0, "legal": draw_only, "names": BOARDS.names[:2], "active": [0]}))
    assert guide(page) == ["Meld not now", "Dogma not now", "Achieve age 1: needs 5 points (you have 1)"]
    assert page.count('<li class="is-off">') == 3


def test_the_summary_names_the_winner_and_the_scores():
    state = sample_states()[-1]
    outcome = RULES.outcome(state)
    page = BOARDS.summary(state)
    winner = BOARDS.names[outcome["winners"][0]]
    assert winner in page and "Achievements" in page


def test_the_rules_page_lists_every_card_with_its_dogma_and_the_edition_choice():
    page = html.unescape(BOARDS.rules_page(pages.rules_context()))
    for name, data in CARDS.items():
        assert name in page
        for _, text in data[4]:
            assert text in page
    assert "Third edition" in page and "Monument" in page


def test_the_turn_prompt_does_not_repeat_the_sites_your_turn():
    # The match page already prints "Your turn: " before the game's prompt (apps/matches _table.html).
    prompt = RULES.view(table(), 0)["prompt"]
    assert not prompt.lower().startswith("your turn"), prompt
    assert prompt.startswith("2 actions left")


def test_the_board_marks_what_the_last_move_changed_and_nothing_else():
    s = give(table(), 0, hand=["Sailing"], board=["Archery"])
    s = RULES.apply(s, 0, {"type": "meld", "card": "Sailing"})
    page = BOARDS.board(s, 1)
    assert 'class="in-pile in-green is-changed"' in page
    assert 'class="in-pile in-red is-changed"' not in page
    assert page.count('<span class="in-badge in-badge-moved">last move</span>') == 1
    assert 'class="in-pack is-changed" role="img" aria-label="Hand: 0 cards' in page
    s = RULES.apply(s, 0, {"type": "draw"})
    page = BOARDS.board(s, 1)
    assert 'class="in-pile in-green is-changed"' not in page, "the older move is no longer marked"
    assert 'class="in-back in-deck is-changed" role="img" aria-label="Age 1:' in page


def last_turn(page: str) -> list[str]:
    """The lines of the box at the top of the board saying what the others did since one's last action, as read."""
    box = re.search(r'<div class="in-since"[^>]*>(.*?)</div>', page)
    return re.findall(r"<p>(.*?)</p>", box.group(1)) if box else []


def test_the_board_says_what_the_others_did_last_and_what_it_did_to_you():
    # Ada melds and draws; Bea's Archery then demands of Ada (no castle against Bea's two): the top of Ada's board
    # says so until Ada has acted again.
    s = give(table(), 0, hand=["Sailing"])
    s = give(s, 1, board=["Archery"])
    s = RULES.apply(s, 0, {"type": "meld", "card": "Sailing"})
    s = RULES.apply(s, 0, {"type": "draw"})
    assert last_turn(html.unescape(BOARDS.board(s, 0))) == [], "only one's own actions so far"
    s = RULES.apply(s, 1, {"type": "dogma", "card": "Archery"})
    while s["pending"] is not None:
        seat = s["pending"]["seat"]
        s = RULES.apply(s, seat, BOARDS.legal_entries(s, seat)[0]["move"])
    lines = last_turn(html.unescape(BOARDS.board(s, 0)))
    # whose turn it was, and what each action did, in one line (issue 39: "LAST TURN" confused a newcomer)
    assert lines == ["Bea's turn: dogma of Archery: you drew City States, you gave a 1 to Bea."], lines
    assert "{p" not in lines[0] and " their " not in lines[0], lines
    assert last_turn(html.unescape(BOARDS.board(s, 1))) == [
        "Ada's turn: melded Sailing onto their board; then drew a 1."], "Bea, mid-turn, still reads Ada's turn"
    assert 'class="in-since"' not in BOARDS.board(s, None), "an onlooker reads the log"
    s = RULES.apply(s, 1, {"type": "draw"})
    s = RULES.apply(s, 0, {"type": "draw"})
    assert last_turn(html.unescape(BOARDS.board(s, 0)))[0] == (
        "Bea's turn: dogma of Archery: you drew City States, you gave a 1 to Bea; then drew a 1."), \
        "still, mid-turn"


def test_the_last_turn_box_says_at_most_two_things_a_dogma_did_those_to_you_first_and_a_run_once():
    log = ["Archery: {p1} carried out the dogma of Archery.", "Archery: {p1} drew a 1.", "Archery: {p1} drew a 1.",
           "Archery: {p1} drew a 2.", "Archery: {p0} gave Oars to {p1}.", "Archery: {p0} scored a 3 (into their score"
           " pile).", "{p1} claimed the age 1 achievement."]
    view = {"log": log}
    assert layout.last_turns(view, 0, ["Ada", "Bea"]) == [
        "Bea's turn: dogma of Archery: you gave Oars to Bea, you scored a 3 and 2 more; then"
        " claimed the age 1 achievement."]
    assert layout.last_turns(view, 1, ["Ada", "Bea"]) == []
    assert layout.last_turns({"log": log[:4]}, 0, ["Ada", "Bea"]) == [
        "Bea's turn: dogma of Archery: Bea drew a 1 (2 times), Bea drew a 2."]


def test_the_table_says_how_the_game_is_won_in_the_rules_pages_words():
    """A newcomer review: the target (6 achievements with two players) was shown only by the lesson's last step."""
    rules_page = html.unescape(BOARDS.rules_page(pages.rules_context()))
    for players, needed in ((2, 6), (3, 5), (4, 4)):
        page = html.unescape(BOARDS.board(RULES.setup(players, players), 0))
        goal = re.search(r'<p class="in-goal"[^>]*><b>Goal:</b> (.*?)</p>', page)
        assert goal and f"the first to {needed} achievements wins at once" in goal.group(1), players
        assert f"{players} players: the first to {needed} achievements wins at once." in rules_page
        assert "the highest score wins" in rules_page
    over = next(s for s in sample_states() if RULES.outcome(s) is not None)
    assert 'class="in-goal"' not in BOARDS.board(over, 0)
