"""What "Keep for offline use" stores for a tournament: its sheet, every article its house
rules touch with each of its checks' drawings (an article's page fetches a check's drawing
when it is opened: the worker answers that fetch from the copy), the pages of the rulings
they change, the hand check on its card with the engine that judges offline
(`tournaments.hand_engine`), the glossary and the picker — public pages only; with them the
search page, a search index of what they say (`offline_index`) and a page that stands,
offline, for any page not kept (links to those that were).

The service worker (templates/toolkit/sw.js) fetches this list, then each page *without
cookies*, so what it stores is what an anonymous reader sees: nothing private, whoever
pressed the button. One exception, asked for by name: when the tournament's card is private
and the reader who keeps the copy may see it (its directors, the League's editors), the hand
check and its card are listed again under `signed_in`, fetched *with* the reader's cookies
into a cache of their own, which the worker forgets at logging out and whenever the site no
longer lists them for whoever is signed in (static/js/offline.js asks).

`version` changes whenever any of it may have changed (the content generation the page cache
keeps, which every save bumps), so a saved copy can tell that a newer one exists.
"""

from urllib.parse import urlencode

from django.contrib.auth.models import AnonymousUser
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation

from articles.models import Article
from pagecache.generation import current_generation
from tournaments.cards import tournament_card_name
from tournaments.comparison import tournament_page
from tournaments.hand_engine import engine_assets
from tournaments.ruling_answers import answers_by_rule
from tournaments.versions import published_sheet

from .picker import read_tree


def touched_articles(tournament) -> list[Article]:
    """The articles the tournament's house rules depart from, and those whose checks it
    rules differently."""
    page = tournament_page(tournament)
    keys = {rule.departs_from for rule in page.sheet.rules if rule.departs_from}
    for comparison in page.rulings:
        if comparison.differs:
            keys.update(comparison.scenario.articles.values_list("key", flat=True))
    return list(Article.objects.published().filter(key__in=keys).order_by("key"))


def changed_rulings(tournament) -> list[str]:
    """The addresses of the rulings its published house rules answer otherwise, naming the
    tournament (`?tournament=`): fetched without cookies, the copy still leads with the
    tournament's answer, and offline the worker answers the plain address with it."""
    answered = answers_by_rule(published_sheet(tournament))
    return [
        f"{item.ruling.get_absolute_url()}?{urlencode({'tournament': tournament.slug})}"
        for items in answered.values()
        for item in items
    ]


def hand_check_pages(tournament) -> list[str]:
    """The hand check on the tournament's card, and that card for the engine in the browser."""
    here = urlencode({"tournament": tournament.slug})
    return [f"{reverse('cards:hand')}?{here}", f"{reverse('cards:hand-card')}?{here}"]


def private_card_pages(tournament, user) -> list[str]:
    """The hand check pages again, to be kept with the reader's cookies, when the tournament's
    card is one an anonymous reader may not see and this reader may."""
    name = tournament.card_name
    if not name or tournament_card_name(tournament, AnonymousUser()) is not None:
        return []
    if tournament_card_name(tournament, user) is None:
        return []
    return hand_check_pages(tournament)


def offline_pages(tournament) -> list[str]:
    pages = [tournament.get_absolute_url()]
    for article in touched_articles(tournament):
        pages.append(article.get_absolute_url())
        pages += [
            reverse("rulings:scenario-drawing", args=[slug, article.key])
            for slug in article.scenarios.for_readers().values_list("slug", flat=True)
        ]
    pages += changed_rulings(tournament)
    # Fetched without cookies: only a card an anonymous reader may see (else the Practice Card).
    pages += hand_check_pages(tournament)
    pages.append(reverse("articles:glossary"))
    pages.append(reverse("toolkit:picker-start"))
    tree = read_tree()
    pages += [
        reverse("toolkit:picker", args=[key])
        for key, node in tree.by_key.items()
        if not node.is_last
    ]
    return pages


def offline_manifest(tournament, user) -> dict:
    """The pages to keep, with the search index of what they say (`offline_index`), the search
    page its script answers from it, the page that stands for one not kept, and the pages
    this reader keeps signed in (a private card's hand check, `private_card_pages`).

    Every address is in the tournament's language (its house rules are written in it), so
    the copy is too, whichever language the reader pressed the button in."""
    with translation.override(tournament.language):
        return _manifest(tournament, user)


def _manifest(tournament, user) -> dict:
    version = tournament.versions.in_force().order_by("-number").values_list("number", flat=True)
    index = reverse("toolkit:offline-index", args=[tournament.slug])
    fallback = reverse("toolkit:offline-fallback", args=[tournament.slug])
    return {
        "tournament": tournament.slug,
        "name": tournament.name,
        "sheet_version": version.first(),
        "version": str(current_generation()),
        "pages": [*offline_pages(tournament), reverse("search:search"), index, fallback],
        "signed_in": private_card_pages(tournament, user),
        "search_index": index,
        "fallback": fallback,
        # Loaded by scripts, so no page names them: MiniSearch (the search page's, offline
        # only) and the hand check's engine (Pyodide, our wheel, the hand check module).
        "assets": [static("vendor/minisearch/minisearch.umd.js"), *engine_assets()],
    }
