from django.urls import path

from apps.moderation import views

urlpatterns = [
    path("report/", views.report, name="moderation_report"),
    path("matches/<int:match_id>/", views.full_view, name="moderation_full_view"),
]
