"""The site's user: a registered player or a guest who may claim the account later; and the browsers and addresses
each account entered from, so that a ban also holds against them (``apps/accounts/ban_evasion.py``)."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from apps.accounts.names import look_alike_key


class User(AbstractUser):
    is_guest = models.BooleanField(default=False, help_text="Joined by an invite link without signing up.")
    name_key = models.CharField(max_length=600, db_index=True, editable=False, default="",
                                help_text="TR39 skeleton of the name, case-folded: look-alike names share it.")

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args, **kwargs):
        self.name_key = look_alike_key(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("profile", args=[self.username])


class Sighting(models.Model):
    """An account entered (was created, signed up or logged in) from this browser and client address."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sightings")
    device = models.CharField(max_length=64, db_index=True, help_text="The browser's signed device cookie.")
    address = models.GenericIPAddressField(null=True, blank=True, db_index=True)
    seen_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} from {self.address or '?'}"
