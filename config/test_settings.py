"""Settings for the test suite: production settings with a throwaway key and fast hashing."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")

from config.settings import *  # noqa: E402,F403

SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# One process's memory: fast, and cleared between tests. The shared file cache, the
# production default without Redis, is tested across processes in tests/test_shared_cache.py.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "rulings-tests",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}
# Tests clear the cache between tests: read the page cache's generation on every request.
PAGE_CACHE_GENERATION_TTL = 0
# Each test runs inside a transaction that never commits, so a bump on commit never comes:
# the suite keeps the generation in the (one process's) cache, bumped at once. The database
# store, the production default without Redis, is tested in tests/pagecache/ with commits
# and with real gunicorn workers.
PAGE_CACHE_GENERATION_STORE = "cache"
# Tasks run at once, in the test, in memory (huey's immediate mode); one test starts a real
# consumer (tests/test_queue.py).
HUEY = {**HUEY, "immediate": True}  # noqa: F405
# A throwaway versioned model declared in a test app (tests/versioned_app): the machinery's
# registry-parametrised tests run over it too.
INSTALLED_APPS = [*INSTALLED_APPS, "tests.versioned_app"]  # noqa: F405
ROOT_URLCONF = "tests.versioned_app.urls"
