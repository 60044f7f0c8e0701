"""Kibitz settings: everything from the environment, with safe development defaults.

KIBITZ_DEBUG (default on), KIBITZ_SECRET_KEY (required when debug is off), KIBITZ_ALLOWED_HOSTS and
KIBITZ_CSRF_TRUSTED_ORIGINS (comma-separated), DATABASE_URL (default: SQLite in the project folder).
Production (debug off) turns on HTTPS-only cookies, HSTS and the HTTPS redirect; README.md lists the rest.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS, FALSE_WORDS = frozenset({"1", "true", "yes", "on"}), frozenset({"0", "false", "no", "off"})


def env_bool(name: str, default: bool) -> bool:
    """The variable as a yes or no (1/0, true/false, yes/no, on/off, any case), `default` when unset. Anything
    else stops the start: a typo such as KIBITZ_SSL_REDIRECT=ture must not quietly mean "off"."""
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word not in TRUE_WORDS | FALSE_WORDS:
        raise ImproperlyConfigured(f"{name}={value!r} is not a yes or no: use 1 or 0 (or true/false, yes/no, on/off)")
    return word in TRUE_WORDS


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    return default if value is None else [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("KIBITZ_DEBUG", True)
SECRET_KEY = os.environ.get("KIBITZ_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("KIBITZ_SECRET_KEY must be set when KIBITZ_DEBUG is off")
    SECRET_KEY = "kibitz-development-only-not-secret"

ALLOWED_HOSTS = env_list("KIBITZ_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"] if DEBUG else [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "companion",
    "django.forms",  # its widget templates, for the TemplatesSetting renderer below
]
# Forms render through the project's templates, so a widget of ours (templates/widgets/) is found.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

MIDDLEWARE = [
    "companion.middleware.StaticHeadersMiddleware",  # a static file without the page-only headers (first: sees it last)
    "django.middleware.security.SecurityMiddleware",
    # Static files answered first, as whitenoise advises: precompressed, and without the page-only headers (the CSP,
    # a tenth of a small file's bytes on the wire, six times on a first load).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "companion.middleware.CompressMiddleware",  # brotli or gzip, only for pages with no secret in them (BREACH)
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "companion.middleware.BusyDatabaseMiddleware",  # a write the database is too busy for: 503, not 500
    "companion.middleware.ScorerHeaderMiddleware",
    "companion.middleware.BodySizeMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Partials outermost (template_partials would add it itself, but not with our own loader in the
            # list); each game's templates come from its web side (companion/loaders.py).
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                                "companion.loaders.GameTemplates",
                            ],
                        )
                    ],
                )
            ],
            # Django's {% url %} with each address reversed once per process (companion/templatetags/addresses.py).
            "builtins": ["companion.templatetags.addresses"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]


def env_seconds(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    try:
        value = float(raw) if raw else default
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise ImproperlyConfigured(f"{name} must be a number of seconds above 0 (at most 3600), not {raw!r}")
    return value


# A busy database (companion/busy.py): a write waits at most KIBITZ_DB_BUSY_SECONDS for it, then is answered 503
# with Retry-After (companion/middleware.py), so a held lock never ties up a worker for long. Reads never wait.
KIBITZ_DB_BUSY_SECONDS = env_seconds("KIBITZ_DB_BUSY_SECONDS", 3)
KIBITZ_DB_STATEMENT_SECONDS = env_seconds("KIBITZ_DB_STATEMENT_SECONDS", 30)  # PostgreSQL: a runaway statement

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("KIBITZ_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Tests use a real file, not memory: the live-server tests need WAL and separate connections.
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("KIBITZ_TEST_SQLITE", str(BASE_DIR / ".test-db.sqlite3"))}
    # WAL: readers go on during a write and never wait for it. A write takes the lock when it begins (IMMEDIATE,
    # so it never fails halfway on an upgrade) and waits for it at most the busy timeout.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": KIBITZ_DB_BUSY_SECONDS,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Per connection: a lock (the table row a write locks, say) is waited for at most the busy timeout, and a
    # statement that runs longer than KIBITZ_DB_STATEMENT_SECONDS is cancelled. Plain reads take no lock there.
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _timeouts = (
        f"-c lock_timeout={round(KIBITZ_DB_BUSY_SECONDS * 1000)} "
        f"-c statement_timeout={round(KIBITZ_DB_STATEMENT_SECONDS * 1000)}"
    )
    _options["options"] = f"{_options.get('options', '')} {_timeouts}".strip()

# PostgreSQL: each process keeps the versions of the tables it serves from LISTEN/NOTIFY, so the unchanged poll
# touches no database (companion/tableversions.py). Off where LISTEN cannot work, such as behind a PgBouncer in
# transaction pooling; polls then read the version from the database, as they always do on SQLite.
KIBITZ_LISTEN = env_bool("KIBITZ_LISTEN", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions live in a signed cookie: no server-side state, so any number of app processes can serve a table.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True  # htmx sends the token from the page, never from the cookie
CSRF_TRUSTED_ORIGINS = env_list("KIBITZ_CSRF_TRUSTED_ORIGINS", [])
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): everything from this site, nothing inline (no inline script or style
# anywhere: htmx's indicator style is off in base.html), no frames, no plugins, forms post only here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        # Said outright though default-src covers them: the service worker (/sw.js, companion/offline.py) and the
        # manifest come from this site only.
        "worker-src": [SELF],
        "manifest-src": [SELF],
    }
}

# The biggest request body Kibitz reads: a table file of 1 MB (far above any real game) plus the form around
# it. BodySizeMiddleware refuses a larger one with 413 before anything reads it; Django's own limits back it up.
KIBITZ_MAX_UPLOAD = 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = KIBITZ_MAX_UPLOAD + 64 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE  # an accepted upload stays in memory

# Rate limits (companion/throttle.py, counted in the database); KIBITZ_THROTTLE=0 switches them off.
KIBITZ_THROTTLE = env_bool("KIBITZ_THROTTLE", True)
# Behind a proxy, the client is the last X-Forwarded-For hop (the one the proxy added), not REMOTE_ADDR.
KIBITZ_BEHIND_PROXY = env_bool("KIBITZ_BEHIND_PROXY", False)
# Django's admin site at /admin/ only when asked for (companion/urls.py): off by default, production included.
KIBITZ_ADMIN = env_bool("KIBITZ_ADMIN", False)

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("KIBITZ_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("KIBITZ_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("KIBITZ_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("KIBITZ_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("KIBITZ_HSTS_PRELOAD", True)
    if KIBITZ_BEHIND_PROXY:  # a TLS-terminating proxy says so in this header
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "companion" / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("KIBITZ_TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
WHITENOISE_ALLOW_ALL_ORIGINS = False  # every file is this site's own, loaded by its own pages
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}  # whitenoise's own table sends octet-stream
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "companion.staticstorage.MinifiedStaticFilesStorage"  # whitenoise's, with our files minified
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("KIBITZ_LOG_LEVEL", "WARNING")},
}
