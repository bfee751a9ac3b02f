#!/usr/bin/env python3
"""Tests/Support/fixture_server.py with a listen backlog of 128 instead of socketserver's
default of 5, for bench/measure.py. One `timeline refresh` of the default widgets opens 11
connections at once (a connect probe per provider, then up to 8 requests); with a backlog
of 5 the kernel drops some SYNs and the client retries after its 1 s initial
retransmission timeout, which says something about the test server, not about timeline.
Same arguments and behaviour otherwise."""
import os
import runpy
import sys
from http.server import ThreadingHTTPServer

ThreadingHTTPServer.request_queue_size = 128
SERVER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Support", "fixture_server.py")
sys.argv = [SERVER] + sys.argv[1:]
runpy.run_path(SERVER, run_name="__main__")
