from django.urls import path

from apps.matches import views

urlpatterns = [
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/story/", views.summary, name="match_summary"),
    path("<int:match_id>/replay/", views.replay, name="match_replay"),
    path("<int:match_id>/replay/step/", views.replay_step, name="match_replay_step"),
    path("<int:match_id>/replay/moves/", views.replay_move_list, name="match_replay_moves"),
    path("<int:match_id>/rematch/", views.rematch, name="match_rematch"),
]
