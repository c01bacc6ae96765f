"""Django settings, read from the environment.

With nothing set, the site runs on the embedded default: SQLite and the
in-memory channel layer (one process). ``DATABASE_URL`` and ``REDIS_URL`` give
the production shape (PostgreSQL, Redis, any number of Daphne processes);
``DJANGO_DEBUG=0`` turns on the production security settings.

Django's debug pages (the technical 404 lists the site's URL patterns) show only with ``DJANGO_DEBUG=1`` set on
purpose: with nothing set, the site serves its own 404 and 500 pages over plain HTTP, with a secret key of its own
(``config/local_secret.py``) and static files straight from the apps, as a development site does.
"""

import os
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url

from config.games import GAMES
from config.local_secret import local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)
# Production (secure cookies, HTTPS redirect, HSTS, collectstatic's hashed files) only when DJANGO_DEBUG is set and
# false: the README's start command, with nothing set, serves plain http://127.0.0.1:8000/.
PRODUCTION = not env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0")
    SECRET_KEY = local_secret_key(BASE_DIR / ".local-secret-key")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "apps.accounts",
    "apps.lobbies",
    "apps.matches",
    "apps.moderation",
    "apps.ratings",
    "apps.notices",
    *[game.app for game in GAMES if game.app],
]

MIDDLEWARE = [
    "config.security.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "apps.accounts.banned_session.BannedSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

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
                "apps.notices.views.unread",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL connections per process, at most: DB_POOL_MAX for views and the database thread (Django's pool), plus
# MOVE_CONNECTIONS (below) for the moves played on the event loop. Under ASGI each request runs in a thread of its
# own, so persistent connections (CONN_MAX_AGE) were never reused nor closed: a pool hands them back at request end.
DB_POOL_MAX = int(os.environ.get("CIVITAS_DB_POOL_MAX", "8"))
DB_POOL_MIN = min(int(os.environ.get("CIVITAS_DB_POOL_MIN", "2")), DB_POOL_MAX)
# Seconds a request waits for a free connection before it fails.
DB_POOL_TIMEOUT = float(os.environ.get("CIVITAS_DB_POOL_TIMEOUT", "10"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {}).update({
            "pool": {"min_size": DB_POOL_MIN, "max_size": DB_POOL_MAX, "timeout": DB_POOL_TIMEOUT},
            # pg_stat_activity shows which process holds which connection.
            "application_name": DATABASES["default"]["OPTIONS"].get("application_name") or f"civitas-{os.getpid()}",
        })
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            # A file, not memory, so the test suite's Daphne subprocesses share it.
            "TEST": {"NAME": BASE_DIR / "test-db.sqlite3"},
            "OPTIONS": {"timeout": 20},
        }
    }

# The reminders' task queue (procrastinate) keeps its jobs in PostgreSQL: with SQLite there is no queue, and no
# reminder is sent (the site runs as before).
TASK_QUEUE = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if TASK_QUEUE:
    INSTALLED_APPS.append("procrastinate.contrib.django")

# Email: printed to the console unless an SMTP host is given.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", "")  # for DJANGO_EMAIL_BACKEND's file-based backend
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Civitas <noreply@civitas.invalid>")
# The site's address as emails link to it.
SITE_URL = os.environ.get("CIVITAS_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# An own-pace player to move, with no page of the match open, is reminded by email this many minutes after their
# turn began, and at most once per match every REMINDER_GAP_HOURS hours; and once a day before their deadline.
REMINDER_AFTER_MINUTES = float(os.environ.get("CIVITAS_REMINDER_AFTER_MINUTES", "15"))
REMINDER_GAP_HOURS = float(os.environ.get("CIVITAS_REMINDER_GAP_HOURS", "6"))
# Seconds without a heartbeat after which a worker's jobs count as stalled and are run again.
STALLED_WORKER_SECONDS = float(os.environ.get("CIVITAS_STALLED_WORKER_SECONDS", "60"))

REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis pub/sub channels are one namespace for the whole server, whatever database the URL names: two sites (or test
# runs) on databases 0 and 3 of one Redis would hear each other's frames under one prefix.
_REDIS_DB = (urlparse(REDIS_URL).path.strip("/") or "0") if REDIS_URL else "0"
_LAYER_PREFIX = "civitas" if _REDIS_DB == "0" else f"civitas-db{_REDIS_DB}"
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.channel_layer.PubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "max_connections": 1000}],
                "prefix": os.environ.get("CHANNELS_PREFIX", _LAYER_PREFIX),
                # Defaults (100 queued, 60 s) dropped frames under load; versions let clients resync anyway.
                "capacity": 1500,
                "expiry": 30,
                "group_expiry": 3600,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Counters that must agree across processes (login lockouts, lobby throttles) live in this cache.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CHANNELS_PREFIX", "civitas"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Addresses or networks (CIDR) of the reverse proxies in front of Daphne. Only when the direct peer is one of them is
# X-Forwarded-For read, right to left, for the first address that is not a proxy: the client's. Empty: trust no one.
CIVITAS_TRUSTED_PROXIES = env_list("CIVITAS_TRUSTED_PROXIES", [])
# Failed log-ins allowed per (count, seconds): per account, and per client address; beyond that the login is refused
# without checking the password until the window ends.
LOGIN_FAILURE_LIMITS = {"account": (5, 15 * 60), "address": (20, 15 * 60)}
# Lobbies a user may create, and joins a user may make, per (count, seconds).
LOBBY_CREATE_LIMIT = (10, 10 * 60)
LOBBY_JOIN_LIMIT = (30, 10 * 60)
# Guests that may be made from one client address per (count, seconds): otherwise new guests dodge the limits above.
GUEST_CREATE_LIMIT = (10, 60 * 60)
# Accounts that may be signed up from one client address per (count, seconds), for the same reason.
SIGNUP_CREATE_LIMIT = (5, 60 * 60)
# A match between accounts that entered from one browser, or from one network within this many days, is unrated
# (apps/accounts/linked_accounts.py).
LINKED_ADDRESS_DAYS = 7
# Confirmation emails per (count, seconds): asked by one player, and sent to one mailbox (apps/notices/sending.py).
CONFIRM_EMAIL_LIMITS = {"user": (3, 60 * 60), "address": (3, 60 * 60)}
# For this long after a ban, no new guest or account is made from an address the banned account entered from (the
# browser it used stays refused for as long as the ban lasts: apps/accounts/ban_evasion.py).
BAN_ADDRESS_SECONDS = 24 * 3600
# Reports a user may send per (count, seconds), across every process (one open report per player reported, too).
REPORT_RATE_LIMIT = (10, 60 * 60)
# Wrong invite tokens tried per client address per (count, seconds) before /join/ answers 429.
INVITE_MISS_LIMIT = (30, 10 * 60)

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# Where collectstatic gathers the files production serves (the Dockerfile runs it with DJANGO_DEBUG=0).
STATIC_ROOT = os.environ.get("DJANGO_STATIC_ROOT") or (BASE_DIR / "staticfiles" if PRODUCTION else None)
STATICFILES_DIRS = [BASE_DIR / "static"]
# WhiteNoise serves static files. Outside production, straight from the apps and static/ (no collectstatic step),
# found afresh on each request so an edited file is served at once, and not cached; in production only what
# `manage.py collectstatic` gathered into STATIC_ROOT, compressed and named by their content hash, so browsers may
# cache them for ever. Chosen here from the environment, not from DEBUG: pytest-django sets DEBUG to False only
# after the settings are read, and the site started with nothing set has DEBUG off too.
WHITENOISE_USE_FINDERS = not PRODUCTION
if PRODUCTION:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
else:
    WHITENOISE_AUTOREFRESH = True
    WHITENOISE_MAX_AGE = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Seconds a bot waits before the first move of its turn, and between the moves (steps) of one turn, so people can
# follow what it did; a searching bot thinks during the first pause (apps/matches/live/bot_driver.py).
BOT_DELAY = float(os.environ.get("CIVITAS_BOT_DELAY", "0.4"))
BOT_STEP_DELAY = float(os.environ.get("CIVITAS_BOT_STEP_DELAY", "0.08"))
# The strong bot's search (apps/matches/engine/search.py): at most this many seconds for its whole turn at a table
# (issue 41 asks a turn to take at most 1.5 s at p90), shared by the turn's decisions, each at most a second (issue
# 21), and at most this many deals a decision (a hint's search, of one decision, has the same budget); worker
# processes it runs in, shared by every table of this process. An Origins turn is some six decisions: its turns get
# half as much time again (STRONG_BOT_TURN_SCALE), in which its playouts reach the deals cap in nearly every turn.
STRONG_BOT_SECONDS = float(os.environ.get("CIVITAS_STRONG_BOT_SECONDS", "0.8"))
STRONG_BOT_DECISION_SECONDS = min(1.0, STRONG_BOT_SECONDS)
STRONG_BOT_TURN_SCALE = {"origins": float(os.environ.get("CIVITAS_STRONG_BOT_ORIGINS_SCALE", "1.5"))}
STRONG_BOT_DEALS = int(os.environ.get("CIVITAS_STRONG_BOT_DEALS", "8"))
STRONG_BOT_WORKERS = int(os.environ.get("CIVITAS_STRONG_BOT_WORKERS", "1"))
# A table's bot is driven by one process at a time: the lease it holds while choosing a move runs out this many
# seconds after its holder stopped renewing it (died), and another process's sweep takes the table over.
BOT_LEASE_SECONDS = float(os.environ.get("CIVITAS_BOT_LEASE", "5"))
# Tables with a strong bot (it thinks for up to a second a move) that one user may host, and that the hosts at one
# client address may have, running at once.
STRONG_BOT_TABLES_PER_USER = int(os.environ.get("CIVITAS_STRONG_BOT_TABLES_PER_USER", "3"))
STRONG_BOT_TABLES_PER_ADDRESS = int(os.environ.get("CIVITAS_STRONG_BOT_TABLES_PER_ADDRESS", "6"))
# How often an open match page asks whether it missed a state frame (answered only when it did).
RESYNC_SECONDS = float(os.environ.get("CIVITAS_RESYNC_SECONDS", "15"))
# Each process refreshes its sockets' presence this often; presence three beats old is a dead process's (0: off).
PRESENCE_HEARTBEAT = float(os.environ.get("CIVITAS_PRESENCE_HEARTBEAT", "30"))
CHAT_MAX_LENGTH = 500
# At most this many chat lines per user in this many seconds, across every process.
CHAT_RATE_LIMIT = (5, 10)
# Frames a match socket may send per second, and in a burst, before it is answered rate_limited.
MATCH_FRAME_RATE = tuple(int(n) for n in os.environ.get("CIVITAS_MATCH_FRAME_RATE", "10,20").split(","))
# Moves and undos one seat may send per (count, seconds), all its sockets in every process together
# (apps/matches/live/seat_budget.py); a count of 0 counts nothing.
SEAT_STEP_RATE = tuple(int(n) for n in os.environ.get("CIVITAS_SEAT_STEP_RATE", "20,10").split(","))
# Hints one seat may ask for per (count, seconds) (apps/matches/domain/hints.py): each is a strong bot's search.
HINT_RATE = tuple(int(n) for n in os.environ.get("CIVITAS_HINT_RATE", "6,60").split(","))
# An undo tells the table; the same seat's further undos within this many seconds of its last tell nothing more.
UNDO_NOTICE_QUIET_SECONDS = 10
# Asynchronous PostgreSQL connections per process for the moves played on its event loop (apps/matches/loop_db.py);
# 0 plays every move in the database thread.
MOVE_CONNECTIONS = int(os.environ.get("CIVITAS_MOVE_CONNECTIONS", "4"))
# Matches (and movers' sessions) each process keeps as it last wrote them, so that their next move on the loop is
# one round trip (apps/matches/domain/match_cache.py); 0 keeps none.
MOVE_CACHE_MATCHES = int(os.environ.get("CIVITAS_MOVE_CACHE_MATCHES", "1000"))
# Open websockets one client address may hold in each process (0: no limit); see config/socket_limit.py.
SOCKETS_PER_ADDRESS = int(os.environ.get("CIVITAS_SOCKETS_PER_ADDRESS", "60"))
# How often each process looks for tables where a bot is to move and nothing moved for a while (0: never).
BOT_SWEEP_SECONDS = float(os.environ.get("CIVITAS_BOT_SWEEP", "2"))
# Seconds between each process's look for own-pace deadlines that passed (their seats go to a bot); 0: never.
DEADLINE_SWEEP_SECONDS = float(os.environ.get("CIVITAS_DEADLINE_SWEEP", "30"))
# Each process looks this often for the next real-time clock of a rated match to run out, and waits for it when it
# falls before the next look: a loss on time is decided within moments of the flag (apps/matches/live/flag_watch.py).
FLAG_WATCH_SECONDS = float(os.environ.get("CIVITAS_FLAG_WATCH", "2"))

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_invites": {"()": "config.security.RedactInviteTokens"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["redact_invites"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    # Who did what to a lobby's access (e.g. revoked an invite link); never carries tokens.
    # Django logs the path of every 4xx/5xx request; filtered at the logger, so every handler gets the redacted line.
    "loggers": {
        "civitas.audit": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.request": {"filters": ["redact_invites"]},
        "django.server": {"filters": ["redact_invites"]},
    },
}
