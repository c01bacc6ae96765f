"""The 105 Innovation cards and the five special achievements, as data (from the reference card list).

Each card: age, color, icons = [top left, bottom left, bottom middle, bottom right] ("hex" is the
hexagon image), the featured dogma icon, and its effects in card order as (is_demand, text).
``THIRD`` holds the third-edition wording of the nine cards that changed. Generated once from
the shared reference and kept here as plain facts.
"""

from __future__ import annotations

# name: (age, color, icons, dogma_icon, [(demand, text), ...])
CARDS: dict[str, tuple] = {
    'Agriculture': (1, 'yellow', ['hex', 'leaf', 'leaf', 'leaf'], 'leaf', [
        (False, (
            "Optional ('you may'): return one card from your hand. If you did, draw a card whose value is one "
            "more than the returned card's value and score it."
        )),
    ]),
    'Archery': (1, 'red', ['castle', 'lightbulb', 'hex', 'castle'], 'castle', [
        (True, (
            'Each affected opponent draws a 1, then transfers exactly one highest-value card from their hand '
            '(their pick among ties) to your hand.'
        )),
    ]),
    'City States': (1, 'purple', ['hex', 'crown', 'crown', 'castle'], 'crown', [
        (True, (
            'Only if the affected opponent has four or more castle icons visible on their board: they transfer '
            'one of their top cards that shows a castle to your board; if a card was transferred, they draw a 1.'
        )),
    ]),
    'Clothing': (1, 'green', ['hex', 'crown', 'leaf', 'leaf'], 'leaf', [
        (False, 'Mandatory if possible: meld one card from your hand whose color is not yet present on your board.'),
        (False, (
            "Count the colors on your board that appear on no other player's board; draw and score one 1 for each"
            ' such color.'
        )),
    ]),
    'Code of Laws': (1, 'purple', ['hex', 'crown', 'crown', 'leaf'], 'crown', [
        (False, (
            'Optional: tuck one card from your hand whose color already exists on your board. If you did, you may'
            ' also splay that color left.'
        )),
    ]),
    'Domestication': (1, 'yellow', ['castle', 'crown', 'hex', 'castle'], 'castle', [
        (False, (
            'Meld the lowest-value card in your hand (your pick among ties; skipped if hand empty). Then draw a '
            '1.'
        )),
    ]),
    'Masonry': (1, 'yellow', ['castle', 'hex', 'castle', 'castle'], 'castle', [
        (False, (
            'Optional: meld any number of cards from your hand, each of which must show a castle. If you melded '
            'four or more cards with this effect, claim the Monument special achievement (if still available).'
        )),
    ]),
    'Metalworking': (1, 'red', ['castle', 'castle', 'hex', 'castle'], 'castle', [
        (False, (
            'Draw and reveal a 1. If it shows a castle, score it and repeat this effect; otherwise keep it in '
            'your hand and stop.'
        )),
    ]),
    'Mysticism': (1, 'purple', ['hex', 'castle', 'castle', 'castle'], 'castle', [
        (False, (
            'Draw (and reveal) a 1. If its color matches any color already on your board, meld it and then draw '
            'one more 1 (no further repeat); otherwise just keep it.'
        )),
    ]),
    'Oars': (1, 'red', ['castle', 'crown', 'hex', 'castle'], 'castle', [
        (True, (
            'Affected opponent transfers one card showing a crown from their hand to your score pile (reveal hand'
            ' if none). If they did, they draw a 1. [First-edition text: no repeat.]'
        )),
        (False, 'If the demand caused no card to be transferred (by any opponent) during this dogma action, draw a 1.'),
    ]),
    'Pottery': (1, 'blue', ['hex', 'leaf', 'leaf', 'leaf'], 'leaf', [
        (False, (
            'Optional: return one, two or three cards from your hand. If you returned at least one, draw and '
            'score a card whose value equals how many cards you returned.'
        )),
        (False, 'Draw a 1.'),
    ]),
    'Sailing': (1, 'green', ['crown', 'crown', 'hex', 'leaf'], 'crown', [
        (False, 'Draw and meld a 1.'),
    ]),
    'The Wheel': (1, 'green', ['hex', 'castle', 'castle', 'castle'], 'castle', [
        (False, 'Draw two 1s.'),
    ]),
    'Tools': (1, 'blue', ['hex', 'lightbulb', 'lightbulb', 'castle'], 'lightbulb', [
        (False, 'Optional: return exactly three cards from your hand. Only if you returned three, draw and meld a 3.'),
        (False, 'Optional: return one card of value 3 from your hand. If you did, draw three 1s.'),
    ]),
    'Writing': (1, 'blue', ['hex', 'lightbulb', 'lightbulb', 'crown'], 'lightbulb', [
        (False, 'Draw a 2.'),
    ]),
    'Calendar': (2, 'blue', ['hex', 'leaf', 'leaf', 'lightbulb'], 'leaf', [
        (False, 'If your score pile holds strictly more cards than your hand, draw two 3s.'),
    ]),
    'Canal Building': (2, 'yellow', ['hex', 'crown', 'leaf', 'crown'], 'crown', [
        (False, (
            'Optional: swap every card of the highest value in your hand with every card of the highest value in '
            "your score pile (the two 'highest' values are determined separately; either group may be empty)."
        )),
    ]),
    'Construction': (2, 'red', ['castle', 'hex', 'castle', 'castle'], 'castle', [
        (True, (
            'Affected opponent transfers two cards of their choice from their hand to your hand (fewer if they '
            'hold fewer), then draws a 2 regardless of how many were transferred.'
        )),
        (False, (
            'If you are the only player who has five top cards (all five colors), claim the Empire special '
            'achievement.'
        )),
    ]),
    'Currency': (2, 'green', ['leaf', 'crown', 'hex', 'crown'], 'crown', [
        (False, (
            'Optional: return any number of cards from your hand. If you returned any, draw and score one 2 for '
            'each distinct value among the returned cards.'
        )),
    ]),
    'Fermenting': (2, 'yellow', ['leaf', 'leaf', 'hex', 'castle'], 'leaf', [
        (False, 'Draw one 2 for every two leaf icons visible on your board (round down). [First-edition text]'),
    ]),
    'Mapmaking': (2, 'green', ['hex', 'crown', 'crown', 'castle'], 'crown', [
        (True, (
            'Affected opponent transfers one card of value 1 from their score pile to your score pile, if they '
            'have one.'
        )),
        (False, 'If any card was transferred because of the demand, draw and score a 1.'),
    ]),
    'Mathematics': (2, 'blue', ['hex', 'lightbulb', 'crown', 'lightbulb'], 'lightbulb', [
        (False, (
            'Optional: return a card from your hand. If you did, draw and meld a card whose value is one more '
            "than the returned card's value."
        )),
    ]),
    'Monotheism': (2, 'purple', ['hex', 'castle', 'castle', 'castle'], 'castle', [
        (True, (
            'Affected opponent transfers one of their top cards whose color does not appear anywhere on your '
            'board to your score pile. If they did, they draw and tuck a 1.'
        )),
        (False, 'Draw and tuck a 1.'),
    ]),
    'Philosophy': (2, 'purple', ['hex', 'lightbulb', 'lightbulb', 'lightbulb'], 'lightbulb', [
        (False, 'Optional: splay any one color of your cards left.'),
        (False, 'Optional: score one card from your hand.'),
    ]),
    'Road Building': (2, 'red', ['castle', 'castle', 'hex', 'castle'], 'castle', [
        (False, (
            'Meld one or two cards from your hand (your choice). If you melded two, you may transfer your top red'
            " card to another player's board; if you do, transfer that player's top green card to your board."
        )),
    ]),
    'Alchemy': (3, 'blue', ['hex', 'leaf', 'castle', 'castle'], 'castle', [
        (False, (
            'Draw and reveal one 4 for every three castle icons on your board (round down). If any of those drawn'
            ' cards is red, return all the drawn cards and every card in your hand; otherwise keep them.'
        )),
        (False, 'Meld a card from your hand, then score a card from your hand.'),
    ]),
    'Compass': (3, 'green', ['hex', 'crown', 'crown', 'leaf'], 'crown', [
        (True, (
            'Affected opponent transfers one of their top non-green cards that shows a leaf to your board, and '
            'then transfers one of your top cards that has no leaf to their board (the opponent picks both; each '
            'half happens independently if possible).'
        )),
    ]),
    'Education': (3, 'purple', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Optional: return the highest card in your score pile. If you did, draw a card of value two more than'
            ' the highest card still in your score pile (treat an empty pile as 0, so draw a 2).'
        )),
    ]),
    'Engineering': (3, 'red', ['castle', 'hex', 'lightbulb', 'castle'], 'castle', [
        (True, 'Affected opponent transfers all of their top cards that show a castle to your score pile.'),
        (False, 'Optional: splay your red cards left.'),
    ]),
    'Feudalism': (3, 'purple', ['hex', 'castle', 'leaf', 'castle'], 'castle', [
        (True, (
            'Affected opponent transfers one card showing a castle from their hand to your hand (reveal hand if '
            'none). [First-edition text]'
        )),
        (False, 'Optional: splay either your yellow or your purple cards left.'),
    ]),
    'Machinery': (3, 'yellow', ['leaf', 'leaf', 'hex', 'castle'], 'leaf', [
        (True, 'Affected opponent exchanges their entire hand for all of the highest-value cards in your hand.'),
        (False, (
            'Score one card from your hand that shows a castle (mandatory if you have one). Then, optionally, '
            'splay your red cards left.'
        )),
    ]),
    'Medicine': (3, 'yellow', ['crown', 'leaf', 'leaf', 'hex'], 'leaf', [
        (True, (
            'Affected opponent exchanges the highest card in their score pile with the lowest card in your score '
            'pile (one card each way; if one side has none, the other card still moves).'
        )),
    ]),
    'Optics': (3, 'red', ['crown', 'crown', 'crown', 'hex'], 'crown', [
        (False, (
            'Draw and meld a 3. If that card shows a crown, draw and score a 4. Otherwise, transfer a card from '
            'your score pile to the score pile of an opponent who has fewer points than you (nothing if no such '
            'opponent).'
        )),
    ]),
    'Paper': (3, 'green', ['hex', 'lightbulb', 'lightbulb', 'crown'], 'lightbulb', [
        (False, 'Optional: splay either your green or your blue cards left.'),
        (False, 'Draw one 4 for each color on your board that is currently splayed left (any color counts).'),
    ]),
    'Translation': (3, 'blue', ['hex', 'crown', 'crown', 'crown'], 'crown', [
        (False, 'Optional, all-or-nothing: meld every card from your score pile.'),
        (False, (
            'If every top card on your board shows a crown, claim the World special achievement (five piles not '
            'required).'
        )),
    ]),
    'Anatomy': (4, 'yellow', ['leaf', 'leaf', 'leaf', 'hex'], 'leaf', [
        (True, (
            'Affected opponent returns one card from their score pile. If they did, they also return one of their'
            ' top cards with the same value as that returned card (if they have one).'
        )),
    ]),
    'Colonialism': (4, 'red', ['hex', 'factory', 'lightbulb', 'factory'], 'factory', [
        (False, 'Draw and tuck a 3. If it shows a crown, repeat this effect.'),
    ]),
    'Enterprise': (4, 'purple', ['hex', 'crown', 'crown', 'crown'], 'crown', [
        (True, (
            'Affected opponent transfers one of their top non-purple cards that shows a crown to your board. If '
            'they did, they draw and meld a 4.'
        )),
        (False, 'Optional: splay your green cards right.'),
    ]),
    'Experimentation': (4, 'blue', ['hex', 'lightbulb', 'lightbulb', 'lightbulb'], 'lightbulb', [
        (False, 'Draw and meld a 5.'),
    ]),
    'Gunpowder': (4, 'red', ['hex', 'factory', 'crown', 'factory'], 'factory', [
        (True, 'Affected opponent transfers one of their top cards that shows a castle to your score pile.'),
        (False, 'If any card was transferred because of the demand, draw and score a 2.'),
    ]),
    'Invention': (4, 'green', ['hex', 'lightbulb', 'lightbulb', 'factory'], 'lightbulb', [
        (False, (
            'Optional: pick one of your colors that is currently splayed left and splay it right instead. If you '
            'did, draw and score a 4.'
        )),
        (False, 'If all five of your colors are splayed (in any direction), claim the Wonder special achievement.'),
    ]),
    'Navigation': (4, 'green', ['hex', 'crown', 'crown', 'crown'], 'crown', [
        (True, (
            'Affected opponent transfers one card of value 2 or 3 from their score pile to your score pile, if '
            'they have one.'
        )),
    ]),
    'Perspective': (4, 'yellow', ['hex', 'lightbulb', 'lightbulb', 'leaf'], 'lightbulb', [
        (False, (
            'Optional: return a card from your hand. If you did, score one card from your hand for every two '
            'lightbulb icons on your board (round down).'
        )),
    ]),
    'Printing Press': (4, 'blue', ['hex', 'lightbulb', 'lightbulb', 'crown'], 'lightbulb', [
        (False, (
            'Optional: return a card from your score pile. If you did, draw a card of value two more than your '
            'top purple card (0 if you have no purple pile, so draw a 2).'
        )),
        (False, 'Optional: splay your blue cards right.'),
    ]),
    'Reformation': (4, 'purple', ['leaf', 'leaf', 'hex', 'leaf'], 'leaf', [
        (False, (
            'Optional: tuck one card from your hand for every two leaf icons on your board (round down); if you '
            'choose to tuck, you must tuck that full number (or as many as you hold).'
        )),
        (False, 'Optional: splay either your yellow or your purple cards right.'),
    ]),
    'Astronomy': (5, 'purple', ['crown', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Draw and reveal a 6. If it is green or blue, meld it and repeat this effect; otherwise keep it in '
            'hand and stop.'
        )),
        (False, (
            'If every non-purple top card on your board has value 6 or more, claim the Universe special '
            'achievement (five piles not required).'
        )),
    ]),
    'Banking': (5, 'green', ['factory', 'crown', 'hex', 'crown'], 'crown', [
        (True, (
            'Affected opponent transfers one of their top non-green cards that shows a factory to your board. If '
            'they did, they draw and score a 5.'
        )),
        (False, 'Optional: splay your green cards right.'),
    ]),
    'Chemistry': (5, 'blue', ['factory', 'lightbulb', 'factory', 'hex'], 'factory', [
        (False, 'Optional: splay your blue cards right.'),
        (False, (
            'Draw and score a card of value one more than your highest top card, then return a card from your '
            'score pile (both mandatory).'
        )),
    ]),
    'Coal': (5, 'red', ['factory', 'factory', 'factory', 'hex'], 'factory', [
        (False, 'Draw and tuck a 5.'),
        (False, 'Optional: splay your red cards right.'),
        (False, 'Optional: score one of your top cards; if you did, also score the card that was directly beneath it.'),
    ]),
    'Measurement': (5, 'green', ['lightbulb', 'leaf', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Optional: return a card from your hand. If you did, choose any one color: splay it right and draw a '
            'card of value equal to the number of cards of that color on your board. [First-edition text]'
        )),
    ]),
    'Physics': (5, 'blue', ['factory', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Draw three 6s and reveal them. If at least two of them share a color, return all three drawn cards '
            'and every card in your hand; otherwise keep them.'
        )),
    ]),
    'Societies': (5, 'purple', ['crown', 'hex', 'lightbulb', 'crown'], 'crown', [
        (True, (
            'Affected opponent transfers one of their top non-purple cards that shows a lightbulb to your board. '
            'If they did, they draw a 5. [First-edition text]'
        )),
    ]),
    'Statistics': (5, 'yellow', ['leaf', 'lightbulb', 'leaf', 'hex'], 'leaf', [
        (True, (
            'Affected opponent moves the highest card from their score pile into their hand. If they did and now '
            'hold exactly one card in hand, the demand repeats. [First-edition text]'
        )),
        (False, 'Optional: splay your yellow cards right.'),
    ]),
    'Steam Engine': (5, 'yellow', ['hex', 'factory', 'crown', 'factory'], 'factory', [
        (False, 'Draw and tuck two 4s, then score the bottom card of your yellow pile (possibly a just-tucked card).'),
    ]),
    'The Pirate Code': (5, 'red', ['crown', 'factory', 'crown', 'hex'], 'crown', [
        (True, (
            'Affected opponent transfers two cards of value 4 or lower from their score pile to your score pile '
            '(as many as they can, up to two).'
        )),
        (False, (
            'If any card was transferred because of the demand, score your lowest-value top card that shows a '
            'crown.'
        )),
    ]),
    'Atomic Theory': (6, 'blue', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, 'Optional: splay your blue cards right.'),
        (False, 'Draw and meld a 7.'),
    ]),
    'Canning': (6, 'yellow', ['hex', 'factory', 'leaf', 'factory'], 'factory', [
        (False, 'Optional: draw and tuck a 6. If you did, score every one of your top cards that has no factory.'),
        (False, 'Optional: splay your yellow cards right.'),
    ]),
    'Classification': (6, 'green', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Reveal a card from your hand to select its color. Take every card of that color from all other '
            "players' hands into your hand. Then meld every card of that color from your hand."
        )),
    ]),
    'Democracy': (6, 'purple', ['crown', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Optional: return any number of cards from your hand. If the number you returned exceeds the number '
            'returned by every other player through Democracy so far in this dogma action, draw and score an 8.'
        )),
    ]),
    'Emancipation': (6, 'purple', ['factory', 'lightbulb', 'factory', 'hex'], 'factory', [
        (True, 'Affected opponent transfers a card from their hand to your score pile. If they did, they draw a 6.'),
        (False, 'Optional: splay either your red or your purple cards right.'),
    ]),
    'Encyclopedia': (6, 'blue', ['hex', 'crown', 'crown', 'crown'], 'crown', [
        (False, 'Optional, all-or-nothing: meld all of the highest-value cards in your score pile.'),
    ]),
    'Industrialization': (6, 'red', ['crown', 'factory', 'factory', 'hex'], 'factory', [
        (False, 'Draw and tuck one 6 for every two factory icons on your board (round down). [First-edition text]'),
        (False, 'Optional: splay either your red or your purple cards right.'),
    ]),
    'Machine Tools': (6, 'red', ['factory', 'factory', 'hex', 'factory'], 'factory', [
        (False, (
            'Draw and score a card of value equal to the highest card in your score pile (empty pile counts as 0,'
            ' which draws from the 1 pile).'
        )),
    ]),
    'Metric System': (6, 'green', ['hex', 'factory', 'crown', 'crown'], 'crown', [
        (False, 'If your green cards are currently splayed right, you may splay any one color of your cards right.'),
        (False, 'Optional: splay your green cards right.'),
    ]),
    'Vaccination': (6, 'yellow', ['leaf', 'factory', 'leaf', 'hex'], 'leaf', [
        (True, (
            'Affected opponent returns all of the lowest-value cards in their score pile. If they returned any, '
            'they draw and meld a 6.'
        )),
        (False, 'If any card was returned because of the demand, draw and meld a 7.'),
    ]),
    'Bicycle': (7, 'green', ['crown', 'crown', 'clock', 'hex'], 'crown', [
        (False, (
            'Optional, all-or-nothing: exchange all cards in your hand with all cards in your score pile (counts '
            'need not match; this is not scoring).'
        )),
    ]),
    'Combustion': (7, 'red', ['crown', 'crown', 'factory', 'hex'], 'crown', [
        (True, (
            'Affected opponent transfers two cards from their score pile to your score pile (fewer if they have '
            'fewer). [First-edition text; no second effect]'
        )),
    ]),
    'Electricity': (7, 'green', ['lightbulb', 'factory', 'hex', 'factory'], 'factory', [
        (False, 'Return all of your top cards that have no factory, then draw one 8 for each card returned.'),
    ]),
    'Evolution': (7, 'blue', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Optional, pick one: (a) draw and score an 8, then return a card from your score pile; or (b) draw a '
            'card of value one more than the highest card in your score pile (empty = 0, so draw a 1).'
        )),
    ]),
    'Explosives': (7, 'red', ['hex', 'factory', 'factory', 'factory'], 'factory', [
        (True, (
            'Affected opponent transfers their three highest cards from hand to your hand (all of them if fewer '
            'than three). If they transferred any and their hand is then empty, they draw a 7.'
        )),
    ]),
    'Lighting': (7, 'purple', ['hex', 'leaf', 'clock', 'leaf'], 'leaf', [
        (False, (
            'Optional: tuck up to three cards from your hand. If you tucked any, draw and score one 7 for each '
            'distinct value among the tucked cards.'
        )),
    ]),
    'Publications': (7, 'blue', ['hex', 'lightbulb', 'clock', 'lightbulb'], 'lightbulb', [
        (False, 'Optional: rearrange the order of the cards in one color pile on your board however you like.'),
        (False, 'Optional: splay either your yellow or your blue cards up.'),
    ]),
    'Railroad': (7, 'purple', ['clock', 'factory', 'clock', 'hex'], 'clock', [
        (False, 'Return every card in your hand, then draw three 6s.'),
        (False, 'Optional: pick one of your colors currently splayed right and splay it up.'),
    ]),
    'Refrigeration': (7, 'yellow', ['hex', 'leaf', 'leaf', 'crown'], 'leaf', [
        (True, 'Affected opponent returns half of the cards in their hand, rounded down.'),
        (False, 'Optional: score a card from your hand.'),
    ]),
    'Sanitation': (7, 'yellow', ['leaf', 'leaf', 'hex', 'leaf'], 'leaf', [
        (True, 'Affected opponent exchanges the two highest cards in their hand for the lowest card in your hand.'),
    ]),
    'Antibiotics': (8, 'yellow', ['leaf', 'leaf', 'leaf', 'hex'], 'leaf', [
        (False, (
            'Optional: return up to three cards from your hand. Draw two 8s for each distinct value among the '
            'returned cards.'
        )),
    ]),
    'Corporations': (8, 'green', ['hex', 'factory', 'factory', 'crown'], 'factory', [
        (True, (
            'Affected opponent transfers one of their top non-green cards that shows a factory to your score '
            'pile. If they did, they draw and meld an 8.'
        )),
        (False, 'Draw and meld an 8.'),
    ]),
    'Empiricism': (8, 'purple', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, (
            'Name two colors, then draw and reveal a 9. If it is one of the named colors, meld it and you may '
            'splay that color up; otherwise keep it.'
        )),
        (False, 'If you have twenty or more lightbulb icons on your board, you win the game.'),
    ]),
    'Flight': (8, 'red', ['crown', 'hex', 'clock', 'crown'], 'crown', [
        (False, 'If your red cards are currently splayed up, you may splay any one color of your cards up.'),
        (False, 'Optional: splay your red cards up.'),
    ]),
    'Mass Media': (8, 'green', ['lightbulb', 'hex', 'clock', 'lightbulb'], 'lightbulb', [
        (False, (
            'Optional: return a card from your hand. If you did, name a value and return every card of that value'
            " from all players' score piles (yours included)."
        )),
        (False, 'Optional: splay your purple cards up.'),
    ]),
    'Mobility': (8, 'red', ['hex', 'factory', 'clock', 'factory'], 'factory', [
        (True, (
            'Affected opponent transfers their two highest non-red top cards that have no factory to your score '
            'pile (fewer if fewer qualify; only cards that were top cards before the transfer). If they '
            'transferred any, they draw an 8.'
        )),
    ]),
    'Quantum Theory': (8, 'blue', ['clock', 'clock', 'clock', 'hex'], 'clock', [
        (False, (
            'Optional: return one or two cards from your hand. Only if you returned two: draw a 10, then draw and'
            ' score a 10.'
        )),
    ]),
    'Rocketry': (8, 'blue', ['clock', 'clock', 'clock', 'hex'], 'clock', [
        (False, (
            'For every two clock icons on your board (round down), return one card from the score pile of any '
            'other player (you choose which players/cards; mandatory).'
        )),
    ]),
    'Skyscrapers': (8, 'yellow', ['hex', 'factory', 'crown', 'crown'], 'crown', [
        (True, (
            'Affected opponent transfers one of their top non-yellow cards that shows a clock to your board. If '
            'they did, they score the card that was beneath it and return all remaining cards of that pile.'
        )),
    ]),
    'Socialism': (8, 'purple', ['leaf', 'hex', 'leaf', 'leaf'], 'leaf', [
        (False, (
            'Optional, all-or-nothing: tuck every card in your hand. If at least one tucked card was purple, take'
            " all of the lowest-value cards from each other player's hand into your hand."
        )),
    ]),
    'Collaboration': (9, 'green', ['hex', 'crown', 'clock', 'crown'], 'crown', [
        (True, (
            'Affected opponent draws two 9s and reveals them; YOU (the demanding player) choose one of them to be'
            ' transferred to your board, and the opponent melds the other.'
        )),
        (False, 'If you have ten or more cards in your green pile, you win the game (splay not required).'),
    ]),
    'Composites': (9, 'red', ['factory', 'factory', 'hex', 'factory'], 'factory', [
        (True, (
            'Affected opponent transfers all but one card of their hand to your hand (they keep one of their '
            'choice), and also transfers the highest card in their score pile to your score pile.'
        )),
    ]),
    'Computers': (9, 'blue', ['clock', 'hex', 'clock', 'factory'], 'clock', [
        (False, 'Optional: splay either your red cards or your green cards up.'),
        (False, "Draw and meld a 10, then execute that card's non-demand effects yourself only (no sharing)."),
    ]),
    'Ecology': (9, 'yellow', ['leaf', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, 'Optional: return a card from your hand. If you did, score a card from your hand and draw two 10s.'),
    ]),
    'Fission': (9, 'red', ['hex', 'clock', 'clock', 'clock'], 'clock', [
        (True, (
            "Affected opponent draws (and reveals) a 10. If it is red, every player's hand, board and score pile "
            'is removed from the game (achievements stay) and the rest of this dogma action is skipped. [Drawn '
            'non-red cards are kept.]'
        )),
        (False, (
            "Return any one top card other than Fission from any player's board (yours included). [First-edition "
            'text]'
        )),
    ]),
    'Genetics': (9, 'blue', ['lightbulb', 'lightbulb', 'lightbulb', 'hex'], 'lightbulb', [
        (False, 'Draw and meld a 10, then score every card beneath it in that pile.'),
    ]),
    'Satellites': (9, 'green', ['hex', 'clock', 'clock', 'clock'], 'clock', [
        (False, 'Return every card in your hand, then draw three 8s.'),
        (False, 'Optional: splay your purple cards up.'),
        (False, 'Meld a card from your hand, then execute each of its non-demand effects yourself only (no sharing).'),
    ]),
    'Services': (9, 'purple', ['hex', 'leaf', 'leaf', 'leaf'], 'leaf', [
        (True, (
            'Affected opponent transfers all of the highest-value cards in their score pile to your hand. If they'
            ' transferred any, they then take one of your top cards that has no leaf into their hand (they choose'
            ' which).'
        )),
    ]),
    'Specialization': (9, 'purple', ['hex', 'factory', 'leaf', 'factory'], 'factory', [
        (False, (
            'Reveal a card from your hand; take into your hand the top card of that color from every other '
            "player's board."
        )),
        (False, 'Optional: splay either your yellow or your blue cards up.'),
    ]),
    'Suburbia': (9, 'yellow', ['hex', 'crown', 'leaf', 'leaf'], 'leaf', [
        (False, 'Optional: tuck any number of cards from your hand. Then draw and score one 1 for each card tucked.'),
    ]),
    'A.I.': (10, 'purple', ['lightbulb', 'lightbulb', 'clock', 'hex'], 'lightbulb', [
        (False, 'Draw and score a 10.'),
        (False, (
            'If Robotics and Software are both currently top cards (on any boards, not necessarily the same '
            "player's), the one player with the lowest score wins; if tied for lowest, nothing happens."
        )),
    ]),
    'Bioengineering': (10, 'blue', ['lightbulb', 'clock', 'clock', 'hex'], 'clock', [
        (False, "Transfer a top card that shows a leaf from any other player's board to your score pile (you choose)."),
        (False, (
            'If any player has fewer than three leaf icons on their board, the one player with the most leaf '
            'icons wins; if tied for most, nothing happens.'
        )),
    ]),
    'Databases': (10, 'green', ['hex', 'clock', 'clock', 'clock'], 'clock', [
        (True, 'Affected opponent returns half of the cards in their score pile, rounded up.'),
    ]),
    'Globalization': (10, 'yellow', ['hex', 'factory', 'factory', 'factory'], 'factory', [
        (True, 'Affected opponent returns one of their top cards that shows a leaf.'),
        (False, (
            'Draw and score a 6. Then, if no player has more leaf icons than factory icons on their board, the '
            'one player with the most points wins; if tied for most, nothing happens.'
        )),
    ]),
    'Miniaturization': (10, 'red', ['hex', 'lightbulb', 'clock', 'lightbulb'], 'lightbulb', [
        (False, (
            'Optional: return a card from your hand. If the returned card was a 10, draw one 10 for each distinct'
            ' value among the cards in your score pile.'
        )),
    ]),
    'Robotics': (10, 'red', ['hex', 'factory', 'clock', 'factory'], 'factory', [
        (False, (
            'Score your top green card. Then draw and meld a 10 and execute its non-demand effects yourself only '
            '(no sharing).'
        )),
    ]),
    'Self Service': (10, 'green', ['hex', 'crown', 'crown', 'crown'], 'crown', [
        (False, (
            'Choose another top card on your board and execute all of its non-demand effects yourself only (no '
            'sharing).'
        )),
        (False, 'If you have more achievements than each other player, you win the game.'),
    ]),
    'Software': (10, 'blue', ['clock', 'clock', 'clock', 'hex'], 'clock', [
        (False, 'Draw and score a 10.'),
        (False, (
            'Draw and meld two 10s, one after the other, then execute the non-demand effects of the second melded'
            ' card yourself only (no sharing).'
        )),
    ]),
    'Stem Cells': (10, 'yellow', ['hex', 'leaf', 'leaf', 'leaf'], 'leaf', [
        (False, 'Optional, all-or-nothing: score every card in your hand.'),
    ]),
    'The Internet': (10, 'purple', ['hex', 'clock', 'clock', 'lightbulb'], 'clock', [
        (False, 'Optional: splay your green cards up.'),
        (False, 'Draw and score a 10.'),
        (False, 'Draw and meld one 10 for every two clock icons on your board (round down).'),
    ]),
}


