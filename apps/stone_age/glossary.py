"""Stone Age's glossary: the words and icons of its table, each explained in passages quoted from its rules page
(stone_age/rules.html); ``apps.matches.glossary`` says how the table and the rules page use it."""

from apps.matches.glossary import Term

GLOSSARY = (
    Term("People", ("Each player starts with 5 people (up to 10)",
                    "each player in turn puts one or more of their people on one place, until everybody has placed "
                    "all their people",
                    "Each player takes food equal to their agriculture, then pays 1 food per person."),
         "sa-round", ("person", "to place", "taken", "no limit")),
    Term("Food", ("Hunting grounds (food, dice total / 2, no limit)",
                  "Each player takes food equal to their agriculture, then pays 1 food per person. Short of food, "
                  "they give up all their food and pay the rest with resources (1 each), or lose 10 points."),
         "sa-round"),
    Term("Wood", ("Forest (wood, dice total / 3, 7 people)",
                  "Variable buildings score the value of what is paid: wood 3, clay 4, stone 5, gold 6."), "sa-round"),
    Term("Clay", ("Clay pit (clay, dice total / 4, 7 people)",
                  "Variable buildings score the value of what is paid: wood 3, clay 4, stone 5, gold 6."), "sa-round"),
    Term("Stone", ("Quarry (stone, dice total / 5, 7 people)",
                   "Variable buildings score the value of what is paid: wood 3, clay 4, stone 5, gold 6."), "sa-round"),
    Term("Gold", ("River (gold, dice total / 6, 7 people)",
                  "Variable buildings score the value of what is paid: wood 3, clay 4, stone 5, gold 6."), "sa-round"),
    Term("Resources", ("pay its space's cost in any resources (never food) and take it",
                       "Resources left: 1 point each (food scores nothing)."), "sa-scoring"),
    Term("Dice", ("Hunting and gathering: roll one die per person there; the server rolls the dice. You see the dice, "
                  "then may add tools",
                  "You get the total divided by the place's number, rounded down."), "sa-round", ("die",)),
    Term("Tools", ("each tool tile once a round, and single-use tool cards, as many as you like",
                   "A new tool is a value-1 tile while you have fewer than 3 tiles; then the lowest tile improves",
                   "up to 4, 4, 4 (a total of 12)"), "sa-tools", ("tool",)),
    Term("Agriculture", ("the Field (1 person, +1 agriculture)",
                         "Each player takes food equal to their agriculture, then pays 1 food per person."),
         "sa-round", ("Agri.",)),
    Term("Civilization cards", ("Civilization card: pay its space's cost in any resources (never food) and take it; "
                                "its upper section acts at once, or is kept for later",
                                "The card then lies face down on your board: only you may look at it, the others see "
                                "only how many cards you hold."), "sa-round", ("Civilization card", "cards")),
    Term("Buildings", ("Building: pay its cost, take it and score its points at once. You may always decline.",
                       "Only the top building of each stack can be built."), "sa-round", ("building",)),
    Term("Village", ("The village: the Toolmaker's hut (1 person, +1 tool), the Hut (exactly 2 people of one "
                     "player, placed together: +1 person) and the Field (1 person, +1 agriculture).",),
         "sa-round", ("Toolmaker's hut", "Hut", "Field")),
    Term("Score track", ("The player with the most points at the end wins.",
                         "The highest total wins; a tie goes to the highest agriculture + tool value + people."),
         "sa-scoring", ("points",)),
    Term("Culture", ("Culture (green cards): sets of different symbols",
                     "each set scores its number of symbols squared"), "sa-scoring"),
    Term("Professions", ("Professions (sand cards): Farmer symbols × agriculture; Toolmaker symbols × tool value; "
                         "Builder symbols × buildings; Shaman symbols × people.",), "sa-scoring",
         ("Farmers", "Toolmakers", "Builders", "Shamans")),
)
