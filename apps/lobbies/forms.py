"""The form that creates a lobby for a game, with that game's seat range and options."""

from django import forms
from django.urls import reverse_lazy
from django.utils.text import format_lazy

from apps.common.bidi import strip_bidi_controls
from apps.matches.engine import clock as clocks
from apps.matches.models import Match
from apps.ratings.services import game_is_rated


class LobbyForm(forms.Form):
    name = forms.CharField(label="Table name", max_length=60, required=False, strip=True,
                           help_text="How the lobby is listed; left blank, it is your name, the game and a number.")
    seat_count = forms.TypedChoiceField(label="Seats", coerce=int)
    is_public = forms.BooleanField(label="List on the home page (public)", required=False, initial=True)
    allow_spectators = forms.BooleanField(
        label="Allow spectators", required=False, initial=False,
        help_text="For a private lobby: anyone with the match's address may watch it (it is still not listed). "
                  "Otherwise only its players, guests who came by the invite link and moderators may watch.")
    rated = forms.BooleanField(
        label="Rated", required=False, initial=True,
        help_text="The result moves each player's rating in this game. Only signed-up people play rated: a guest "
                  "or a bot at the table makes the match unrated (the lobby page says so before the start).")
    time_control = forms.ChoiceField(
        label="Clock", initial=clocks.NONE, required=False,
        choices=[(clocks.NONE, "No clock (friendly)"),
                 ("Real time: minutes each, plus seconds added every turn",
                  [*((f"rt:{m}+{s}", f"{m} min + {s} s") for m, s in clocks.REAL_TIME_PRESETS),
                   ("custom", "Your own minutes and seconds…")]),
                 ("Own pace: days for each move",
                  [(f"days:{d}", f"{d} day{'s' if d != 1 else ''} per move")
                   for d in range(clocks.OWN_PACE_DAYS[0], clocks.OWN_PACE_DAYS[1] + 1)])],
        help_text=format_lazy(
            "Real time: a rated match is lost on time at 0:00; unrated, the others may then hand the seat to a bot. "
            "Own pace: the player to move gets an email reminder a day before their time is up; then a bot plays "
            "that turn, and in a rated match that is one turn of grace: a player not back by their next turn "
            'loses on time. <a class="time-help-link" href="{}">Rules of time</a>', reverse_lazy("help_time")))
    custom_minutes = forms.IntegerField(label="Minutes each (your own clock)", required=False,
                                        min_value=clocks.REAL_TIME_MINUTES[0], max_value=clocks.REAL_TIME_MINUTES[1])
    custom_seconds = forms.IntegerField(label="Seconds added every turn (your own clock)", required=False,
                                        min_value=clocks.REAL_TIME_INCREMENT_SECONDS[0],
                                        max_value=clocks.REAL_TIME_INCREMENT_SECONDS[1])
    pace = forms.ChoiceField(label="Pace without a clock", choices=Match.Pace.choices, initial=Match.Pace.LIVE,
                             help_text="A clock sets the pace itself: real time is live, days per move own pace.")
    away_minutes = forms.IntegerField(label="Minutes away before the others may seat a bot", min_value=1,
                                      max_value=7 * 24 * 60, initial=3)

    def __init__(self, rules, *args, host=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        rated = self.fields["rated"]
        if not game_is_rated(rules.slug):
            rated.disabled, rated.initial = True, False
            rated.help_text = f"{rules.title} is co-operative: the table wins or loses as one, so it is not rated."
        elif host is not None and getattr(host, "is_guest", False):
            rated.disabled, rated.initial = True, False
            rated.help_text = format_lazy('Guests play unrated. To play rated, <a href="{}">keep your name with a '
                                          "password</a>.", reverse_lazy("claim"))
        self.fields["seat_count"].choices = [(n, str(n)) for n in range(rules.min_players, rules.max_players + 1)]
        self.fields["seat_count"].initial = min(2, rules.max_players) if rules.min_players <= 2 else rules.min_players
        for option in rules.option_fields():
            self.fields[f"opt_{option['name']}"] = forms.ChoiceField(
                label=option["label"], choices=option["choices"], initial=option["default"])

    def clean_name(self) -> str:
        return strip_bidi_controls(self.cleaned_data["name"]).strip()

    def options(self) -> dict:
        return {name[4:]: value for name, value in self.cleaned_data.items() if name.startswith("opt_")}

    def clean(self):
        data = super().clean()
        if "time_control" in data and not data["time_control"]:
            data["time_control"] = clocks.NONE  # a form from before clocks, or a client that leaves it out
        if data.get("time_control") == "custom":
            minutes, seconds = data.get("custom_minutes"), data.get("custom_seconds")
            if minutes is None:
                self.add_error("custom_minutes", "Give the minutes each player has.")
            else:
                data["time_control"] = f"rt:{minutes}+{seconds or 0}"
        if data.get("rated") and data.get("seat_count") == 1:
            data["rated"] = False  # a table of one has nobody to be rated against (the form's script says so)
        control = clocks.parse(data["time_control"]) if data.get("time_control", "custom") != "custom" else None
        if control is not None:
            data["pace"] = Match.Pace.OWN_PACE if control["kind"] == clocks.OWN_PACE else Match.Pace.LIVE
        return data

    def settings(self) -> dict:
        """The lobby's own settings (not the game's options)."""
        keys = ("name", "seat_count", "is_public", "allow_spectators", "rated", "time_control", "pace",
                "away_minutes")
        return {key: self.cleaned_data[key] for key in keys}
