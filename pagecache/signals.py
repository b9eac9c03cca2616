"""Receivers: a save or delete in a content app makes every cached page stale."""

from django.conf import settings
from django.db import connection, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from .generation import bump_generation, stale_within_transaction

# The apps whose rows readers see; settings.PAGE_CACHE_APPS may name others.
DEFAULT_CONTENT_APPS = ("articles", "translations", "rulings", "tournaments")


def content_changed(sender, **kwargs):
    """After a content save or delete, cached pages are stale (now, and again on commit)."""
    apps = getattr(settings, "PAGE_CACHE_APPS", DEFAULT_CONTENT_APPS)
    if sender._meta.app_label not in apps:
        return
    pages_stale()


def pages_stale():
    """Every cached page is stale: now, and again when the transaction commits. An app whose
    rows are only partly shown on cached pages (talk threads, not watches) calls this from
    its own receivers rather than being a content app."""
    stale_within_transaction()
    # After commit (again, with Redis): a reader who rendered the old content between the
    # save and the commit must not leave that page cached under the new generation.
    if not _bump_pending():
        transaction.on_commit(bump_generation, robust=True)


def _bump_pending():
    """Whether this transaction already bumps on commit: an import of a thousand rows
    bumps once, not a thousand times."""
    pending = getattr(connection, "run_on_commit", ())
    return connection.in_atomic_block and any(entry[1] is bump_generation for entry in pending)


def connect():
    """Connected once, from PageCacheConfig.ready()."""
    post_save.connect(content_changed, dispatch_uid="page-cache-post-save")
    post_delete.connect(content_changed, dispatch_uid="page-cache-post-delete")
    m2m_changed.connect(content_changed, dispatch_uid="page-cache-m2m-changed")
