"""The wiki's own marks on an article: reviewed today, short ruling reviewed today."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone


def mark_reviewed(article, user) -> None:
    """Record that an editor checked the article today."""
    with transaction.atomic():
        article = type(article).objects.select_for_update().get(pk=article.pk)
        article.last_reviewed_on = timezone.localdate()
        article.last_reviewed_by = user.get_full_name() or user.get_username()
        article._change_reason = "Marked reviewed"
        article.save()


def mark_ruling_reviewed(article, user) -> None:
    """Record that an editor checked the short ruling against its sources today."""
    with transaction.atomic():
        article = type(article).objects.select_for_update().get(pk=article.pk)
        article.ruling_reviewed_on = timezone.localdate()
        article.ruling_reviewed_by = user.get_full_name() or user.get_username()
        article._change_reason = "Short ruling marked reviewed"
        article.save()
