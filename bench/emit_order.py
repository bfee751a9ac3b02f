#!/usr/bin/env python3
"""Writes bench/timeline-emit.order, the symbol order lld lays the static timeline-emit out
in (Package.swift): the code and data a one-shot emit touches, together at the front.

Why: a static Swift binary's text is ~5.5 MB, and the kernel maps each page fault's 64 KB
neighbourhood (fault-around). Spread over the default layout, the ~1 MB a bar's emit really
touches fills ~3.4 MB of text; packed, ~1.8 MB (docs/performance.md, "what was tried").

How: valgrind lackey traces every address the emitter touches, for every format and option
on the caches the real providers write (bench/realcache.py, needs the release `timeline`
in .build-perf-rel) and on synthetic caches of 10 and 10 000 entries, plus the placeholder
and option paths the bench does not time. Each address is named by the symbol before it
(`nm -n`); lld moves that symbol's whole input section. Symbols touched by more runs come
first, then by first touch, so every command finds most of what it needs in one run of
pages. Valgrind's virtual CPU hides what a native run adds (glibc's vDSO set-up, the string
functions it picks for the CPU): bench/steptrace.c single-steps a few native runs for it,
and every CPU variant of a string function used is listed too. The order only moves
sections: any build links and runs the same without it.

Usage: bench/emit_order.py [--emit BINARY] (default .build-static/release/timeline-emit,
built by `make build-static`). Takes about four minutes; run it when the hot path changes
much, then relink (SwiftPM does not notice the order file changed): remove the binary and
`make build-static`."""
import argparse
import bisect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import measure
import realcache

OUT = os.path.join(measure.ROOT, "bench", "timeline-emit.order")
SYMBOL_KINDS = set("tTrRdDbBvVwW")
# glibc's per-CPU string functions: __memmove_evex_unaligned_erms, __strlen_avx2, …
CPU_VARIANT = re.compile(r"^(__\w+?)_(sse2|ssse3|sse4_[12]|avx|avx2|evex|evex512|avx512)(_\w+)?$")


def symbols(binary):
    """(address, name) of every defined code or data symbol, by address."""
    listed = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True,
                            check=True).stdout
    out = []
    for line in listed.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in SYMBOL_KINDS:
            out.append((int(parts[0], 16), parts[2]))
    return out


def touched(cmd, env, table, starts, end):
    """Names of the symbols whose bytes one run of `cmd` reads, writes or executes, in the
    order it first touches them."""
    with tempfile.NamedTemporaryFile(suffix=".lackey") as log:
        subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log.name] + cmd,
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        parts = (line.split() for line in open(log.name, errors="replace"))
        return named((int(p[1].split(",")[0], 16) for p in parts if len(p) > 1 and p[0] in ("I", "L", "S", "M")),
                     table, starts, end)


def named(addresses, table, starts, end):
    """The symbols the addresses fall in (the one at or before each), in first-seen order."""
    names, seen = [], set()
    for address in addresses:
        if address >= end:
            continue
        i = bisect.bisect_right(starts, address) - 1
        if i < 0:
            continue
        while i > 0 and starts[i - 1] == starts[i]:
            i -= 1
        name = table[i][1]
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def native(cmd, env, table, starts, end, tracer):
    """Names of the functions one native run of `cmd` executes (bench/steptrace.c), in the
    order first executed."""
    with tempfile.NamedTemporaryFile(suffix=".steps") as steps:
        subprocess.run([tracer, steps.name] + cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return named((int(line, 16) for line in open(steps.name)), table, starts, end)


def cpu_variants(order, table):
    """glibc picks memcpy, strlen and their kin by CPU at start-up (IFUNC), and valgrind's
    virtual CPU is not the one the bars run on: every variant of a string function the
    profile touched, packed after the profile, so the native one is near the rest."""
    listed = set(order)
    families = {m.group(1) for m in map(CPU_VARIANT.match, order) if m}
    return sorted({name for _, name in table
                   if name not in listed and (m := CPU_VARIANT.match(name)) and m.group(1) in families})


def commands(emit, real_cache, synthetic_cache):
    """(env, argv) of every run profiled: the bench's cells, then paths it does not time."""
    real = dict(os.environ, TIMELINE_CACHE_DIR=real_cache)
    synthetic = dict(os.environ, TIMELINE_CACHE_DIR=synthetic_cache)
    runs = [(real, cmd) for widget in realcache.CACHES for _, cmd in realcache.commands(emit, widget)]
    for widget in ("bench10", "bench10000"):
        runs += [(synthetic, [emit, fmt, widget]) for fmt in realcache.formats(emit)]
    for extra in (["--max-width", "12"], ["--click"], ["--gurmukhi", "logical"], ["--verbose"],
                  ["--at", "2026-03-01T19:00:00Z"], ["--line", "gurmukhi"]):
        runs += [(real, [emit, fmt, "random-shabad"] + extra) for fmt in realcache.bars(emit)]
    runs += [(real, [emit, fmt, "no-such-widget"]) for fmt in realcache.formats(emit)]
    runs += [(real, [emit, "i3bar", "random-shabad", "avalanche-no"]), (real, [emit, "--help"])]
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--emit", default=measure.STATIC)
    args = parser.parse_args()
    table = symbols(args.emit)
    starts = [a for a, _ in table]
    end = dict((n, a) for a, n in table)["_end"]
    with tempfile.TemporaryDirectory() as workdir:
        synthetic = os.path.join(workdir, "cache")
        os.makedirs(synthetic)
        now = int(time.time())
        for count in measure.SIZES:
            subprocess.run([sys.executable, os.path.join(measure.ROOT, "bench", "gen_cache.py"),
                            os.path.join(synthetic, "bench%d.json" % count), str(count), str(now)], check=True)
        real = realcache.make_caches(workdir, measure.TIMELINE, measure.FIXTURES, measure.FixtureServer,
                                     measure.routes_for, now)
        runs = commands(args.emit, real, synthetic)
        count, first = {}, {}
        for n, (env, cmd) in enumerate(runs):
            for name in touched(cmd, env, table, starts, end):
                count[name] = count.get(name, 0) + 1
                first.setdefault(name, len(first))
            measure.log("order %3d/%d %s: %d symbols so far" % (n + 1, len(runs), " ".join(cmd[1:]), len(first)))
        # What only a native run executes comes from the vDSO and the CPU, the same for
        # every command: it is ranked with the code every run touches.
        tracer = os.path.join(workdir, "steptrace")
        subprocess.run([shutil.which("cc") or shutil.which("clang"), "-O2",
                        os.path.join(measure.ROOT, "bench", "steptrace.c"), "-o", tracer], check=True)
        env = dict(os.environ, TIMELINE_CACHE_DIR=real)
        for fmt in realcache.formats(args.emit):
            for name in native([args.emit, fmt, "random-shabad"], env, table, starts, end, tracer):
                if name not in count:
                    count[name] = len(runs)
                    first[name] = len(first)
            measure.log("order native %s: %d symbols so far" % (fmt, len(first)))
    order = sorted(first, key=lambda name: (-count[name], first[name]))
    order += cpu_variants(order, table)
    with open(OUT, "w") as f:
        f.write("\n".join(order) + "\n")
    measure.log("%s: %d symbols from %d runs" % (OUT, len(order), len(runs)))


if __name__ == "__main__":
    main()
