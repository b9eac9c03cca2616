"""The wiki's lists: recent changes, wanted articles, what links here, articles due a review."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Q
from django.utils import timezone

from articles.models import Article, ArticleLink, Commentary, Question, Term
from articles.wiki.linking import keys_of
from versions import recent

REVIEW_INTERVAL = timedelta(days=365)


def wanted_articles():
    """Keys linked to that no article has yet, with how many pages link to each."""
    return (
        ArticleLink.objects.exclude(to_key__in=Article.objects.values("key"))
        .values("to_key")
        .annotate(pages=Count("id"))
        .order_by("to_key")
    )


@dataclass
class LinksHere:
    articles: list
    terms: list
    related_from: list


def links_to_keys(keys) -> LinksHere:
    """Pages whose text links to any of these keys, and articles listing it as related."""
    linking = ArticleLink.objects.filter(to_key__in=keys)
    articles = Article.objects.filter(pk__in=linking.values("from_article")).select_related(
        "ruleset"
    )
    terms = Term.objects.filter(pk__in=linking.values("from_term"))
    return LinksHere(list(articles), list(terms), [])


def links_here(article) -> LinksHere:
    found = links_to_keys(keys_of(article))
    found.articles = [page for page in found.articles if page.pk != article.pk]
    found.related_from = list(article.related_from.select_related("ruleset"))
    return found


def due_for_review(today=None):
    """Published articles never reviewed, or last reviewed more than a year ago."""
    today = today or timezone.localdate()
    return (
        Article.objects.published()
        .filter(Q(last_reviewed_on__isnull=True) | Q(last_reviewed_on__lt=today - REVIEW_INTERVAL))
        .select_related("ruleset")
        .order_by("last_reviewed_on", "key")
    )


def articles_without_ruling():
    """Published articles with no short ruling yet, by rule set and number."""
    return (
        Article.objects.published()
        .filter(ruling="")
        .select_related("ruleset")
        .order_by("ruleset__position", "position", "key")
    )


def articles_without_rulings():
    """Published articles with no ruling of their own (one question, one answer) yet."""
    return (
        Article.objects.published()
        .filter(rulings__isnull=True)
        .select_related("ruleset")
        .order_by("ruleset__position", "position", "key")
    )


def questions_without_ruling():
    """Answers on published articles with no short ruling yet, under their article."""
    return (
        Question.objects.filter(article__is_published=True, ruling="")
        .select_related("article")
        .order_by("article__ruleset__position", "article__position", "article__key", "position")
    )


def recent_changes(limit=50, user=None) -> list:
    """The latest changes across the site that `user` may see (`versions.recent`)."""
    return recent.recent_changes(limit, user)


CHANGE_VERBS = ("added", "changed", "deleted")
CHANGE_NOUNS = {Article: "article", Commentary: "commentary", Question: "answer"}


def changes_by_article(limit):
    """Recent changes to articles, commentary and answers, grouped for the home page.

    History rows are per object, so one import or one edit session makes many rows at
    once; consecutive rows of the same kind on the same article, by the same person for
    the same reason, are shown as one line with a count.
    """
    changes = recent.recent_changes(limit * 10, models=CHANGE_NOUNS)
    records = [change.record for change in changes]
    article_ids = [
        record.id if record.instance_type is Article else record.article_id for record in records
    ]
    articles = Article.objects.in_bulk(set(article_ids))
    lines = []
    for record, article_id in zip(records, article_ids, strict=True):
        line = {
            "when": record.history_date,
            "verb": recent.did(record, CHANGE_VERBS),
            "what": CHANGE_NOUNS[record.instance_type],
            "article": articles.get(article_id),
            "title": getattr(record, "title", ""),
            "who": record.history_user,
            "reason": record.history_change_reason or "",
            "count": 1,
        }
        same = ("verb", "what", "article", "who", "reason")
        if lines and all(lines[-1][key] == line[key] for key in same):
            lines[-1]["count"] += 1
            continue
        if len(lines) == limit:
            break
        lines.append(line)
    return lines
