"""Where to go after entering: the ``next`` a page was given, when it is a path on this site, and otherwise a safe
default. Checked before anything is created, so a bad ``next`` changes nothing but the destination."""

from __future__ import annotations

import unicodedata

from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme

MAX_LENGTH = 2000


def safe_next(request, default: str = "/") -> str:
    """A same-site absolute path from POST or GET ``next``, or ``default``. Only paths: "home" or "%41:b" would
    otherwise be taken for a view name or a scheme by the code that redirects, and a line break would break the
    Location header."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if (not target or len(target) > MAX_LENGTH or not target.startswith("/") or target.startswith(("//", "/\\"))
            or any(char.isspace() or unicodedata.category(char).startswith("C") for char in target)
            or not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure())):
        return default
    return target


def redirect_next(request, default: str = "/") -> HttpResponseRedirect:
    return HttpResponseRedirect(safe_next(request, default))
