"""Test doubles for the HTTP backend's tests: a loopback server that fails or stalls on purpose."""
from __future__ import annotations

import threading
import time

from judgesuite.judges.llm.backends.base import Backend
from judgesuite.judges.llm.backends.loopback_server import LoopbackServer


class FlakyServer(LoopbackServer):
    """Answers 503 to its first `fail_first` chat requests (client retries) and waits `delay_s`
    before every answer (client timeouts)."""

    def __init__(self, backend: Backend, port: int = 0, fail_first: int = 0, delay_s: float = 0.0) -> None:
        super().__init__(backend, port)
        self.fail_first, self.delay_s, self.requests = fail_first, delay_s, 0
        self._count_lock = threading.Lock()

    def handle_chat(self, req: dict) -> tuple[int, dict]:
        with self._count_lock:
            self.requests += 1
            if self.requests <= self.fail_first:
                return 503, {"error": {"message": "injected failure"}}
        time.sleep(self.delay_s)
        return super().handle_chat(req)
