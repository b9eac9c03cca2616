"""Rate limiting the API per client address, counted where every worker process counts.

The client's address is the one login throttling uses (`AXES_CLIENT_IP_CALLABLE`, i.e.
`config.proxies.client_address`: behind DJANGO_TRUSTED_PROXY_COUNT proxies). It is found
through the setting rather than imported because config is the layer above this app.
Counts are kept per fixed minute: in Redis with REDIS_URL (an atomic increment), else in
the database (`RequestWindow`, one atomic UPDATE), never in a worker's own memory.
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.utils.module_loading import import_string
from rest_framework.throttling import BaseThrottle

from .models import RequestWindow

WINDOW = 60  # seconds
logger = logging.getLogger(__name__)


def client_address(request) -> str:
    return import_string(settings.AXES_CLIENT_IP_CALLABLE)(request)[:64]


def _count_in_cache(address, started):
    key = f"api-requests:{address}:{started}"
    cache.add(key, 0, timeout=WINDOW * 2)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW * 2)
        return 1


def _count_in_database(address, started):
    windows = RequestWindow.objects.filter(address=address, started=started)
    with transaction.atomic():
        if windows.update(requests=F("requests") + 1):
            return windows.values_list("requests", flat=True).get()
    try:
        with transaction.atomic():
            RequestWindow.objects.create(address=address, started=started, requests=1)
    except IntegrityError:  # another worker started this window at the same moment
        with transaction.atomic():
            windows.update(requests=F("requests") + 1)
        return windows.values_list("requests", flat=True).get()
    # A new window for this address: past windows of everyone are of no more use.
    RequestWindow.objects.filter(started__lt=started - WINDOW).delete()
    return 1


def count_request(address, now=None) -> int:
    """Count one request from `address` in the current window; the window's count so far."""
    started = int((now if now is not None else time.time()) // WINDOW * WINDOW)
    if getattr(settings, "API_RATE_STORE", "database") == "cache":
        return _count_in_cache(address, started)
    return _count_in_database(address, started)


class PerClientAddress(BaseThrottle):
    """At most API_REQUESTS_PER_MINUTE requests a minute from one client address."""

    def allow_request(self, request, view):
        now = time.time()
        self.retry_after = WINDOW - int(now % WINDOW)
        limit = settings.API_REQUESTS_PER_MINUTE
        try:
            return count_request(client_address(request), now) <= limit
        except DatabaseError:
            # The count cannot be written (a read-only or locked database): reading goes on,
            # uncounted, rather than failing every request for want of a tally.
            logger.warning("Could not count an API request", exc_info=True)
            return True

    def wait(self):
        return self.retry_after
