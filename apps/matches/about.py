"""The about page: what Civitas is, and the credit every vendored asset asks for (pictures, the world map)."""

from collections import defaultdict

from django.shortcuts import render

from apps.matches.pictures import AUTHORS, PICTURES, covers


def about(request):
    icons = sorted(set(PICTURES.values()) | {icon for cover in covers().values() for icon in cover["icons"]})
    by_artist: dict[str, list[str]] = defaultdict(list)
    for icon in icons:
        by_artist[AUTHORS[icon]].append(icon)
    return render(request, "matches/about.html", {"artists": sorted(by_artist.items())})
