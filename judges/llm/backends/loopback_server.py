"""A small OpenAI-compatible server on top of any local Backend, bound to 127.0.0.1.

It serves `POST /v1/chat/completions` (with `logprobs`/`top_logprobs`) and
`GET /v1/models`, one request at a time on the wrapped backend. It exists to test the
HTTP backend against a real server and to share one loaded model between processes:
    python -m judgesuite.judges.llm.backends.loopback_server --backend transformers --port 8011
(tests/loopback_doubles.py adds the failures and delays the client's tests need.)
"""
from __future__ import annotations

import argparse
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from judgesuite.judges.llm.backends.base import Backend, SamplingParams


class LoopbackServer:
    """Run `backend` behind HTTP on 127.0.0.1:`port` (0 = any free port) in a thread."""

    def __init__(self, backend: Backend, port: int = 0) -> None:
        self.backend = backend
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _send(self, code: int, obj: dict) -> None:
                body = json.dumps(obj).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                if self.path.rstrip("/") == "/v1/models":
                    self._send(200, {"object": "list", "data": [{"id": server.backend.model_name, "object": "model"}]})
                else:
                    self._send(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": "not found"}})
                    return
                try:
                    length = int(self.headers.get("Content-Length", "0"))
                    req = json.loads(self.rfile.read(length))
                    code, obj = server.handle_chat(req)
                except (ValueError, KeyError, TypeError) as exc:
                    code, obj = 400, {"error": {"message": f"{type(exc).__name__}: {exc}"}}
                self._send(code, obj)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._httpd.daemon_threads = False  # stop() waits for requests in flight
        self.port = self._httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def handle_chat(self, req: dict) -> tuple[int, dict]:
        messages = req["messages"]
        if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
            raise ValueError("messages must be a list of objects")
        params = SamplingParams(
            temperature=float(req.get("temperature", 1.0)), top_p=float(req.get("top_p", 1.0)),
            max_new_tokens=int(req.get("max_tokens") or 16), seed=int(req.get("seed") or 0),
            top_logprobs=int(req.get("top_logprobs") or 0) if req.get("logprobs") else 0,
            stop=tuple([req["stop"]] if isinstance(req.get("stop"), str) else req.get("stop") or ()))
        with self._lock:  # one generation at a time on the shared model
            (gen,) = self.backend.generate([messages], params)
        choice = {"index": 0, "message": {"role": "assistant", "content": gen.text},
                  "finish_reason": gen.finish_reason or "stop"}
        if gen.token_logprobs is not None:
            choice["logprobs"] = {"content": [
                {"token": tok, "logprob": alts.get(tok, max(alts.values(), default=0.0)),
                 "top_logprobs": [{"token": t, "logprob": lp} for t, lp in
                                  sorted(alts.items(), key=lambda kv: -kv[1])]}
                for tok, alts in zip(gen.tokens or [], gen.token_logprobs)]}
        return 200, {"id": f"chatcmpl-{uuid.uuid4().hex[:16]}", "object": "chat.completion",
                     "created": int(time.time()), "model": self.backend.model_name, "choices": [choice],
                     "usage": {"prompt_tokens": gen.prompt_tokens, "completion_tokens": gen.generated_tokens,
                               "total_tokens": gen.prompt_tokens + gen.generated_tokens}}

    def start(self) -> "LoopbackServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> "LoopbackServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    from judgesuite.judges.llm.backends import make_backend

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--backend", default="transformers")
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--port", type=int, default=8011)
    args = ap.parse_args(argv)
    server = LoopbackServer(make_backend(args.backend, args.model), port=args.port)
    print(f"serving {args.model} on {server.base_url}", flush=True)
    try:
        server._httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
