"""The help page "Rules of time": what each clock does, and what running out of time costs, rated or not.

One page, linked from the clock on every timed table, from the lobby form's clock field and from each game's rules;
its figures (presets, the ranges a lobby may choose) come from the clock module, so the page and the form agree.
"""

from django.shortcuts import render

from apps.matches.engine import clock as clocks


def rules_of_time(request):
    return render(request, "matches/rules_of_time.html", {
        "presets": [clocks.describe({"kind": clocks.REAL_TIME, "base_ms": minutes * clocks.MINUTE,
                                     "increment_ms": seconds * 1000}) for minutes, seconds in clocks.REAL_TIME_PRESETS],
        "minutes": clocks.REAL_TIME_MINUTES,
        "increment": clocks.REAL_TIME_INCREMENT_SECONDS,
        "days": clocks.OWN_PACE_DAYS,
    })
