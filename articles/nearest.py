"""The articles nearest to an address nobody has written: for the page that says so.

Close by key ("nmjl-60" → "nmjl-6") or by title ("changing-exposure" → "Changing an
exposure"), measured with difflib, so a mistyped or guessed address still finds its page.
"""

from __future__ import annotations

from difflib import SequenceMatcher

NEAREST = 5
# Below this an article shares too little with the address to be worth offering.
CUTOFF = 0.6


def _words(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())


# Keys are at most 80 characters; a longer address is cut, so no URL makes this slow.
LONGEST = 100


def _ratio(wanted: str, text: str) -> float:
    matcher = SequenceMatcher(None, wanted, text)
    # The cheap upper bounds first: most articles are nowhere near, and with thousands of
    # articles the full ratio of each would cost the 404 page time.
    if matcher.real_quick_ratio() < CUTOFF or matcher.quick_ratio() < CUTOFF:
        return 0.0
    return matcher.ratio()


def closeness(key: str, article_key: str, title: str) -> float:
    """How near an address is to an article: its key or its title, whichever is nearer."""
    wanted = _words(key[:LONGEST])
    return max(_ratio(wanted, _words(article_key)), _ratio(wanted, _words(title)))


def nearest_articles(key: str, articles, limit: int = NEAREST) -> list:
    """The articles nearest to key, nearest first (ties in the given order)."""
    scored = [(closeness(key, article.key, article.title), article) for article in articles]
    near = [pair for pair in scored if pair[0] >= CUTOFF]
    near.sort(key=lambda pair: -pair[0])
    return [article for _, article in near[:limit]]
