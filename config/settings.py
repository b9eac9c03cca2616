"""Settings for the ruling database, read from the environment.

DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL, REDIS_URL,
DJANGO_CACHE_DIR, DJANGO_TRUSTED_PROXY_COUNT and DJANGO_QUEUE_STALE_AFTER are the knobs
(HUEY_IMMEDIATE=1 runs queued tasks in the request, without a consumer); everything else has
a safe default. With debug off a secret key is required and
`manage.py check --deploy --fail-level WARNING` passes.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", default=False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "simple_history",
    "axes",
    "huey.contrib.djhuey",  # the task queue: work after a save, run by `manage.py run_huey`
    "background",  # the queue's heartbeat, its check, /healthz and the admin's banner
    "pagecache",
    "versions",  # editable content with history: declared by each app in versioned.py
    "translations",  # translated content kept in step with its English (issue 32)
    "articles",
    "rulings",
    "tournaments",
    "toolkit",
    "community",  # watching pages, notifications, talk pages
    "appeals",  # appeals of logged rulings: the head TD, rounds' ends, the deadline
    "casebook",  # decided cases, anonymised, reviewed and published per rule set
    "event",  # a tournament's players, penalty schedule and penalties charged (private)
    "search",
    "rest_framework",
    "drf_spectacular",
    "corsheaders",
    "api",  # the read API (/api/v1/): the top layer, it reads every app
]

MIDDLEWARE = [
    "background.middleware.HealthMiddleware",  # /healthz: first, whatever the Host, never cached
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",  # /api/ only (CORS_URLS_REGEX): open for GET
    "pagecache.nul_bytes.NulBytesMiddleware",  # a NUL in the address or a cookie: 400, first
    "languages.middleware.FirstVisitLanguage",  # a first visit in the browser's language
    "pagecache.middleware.PageCacheMiddleware",  # stored pages for readers, before sessions
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the language the address names (/nl/…)
    "languages.middleware.ApiLanguage",  # /api/: its messages in the client's language
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: answers a locked-out login
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "articles.context_processors.roles",
                "community.context_processors.notices",
                "tournaments.context_processors.chosen",
                "languages.context_processors.languages",
            ],
        },
    },
]

# SQLite is the embedded default; PostgreSQL (psycopg 3) when DATABASE_URL points there.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Persistent connections buy nothing on SQLite and keep files open in tests.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets readers go on while one writer writes; IMMEDIATE takes the write lock
        # at BEGIN so two writers queue on the busy timeout instead of failing mid-way.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where the site keeps its own files (the task queue, the shared cache): beside the SQLite
# database, or beside manage.py when the database is PostgreSQL.
_database_file = DATABASES["default"].get("NAME") or ""
DATA_DIR = (
    Path(_database_file).parent
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    and _database_file not in ("", ":memory:")
    else BASE_DIR
)

# The cache must be shared by every process: the task queue's consumer warms results that
# the web workers read. Redis (Django's own backend) when REDIS_URL is set; else Django's
# file cache in one directory (each entry its own file, written to a temporary file and
# renamed, so processes never see half an entry and never take a database lock).
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "rulings"),
        }
    }
else:
    CACHE_DIR = Path(os.environ.get("DJANGO_CACHE_DIR") or DATA_DIR / "cache")
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(CACHE_DIR),
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

# Where the page cache's content generation lives: it must be shared by every worker.
# Redis when there is one; else the database (a one-row table, read at most once a second
# per process): the file cache's incr is a read then a write, so two saves at once could
# both bump the generation to the same number.
PAGE_CACHE_GENERATION_STORE = "cache" if os.environ.get("REDIS_URL") else "database"

# The task queue (huey): work that follows a save runs in `manage.py run_huey`, not in the
# request. Its queue is a SQLite file beside the database (or beside manage.py when the
# database is PostgreSQL), or Redis when REDIS_URL is set. See docs/architecture.md.
HUEY_FILE = DATA_DIR / "huey.sqlite3"
HUEY = {
    "name": "rulings",
    # Never decided by DEBUG (djhuey's default): `make run` runs a real consumer too.
    "immediate": env_bool("HUEY_IMMEDIATE", default=False),
    "results": False,  # nobody waits on a task's return value
    **(
        {"huey_class": "huey.RedisHuey", "url": os.environ["REDIS_URL"]}
        if os.environ.get("REDIS_URL")
        else {"huey_class": "huey.SqliteHuey", "filename": str(HUEY_FILE)}
    ),
    "consumer": {"workers": 1, "worker_type": "thread"},
}
# Seconds a task may wait, or the consumer's heartbeat (every 10 s) be missing, before
# `manage.py check`, the admin and /healthz say the consumer is late (background.health).
QUEUE_STALE_AFTER = int(os.environ.get("DJANGO_QUEUE_STALE_AFTER", "60"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes, its database handler: every worker shares the count).
# After 10 failed logins for one username, or from one address, within 15 minutes, further
# attempts are refused with a page saying to wait; the wait runs from the last failure.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one locks, each on its own
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # waiting 15 minutes is enough
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "config.proxies.client_address"
# How many proxies of our own stand in front (nginx: 1). Only then is X-Forwarded-For read.
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXY_COUNT", "0"))

# E-mail (notifications to watchers): printed to the console unless EMAIL_HOST names an SMTP
# server; then EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS / EMAIL_USE_SSL
# and DEFAULT_FROM_EMAIL are read too. Mail is sent by the task queue, never in a request.
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=not env_bool("EMAIL_USE_SSL"))
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
    EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
else:
    EMAIL_BACKEND = os.environ.get(
        "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
    )
    if os.environ.get("EMAIL_FILE_PATH"):  # with the file backend: one file per message
        EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "rulings@localhost")
# The address in links inside e-mails (a task has no request to take it from).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# The read API (api/, docs/api.md): JSON only, nobody signed in (every answer is the same for
# everyone, so an ETag names it), a page of PAGE_SIZE, and a rate per client address counted
# where every worker counts: Redis when there is one, else the database.
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.PerClientAddress"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
API_REQUESTS_PER_MINUTE = int(os.environ.get("DJANGO_API_REQUESTS_PER_MINUTE", "120"))
API_RATE_STORE = "cache" if os.environ.get("REDIS_URL") else "database"
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong rulings: read API",
    "DESCRIPTION": "Read-only JSON of the ruling database: articles with their short rulings, "
    "commentary, answers, citations and scenario checks; sources, glossary, scenarios, "
    "tournaments and search. Documented with examples at /api/.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
}
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True  # public, read-only, no cookies: any site may read it
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["accept", "if-none-match", "if-modified-since"]
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified", "Retry-After"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
# English unprefixed, Dutch under /nl/ (config/urls.py; the languages package).
LANGUAGES = [("en", "English"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a reader's choice, or their first visit's language
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# The offline hand check's engine (`make engine`: our wheel of the rules library, Pyodide's
# runtime from npm), built, never committed: /static/engine/… when it is there.
ENGINE_BUILD = BASE_DIR / "engine-build"
if ENGINE_BUILD.is_dir():
    STATICFILES_DIRS.append(("engine", ENGINE_BUILD))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("DJANGO_PLAIN_STATIC")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}


# Static files are cached long-term: in production the manifest storage gives each file a
# name with its hash, and whitenoise serves those "immutable" for ten years. Tile pictures are
# also linked by their plain name from stored Markdown (articles.markup: that HTML must outlive
# a deploy), which whitenoise would let browsers keep for only a minute; they change only with
# the tile set, so a reader's browser keeps them a week and revalidates after.
def _static_cache_headers(headers, path, url):
    if url.startswith(STATIC_URL + "tiles/") and "immutable" not in headers.get(
        "Cache-Control", ""
    ):
        headers["Cache-Control"] = "max-age=604800, public"


WHITENOISE_ADD_HEADERS_FUNCTION = _static_cache_headers

# Content-Security-Policy (django-csp 4): no inline script, no third-party origins.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

if not DEBUG:
    # Behind TLS in production. DJANGO_SECURE_SSL_REDIRECT=0 for a proxy that redirects itself.
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# Django's own "django" logger already writes to the console in debug; it must not also
# propagate to the root handler, or every traceback is printed twice.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO" if DEBUG else "WARNING"),
            "propagate": False,
        },
        # `run_huey` gives huey's logger a handler of its own: printed once, not twice.
        "huey": {"level": "INFO", "propagate": False},
    },
}
