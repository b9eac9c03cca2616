"""The e-mails: one notice at once, or a day's notices in one digest."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext


def absolute(url: str) -> str:
    return url if url.startswith(("http://", "https://")) else settings.SITE_URL + url


def send_notices(user, notices) -> None:
    """Mail these notices to the user, in their language: one notice as its own subject,
    several as a digest. Raises if the mail server refuses (the task queue then retries)."""
    from .notices import language_of

    with translation.override(language_of(user)):
        _send(user, notices)


def _send(user, notices) -> None:
    if len(notices) == 1:
        subject = gettext("[Rulings] %(notice)s") % {"notice": notices[0].message}
    else:
        subject = ngettext(
            "[Rulings] %(count)s change on pages you watch",
            "[Rulings] %(count)s changes on pages you watch",
            len(notices),
        ) % {"count": len(notices)}
    body = render_to_string(
        "community/notice_mail.txt",
        {
            "user": user,
            "notices": [(notice, absolute(notice.url)) for notice in notices],
            "notifications_url": absolute(reverse("community:notifications")),
            "preferences_url": absolute(reverse("community:preferences")),
        },
    )
    send_mail(subject[:200], body, settings.DEFAULT_FROM_EMAIL, [user.email])
