"""Every Origins choice says what it will do before it is chosen (issue 39): an evolution names the new pawn, how it
differs from the picked one (which stays) and where it may settle; a pawn move names its reward, the strait token and
the objective it wins and the rival pawns that could swap it back; a card says what it does now."""

from origins_helpers import play, scenario

from apps.origins.engine import RULES

SELECT0 = {"type": "select", "pawn": 0}


def explained(state, move, seat=0):
    return RULES.explain_move(state, seat, move)


def test_evolve_buttons_say_a_new_pawn_comes_from_the_picked_one_and_how_it_differs():
    state = play(scenario(pawns=[(0, "white-1-1", "congo")]), SELECT0)
    labels = {m["form"]: RULES.describe_move(state, 0, m) for m in RULES.legal_moves(state, 0) if m["type"] == "evolve"}
    assert labels["white-1-1"] == "Evolve a new pawn: white 1x1 (a copy of the picked one)"
    assert labels["brown-1-1"] == "Evolve a new pawn: brown 1x1 (brown instead of white)"
    assert labels["white-2-1"] == "Evolve a new pawn: white 2x1 (1 taller: moves 2)"
    assert labels["white-1-2"] == "Evolve a new pawn: white 1x2 (1 wider: strength 2)"
    why = explained(state, {"type": "evolve", "form": "white-2-1"})
    assert why.startswith("A new white 2x1 pawn of yours (moves 2 spaces, strength 1): 1 step taller (moves 2 spaces "
                          "instead of 1); the picked white 1x1 stays.")
    assert "tap where it settles next to Congo Basin: Sahara, Sahel, Rift Valley or Kalahari" in why


def test_picking_a_rivals_pawn_says_it_only_serves_to_evolve_and_stays_theirs():
    state = scenario(pawns=[(1, "black-1-1", "sahel"), (0, "white-1-1", "kalahari")])
    why = explained(state, SELECT0)
    assert why.startswith("{p1}'s black 1x1 on Sahel stays theirs: you evolve a new pawn of yours from it (5 kinds) "
                          "onto Sahara or Congo Basin.")


def test_a_migration_says_its_reward_and_who_could_swap_it_back():
    state = play(scenario(pawns=[(0, "white-1-1", "cradle"), (1, "white-1-2", "sahara")]), SELECT0)
    why = explained(state, {"type": "migrate", "to": "congo"})
    assert why == ("Your white 1x1 moves from the Cradle to Congo Basin (1 space). Reward (green): its hunting token, "
                   "2 VP. Risk: {p1}'s white 1x2 on Sahara could swap it back to the Cradle.")
    safe = explained(state, {"type": "migrate", "to": "highlands"})
    assert safe.endswith("Reward (purple): a purple tile (1 you may claim) and a purple card, or draw 3 purple cards "
                         "and return 2. Safe: no rival pawn in reach can swap it.")


def test_a_migration_names_the_strait_token_and_the_objective_it_wins():
    state = play(scenario(pawns=[(0, "white-1-1", "outback"), (0, "white-1-1", "tasmania")]), SELECT0)
    why = explained(state, {"type": "migrate", "to": "murray"})
    assert "Wins the Bass Strait token (1 VP) from the supply." in why
    green = explained(play(scenario(pawns=[(0, "white-2-1", "murray"), (0, "white-1-1", "boreal")],
                                    hands={0: ["o_green"]}), SELECT0), {"type": "migrate", "to": "aotearoa"})
    assert "Your objective Forest Dwellers can then be completed." in green


def test_a_swap_onto_green_says_there_is_no_hunting_token_and_who_goes_back():
    state = play(scenario(pawns=[(0, "white-1-2", "sahel"), (1, "white-1-1", "congo")]), SELECT0)
    why = explained(state, {"type": "swap", "to": "congo"})
    assert "{p1}'s white 1x1 there goes back to the Cradle" in why
    assert "Reward (green): none (a swap onto green finds no hunting token)." in why


def test_a_night_raid_gives_the_exact_chance_of_each_colour_from_the_public_hand_counts():
    state = scenario(pawns=[(0, "white-1-1", "sahel")], hands={0: ["raid"], 1: ["spark", "o_green", "o_brown"]})
    state = play(state, {"type": "play", "card": "raid"})
    why = explained(state, {"type": "choose", "option": "seat-1"})
    assert "Take 1 of {p1}'s 3 cards at random (chances: yellow 1 in 3, purple 2 in 3)" in why
    assert "Spark" not in why and "Forest" not in why  # the other hand's cards stay unnamed


def test_a_card_says_what_it_does_now():
    state = scenario(pawns=[(0, "white-1-1", "sahel")], hands={0: ["camp", "canoes", "o_africa"]},
                     tiles={0: ["yellow-1"]})
    assert explained(state, {"type": "play", "card": "camp"}).startswith(
        "Action card, used up: you get a second action this turn (2 actions left after playing it).")
    assert explained(state, {"type": "play", "card": "canoes"}).startswith(
        "Permanent card, stays in front of you for the rest of the game: Your migrations and swaps reach 1 space")
