"""The wiki's own marks on an article: reviewed today, short ruling reviewed today."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone


def mark_reviewed(article, user) -> None:
    """Record that an editor checked the article today."""
    _mark(article, user, "last_reviewed", "Marked reviewed")


def mark_ruling_reviewed(article, user) -> None:
    """Record that an editor checked the short ruling against its sources today."""
    _mark(article, user, "ruling_reviewed", "Short ruling marked reviewed")


def _mark(article, user, mark, reason) -> None:
    """Today's date and the editor's name in `<mark>_on` / `<mark>_by`, under the row lock."""
    with transaction.atomic():
        article = type(article).objects.select_for_update().get(pk=article.pk)
        setattr(article, f"{mark}_on", timezone.localdate())
        setattr(article, f"{mark}_by", user.get_full_name() or user.get_username())
        article._change_reason = reason
        article.save()
