from django.urls import path

from apps.notices import views

urlpatterns = [
    path("", views.notice_list, name="notices"),
    path("email/", views.email_address, name="notices_email"),
    path("email/confirm/<str:token>/", views.confirm_email, name="notices_confirm"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notices_unsubscribe"),
]
