"""``{% load moderation_tags %}``, then ``{% chat_mute as mute %}``: the viewer's mute notice (a ``mute_frame``),
or None when they may speak, so a page loaded while muted shows its chat box disabled from the start."""

from django import template

from apps.moderation.selectors import active_mute, mute_frame

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_mute(context) -> dict | None:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return None
    mute = active_mute(user)
    return mute_frame(mute) if mute is not None else None
