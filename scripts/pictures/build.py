"""Builds the site's pictures from game-icons.net (CC BY 3.0): run after changing a game's ``pictures.py``, commit
what it writes.

Reads ``node_modules/@iconify-json/game-icons/icons.json`` (the npm package pinned in package.json beside this
script: the game-icons.net set as Iconify JSON) and the list of pictures in ``apps.matches.pictures`` (each
game's ``PICTURES`` and ``COVER``), and writes

- ``static/civitas/pictures.svg``: one ``<symbol id="pic-<term>">`` per term, only the icons the site uses, with
  the licence and every icon's author in a comment at the top. A table draws a picture with
  ``<svg><use href="pictures.svg#pic-<term>"/></svg>`` (``{% picture %}``), so the icons travel once and are cached;
  a pushed frame carries only the references;
- ``static/civitas/covers/<slug>.svg``: each game's cover for its home card, the cover's icons drawn whole (an
  ``<img>`` cannot reach into the sprite) on the game's colours, with the same credit.

The Iconify package names its author "GameIcons" for the whole set; game-icons.net credits each icon to the
artist whose folder holds it in github.com/game-icons/icons. ``apps/matches/picture_authors.json`` records that
artist for every icon used (the about page lists them); when a new icon is added, refresh it from a clone of that
repository::

    .venv/bin/python scripts/pictures/build.py --icons-repo /path/to/game-icons/icons

Run from the repository root::

    (cd scripts/pictures && npm ci)
    .venv/bin/python scripts/pictures/build.py
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from apps.matches.pictures import BOARDS, COVERS, SPRITE, covers, pictures  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "node_modules" / "@iconify-json" / "game-icons" / "icons.json"
AUTHORS = ROOT / "apps" / "matches" / "picture_authors.json"  # read by the about page too
STATIC = ROOT / "static"
LICENCE = "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)"
# Each folder of github.com/game-icons/icons, as game-icons.net writes its artist's name.
ARTISTS = {
    "andymeneely": "Andy Meneely", "aussiesim": "Aussiesim", "carl-olsen": "Carl Olsen",
    "caro-asercion": "Caro Asercion", "cathelineau": "Cathelineau", "catsu": "Catsu", "darkzaitzev": "DarkZaitzev",
    "delapouite": "Delapouite", "faithtoken": "Faithtoken", "felbrigg": "Felbrigg", "generalace135": "GeneralAce135",
    "guard13007": "Guard13007", "heavenly-dog": "HeavenlyDog", "irongamer": "Irongamer", "john-colburn": "John Colburn",
    "john-redman": "John Redman", "kier-heyl": "Kier Heyl", "lorc": "Lorc", "lord-berandas": "Lord Berandas",
    "lucasms": "Lucas", "pepijn-poolman": "Pepijn Poolman", "pierre-leducq": "Pierre Leducq",
    "priorblue": "PriorBlue", "quoting": "Quoting", "rihlsul": "Rihlsul", "sbed": "Sbed",
    "seregacthtuf": "SeregaCthtuf", "skoll": "Skoll", "sparker": "Sparker", "spencerdub": "SpencerDub",
    "starseeker": "Starseeker", "various-artists": "Various artists", "viscious-speed": "Viscious Speed",
    "willdabeast": "Willdabeast", "zajkonur": "Zajkonur", "zeromancer": "Zeromancer",
}
COVER_W, COVER_H = 320, 160
FIRST_NUMBER = re.compile(r'd="[Mm]\s*(-?[\d.]+)')


def load_icons() -> tuple[dict[str, str], int]:
    """Each icon's SVG body (paths drawn in currentColor) and the set's square size."""
    data = json.loads(SOURCE.read_text())
    icons = {name: entry["body"] for name, entry in data["icons"].items()}
    for alias, entry in data.get("aliases", {}).items():
        icons.setdefault(alias, icons[entry["parent"]])
    return icons, data.get("width", 512)


def used_icons() -> set[str]:
    return set(pictures().values()) | {icon for cover in covers().values() for icon in cover["icons"]}


def refresh_authors(repo: Path, icons: dict[str, str]) -> dict[str, str]:
    """Each used icon's artist folder: the folder whose drawing of that name begins where the package's does
    (the repository keeps some names twice, by two artists; the package took one of them)."""
    listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "--name-only", "HEAD"], check=True,
                             capture_output=True, text=True).stdout.split()
    authors = {}
    for name in sorted(used_icons()):
        folders = [path.rsplit("/", 1)[0] for path in listing if path.endswith(f"/{name}.svg")]
        start = FIRST_NUMBER.search(icons[name]).group(1)
        for folder in folders:
            drawn = subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{folder}/{name}.svg"], check=True,
                                   capture_output=True, text=True).stdout
            # The repository's files start with a black square (M0 0h512v512H0z); the package dropped it.
            if any(float(n) == float(start) for n in FIRST_NUMBER.findall(drawn)[1:2]):
                authors[name] = ARTISTS[folder]
                break
        else:
            raise SystemExit(f"no folder of {repo} draws {name!r} as the package does")
    AUTHORS.write_text(json.dumps(authors, indent=1, sort_keys=True) + "\n")
    return authors


def credit(names: list[str], authors: dict[str, str]) -> str:
    """The licence note: the set, the licence, and each icon with its artist."""
    missing = [name for name in names if name not in authors]
    if missing:
        raise SystemExit(f"picture_authors.json has no artist for {missing}: run with --icons-repo")
    lines = [f"Icons from game-icons.net, licensed {LICENCE}, by "
             + ", ".join(sorted({authors[n] for n in names})) + ".",
             "Each icon and its artist: " + ", ".join(f"{n} ({authors[n]})" for n in names) + "."]
    return "<!-- " + "\n     ".join(lines) + " -->"


def sprite(icons: dict[str, str], size: int, authors: dict[str, str]) -> str:
    terms = pictures()
    symbols = [f'<symbol id="pic-{term}" viewBox="0 0 {size} {size}">{icons[icon]}</symbol>'
               for term, icon in sorted(terms.items())]
    return "\n".join(['<svg xmlns="http://www.w3.org/2000/svg">', credit(sorted(set(terms.values())), authors),
                      *symbols, "</svg>", ""])


def cover(slug: str, spec: dict, icons: dict[str, str], size: int, authors: dict[str, str]) -> str:
    """A drawn cover: a sky, a hill in the game's ground colour, the first icon large left of the middle, the second
    smaller at its left, the third small at the top right, all in the game's ink. The bottom right corner stays
    free: the home card lays the board in miniature there."""
    big, left, right = spec["icons"]
    places = [(left, 14, 74, 72), (big, 82, 18, 120), (right, 216, 12, 64)]
    drawn = [f'<g transform="translate({x:g} {y:g}) scale({side / size:g})">{icons[name]}</g>'
             for name, x, y, side in places]
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {COVER_W} {COVER_H}" width="{COVER_W}" '
        f'height="{COVER_H}">', credit(sorted({big, left, right}), authors),
        f'<rect width="{COVER_W}" height="{COVER_H}" fill="{spec["sky"]}"/>',
        f'<path d="M0 {COVER_H * 0.78:g}Q{COVER_W * 0.3:g} {COVER_H * 0.6:g} {COVER_W * 0.55:g} {COVER_H * 0.74:g}'
        f'T{COVER_W} {COVER_H * 0.7:g}V{COVER_H}H0z" fill="{spec["ground"]}"/>',
        f'<g color="{spec["ink"]}">', *drawn, "</g>", "</svg>", ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--icons-repo", type=Path, help="a clone of github.com/game-icons/icons: refresh authors.json")
    args = parser.parse_args()
    if not SOURCE.exists():
        sys.exit(f"{SOURCE} is missing: run (cd scripts/pictures && npm ci) first")
    icons, size = load_icons()
    unknown = sorted(used_icons() - set(icons))
    if unknown:
        sys.exit(f"not in the game-icons set: {unknown}")
    authors = refresh_authors(args.icons_repo, icons) if args.icons_repo else json.loads(AUTHORS.read_text())
    (STATIC / SPRITE).write_text(sprite(icons, size, authors))
    (STATIC / COVERS).mkdir(parents=True, exist_ok=True)
    for slug, spec in covers().items():
        (STATIC / COVERS / f"{slug}.svg").write_text(cover(slug, spec, icons, size, authors))
    print(f"wrote {STATIC / SPRITE} ({len(pictures())} pictures) and {len(covers())} covers in {STATIC / COVERS};"
          f" the boards in {STATIC / BOARDS} are drawn by hand")


if __name__ == "__main__":
    main()
