"""The secret key of a local site started with nothing set: made on the first run, kept in a file beside the
project (ignored by git, readable by its owner only) and reused, so sessions survive a restart and every process
started from this checkout signs alike. Production sets DJANGO_SECRET_KEY instead."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def local_secret_key(path: Path) -> str:
    """The key kept at ``path``, made first if there is none. Several processes starting at once agree on one:
    each writes its own candidate aside and links it into place, which only the first one does."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    candidate = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50) + "\n")
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass  # another process was first: its key is the one
    except OSError as exc:
        raise RuntimeError(f"Could not keep a local secret key in {path} ({exc.strerror}); set DJANGO_SECRET_KEY "
                           "instead.") from exc
    finally:
        candidate.unlink(missing_ok=True)
    return _read(path)


def _read(path: Path) -> str:
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it to have a new local secret key made, or set "
                           "DJANGO_SECRET_KEY.")
    return key
