"""Servers a bench starts on this machine: a free port to give one, and the wait until it listens."""

from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(proc: subprocess.Popen, port: int, what: str, tries: int = 300) -> None:
    """Wait until ``proc`` accepts connections on ``port`` (up to ``tries`` tenths of a second); a process that
    exits first is an error naming ``what`` (where its log is)."""
    for _ in range(tries):
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
