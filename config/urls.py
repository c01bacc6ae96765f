"""HTTP URL map (see DESIGN.md, "URLs")."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic import RedirectView

from apps.accounts import views as account_views
from apps.accounts.forms import AdminLoginForm
from apps.lobbies import views as lobby_views
from apps.matches import about, lesson_views, time_help
from apps.matches import views as match_views
from apps.ratings import views as rating_views

admin.site.login_form = AdminLoginForm  # the admin's log-in is locked out like the site's

urlpatterns = [
    path("", match_views.home, name="home"),
    path("healthz", match_views.healthz, name="healthz"),
    # Looked up at request time: in production the name carries the content hash from collectstatic's manifest.
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("civitas/favicon.svg"), permanent=True)),
    path("games/<slug:slug>/", match_views.game_rules, name="game_rules"),
    path("help/time/", time_help.rules_of_time, name="help_time"),
    path("about/", about.about, name="about"),
    path("learn/<slug:slug>/", lesson_views.learn, name="learn"),
    path("learn/<slug:slug>/play/", lesson_views.play_a_bot, name="learn_play_bot"),
    path("games/<slug:slug>/leaderboard/", rating_views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", account_views.profile, name="profile"),
    path("accounts/", include("apps.accounts.urls")),
    path("lobbies/", include("apps.lobbies.urls")),
    path("join/", lobby_views.invite_landing, name="invite_landing"),
    path("join/<str:token>/", lobby_views.join_by_invite, name="join_by_invite"),
    path("matches/", include("apps.matches.urls")),
    path("moderation/", include("apps.moderation.urls")),
    path("notices/", include("apps.notices.urls")),
    path("admin/", admin.site.urls),
]
