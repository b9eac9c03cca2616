"""Atom feeds of the wiki: the site's recent changes, and each article page's changes.

Django's syndication framework. What a feed lists is what the matching page lists to a
reader who is not signed in (recent changes as `/changes/` shows them to anyone; an article's
entries as its one history lists them), so a feed reader never sees more than a reader.
Entries are text (`articles.atom.TextAtomFeed`), whatever their authors typed.
"""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser
from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import hooks

from .atom import TextAtomFeed
from .models import Article
from .wiki import queries
from .wiki.page_history import page_history

ENTRIES = 50


@dataclass(frozen=True)
class FeedEntry:
    """One entry of an article's feed: an edit of the page, or what an app above adds."""

    title: str
    description: str
    link: str
    date: datetime
    author: str


def _contributed(article) -> list[FeedEntry]:
    """What the apps above add (the `article_feed` hook: ``entries(article) -> [FeedEntry]``;
    community: the verdict changes of the article's checks); the wiki cannot import them."""
    return [entry for entries in hooks.get_hooks("article_feed") for entry in entries(article)]


class RecentChangesFeed(Feed):
    """`/changes/feed/`: the latest saves anywhere on the site (wiki, scenarios, tournaments)."""

    feed_type = TextAtomFeed
    title = gettext_lazy("Rulings: recent changes")
    subtitle = gettext_lazy(
        "Every change to the ruling database: articles, commentary, answers, checks."
    )

    def link(self):
        return reverse("articles:recent-changes")

    def items(self):
        return queries.recent_changes(limit=ENTRIES, user=AnonymousUser())

    def item_title(self, change):
        return f"{change.label}: {change.what}"

    def item_description(self, change):
        return change.summary or _("%(label)s was %(what)s by %(who)s.") % {
            "label": change.label,
            "what": change.what,
            "who": change.who,
        }

    def item_link(self, change):
        return change.url or reverse("articles:recent-changes")

    def item_guid(self, change):
        return f"{change.label}|{change.date.isoformat()}|{change.what}"

    item_guid_is_permalink = False

    def item_pubdate(self, change):
        return change.date

    def item_updateddate(self, change):
        return change.date

    def item_author_name(self, change):
        return change.who


class ArticleFeed(Feed):
    """`/articles/<key>/feed/`: each change to the page, newest first, each linked to the
    version it made (its permalink)."""

    feed_type = TextAtomFeed

    def get_object(self, request, key):
        return get_object_or_404(Article.objects.published().select_related("ruleset"), key=key)

    def title(self, article):
        return _("Rulings: changes to %(article)s") % {"article": article}

    def link(self, article):
        return article.get_absolute_url()

    def subtitle(self, article):
        return _("Every edit of %(article)s, its commentary, answers, citations and checks.") % {
            "article": article.label
        }

    def items(self, article):
        edits = [
            FeedEntry(
                title=_("Version %(number)s: %(part)s %(what)s")
                % {"number": entry.number, "part": entry.part, "what": entry.what},
                description=entry.summary
                or _("%(part)s %(what)s by %(who)s.")
                % {"part": entry.part, "what": entry.what, "who": entry.who},
                link=entry.version_url,
                date=entry.date,
                author=entry.who,
            )
            for entry in page_history(article)
        ]
        entries = sorted(edits + _contributed(article), key=lambda e: e.date, reverse=True)
        return entries[:ENTRIES]

    def item_title(self, entry):
        return entry.title

    def item_description(self, entry):
        return entry.description

    def item_link(self, entry):
        return entry.link

    def item_guid(self, entry):
        return f"{entry.link}|{entry.date.isoformat()}|{entry.title}"

    item_guid_is_permalink = False

    def item_pubdate(self, entry):
        return entry.date

    def item_updateddate(self, entry):
        return entry.date

    def item_author_name(self, entry):
        return entry.author
