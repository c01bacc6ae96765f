from django.contrib.auth import views as auth_views
from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(template_name="accounts/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("guest/", views.guest, name="guest"),
    path("claim/", views.claim, name="claim"),
    path("u/<str:username>/", views.profile, name="profile"),
]
