"""Admin actions that ask for a reason (and a duration, for mutes and bans) on an intermediate page, then act."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 3}))


class MuteForm(ReasonForm):
    minutes = forms.IntegerField(min_value=1, max_value=60 * 24 * 365, initial=60)


BAN_DURATIONS = [("1", "1 day"), ("7", "7 days"), ("30", "30 days"), ("permanent", "Permanent (until lifted)")]


class BanForm(ReasonForm):
    """How long, and whether the network is refused too: both chosen by the moderator, the network off unless
    ticked. Cleaned into ``duration`` (a timedelta, None when permanent) and ``refuse_network``."""

    duration = forms.ChoiceField(choices=BAN_DURATIONS, widget=forms.RadioSelect,
                                 error_messages={"required": "Choose how long the ban lasts."})
    refuse_network = forms.BooleanField(
        required=False, initial=False,
        label=f"Also refuse new guests and accounts from this player's network addresses for "
              f"{settings.BAN_ADDRESS_SECONDS // 3600} hours",
        help_text="Schools, offices and mobile carriers share addresses: everyone else there would be refused too. "
                  "Tick it only for a player who keeps coming back under new names. Their browser is refused "
                  "for the whole ban in any case.")

    def clean_duration(self) -> timedelta | None:
        days = self.cleaned_data["duration"]
        return None if days == "permanent" else timedelta(days=int(days))


def reasoned_action(name: str, description: str, act: Callable, form_class=ReasonForm):
    """An admin action (needs the 'moderate' permission) that runs ``act(moderator, obj, **form data)``."""

    def action(modeladmin, request, queryset):
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            done = 0
            for obj in queryset:
                try:
                    act(request.user, obj, **form.cleaned_data)
                    done += 1
                except ValueError as exc:
                    modeladmin.message_user(request, f"{obj}: {exc}", messages.ERROR)
            if done:
                modeladmin.message_user(request, f"{description}: {done} done.", messages.SUCCESS)
            return None
        return TemplateResponse(request, "admin/moderation/reason_form.html", {
            **modeladmin.admin_site.each_context(request),
            "title": description,
            "objects": queryset,
            "form": form,
            "action": name,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "opts": modeladmin.model._meta,
        })

    action.__name__ = name
    return admin.action(description=description, permissions=["moderate"])(action)


class ModerateMixin:
    def has_moderate_permission(self, request) -> bool:
        return request.user.has_perm("moderation.moderate")
