"""Talk pages: starting a thread, replying, editing a reply, resolving, hiding.

Every change is a version in the history (django-simple-history). Editing a reply or a
thread's title is the one edit view's save of `REPLY` or `THREAD` (community/views.py;
`versions.saving.save_edit`: version check, three-way merge, the conflict page), restoring
a reply's version is `versions.saving.restore`; restoring, resolving and hiding act on the
version that was shown, and do nothing if it moved on (the page then shows it again).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from articles.markup import render_markdown
from articles.wiki.linking import link_context
from versions.saving import Editable, latest_version, restore

from .models import Reply, Thread

# What their edits save (they are not in the versions registry: see community/versioned.py).
THREAD = Editable(model=Thread, fields=("title",))
REPLY = Editable(model=Reply, fields=("body",), text_fields=("body",))


def render_reply(reply: Reply) -> None:
    """The reply's Markdown as safe HTML (the site's markup module: sanitised, cross-linked).
    Called before every save of a reply (community/signals.py), a restore's too."""
    reply.body_html = render_markdown(reply.body, link_context())


def start_thread(user, title: str, body: str, **page) -> Thread:
    with transaction.atomic():
        thread = Thread(title=title, started_by=user, **page)
        thread._change_reason = "Thread started"
        thread.save()
        post_reply(thread, user, body)
    return thread


def post_reply(thread: Thread, user, body: str) -> Reply:
    reply = Reply(thread=thread, author=user, body=body)
    reply._change_reason = "Posted"
    reply.save()
    return reply


def restore_reply(reply: Reply, record, base_version) -> Reply | None:
    """Bring an old version of a reply's text back as a new version; None if it changed
    since the history page was shown."""
    return restore(REPLY, reply.pk, record, base_version)


def set_resolved(thread: Thread, user, resolved: bool, base_version) -> Thread | None:
    """Mark the thread resolved (who and when) or open again; None if it changed since shown."""
    with transaction.atomic():
        current = Thread.objects.select_for_update().get(pk=thread.pk)
        if base_version is None or latest_version(current) != base_version:
            return None
        if resolved == current.is_resolved:
            return current
        current.resolved_at = timezone.now() if resolved else None
        current.resolved_by = user if resolved else None
        current._change_reason = "Marked resolved" if resolved else "Opened again"
        current.save()
        return current


def set_hidden(reply: Reply, user, hidden: bool, base_version) -> Reply | None:
    """An editor hides a reply (its text stays in the history) or shows it again; None if
    it changed since shown."""
    with transaction.atomic():
        current = Reply.objects.select_for_update().get(pk=reply.pk)
        if base_version is None or latest_version(current) != base_version:
            return None
        if hidden == (current.hidden_at is not None):
            return current
        current.hidden_at = timezone.now() if hidden else None
        current.hidden_by = user if hidden else None
        current._change_reason = "Hidden by an editor" if hidden else "Shown again"
        current.save()
        return current


def open_thread_count(**page) -> int:
    return Thread.objects.filter(resolved_at__isnull=True, **page).count()
