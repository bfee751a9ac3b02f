#!/usr/bin/env python3
"""Loopback HTTP proxy for the tests: forwards absolute-URI requests (what a client sends
through `http_proxy`) and tunnels CONNECT (what it sends through `https_proxy`), and
appends one line per request to the log file named by its argument:
  GET http://127.0.0.1:8080/v2/random/all
  CONNECT 127.0.0.1:8443
Prints "PORT <n>" once listening. Binds 127.0.0.1 only, and connects onward only to
127.0.0.1. Exits when stdin closes, so a test that dies never leaves a proxy behind.
"""
import http.client
import os
import select
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = sys.argv[1]
LOCK = threading.Lock()


def record(line):
    with LOCK:
        with open(LOG, "a") as f:
            f.write(line + "\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        record("GET " + self.path)
        url = urllib.parse.urlsplit(self.path)
        if url.scheme != "http" or url.hostname != "127.0.0.1":
            return self.refuse()
        upstream = http.client.HTTPConnection("127.0.0.1", url.port or 80, timeout=30)
        path = url.path + ("?" + url.query if url.query else "")
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "connection")}
        upstream.request("GET", path, headers=headers)
        answer = upstream.getresponse()
        body = answer.read()
        self.send_response(answer.status)
        for k, v in answer.getheaders():
            if k.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        upstream.close()

    def do_CONNECT(self):
        record("CONNECT " + self.path)
        host, _, port = self.path.rpartition(":")
        if host != "127.0.0.1" or not port.isdigit():
            return self.refuse()
        try:
            upstream = socket.create_connection(("127.0.0.1", int(port)), timeout=30)
        except OSError:
            return self.refuse()
        self.send_response(200, "Connection established")
        self.end_headers()
        self.close_connection = True
        ends = [self.connection, upstream]
        try:
            while True:
                ready, _, _ = select.select(ends, [], [], 30)
                if not ready:
                    break
                for end in ready:
                    data = end.recv(65536)
                    if not data:
                        return
                    (upstream if end is self.connection else self.connection).sendall(data)
        except OSError:
            pass
        finally:
            upstream.close()

    def refuse(self):
        self.send_response(502)
        self.send_header("Content-Length", "0")
        self.end_headers()


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
