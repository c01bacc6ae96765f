"""Sign-up, guest and claim forms."""

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from apps.accounts import lockout
from apps.accounts.services import NAME_RULE, check_display_name
from apps.moderation.selectors import active_ban, ban_until
from apps.moderation.services import end_finished_ban


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
    """Lets a player whose ban ran out back in, and tells a banned one (with the right password) why and until
    when, rather than that the password is wrong."""

    def clean(self):
        named = self._named_user()
        if named is not None and not named.is_active:
            end_finished_ban(named)
        return super().clean()

    def get_invalid_login_error(self):
        named = self._named_user()
        ban = active_ban(named) if named is not None and not named.is_active else None
        if ban is not None and named.check_password(self.cleaned_data.get("password") or ""):
            return ValidationError(f"This account is banned {ban_until(ban)}. Reason: {ban.reason}", code="banned")
        return super().get_invalid_login_error()

    def _named_user(self):
        if not hasattr(self, "_named"):
            users, username = get_user_model()._default_manager, self.cleaned_data.get("username")
            self._named = users.filter(**{users.model.USERNAME_FIELD: username}).first() if username else None
        return self._named


class AdminLoginForm(LockoutMixin, AdminAuthenticationForm):
    pass
