"""What follows a save: scenario links and cached results, and stale cached pages.

- Any save or delete in `articles` or `rulings` bumps the page cache's generation.
- A scenario's article links follow its `@article:` tags, and its result is computed on
  save so the first reader after an edit gets it from the cache.
"""

import time

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save

from config.page_cache import bump_generation
from rulings import checks
from rulings.models import Scenario
from rulings.scenario_store import link_articles

CONTENT_APPS = {"articles", "rulings"}
# Seconds a save spends computing results and drawings ahead of readers; what is left after
# is computed when first read (a huge text under many tournaments would otherwise hold the
# save past the web server's timeout).
WARMING_SECONDS = 10


def _content_changed(sender, **kwargs):
    if sender._meta.app_label not in CONTENT_APPS:
        return
    bump_generation()
    # Again after commit: a reader who rendered the old content between the save and the
    # commit must not leave that page cached under the new generation.
    transaction.on_commit(bump_generation)


def _scenario_about_to_save(sender, instance, raw=False, **kwargs):
    # Links set now, without a history entry of their own, appear in the save's entry.
    if not raw and not instance._state.adding:
        link_articles(instance)


def _scenario_saved(sender, instance, created, raw=False, **kwargs):
    if raw:
        return
    if created:
        link_articles(instance, created=True)
    deadline = time.monotonic() + WARMING_SECONDS
    checks.warm_drawing(instance, deadline=deadline)
    _warm_tournament_results(instance.text, deadline)


def _warm_tournament_results(text, deadline=None):
    """The article page's matrix shows each published tournament's ruling: compute it now
    (until the deadline; the rest when first read)."""
    from rulings import tournaments

    # The matrix's own query: the same tournaments and options, one query however many.
    for _, options, _ in tournaments.published_rules():
        if deadline is not None and time.monotonic() > deadline:
            return
        if options:
            tournaments.tournament_results(text, options)


def connect():
    """Connected once, from RulingsConfig.ready()."""
    post_save.connect(_content_changed, dispatch_uid="page-cache-post-save")
    post_delete.connect(_content_changed, dispatch_uid="page-cache-post-delete")
    m2m_changed.connect(_content_changed, dispatch_uid="page-cache-m2m-changed")
    pre_save.connect(_scenario_about_to_save, sender=Scenario, dispatch_uid="scenario-links")
    post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="scenario-warm")
