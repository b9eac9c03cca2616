"""The content generation: a number every save bumps, part of every stored page's key.

Any save or delete of content bumps it, so a cached page is not served after the content
under it changed: at once in the process that saved, within PAGE_CACHE_GENERATION_TTL (one
second) in the others.

Where it is kept (PAGE_CACHE_GENERATION_STORE) must be shared by every worker process:

- ``"cache"``: the shared cache (Redis, REDIS_URL), bumped at once and again on commit.
- ``"database"`` (the default): one row (`ContentGeneration`), bumped right after the
  save's transaction commits, in a statement of its own, so saves never queue on that row.
  Without Redis each process's cache is its own memory, where a bump would reach no other
  worker: this is what keeps `gunicorn -w 2` without Redis from serving stale pages.
"""

import logging
import os
import time

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models import BigIntegerField, F, Value
from django.db.models.functions import Greatest

from .models import ContentGeneration

GENERATION_KEY = "page-cache:generation"

logger = logging.getLogger(__name__)


class _KnownGeneration:
    """The generation as this process last read or wrote it, and when."""

    value = None
    read_at = 0.0

    @classmethod
    def remember(cls, value, asked_at=None):
        """Keep value; its second runs from when it was asked for (a slow read must not
        stretch how long a number read before a save is trusted)."""
        cls.value = value
        cls.read_at = time.monotonic() if asked_at is None else asked_at
        return value


class CacheStore:
    """The shared cache (Redis): an atomic counter, fast to read and bump."""

    # Bumped inside the save's transaction as well: readers of this process stop using
    # their copies at once, and the bump on commit covers pages rendered in between.
    bumps_in_transaction = True

    def read(self):
        generation = cache.get(GENERATION_KEY)
        if generation is None:  # started from the clock so an evicted counter never repeats
            cache.add(GENERATION_KEY, time.time_ns(), timeout=None)
            generation = cache.get(GENERATION_KEY)
        return generation

    def bump(self):
        try:
            return cache.incr(GENERATION_KEY)
        except ValueError:  # missing (never set, or evicted): start a fresh, unused number
            generation = time.time_ns()
            cache.set(GENERATION_KEY, generation, timeout=None)
            return generation


class DatabaseStore:
    """One row in the database, which every worker process shares."""

    # Only after commit: a bump inside the save's transaction would hold the row's lock
    # until commit, and every other save (and a long import) would queue on it.
    bumps_in_transaction = False

    def read(self):
        value = self._rows().values_list("value", flat=True).first()
        return value if value is not None else self.bump()

    def bump(self):
        # Never below the clock: after a restore from backup the number still moves on
        # past every generation a running process may remember.
        with transaction.atomic():
            clock = Value(time.time_ns(), output_field=BigIntegerField())
            moved = self._rows().update(value=Greatest(F("value") + 1, clock))
            if not moved:
                ContentGeneration.objects.create(pk=ContentGeneration.ROW, value=time.time_ns())
        return self._rows().values_list("value", flat=True).get()

    @staticmethod
    def _rows():
        return ContentGeneration.objects.filter(pk=ContentGeneration.ROW)


STORES = {"cache": CacheStore(), "database": DatabaseStore()}


def store():
    return STORES[getattr(settings, "PAGE_CACHE_GENERATION_STORE", "database")]


def current_generation():
    """The content generation, as every worker process sees it.

    Read from its store at most once per PAGE_CACHE_GENERATION_TTL seconds (default one
    second; 0 reads it on every request). That read is most of what a cached page costs,
    and a save in this process is known at once; a save in another process reaches this
    one's readers within that second.
    """
    ttl = getattr(settings, "PAGE_CACHE_GENERATION_TTL", 1.0)
    if _KnownGeneration.value is not None and time.monotonic() - _KnownGeneration.read_at < ttl:
        return _KnownGeneration.value
    asked_at = time.monotonic()
    try:
        return _KnownGeneration.remember(store().read(), asked_at)
    except DatabaseError:
        # The database is down or busy: go on with the last number (readers keep getting
        # the pages cached under it) and try again in a second.
        logger.warning("Could not read the page cache's content generation", exc_info=True)
        known = _KnownGeneration.value
        return _KnownGeneration.remember(known or f"unread-{os.getpid()}-{time.time_ns()}")


def bump_generation():
    """Make every cached page stale: called when content is saved or deleted (on commit)."""
    try:
        generation = store().bump()
    except DatabaseError:
        logger.error("Could not move the page cache's content generation on", exc_info=True)
        forget_known_generation()
        return
    _KnownGeneration.remember(generation)


def stale_within_transaction():
    """A content save, inside its transaction: bump now where the store allows it."""
    if store().bumps_in_transaction:
        bump_generation()


def forget_known_generation():
    """Read the generation afresh next time (tests that clear the shared cache)."""
    _KnownGeneration.value = None
