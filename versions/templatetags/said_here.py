"""Where a page shows what the editor was told: beside the part they saved, or at the top."""

from django import template

from versions.editing import BESIDE, beside

register = template.Library()


def _told(messages) -> list:
    """The messages waiting for this request. Reading them marks them shown, and a page that
    showed a message is never stored for readers (pagecache), so an empty storage is left
    unread: its length is asked, which reads no message."""
    return list(messages) if messages else []


@register.filter
def at_top(messages) -> list:
    """The messages that name no part of the page (base.html shows them first)."""
    return [
        message for message in _told(messages) if not (message.extra_tags or "").startswith(BESIDE)
    ]


@register.filter
def said_beside(messages, anchor) -> list:
    """The messages about the part with id `anchor` (shown next to it)."""
    return [message for message in _told(messages) if message.extra_tags == beside(str(anchor))]
