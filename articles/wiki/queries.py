"""The wiki's lists: recent changes, wanted articles, what links here, articles due a review."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from itertools import islice
from operator import attrgetter

from django.apps import apps
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.module_loading import autodiscover_modules

from articles.models import Article, ArticleLink, Commentary, Question, Term
from articles.permissions import is_editor
from articles.wiki.kinds import KINDS
from articles.wiki.linking import keys_of
from versions.timeline import person

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


def questions_without_ruling():
    """Answers on published articles with no short ruling yet, under their article."""
    return (
        Question.objects.filter(article__is_published=True, ruling="")
        .select_related("article")
        .order_by("article__ruleset__position", "article__position", "article__key", "position")
    )


@dataclass
class Change:
    """One saved version anywhere in the wiki."""

    kind: object
    record: object
    label: str
    object_id: object

    @property
    def date(self):
        return self.record.history_date

    @property
    def history_url(self):
        return reverse(
            f"articles:{self.kind.name}-history", kwargs={self.kind.lookup: self.object_id}
        )

    # What the recent-changes page draws, the same for every app's rows:
    @property
    def url(self):
        """Where its history is read; None once the page is deleted."""
        return None if self.record.history_type == "-" else self.history_url

    @property
    def what(self) -> str:
        return self.record.get_history_type_display().lower()

    @property
    def who(self) -> str:
        return person(self.record.history_user)

    @property
    def summary(self) -> str:
        return self.record.history_change_reason or ""


@dataclass(frozen=True)
class ContributedChange:
    """A recent change from an app above the wiki (a scenario, a tournament), as a row."""

    date: object
    label: str
    what: str
    who_user: object
    summary: str = ""
    url: str | None = None  # its history page; None once deleted

    @property
    def who(self) -> str:
        return person(self.who_user)


# An installed app with a `recent_changes` module offers ``changes(limit, user)``: its latest
# rows (ContributedChange) that this user may see. Found as article sections are (sections.py):
# the wiki cannot import the apps above it.
CONTRIBUTORS = "recent_changes"


def contributed_changes(limit, user) -> list:
    autodiscover_modules(CONTRIBUTORS)
    rows = []
    for config in apps.get_app_configs():
        module = getattr(config.module, CONTRIBUTORS, None)
        if module is not None:
            rows.extend(module.changes(limit, user))
    return rows


# select_related per kind so each change's label costs no extra query
_RELATED = {
    "article": ("history_user",),
    "commentary": ("history_user", "article"),
    "question": ("history_user", "article"),
    "citation": ("history_user", "source"),
    "term": ("history_user",),
}


def _label(kind, record) -> str:
    if kind.name == "article":
        return f"Article {record.number} {record.title}" if record.number else record.title
    if kind.name == "term":
        return f"Glossary: {record.term}"
    if kind.name == "citation":
        return f"Citation of {record.source}"
    article = record.article
    return f"{kind.noun.capitalize()} on {article.label if article else 'a deleted article'}"


def _of_unpublished(kind_name) -> Q:
    """History rows of a part of an article that is not published: its editors' alone, as the
    article is (its page is a 404 to anyone else)."""
    hidden = Article.objects.filter(is_published=False).values("pk")
    if kind_name == "article":
        return Q(id__in=hidden)
    if kind_name in ("commentary", "question"):
        return Q(article_id__in=hidden)
    if kind_name == "citation":
        return (
            Q(article_id__in=hidden)
            | Q(commentary_id__in=Commentary.objects.filter(article_id__in=hidden).values("pk"))
            | Q(question_id__in=Question.objects.filter(article_id__in=hidden).values("pk"))
        )
    return Q(pk__in=[])  # a glossary term belongs to no article


def recent_changes(limit=50, kinds=None, user=None) -> list:
    """The latest versions across the site (or only the named wiki kinds), newest first.

    One query per kind: each history table's latest rows, merged by date. Without `kinds`,
    the apps above the wiki add theirs (scenarios, tournaments and their house rules), each
    showing only what `user` may see (None: an anonymous reader).
    """
    changes = []
    for kind in KINDS.values():
        if kinds is not None and kind.name not in kinds:
            continue
        records = kind.model.history.select_related(*_RELATED[kind.name]).order_by(
            "-history_date", "-history_id"
        )
        if not is_editor(user):
            records = records.exclude(_of_unpublished(kind.name))
        for record in records[:limit]:
            lookup = getattr(record, kind.lookup if kind.lookup != "pk" else "id")
            changes.append(Change(kind, record, _label(kind, record), lookup))
    if kinds is None:
        changes.extend(contributed_changes(limit, user))
    changes.sort(key=attrgetter("date"), reverse=True)
    return list(islice(changes, limit))


CHANGE_VERBS = {"+": "added", "~": "changed", "-": "deleted"}
CHANGE_NOUNS = {"article": "article", "commentary": "commentary", "question": "answer"}


def changes_by_article(limit):
    """Recent changes to articles, commentary and answers, grouped for the home page.

    History rows are per object, so one import or one edit session makes many rows at
    once; consecutive rows of the same kind on the same article, by the same person for
    the same reason, are shown as one line with a count.
    """
    changes = recent_changes(limit * 10, kinds=CHANGE_NOUNS)
    article_ids = [
        change.record.id if change.kind.name == "article" else change.record.article_id
        for change in changes
    ]
    articles = Article.objects.in_bulk(set(article_ids))
    lines = []
    for change, article_id in zip(changes, article_ids, strict=True):
        record = change.record
        line = {
            "when": record.history_date,
            "verb": CHANGE_VERBS.get(record.history_type, "changed"),
            "what": CHANGE_NOUNS[change.kind.name],
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
