"""Sign-up, guest and claim forms."""

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError

from apps.accounts.services import NAME_RULE, check_display_name


class SignUpForm(UserCreationForm):
    class Meta:
        model = get_user_model()
        fields = ("username",)
        help_texts = {"username": NAME_RULE}

    def clean_username(self):
        return check_display_name(self.cleaned_data.get("username", ""))


class GuestForm(forms.Form):
    name = forms.CharField(label="Your name", max_length=24, help_text=NAME_RULE)

    def clean_name(self):
        return check_display_name(self.cleaned_data["name"])


class ClaimForm(forms.Form):
    password1 = forms.CharField(label="Password", widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label="Password again", widget=forms.PasswordInput, strip=False)

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        p1, p2 = cleaned.get("password1"), cleaned.get("password2")
        if p1 and p2 and p1 != p2:
            raise ValidationError("The two passwords differ.")
        if p1:
            password_validation.validate_password(p1, self.user)
        return cleaned
