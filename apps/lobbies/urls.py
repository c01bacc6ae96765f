from django.urls import path

from apps.lobbies import views

urlpatterns = [
    path("new/<slug:game>/", views.new_lobby, name="new_lobby"),
    path("<int:lobby_id>/", views.lobby_page, name="lobby"),
    path("<int:lobby_id>/<str:action>/", views.lobby_action, name="lobby_action"),
]
