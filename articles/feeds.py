"""Atom feeds of the wiki: the site's recent changes, and each article page's changes.

Django's syndication framework. What a feed lists is what the matching page lists to a
reader who is not signed in (recent changes as `/changes/` shows them to anyone; an article's
entries as its one history lists them), so a feed reader never sees more than a reader.
"""

from django.contrib.auth.models import AnonymousUser
from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed

from .models import Article
from .wiki import queries
from .wiki.page_history import page_history

ENTRIES = 50


class RecentChangesFeed(Feed):
    """`/changes/feed/`: the latest saves anywhere on the site (wiki, scenarios, tournaments)."""

    feed_type = Atom1Feed
    title = "Rulings: recent changes"
    subtitle = "Every change to the ruling database: articles, commentary, answers, checks."

    def link(self):
        return reverse("articles:recent-changes")

    def items(self):
        return queries.recent_changes(limit=ENTRIES, user=AnonymousUser())

    def item_title(self, change):
        return f"{change.label}: {change.what}"

    def item_description(self, change):
        return change.summary or f"{change.label} was {change.what} by {change.who}."

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

    feed_type = Atom1Feed

    def get_object(self, request, key):
        return get_object_or_404(Article.objects.published().select_related("ruleset"), key=key)

    def title(self, article):
        return f"Rulings: changes to {article}"

    def link(self, article):
        return article.get_absolute_url()

    def subtitle(self, article):
        return f"Every edit of {article.label}, its commentary, answers, citations and checks."

    def items(self, article):
        return list(reversed(page_history(article)))[:ENTRIES]

    def item_title(self, entry):
        return f"Version {entry.number}: {entry.part} {entry.what}"

    def item_description(self, entry):
        return entry.summary or f"{entry.part} {entry.what} by {entry.who}."

    def item_link(self, entry):
        return entry.version_url

    def item_pubdate(self, entry):
        return entry.date

    def item_updateddate(self, entry):
        return entry.date

    def item_author_name(self, entry):
        return entry.who
