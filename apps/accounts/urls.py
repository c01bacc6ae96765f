from django.contrib.auth import views as auth_views
from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("guest/", views.guest, name="guest"),
    path("claim/", views.claim, name="claim"),
    path("u/<str:username>/", views.old_profile),  # where profiles were before /players/<username>/
]
