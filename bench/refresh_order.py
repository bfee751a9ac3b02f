#!/usr/bin/env python3
"""Writes bench/timeline-refresh.order, the symbol order lld lays `timeline` out in
(Package.swift): the functions a refresh runs, together at the front of the text.

Why: `timeline` is a 16 MB binary, and the kernel maps each page fault's 64 KB
neighbourhood (fault-around). The ~1 MB of code a refresh runs, spread over the default
layout, kept 9 MB of the binary resident; packed, 7 MB (P6 in docs/performance.md). Not
less, because the sections lld moves are whole: the standard library's Swift.o keeps
1.6 MB of its code in one, and many FoundationEssentials objects one per file.

How: valgrind's callgrind lists every function one run executes. The runs are the bench's
P3/P6 refresh (the default widgets against bench/fixture_server.py, cold and then with
nothing due), `timeline status` and `--help`. Functions come in the order callgrind first
records them, the ones of the refresh first. The order only moves sections: any build links
and runs the same without it, and a stale name costs memory, never behaviour.

Usage: bench/refresh_order.py [--timeline BINARY] (default .build/release/timeline, built
by `make build`). Takes about a minute; run it when the refresh path changes much, then
relink (SwiftPM does not notice the order file changed): remove the binary and `make build`."""
import argparse
import os
import re
import shutil
import subprocess
import tempfile
import time

import measure

OUT = os.path.join(measure.ROOT, "bench", "timeline-refresh.order")
ENTRY = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")


def executed(cmd, env, binary_name):
    """Names of the functions of `binary_name` that one run of `cmd` executes, in the order
    callgrind's profile first names them."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no",
                        "--callgrind-out-file=" + out.name] + cmd,
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        objects, functions, current, names = {}, {}, None, []
        for line in open(out.name, errors="replace"):
            m = ENTRY.match(line.rstrip("\n"))
            if not m:
                continue
            kind, ident, name = m.groups()
            if kind in ("ob", "cob"):
                if name:
                    objects[ident] = name
                if kind == "ob":
                    current = objects.get(ident, "")
                continue
            if name:
                functions[ident] = name
            # cfn= names a callee, which has its own fn= entry when it ran.
            # (A name like 0x... is code without a symbol: nothing to order.)
            if kind == "fn" and current and os.path.basename(current) == binary_name \
                    and not functions[ident].startswith("0x"):
                # callgrind marks a recursion level with 'N; the symbol is the same.
                names.append(re.sub(r"'\d+$", "", functions[ident]))
        return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeline", default=os.path.join(measure.ROOT, ".build", "release", "timeline"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        # valgrind cannot read the DWARF of swiftc's release builds; the symbol table suffices.
        binary = os.path.join(workdir, "timeline")
        shutil.copy(args.timeline, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        server = measure.FixtureServer(measure.routes_for(workdir, int(time.time()), 1), measure.DELAY, workdir)
        try:
            config = measure.write_config(workdir, server)
            env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=os.path.join(workdir, "cache"))
            runs = [[binary, "refresh"], [binary, "refresh"], [binary, "status"], [binary, "--help"]]
            order, seen = [], set()
            for cmd in runs:
                names = executed(cmd, env, "timeline")
                order += [n for n in names if not (n in seen or seen.add(n))]
                measure.log("order %s: %d functions so far" % (" ".join(cmd[1:]), len(order)))
        finally:
            server.stop()
    if len(order) < 1000:
        raise SystemExit("refresh_order: only %d functions profiled; is valgrind working?" % len(order))
    with open(OUT, "w") as f:
        f.write("\n".join(order) + "\n")
    measure.log("%s: %d symbols" % (OUT, len(order)))


if __name__ == "__main__":
    main()
