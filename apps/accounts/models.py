"""The site's user: a registered player or a guest who may claim the account later."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower


class User(AbstractUser):
    is_guest = models.BooleanField(default=False, help_text="Joined by an invite link without signing up.")

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("profile", args=[self.username])
