"""The form that creates a lobby for a game, with that game's seat range and options."""

from django import forms


class LobbyForm(forms.Form):
    seat_count = forms.TypedChoiceField(label="Seats", coerce=int)
    is_public = forms.BooleanField(label="List on the home page (public)", required=False, initial=True)

    def __init__(self, rules, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.fields["seat_count"].choices = [(n, str(n)) for n in range(rules.min_players, rules.max_players + 1)]
        self.fields["seat_count"].initial = min(2, rules.max_players) if rules.min_players <= 2 else rules.min_players
        for option in rules.option_fields():
            self.fields[f"opt_{option['name']}"] = forms.ChoiceField(
                label=option["label"], choices=option["choices"], initial=option["default"])

    def options(self) -> dict:
        return {name[4:]: value for name, value in self.cleaned_data.items() if name.startswith("opt_")}
