"""Receivers: a save or delete in a content app makes every cached page stale."""

from django.conf import settings
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from .generation import bump_generation

# The apps whose rows readers see; settings.PAGE_CACHE_APPS may name others.
DEFAULT_CONTENT_APPS = ("articles", "rulings", "tournaments")


def content_changed(sender, **kwargs):
    """After a content save or delete, cached pages are stale (now, and again on commit)."""
    apps = getattr(settings, "PAGE_CACHE_APPS", DEFAULT_CONTENT_APPS)
    if sender._meta.app_label not in apps:
        return
    bump_generation()
    # Again after commit: a reader who rendered the old content between the save and the
    # commit must not leave that page cached under the new generation.
    transaction.on_commit(bump_generation)


def connect():
    """Connected once, from PageCacheConfig.ready()."""
    post_save.connect(content_changed, dispatch_uid="page-cache-post-save")
    post_delete.connect(content_changed, dispatch_uid="page-cache-post-delete")
    m2m_changed.connect(content_changed, dispatch_uid="page-cache-m2m-changed")
