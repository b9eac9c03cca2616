"""Scenario results for the site, cached under a hash of what decides them.

A result depends only on the scenario text, the engine version, the rule options and the
cards the text names (`Given the card "<name>"`), so it is cached under sha256 of those
and never needs invalidating: a changed text, card or engine simply asks for a different
key. Saving a scenario stores its entry (its draft check runs it) and the task queue draws
it (rulings.tasks), so the first reader after an edit does not pay for the run.

Because a key names its content exactly, each process also keeps the entries it used last
in memory (`remembered`): a copy can never be stale, and a page of twenty scenarios need
not fetch and unpickle them from Redis on every render. A result cut short by the runner's
time budget (`out_of_time`) depends on how busy the machine was, so it is never stored.
"""

import functools
import hashlib
import json
import logging
import pickle
import re
import threading
import time
from collections import OrderedDict

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from mahjong_rules.engine import ENGINE_VERSION
from mahjong_rules.scenarios.results import FeatureResult, Problem, Status

from mahjong_rules import presentation
from rulings import card_sources, reader_words
from rulings.scenario_store import parsed

log = logging.getLogger(__name__)

RESULT_TIMEOUT = 60 * 60 * 24 * 30  # results never go stale; this only frees memory
# Bump when rulings/_scenario.html or presentation.py change how a result is drawn.
DRAWING_VERSION = "12"  # 12: in the reader's language (11: a light line per check)
# Bump when the results' classes change shape: a stored result is unpickled into them.
# 3: the classes moved to the mahjong_rules package; an entry stored before names a module
# that is gone, and unpickling it would fail on every page that shows the check.
# 4: a failed step keeps the table it failed at (StepResult.table).
RESULT_FORMAT = "4"  # 2: a Background's steps kept once (ScenarioResult.background)
_INDENTATION = re.compile(r"\n\s+")


class _Remembered:
    """The most recently used content-addressed entries of this process (LRU by count)."""

    def __init__(self, size):
        self.size = size
        self.entries = OrderedDict()
        self.lock = threading.Lock()

    def get_many(self, keys):
        """Entries for `keys`, from memory first, then one round trip to the shared cache."""
        found = {}
        with self.lock:
            for key in keys:
                if key in self.entries:
                    self.entries.move_to_end(key)
                    found[key] = self.entries[key]
        missing = [key for key in keys if key not in found]
        if missing:
            shared = _shared_entries(missing)
            self.remember(shared)
            found.update(shared)
        return found

    def set_many(self, mapping):
        cache.set_many(mapping, RESULT_TIMEOUT)
        self.remember(mapping)

    def remember(self, mapping):
        with self.lock:
            for key, value in mapping.items():
                self.entries[key] = value
                self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self):
        with self.lock:
            self.entries.clear()


remembered = _Remembered(size=500)

# What reading an entry stored by other code can raise: a class that moved or was renamed
# (an older release's results), or a damaged pickle.
_UNREADABLE = (ImportError, AttributeError, EOFError, TypeError, ValueError, pickle.PickleError)


def _shared_entries(keys):
    """The shared cache's entries for `keys`; one that no longer unpickles counts as missing
    (and is dropped), so it is worked out again rather than failing the page."""
    try:
        return cache.get_many(keys)
    except _UNREADABLE:
        found = {}
        for key in keys:  # one by one, to keep the entries that still read
            try:
                value = cache.get(key)
            except _UNREADABLE:
                cache.delete(key)
                log.warning("A stored check result no longer reads; working it out again")
                continue
            if value is not None:
                found[key] = value
        return found


def cached_many(keys, compute):
    """The entries under content-addressed keys: from memory, then one cache round trip for
    the rest; `compute(i)` makes the i-th when unknown, and what is made is stored at once."""
    found = remembered.get_many(keys)
    missing = {}
    for index, key in enumerate(keys):
        if key not in found:
            found[key] = compute(index)
            if not _cut_short(found[key]):
                missing[key] = found[key]
    if missing:
        remembered.set_many(missing)
    return [found[key] for key in keys]


def _cut_short(value):
    """A result (or a drawing of one) the time budget stopped: not to be kept."""
    return getattr(value, "out_of_time", False) is True


def result_key(scenario_text, options=None, card_lookup=None):
    """Cache key: sha256(text + engine version + options in name order + a hash of each card
    the text names, as the lookup finds it: the public cards unless another is given)."""
    cards = ()
    if card_sources.names_in(scenario_text):
        # Only a text that names a card needs the lookup (a query set built per call: most
        # texts name none, and a page asks for a hundred keys).
        lookup = card_lookup or card_sources.public_lookup()
        cards = card_sources.digests_for(scenario_text, lookup)
    return _result_key(scenario_text, ENGINE_VERSION, tuple(sorted((options or {}).items())), cards)


@functools.lru_cache(maxsize=4096)
def _result_key(scenario_text, engine_version, options, cards):
    # Memoised: a page asks for the same texts' keys again and again, and each is a hash of
    # a text of some kilobytes.
    payload = json.dumps(
        [scenario_text, engine_version, options, cards, RESULT_FORMAT], ensure_ascii=False
    )
    return "scenario-result:" + hashlib.sha256(payload.encode("utf-8", "replace")).hexdigest()


def run(scenario_text, options=None, card_lookup=None):
    """Run a text now, uncached, with the cards of `card_lookup` (default: the public ones).
    The runner reports problems rather than raising; should it ever raise, the reader sees
    the text marked as not checkable instead of a server error."""
    from mahjong_rules.scenarios.runner import run_text

    lookup = card_lookup or card_sources.public_lookup()
    try:
        return run_text(scenario_text, uri="", options=dict(options or {}), card_lookup=lookup)
    except Exception:
        log.exception("The scenario runner raised on a text")
        problem = Problem(1, None, "The checker could not run this text; it has been logged.")
        return FeatureResult("", "", Status.PARSE_ERROR, problems=[problem])


