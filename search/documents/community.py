"""What talk pages put in the index: each thread, with the text of its visible replies.

Only what any reader may see: threads on articles, and on tournaments that are published;
a hidden reply's text is left out (it stays in the thread's history, for editors).
"""

from __future__ import annotations

from collections.abc import Iterable

from community.models import Thread
from search.index import Document, remove_document, store, url_of

KIND = "talk"


def _public_threads():
    return Thread.objects.filter(
        tournament__isnull=True, article__is_published=True
    ) | Thread.objects.filter(article__isnull=True, tournament__in=_published_tournaments())


def _published_tournaments():
    from tournaments.models import Tournament

    return Tournament.objects.published().values("pk")


def thread_document(thread: Thread, replies) -> Document:
    page = thread.article.key if thread.article_id else thread.tournament.slug
    ruleset = thread.article.ruleset.key if thread.article_id else thread.tournament.ruleset.key
    return Document(
        kind=KIND,
        key=str(thread.pk),
        title=f"Discussion: {thread.title} ({thread.page_label})",
        body="\n\n".join(reply.body for reply in replies if reply.hidden_at is None),
        url=url_of(thread),
        ruleset=ruleset,
        keywords=f"{page} talk discussion{' resolved' if thread.is_resolved else ''}",
    )


def _with_pages(threads):
    return threads.select_related("article__ruleset", "tournament__ruleset").prefetch_related(
        "replies"
    )


def all_documents() -> Iterable[Document]:
    for thread in _with_pages(_public_threads()):
        yield thread_document(thread, thread.replies.all())


def index_thread(pk) -> None:
    """The thread in the index as readers see it now, or out of it."""
    thread = _with_pages(_public_threads().filter(pk=pk)).first()
    if thread is None:
        remove_document(KIND, pk)
    else:
        store(thread_document(thread, thread.replies.all()))
