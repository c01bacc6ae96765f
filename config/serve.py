"""Daphne, with invite tokens cut out of its access log.

Run as ``python -m config.serve [daphne options] config.asgi:application``.

Daphne logs each request's path; an invite link's path is a key to a private lobby (``/join/<token>/``), and access
logs are read, shipped and kept by more people and systems than the lobby's guests. Every option is Daphne's own.
"""

from daphne.cli import CommandLineInterface
from daphne.server import Server

from config.security import redact


def redacting(logger):
    def log(protocol, action, details):
        if isinstance(details.get("path"), str):
            details = {**details, "path": redact(details["path"])}
        logger(protocol, action, details)
    return log


class RedactingServer(Server):
    def __init__(self, *args, action_logger=None, **kwargs):
        super().__init__(*args, action_logger=redacting(action_logger) if action_logger else None, **kwargs)


class RedactingCommandLine(CommandLineInterface):
    server_class = RedactingServer


if __name__ == "__main__":
    RedactingCommandLine.entrypoint()
