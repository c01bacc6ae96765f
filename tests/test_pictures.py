"""The site's pictures (game-icons.net, CC BY 3.0): the sprite holds exactly the pictures the games name, every
picture a template asks for exists, the tag draws a reference to the sprite, the about page credits every artist,
and each game's home card shows its cover and its board."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template

from apps.matches.pictures import AUTHORS, BOARDS, COVERS, PICTURES, SPRITE, covers
from config.games import GAMES
from tests.conftest import ROOT

STATIC = ROOT / "static"
SVG = "{http://www.w3.org/2000/svg}"


def sprite_symbols() -> dict[str, ET.Element]:
    tree = ET.parse(STATIC / SPRITE)
    return {symbol.get("id"): symbol for symbol in tree.getroot().iter(f"{SVG}symbol")}


def test_the_sprite_holds_every_named_picture_and_no_other():
    assert set(sprite_symbols()) == {f"pic-{term}" for term in PICTURES}


def test_each_symbol_is_a_square_drawing_in_the_current_colour():
    for name, symbol in sprite_symbols().items():
        assert symbol.get("viewBox") == "0 0 512 512", name
        paths = list(symbol.iter(f"{SVG}path"))
        assert paths and all(p.get("fill") == "currentColor" for p in paths), name


def test_the_sprite_credits_the_licence_and_each_icons_artist():
    text = (STATIC / SPRITE).read_text()
    assert "game-icons.net" in text and "CC BY 3.0" in text
    for icon in set(PICTURES.values()):
        assert icon in AUTHORS, icon
        assert re.search(rf"\b{re.escape(icon)} \([A-Z][\w ]+\)", text), icon


def template_files():
    return [p for p in ROOT.glob("apps/*/templates/**/*.html")] + list(ROOT.glob("templates/**/*.html"))


def test_every_picture_a_template_names_exists():
    named = {(path.name, term) for path in template_files()
             for term in re.findall(r'{%\s*picture\s+"([^"]+)"(?!\|)', path.read_text())}
    assert named, "no template draws a picture"
    assert [(file, term) for file, term in named if term not in PICTURES] == []


def render(source: str, **context) -> str:
    return Template("{% load pictures %}" + source).render(Context(context))


def test_a_picture_beside_words_is_a_hidden_reference_to_the_sprite():
    html = render('{% picture "lo-resource" %}')
    assert html == ('<svg class="pic" aria-hidden="true"><use href="/static/civitas/pictures.svg#pic-lo-resource"/>'
                    "</svg>")


def test_a_picture_standing_alone_is_an_image_with_a_label():
    html = render('{% picture "lo-hall" label="Hall" css="big" %}')
    assert 'class="pic big" role="img" aria-label="Hall"' in html and "#pic-lo-hall" in html
    assert "aria-hidden" not in html


def test_a_term_without_a_picture_draws_nothing():
    assert render('{% picture "lo-"|add:kind %}', kind="visit") == ""
    assert "#pic-lo-gather" in render('{% picture "lo-"|add:kind %}', kind="gather")


@pytest.mark.parametrize("slug", [g.slug for g in GAMES if g.app])
def test_each_game_has_a_drawn_cover_and_a_board_in_miniature(slug):
    assert slug in covers()
    cover = (STATIC / COVERS / f"{slug}.svg").read_text()
    assert "CC BY 3.0" in cover
    for path in (STATIC / COVERS / f"{slug}.svg", STATIC / BOARDS / f"{slug}.svg"):
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG}svg" and root.get("viewBox"), path
        assert "style" not in path.read_text(), f"{path}: inline styles are refused by the site's CSP"


@pytest.mark.django_db
def test_the_home_page_shows_each_games_cover_and_board(client):
    html = client.get("/").content.decode()
    for game in GAMES:
        if game.app:
            assert f'src="/static/{COVERS}/{game.slug}.svg"' in html
            assert re.search(rf'<img[^>]+src="/static/{BOARDS}/{game.slug}.svg"[^>]+alt="[^"]*{game.title}[^"]*"',
                             html), game.slug


@pytest.mark.django_db
def test_the_about_page_credits_every_artist_and_the_world_map(client):
    html = client.get("/about/").content.decode()
    assert "game-icons.net" in html and "CC BY 3.0" in html
    for artist in set(AUTHORS.values()):
        assert artist in html
    assert "Natural Earth" in html and "world-atlas" in html and "public domain" in html


@pytest.mark.django_db
def test_every_page_links_to_the_about_page(client):
    assert 'href="/about/"' in client.get("/").content.decode()


def test_every_live_on_and_chronicle_term_a_newcomer_meets_has_a_picture():
    from apps.chronicle import content as ch  # noqa: PLC0415 -- only this test reads the games' content
    from apps.live_on import content as lo  # noqa: PLC0415

    live_on = ([b.id for b in lo.BUILDINGS] + [a.id for a in lo.ARTIFACTS] + [r.id for r in lo.PASTS + lo.GIFTS]
               + [e.id for e in lo.EVENTS if e.deck == "spirit"] + list(lo.DECKS) + ["artifact"]
               + [lo.zone_action(region.id, zone) for region in lo.REGIONS for zone in lo.ACTION_ZONES]
               + ["resource", "health", "morale", "food"])
    chronicle = list(ch.ASPECTS) + list(ch.KIND_LABELS) + ["story"]
    missing = [f"lo-{t}" for t in live_on if f"lo-{t}" not in PICTURES]
    missing += [f"ch-{t}" for t in chronicle if f"ch-{t}" not in PICTURES]
    assert missing == []


def test_the_live_on_and_chronicle_tables_draw_their_pictures_from_the_sprite():
    from apps.chronicle.engine import RULES as CHRONICLE  # noqa: PLC0415 -- only this test plays
    from apps.live_on.engine import RULES as LIVE_ON  # noqa: PLC0415
    from tests.board_templates import GameTemplates  # noqa: PLC0415

    live_on = GameTemplates("live_on", LIVE_ON).board(LIVE_ON.setup(2, 5), 0)
    for term in ("lo-hall", "lo-altar", "lo-gather", "lo-rest", "lo-food"):
        assert f"pictures.svg#pic-{term}" in live_on, term
    chronicle = GameTemplates("chronicle", CHRONICLE).board(CHRONICLE.setup(2, 5), 0)
    assert "pictures.svg#pic-ch-heat" in chronicle and "\u2600" not in chronicle


def test_a_chronicle_board_names_each_aspect_picture_once_and_its_badges_point_at_it():
    from apps.chronicle.engine import RULES  # noqa: PLC0415 -- only this test plays
    from tests.board_templates import GameTemplates  # noqa: PLC0415

    board = GameTemplates("chronicle", RULES).board(RULES.setup(2, 5), 0)
    assert board.count("pictures.svg#pic-ch-heat") == 1
    badges = re.findall(r'<use href="#ch-a-(\w+)"/>', board)
    assert len(badges) > 9 and all(f'id="ch-a-{aspect}"' in board for aspect in badges)
