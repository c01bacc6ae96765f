"""Creating, joining, leaving and starting lobbies; each change is pushed to the lobby page after commit."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction

from apps.common.rates import hit, hits
from apps.lobbies import push, strong_bots
from apps.lobbies.models import Lobby, LobbySeat, new_invite_token
from apps.matches.domain.bots import bot_kinds
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import clock as clocks
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat
from apps.notices import services as notices
from apps.ratings.services import NotRateable, check_may_be_rated

audit_log = logging.getLogger("civitas.audit")


class LobbyError(Exception):
    """Something a person asked of a lobby that cannot be done; the message says why."""


class LobbyThrottled(LobbyError):
    """Too many lobbies created, or joins made, by one user in a short time."""


def _check_rate(user, what: str, limit_setting: str, noun: str) -> None:
    """Refuse when the user is at the limit; otherwise count this one (shared cache: holds across processes)."""
    limit, seconds = getattr(settings, limit_setting)
    key = f"lobby:{what}:{user.pk}"
    if hits(key) >= limit:
        raise LobbyThrottled(f"You made {limit} {noun} in {seconds // 60} minutes, the most allowed; "
                             "wait a few minutes and try again.")
    hit(key, seconds)


def create_lobby(host, game: str, seat_count: int, is_public: bool, options: dict | None = None,
                 pace: str = "live", away_minutes: int = 3, allow_spectators: bool = False,
                 name: str = "", rated: bool = False, time_control: str = "none") -> Lobby:
    rules = engine(game)
    try:
        control = clocks.parse(time_control)
    except clocks.BadTimeControl as exc:
        raise LobbyError(str(exc)) from None
    if control is not None:
        pace = Match.Pace.OWN_PACE if control["kind"] == clocks.OWN_PACE else Match.Pace.LIVE
    if not rules.min_players <= seat_count <= rules.max_players:
        raise LobbyError(f"{rules.title} seats {rules.min_players} to {rules.max_players} players.")
    if rated:
        _check_rateable(game, [host], seat_count)
    _check_rate(host, "create", "LOBBY_CREATE_LIMIT", "lobbies")
    with transaction.atomic():
        lobby = Lobby.objects.create(game=game, name=name.strip()[:60], host=host, seat_count=seat_count,
                                     is_public=is_public,
                                     options=options or {}, pace=pace, away_minutes=away_minutes,
                                     allow_spectators=allow_spectators, rated=rated, time_control=time_control)
        LobbySeat.objects.bulk_create(LobbySeat(lobby=lobby, index=i) for i in range(seat_count))
        LobbySeat.objects.filter(lobby=lobby, index=0).update(user=host)
    return lobby


def _locked_open_lobby(lobby_id: int) -> Lobby:
    lobby = Lobby.objects.select_for_update().filter(pk=lobby_id).first()
    if lobby is None:
        raise LobbyError("No such lobby.")
    if lobby.status != Lobby.Status.OPEN:
        raise LobbyError("This lobby has already started or closed.")
    return lobby


def join(lobby_id: int, user) -> LobbySeat:
    """Sit the user in the first free seat (or return their seat if they sit already)."""
    try:
        with transaction.atomic():
            lobby = _locked_open_lobby(lobby_id)
            mine = LobbySeat.objects.filter(lobby=lobby, user=user).first()
            if mine is not None:
                return mine
            _check_rate(user, "join", "LOBBY_JOIN_LIMIT", "lobby joins")
            open_seats = LobbySeat.objects.filter(lobby=lobby, user__isnull=True, bot="").order_by("index")
            had = _seat_in_rematched(lobby, user)  # a rematch keeps the seats as they were
            free = (open_seats.filter(index=had).first() if had is not None else None) or open_seats.first()
            if free is None:
                raise LobbyError("Every seat is taken.")
            free.user = user
            free.save(update_fields=["user"])
            transaction.on_commit(lambda: push.lobby_changed(lobby_id))
            return free
    except IntegrityError as exc:
        raise LobbyError("You already sit in this lobby.") from exc


def _seat_in_rematched(lobby: Lobby, user) -> int | None:
    """The seat the user had in the match this lobby is a rematch of (None if none)."""
    if lobby.rematch_of_id is None:
        return None
    return MatchSeat.objects.filter(match_id=lobby.rematch_of_id, user=user).values_list("index", flat=True).first()


def rematch(match_id: int, user) -> Lobby:
    """The lobby that plays a finished match again: the first of its players to ask opens it, with the same game,
    seats (the asker and every bot in the seat they had), options, rated wish, time control and watchers, and every
    other person who sat is invited (a notice with the invite link); whoever asks after that joins it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status == Match.Status.RUNNING:
            raise LobbyError("A rematch is offered once the match is over.")
        seats = list(MatchSeat.objects.filter(match=match).order_by("index"))
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        if mine is None:
            raise LobbyError("Only the players of this match can ask for a rematch.")
        existing = Lobby.objects.filter(rematch_of=match, status=Lobby.Status.OPEN).first()
        if existing is not None:
            join(existing.pk, user)
            return existing
        old = Lobby.objects.filter(match=match).first()
        lobby = create_lobby(
            user, match.game, len(seats), old.is_public if old else match.watchers == Match.Watchers.ANYONE,
            options=match.options, pace=match.pace, away_minutes=max(1, match.away_timeout // 60),
            allow_spectators=old.allow_spectators if old else match.watchers == Match.Watchers.LINK,
            name=old.name if old else "", rated=match.rated, time_control=_time_control_of(match.clock))
        lobby.rematch_of = match
        lobby.save(update_fields=["rematch_of"])
        LobbySeat.objects.filter(lobby=lobby, index=0).update(user=None)
        LobbySeat.objects.filter(lobby=lobby, index=mine.index).update(user=user)
        for seat in seats:
            if seat.user_id is None and seat.bot:
                LobbySeat.objects.filter(lobby=lobby, index=seat.index).update(bot=seat.bot)
        others = [seat.user_id for seat in seats if seat.user_id and seat.user_id != user.pk]
        notices.rematch_offered(lobby.invite_path(), match, others, user.username)
    return lobby


def _time_control_of(clock: dict | None) -> str:
    """The lobby value of the time control a match's clock was started with."""
    if clock is None:
        return "none"
    if clock["kind"] == clocks.OWN_PACE:
        return f"days:{clock['base_ms'] // clocks.DAY}"
    return f"rt:{clock['base_ms'] // clocks.MINUTE}+{clock['increment_ms'] // 1000}"


def leave(lobby_id: int, user) -> None:
    """Leave a seat; the host leaving closes the lobby for everyone."""
    with transaction.atomic():
        lobby = _locked_open_lobby(lobby_id)
        if lobby.host_id == user.pk:
            lobby.status = Lobby.Status.CLOSED
            lobby.save(update_fields=["status"])
            transaction.on_commit(lambda: push.lobby_closed(lobby_id))
            return
        LobbySeat.objects.filter(lobby=lobby, user=user).update(user=None)
        transaction.on_commit(lambda: push.lobby_changed(lobby_id))


def lobby_for_invite(token) -> Lobby | None:
    """The lobby an invite token opens, or None: a wrong, old or revoked token opens nothing."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        return None
    return Lobby.objects.filter(invite_token=token).first()


def revoke_invite(lobby_id: int, host) -> Lobby:
    """The host replaces the invite link: the old one opens nothing from now on, and browsers that followed it but
    did not sit down lose their view of a private lobby. Seated players keep their seats."""
    with transaction.atomic():
        lobby = _locked_open_lobby(lobby_id)
        if lobby.host_id != host.pk:
            raise LobbyError("Only the host can replace the invite link.")
        lobby.invite_token = new_invite_token()
        lobby.save(update_fields=["invite_token"])
        transaction.on_commit(lambda: push.lobby_access_changed(lobby_id))
    # Who and which lobby, never the token: logs are read by more people than the lobby's guests.
    audit_log.info("invite revoked: lobby=%s host=%s (user %s)", lobby.pk, host.username, host.pk)
    return lobby


def _host_seat(lobby_id: int, host, index) -> tuple[Lobby, LobbySeat]:
    lobby = _locked_open_lobby(lobby_id)
    if lobby.host_id != host.pk:
        raise LobbyError("Only the host can do that.")
    if not isinstance(index, int) or isinstance(index, bool):
        raise LobbyError("No such seat.")
    seat = LobbySeat.objects.filter(lobby=lobby, index=index).first()
    if seat is None:
        raise LobbyError("No such seat.")
    return lobby, seat


def kick(lobby_id: int, host, index: int) -> None:
    with transaction.atomic():
        lobby, seat = _host_seat(lobby_id, host, index)
        if seat.user_id == lobby.host_id:
            raise LobbyError("The host cannot kick themselves; leave to close the lobby.")
        seat.user = None
        seat.bot = ""
        seat.save(update_fields=["user", "bot"])
        transaction.on_commit(lambda: push.lobby_changed(lobby_id))


def add_bot(lobby_id: int, host, index: int, kind: str = "random", address: str | None = None) -> None:
    """Seat a bot of ``kind``; a strong bot only while the host (at ``address``) may start one more table with one."""
    with transaction.atomic():
        lobby, seat = _host_seat(lobby_id, host, index)
        if kind not in bot_kinds(lobby.game):
            raise LobbyError("No such bot for this game.")
        if not seat.is_empty:
            raise LobbyError("That seat is taken.")
        if strong_bots.is_strong(kind) and (refused := strong_bots.refusal(host, address)):
            raise LobbyError(refused)
        seat.bot = kind
        seat.save(update_fields=["bot"])
        transaction.on_commit(lambda: push.lobby_changed(lobby_id))


def _check_rateable(game: str, players: list, seats: int | None = None) -> None:
    """LobbyError unless a match of this game with these players (None for a bot) may be rated."""
    try:
        check_may_be_rated(game, players, seats)
    except NotRateable as exc:
        raise LobbyError(str(exc)) from None


def may_be_rated(game: str, players: list, seats: int | None = None) -> bool:
    try:
        check_may_be_rated(game, players, seats)
    except NotRateable:
        return False
    return True


def set_rated(lobby_id: int, host, rated: bool) -> None:
    """The host asks for a rated match (refused while a guest or a bot sits, or for a co-operative game) or not."""
    with transaction.atomic():
        lobby = _locked_open_lobby(lobby_id)
        if lobby.host_id != host.pk:
            raise LobbyError("Only the host can do that.")
        if rated:
            seated = [seat for seat in LobbySeat.objects.filter(lobby=lobby).select_related("user")
                      if not seat.is_empty]
            _check_rateable(lobby.game, [seat.user for seat in seated], lobby.seat_count)
        lobby.rated = rated
        lobby.save(update_fields=["rated"])
        transaction.on_commit(lambda: push.lobby_changed(lobby_id))


def start(lobby_id: int, host, address: str | None = None):
    """Create the match from the seated players (in seat order) and send everyone to it. ``address``: the host's
    client address (tables with a strong bot are bounded per host and per address)."""
    with transaction.atomic():
        lobby = _locked_open_lobby(lobby_id)
        if lobby.host_id != host.pk:
            raise LobbyError("Only the host can start.")
        rules = engine(lobby.game)
        seated = [seat for seat in LobbySeat.objects.filter(lobby=lobby).select_related("user") if not seat.is_empty]
        if len(seated) < rules.min_players:
            raise LobbyError(f"{rules.title} needs at least {rules.min_players} seated to start.")
        if any(strong_bots.is_strong(seat.bot) for seat in seated):
            strong_bots.lock_counts(host, address)
            if refused := strong_bots.refusal(host, address):
                raise LobbyError(refused)
        # The host's wish, if the table allows it: a guest or a bot at it makes the match unrated (the lobby page
        # says so before the start).
        rated = lobby.rated and may_be_rated(lobby.game, [seat.user for seat in seated])
        specs = []
        labels = bot_kinds(lobby.game)
        bot_number = 0
        for seat in seated:
            if seat.user_id:
                specs.append(SeatSpec(name=seat.user.username, user=seat.user))
            else:
                bot_number += 1
                specs.append(SeatSpec(name=f"{labels[seat.bot]} {bot_number}", bot=seat.bot))
        match = do_start_match(lobby.game, specs, lobby.options, pace=lobby.pace, away_timeout=lobby.away_minutes * 60,
                               rated=rated, time_control=lobby.time_control)
        match.watchers = (Match.Watchers.ANYONE if lobby.is_public else
                          Match.Watchers.LINK if lobby.allow_spectators else Match.Watchers.INVITED)
        match.save(update_fields=["watchers"])  # in do_start_match's transaction: never watchable by more than allowed
        notices.seated(match, [seat.user_id for seat in seated if seat.user_id and seat.user_id != host.pk],
                       host.username)
        lobby.status = Lobby.Status.STARTED
        lobby.match = match
        lobby.started_from = strong_bots.address_or_none(address)
        lobby.save(update_fields=["status", "match", "started_from"])
        transaction.on_commit(lambda: push.lobby_started(lobby_id, match.get_absolute_url()))
        return match
