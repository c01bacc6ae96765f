"""How many bytes a table's pushed HTML frame weighs, along a game played by random bots (issue 40: pictures must
not grow a frame by more than 20%).

Run from the repository root:

    .venv/bin/python bench/frame_size.py [--games live_on chronicle] [--moves 120] [--every 4]

It migrates a database (``DATABASE_URL``, or a fresh SQLite file when unset), starts a two-seat match of each game
(seed 7, random bots in both seats), and every ``--every`` moves renders the frame seat 0 would be pushed
(``frames.frame_for(match, 0, "html")``), printing the median and the largest size per game and how many
pictures (``<use href=…pictures.svg#…>``) each frame carries, and the median's growth over the game's frame before
it had pictures (``BEFORE_PICTURES``; the limit is 20%). Static names are unhashed here (``DEBUG``); in
production each picture's address is 13 bytes longer (collectstatic's ``.<hash>``), printed as well.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HASH_BYTES = 13  # ".0123456789ab" in a collected static name
# Each game's median frame before its table had pictures, by this script (seed 7, 120 moves, every 4th), on the
# commit before its pictures came: 9aa699a^ (Live On, Chronicle), 9aa699a (Stone Age), 7ab606a^ (Innovation,
# Origins). Issue 40: pictures may grow a frame by 20% at most.
BEFORE_PICTURES = {"live_on": 17_166, "chronicle": 23_510, "stone_age": 17_002, "innovation": 29_045,
                   "origins": 51_614}
GROWTH_LIMIT = 0.20


def measure(games: list[str], moves: int, every: int) -> None:
    from django.db import connections  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match  # noqa: PLC0415
    from apps.matches.live.frames import frame_for  # noqa: PLC0415
    from apps.matches.models import Match  # noqa: PLC0415

    for game in games:
        match = do_start_match(game, [SeatSpec("Ann", bot="random"), SeatSpec("Bot", bot="random")], seed=7)
        sizes, pictures = [], []
        for step in range(moves + 1):
            if step % every == 0:
                frame = frame_for(Match.objects.get(pk=match.pk), 0, "html")
                sizes.append(len(frame.encode()))
                pictures.append(frame.count("pictures.svg#"))
            if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING or not do_bot_move(match.pk):
                break
        print(f"{game:<11} frames {len(sizes):3}  median {statistics.median(sizes):7.0f} B  largest {max(sizes):7} B"
              f"  pictures per frame: median {statistics.median(pictures):4.0f}, most {max(pictures):3}"
              f"  (+{max(pictures) * HASH_BYTES} B hashed in production)")
        if game in BEFORE_PICTURES:
            base = BEFORE_PICTURES[game]
            print(f"{'':<11} {statistics.median(sizes) / base - 1:+.1%} over {base:,} B before pictures"
                  f" (limit {base * (1 + GROWTH_LIMIT):,.0f} B)")
    connections.close_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=["live_on", "chronicle"])
    parser.add_argument("--moves", type=int, default=120, help="random-bot moves played per game (default 120)")
    parser.add_argument("--every", type=int, default=4, help="measure a frame every this many moves (default 4)")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="frame_size-"))
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch / 'db.sqlite3'}")
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.update(DJANGO_DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings", CIVITAS_BOT_DELAY="3600")
    os.environ.pop("REDIS_URL", None)  # the frames are rendered, not sent
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
    django.setup()
    measure(args.games, args.moves, args.every)


if __name__ == "__main__":
    main()