def results_for(scenario_text, options=None):
    """The FeatureResult for a text under these rule options, from the cache when known."""
    return results_for_many([scenario_text], options)[0]


def results_for_many(texts, options=None):
    """Results for several texts with one cache round trip for all the hits."""
    keys = [result_key(text, options) for text in texts]
    return cached_many(keys, lambda index: run(texts[index], options))


# --- Drawings: a scenario's HTML, cached under its result key plus what else it shows.


# A drawing names the articles its verdicts cite by title. Titles are read when it is drawn,
# and any article save moves this number on (rulings.signals), so a renamed article's new
# title is drawn for the next reader. It lives in the cache the drawings live in: it moves on
# wherever they are kept, and a cleared cache starts both afresh.
TITLES_GENERATION = "rulings:article-titles-generation"


def titles_generation():
    return cache.get(TITLES_GENERATION, 0)


def titles_changed():
    """An article was saved: drawings citing articles are drawn again with their titles."""
    try:
        cache.incr(TITLES_GENERATION)
    except ValueError:  # not there yet (or the cache was cleared)
        cache.set(TITLES_GENERATION, 1, None)


def article_titles(results) -> dict[str, tuple[str, str]]:
    """key → (title as readers read it, URL) for every published article these results'
    verdicts cite: one query for them all."""
    from articles.models import Article

    keys = {
        step.article
        for result in results
        for scenario in result.scenarios
        for step in [*scenario.background, *scenario.own_steps]
        if step.article
    }
    if not keys:
        return {}
    found = Article.objects.published().filter(key__in=keys).only("key", "number", "title")
    return {a.key: (str(a), a.get_absolute_url()) for a in found}


def drawing_key(scenario, options=None, article_key=None, generation=None, light=False):
    payload = "\n".join(
        [
            result_key(scenario.text, options),
            scenario.slug,
            scenario.title,
            article_key or "",
            DRAWING_VERSION,
            str(titles_generation() if generation is None else generation),
            "light" if light else "whole",
            # Drawn in the reader's language: its words are translated when it is drawn.
            get_language() or settings.LANGUAGE_CODE,
        ]
    )
    return "scenario-drawing:" + hashlib.sha256(payload.encode("utf-8", "replace")).hexdigest()


# An article's page draws each check light: its summary line, each situation with its
# verdicts in words and no tile pictures; the whole drawing is fetched when it is opened.
WHOLE, LIGHT = "rulings/_scenario.html", "rulings/_check_line.html"


def draw(scenario, result, article_key=None, titles=None, light=False):
    """(HTML, statuses): the scenario drawn from its parsed form with its result; on an
    article's page, only what is tagged for that article, and `light`: its line there (an
    article's page only). `titles`: the cited articles' titles (`article_titles`), read here
    when not given."""
    document = parsed(scenario.text).document  # the parse the run used, not another
    view = presentation.build(scenario.text, document, result, article_key)
    if titles is None:
        titles = article_titles([result])
    presentation.name_articles(view, titles)
    # On an article's page a check that passed is folded to its summary line (the page holds
    # many); on the scenario's own page it is open.
    context = {
        "scenario": scenario,
        "view": view,
        "folded": article_key is not None,
        "article_key": article_key,
    }
    html = render_to_string(LIGHT if light and article_key else WHOLE, context)
    # The template's indentation is a third of its output, and a page may hold fifty of these.
    return mark_safe(_INDENTATION.sub("\n", html)), [str(status) for status in view.statuses]


def drawings_for(scenarios, options=None, article_key=None, light=False):
    """Each scenario's (HTML, statuses), one cache round trip when all are known; `light`:
    each one's line on the article's page (`draw`)."""
    generation = titles_generation()
    keys = [
        drawing_key(scenario, options, article_key, generation, light) for scenario in scenarios
    ]
    found = remembered.get_many(keys)
    todo = [(s, k) for s, k in zip(scenarios, keys, strict=True) if k not in found]
    if todo:
        results = results_for_many([s.text for s, _ in todo], options)
        titles = article_titles(results)
        fresh = {
            k: draw(s, r, article_key, titles, light)
            for (s, k), r in zip(todo, results, strict=True)
        }
        found.update(fresh)
        cut_short = {k for (_, k), r in zip(todo, results, strict=True) if _cut_short(r)}
        remembered.set_many({k: v for k, v in fresh.items() if k not in cut_short})
    return [found[key] for key in keys]


def warm_drawing(scenario, options=None, deadline=None):
    """After a save (from the task queue): the text's result (run now unless the save's
    draft check already stored it) and its drawings, for its own page and each article it
    is linked to, so the next page view only reads the cache. Past `deadline` (a
    time.monotonic() value) the drawings left are made when first read instead."""
    result = results_for(scenario.text, options)
    if _cut_short(result):
        return  # drawn when first read, with a result that ran to the end
    titles = article_titles([result])
    keys = list(scenario.articles.values_list("key", flat=True))
    # An article's line first (every reader of the article gets it), then the whole drawings.
    wanted = [(key, True) for key in keys] + [(key, False) for key in [None, *keys]]
    for key, light in wanted:
        if deadline is not None and time.monotonic() > deadline:
            return
        with translation.override(settings.LANGUAGE_CODE):  # the site's first language
            drawing = draw(scenario, result, key, titles, light)
            remembered.set_many({drawing_key(scenario, options, key, light=light): drawing})


def section_summary(drawings):
    """The section's line for readers: "41 checks, all confirmed"."""
    return reader_words.states_summary(value for _, values in drawings for value in values)
