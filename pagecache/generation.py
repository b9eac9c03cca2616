"""The content generation: a number every save bumps, part of every stored page's key.

Any save or delete of content bumps it, so a cached page is not served after the content
under it changed: at once in the process that saved, within PAGE_CACHE_GENERATION_TTL (one
second) in the others.
"""

import time

from django.conf import settings
from django.core.cache import cache

GENERATION_KEY = "page-cache:generation"


class _KnownGeneration:
    """The generation as this process last read or wrote it, and when."""

    value = None
    read_at = 0.0

    @classmethod
    def remember(cls, value):
        cls.value, cls.read_at = value, time.monotonic()
        return value


def current_generation():
    """The content generation; started from the clock so an evicted counter never repeats.

    Read from the shared cache at most once per PAGE_CACHE_GENERATION_TTL seconds (default
    one second; 0 reads it on every request). That read is most of what a cached page
    costs, and a save in this process is known at once; a save in another process reaches
    this one's readers within that second.
    """
    ttl = getattr(settings, "PAGE_CACHE_GENERATION_TTL", 1.0)
    if _KnownGeneration.value is not None and time.monotonic() - _KnownGeneration.read_at < ttl:
        return _KnownGeneration.value
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, time.time_ns(), timeout=None)
        generation = cache.get(GENERATION_KEY)
    return _KnownGeneration.remember(generation)


def bump_generation():
    """Make every cached page stale: called whenever content is saved or deleted."""
    try:
        generation = cache.incr(GENERATION_KEY)
    except ValueError:  # missing (never set, or evicted): start a fresh, unused number
        generation = time.time_ns()
        cache.set(GENERATION_KEY, generation, timeout=None)
    _KnownGeneration.remember(generation)


def forget_known_generation():
    """Read the generation afresh next time (tests that clear the shared cache)."""
    _KnownGeneration.value = None