# name: [(demand, text), ...] for the cards whose third-edition text differs
THIRD: dict[str, list[tuple[bool, str]]] = {
    'Oars': [
        (True, (
            'Affected opponent transfers one card showing a crown from their hand to your score pile; if they '
            'did, they draw a 1 and the demand repeats (continues until they transfer nothing).'
        )),
        (False, 'If the demand caused no card to be transferred during this dogma action, draw a 1.'),
    ],
    'Fermenting': [
        (False, 'Draw one 2 for each color pile on your board that shows at least one visible leaf icon.'),
    ],
    'Feudalism': [
        (True, (
            'Affected opponent transfers one card showing a castle from their hand to your hand; if they did, '
            "they unsplay their own pile of that card's color."
        )),
        (False, 'Optional: splay either your yellow or your purple cards left.'),
    ],
    'Measurement': [
        (False, (
            'Optional: reveal and return a card from your hand. If you did, splay your cards of that returned '
            "card's color right and draw a card of value equal to the number of cards of that color on your "
            'board.'
        )),
    ],
    'Societies': [
        (True, (
            'Affected opponent transfers one of their top cards that shows a lightbulb and whose value is higher '
            'than your top card of the same color (or whose color you lack) to your board. If they did, they draw'
            ' a 5.'
        )),
    ],
    'Statistics': [
        (True, (
            'Affected opponent moves all of the highest-value cards from their score pile into their hand (no '
            'repeat).'
        )),
        (False, 'Optional: splay your yellow cards right.'),
    ],
    'Industrialization': [
        (False, 'Draw and tuck one 6 for each color pile on your board that shows at least one visible factory icon.'),
        (False, 'Optional: splay either your red or your purple cards right.'),
    ],
    'Combustion': [
        (True, (
            'Affected opponent transfers one card from their score pile to your score pile for every four crown '
            "icons on YOUR (the demanding player's) board (round down)."
        )),
        (False, 'Return your bottom red card.'),
    ],
    'Fission': [
        (True, (
            "Affected opponent draws (and reveals) a 10. If it is red, every player's hand, board and score pile "
            'is removed from the game and the dogma action ends immediately.'
        )),
        (False, "Return any one top card other than Fission from any player's board, then draw a 10."),
    ],
}


# name: condition text
SPECIALS: dict[str, str] = {
    'Monument': (
        'Claim immediately if, during a single turn, you tuck six or more cards, or you score six or more '
        'cards (the two counts are separate; transfers and exchanges into the score pile do not count as '
        'scoring). Alternative: Masonry awards it when you meld four or more castle cards with one Masonry '
        'effect.'
    ),
    'Empire': (
        'Claim immediately if your board shows at least three visible icons of every one of the six icon '
        'types (castle, crown, leaf, lightbulb, factory, clock; hexagons do not count). Alternative: '
        'Construction awards it if you are the only player with five top cards.'
    ),
    'World': (
        'Claim immediately if your board shows twelve or more visible clock icons. Alternative: Translation '
        'awards it if every top card on your board shows a crown.'
    ),
    'Wonder': (
        'Claim immediately if you have all five colors on your board and every one of those piles is splayed '
        'up or right. Alternative: Invention awards it if all five colors are splayed in any direction (left '
        'counts).'
    ),
    'Universe': (
        'Claim immediately if you have five top cards and each of them has value 8 or higher. Alternative: '
        'Astronomy awards it if every non-purple top card on your board has value 6 or higher.'
    ),
}
