"""Learn to play: a game's lesson page, starting a lesson match, and the real game against a bot that ends it."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from apps.lobbies import services as lobby_services
from apps.matches.domain.lesson_start import LessonRefused, bot_kind, do_start_lesson
from apps.matches.engine import engine, game_entry
from apps.matches.engine.lesson import lesson_for


def _lesson_or_404(slug: str):
    try:
        entry = game_entry(slug)
    except KeyError:
        raise Http404("No such game.") from None
    lesson = lesson_for(slug)
    if lesson is None:
        raise Http404("This game has no lesson yet.")
    return entry, lesson


def learn(request, slug: str):
    """GET: what the lesson is, and its start button (a guest entry first for a visitor); POST: start it."""
    entry, lesson = _lesson_or_404(slug)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            match = do_start_lesson(slug, request.user)
        except LessonRefused as exc:
            messages.error(request, str(exc))
            return redirect("learn", slug=slug)
        return redirect(match)
    return render(request, "matches/learn.html", {"entry": entry, "lesson": lesson, "steps": len(lesson.steps)})


@require_POST
def play_a_bot(request, slug: str):
    """The lesson's last step: a real match of the game against its bot, made through the lobby as any is."""
    entry, _ = _lesson_or_404(slug)
    if not request.user.is_authenticated:
        return redirect("learn", slug=slug)
    rules = engine(slug)
    try:
        lobby = lobby_services.create_lobby(request.user, slug, max(2, rules.min_players), is_public=False,
                                            name=f"First {entry.title} against a bot")
        for seat in range(1, lobby.seat_count):
            lobby_services.add_bot(lobby.pk, request.user, seat, bot_kind(slug))
        match = lobby_services.start(lobby.pk, request.user)
    except lobby_services.LobbyError as exc:
        messages.error(request, str(exc))
        return redirect("learn", slug=slug)
    return redirect(match)
