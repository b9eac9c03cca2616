"""Telling watchers: who is told about a change, the notices on the site, and the mail queued.

Notices are rows written in the saving transaction (so the header count is right as soon
as the save returns); mail is never sent here: an instant notice queues its e-mail with
`background.queue.after_commit`, and the task queue sends it (community/tasks.py).
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.utils import translation
from simple_history.models import HistoricalRecords

from background.queue import after_commit

from . import tasks
from .models import Notification, Preferences, Watch

# "@name" not preceded by a word character (an e-mail address is not a mention); Django's
# usernames may hold letters, digits and @ . + - _, but a sentence's full stop is not part.
MENTION = re.compile(r"(?<![\w@])@([\w.@+-]+)")


def current_actor():
    """The signed-in user of the request doing the save, if any (simple-history's
    HistoryRequestMiddleware keeps the request for the history rows)."""
    request = getattr(HistoricalRecords.context, "request", None)
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def mentioned_users(text: str):
    """The active users named as @username in a text, each once."""
    names = {name.rstrip(".-@") for name in MENTION.findall(text or "")}
    names.discard("")
    if not names:
        return []
    return list(get_user_model().objects.filter(username__in=names, is_active=True))


def watchers(**page):
    """The users watching a page, given as article=…, scenario=… or tournament=…."""
    return [watch.user for watch in Watch.objects.filter(**page).select_related("user")]


def notify(users, *, reason, message, url, actor=None, may_see=None, **page):
    """A notice for each of `users` but the actor (nobody is told of their own change),
    those who are not active and those `may_see(user)` refuses. Returns the notices.

    `message` is a function of no arguments that words the notice: it is called once per
    reader, in the reader's language (`Preferences.language_of`)."""
    told, seen = [], set()
    for user in users:
        if user.pk in seen or not user.is_active:
            continue
        seen.add(user.pk)
        if actor is not None and user.pk == actor.pk:
            continue
        if may_see is not None and not may_see(user):
            continue
        with translation.override(Preferences.language_of(user)):
            said = str(message())
        told.append(
            Notification.objects.create(
                user=user, reason=reason, message=said[:300], url=url, actor=actor, **page
            )
        )
    _queue_instant_mail(told)
    return told


def _queue_instant_mail(notices):
    if not notices:
        return
    daily_or_quiet = set(
        Preferences.objects.filter(user__in=[n.user_id for n in notices])
        .exclude(delivery=Preferences.INSTANT)
        .values_list("user_id", flat=True)
    )
    for notice in notices:
        if notice.user_id not in daily_or_quiet and notice.user.email:
            after_commit(tasks.send_notice_mail, notice.pk)


def delivery_of(user) -> str:
    preferences = Preferences.objects.filter(user=user).first()
    return preferences.delivery if preferences else Preferences.INSTANT
