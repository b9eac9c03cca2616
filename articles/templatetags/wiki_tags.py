"""Template helpers for the wiki: what a history row records."""

from django import template

register = template.Library()

HISTORY_TYPES = {"+": "created", "~": "changed", "-": "deleted"}


@register.filter
def history_type(record):
    return HISTORY_TYPES.get(record.history_type, record.history_type)


@register.filter
def editor_name(record):
    """Who saved a version: their name, or "import" when no one was logged in."""
    user = record.history_user
    if user is None:
        return "import or system"
    return user.get_full_name() or user.get_username()
