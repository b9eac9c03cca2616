"""Content changes make cached pages stale: any save or delete in `articles` or `rulings`."""

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

from config.page_cache import bump_generation

CONTENT_APPS = {"articles", "rulings"}


def _content_changed(sender, **kwargs):
    if sender._meta.app_label not in CONTENT_APPS:
        return
    bump_generation()
    # Again after commit: a reader who rendered the old content between the save and the
    # commit must not leave that page cached under the new generation.
    transaction.on_commit(bump_generation)


def connect():
    """Connected once, from RulingsConfig.ready()."""
    post_save.connect(_content_changed, dispatch_uid="page-cache-post-save")
    post_delete.connect(_content_changed, dispatch_uid="page-cache-post-delete")
    m2m_changed.connect(_content_changed, dispatch_uid="page-cache-m2m-changed")
