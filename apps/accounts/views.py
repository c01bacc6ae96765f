"""Sign up, guest entry, claiming a guest account, and profiles."""

from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from apps.accounts.forms import ClaimForm, GuestForm, LoginForm, SignUpForm
from apps.accounts.services import claim_guest, create_guest
from apps.matches.selectors import finished_matches_for


def _next_url(request, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or default
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return default


class LoginView(auth_views.LoginView):
    """Django's log-in with the brute-force lockout; a locked-out attempt is answered 429 Too Many Requests."""

    form_class = LoginForm
    template_name = "accounts/login.html"

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.locked:
            response.status_code = 429
        return response


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request, "")})


def guest(request):
    """Pick a display name and play at once, without an account."""
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = GuestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = create_guest(form.cleaned_data["name"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(request, "accounts/guest.html", {"form": form, "next": _next_url(request, "")})


@login_required
def claim(request):
    """A guest sets a password and keeps the name and history."""
    if not request.user.is_guest:
        return redirect("profile", username=request.user.username)
    form = ClaimForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        claim_guest(request.user, form.cleaned_data["password1"])
        login(request, request.user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("profile", username=request.user.username)
    return render(request, "accounts/claim.html", {"form": form})


def profile(request, username: str):
    person = get_object_or_404(get_user_model(), username__iexact=username)
    return render(request, "accounts/profile.html", {
        "person": person,
        "results": finished_matches_for(person, request.user, request.session),
    })
