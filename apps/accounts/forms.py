"""Sign-up, guest and claim forms."""

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from apps.accounts import lockout
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


class LockoutMixin:
    """Refuses a locked-out log-in before the password is even checked, and counts the failed ones."""

    locked = False

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = lockout.client_address(self.request.META if self.request is not None else {})
        if lockout.is_locked(username, address):
            self.locked = True
            raise ValidationError(lockout.locked_message(), code="locked")
        try:
            cleaned = super().clean()
        except ValidationError as exc:
            if getattr(exc, "code", None) == "invalid_login":
                lockout.record_failure(username, address)
            raise
        lockout.record_success(username)
        return cleaned


class LoginForm(LockoutMixin, AuthenticationForm):
    pass


class AdminLoginForm(LockoutMixin, AdminAuthenticationForm):
    pass
