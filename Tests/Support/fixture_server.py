#!/usr/bin/env python3
"""Loopback HTTP server for the tests: serves recorded responses and injects faults.

Routes are a JSON object mapping a request path (with or without its query string, or a
prefix ending in '*') to a response spec:
  {"status": 200, "file": "path", "body": "text", "headers": {...},
   "delay": 0.2, "fault": "timeout|trickle|truncate|close|huge|hugestream|html|empty"}
Faults: timeout (no response for "seconds", default 60), trickle (the body at 64 bytes a
second), truncate (half the body, then close; Content-Length says the whole), close
(close without a response), huge (a "bytes"-long JSON array, default 20 MB, with
Content-Length), hugestream (the same without Content-Length, streamed until close),
html (an HTML error page with the route's status, default 200), empty (no body at all).
A list of specs is served in turn (the last one repeats).
Control: POST /__routes replaces the routes (body = JSON); GET /__log returns the request
log and the peak number of requests in flight; POST /__reset clears the log.
With FIXTURE_TLS=CERT:KEY in the environment it speaks HTTPS with that certificate (the
tests' self-signed loopback-cert.pem, which a verifying client must refuse).
Prints "PORT <n>" once listening. Binds 127.0.0.1 only. Exits when stdin closes, so a
test that dies never leaves a server behind.
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"routes": {}, "log": [], "inflight": 0, "peak": 0, "served": {}}
DEFAULT_DELAY = float(os.environ.get("FIXTURE_DELAY", "0"))


def lookup(path):
    routes = STATE["routes"]
    bare = path.split("?", 1)[0]
    for key in (path, bare):
        if key in routes:
            return key, routes[key]
    best = None
    for key in routes:
        if key.endswith("*") and path.startswith(key[:-1]):
            if best is None or len(key) > len(best):
                best = key
    return (best, routes[best]) if best else (None, None)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length)
        with LOCK:
            if self.path == "/__routes":
                STATE["routes"] = json.loads(data or b"{}")
                STATE["served"] = {}
            elif self.path == "/__reset":
                STATE["log"] = []
                STATE["peak"] = 0
        self.reply(200, b"{}", {})

    def do_GET(self):
        if self.path == "/__log":
            with LOCK:
                body = json.dumps({"log": STATE["log"], "peak": STATE["peak"]}).encode()
            return self.reply(200, body, {"Content-Type": "application/json"})
        with LOCK:
            STATE["inflight"] += 1
            STATE["peak"] = max(STATE["peak"], STATE["inflight"])
            STATE["log"].append({"path": self.path, "time": time.time(),
                                 "headers": {k.lower(): v for k, v in self.headers.items()}})
            key, spec = lookup(self.path)
            if isinstance(spec, list):
                n = STATE["served"].get(key, 0)
                STATE["served"][key] = n + 1
                spec = spec[min(n, len(spec) - 1)]
        try:
            self.serve(spec)
        finally:
            with LOCK:
                STATE["inflight"] -= 1

    def serve(self, spec):
        if spec is None:
            return self.reply(404, b'{"url":"not found"}', {"Content-Type": "application/json"})
        time.sleep(float(spec.get("delay", DEFAULT_DELAY)))
        if "file" in spec:
            with open(spec["file"], "rb") as f:
                body = f.read()
        else:
            body = spec.get("body", "").encode()
        headers = {"Content-Type": "application/json; charset=utf-8"}
        headers.update(spec.get("headers", {}))
        fault = spec.get("fault")
        status = int(spec.get("status", 200))
        if fault == "timeout":
            time.sleep(float(spec.get("seconds", 60)))
            return
        if fault == "close":
            self.close_connection = True
            return
        if fault == "huge":
            body = b"[" + b"0," * (int(spec.get("bytes", 20 << 20)) // 2) + b"0]"
        if fault == "html":
            body = body or (b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>"
                            b"<body><h1>Bad Gateway</h1><p>upstream <b>error</b></p></body></html>")
            headers["Content-Type"] = "text/html; charset=utf-8"
        if fault == "empty":
            body = b""
        if fault == "hugestream":
            return self.stream(status, headers, int(spec.get("bytes", 20 << 20)))
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            if fault == "truncate":
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
            elif fault == "trickle":
                for i in range(0, len(body), 64):
                    self.wfile.write(body[i:i + 64])
                    self.wfile.flush()
                    time.sleep(1)
            else:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def stream(self, status, headers, size):
        """A body of `size` bytes with no Content-Length, ended by closing."""
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        chunk = b"0," * 32768
        try:
            self.wfile.write(b"[")
            sent = 1
            while sent < size:
                self.wfile.write(chunk)
                sent += len(chunk)
            self.wfile.write(b"0]")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def reply(self, status, body, headers):
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(ThreadingHTTPServer):
    # Clients hanging up mid-reply (timeout and cancellation tests) are expected; their
    # ConnectionResetError/BrokenPipeError would print a traceback into the test log.
    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            STATE["routes"] = json.load(f)
    server = QuietServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if os.environ.get("FIXTURE_TLS"):
        import ssl
        cert, key = os.environ["FIXTURE_TLS"].split(":", 1)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
