#!/usr/bin/env python3
"""Benchmarks of issue 8; run through bench/run (make bench). Writes docs/performance.md
(no hand-written numbers) and prints the summary table.

Every figure is a ratio against a baseline measured in the same run (the machines are
noisy):
  P1 emit      `timeline-emit` (waybar, polybar, tmux) vs `cat` of the same cache file and
               vs bench/emit_py.py, at 10 and 10 000 entries: median wall (hyperfine -N),
               peak RSS (bench/maxrss.c, a tiny static launcher) and instructions
               (valgrind callgrind, reproducible), plus where the instructions go.
  P2 scaling   emit at 10 000 entries / emit at 10.
  P3 refresh   `timeline refresh` of the default widgets (8 random shabads, the hukamnama,
               3 avalanche regions) against Tests/Support/fixture_server.py with 200 ms
               added to every response; vs 3 x 200 ms + process start-up, and the serial sum.
  P4 requests  bench/simulate (timeline-simulate): 96 timer runs 15 minutes apart on a
               stepped clock against the loopback server; requests per widget per day vs
               a naive 60-second poller.
  P5 follow    `timeline-emit --follow`: wake-ups (voluntary context switches) and CPU over
               a quiet window (60 s; BENCH_FOLLOW_SECONDS shortens it for quick runs, and
               then the figure is marked), then 10 cache rewrites -> lines printed.
  P6 memory    peak RSS of `timeline refresh` for the same config.
  P7 contacts  `timeline refresh` of friends + birthdays on 10 000 vCards (bench/contacts.py).
Options: --runs N, --no-build, --out FILE, --variants (also build and measure the build
options in `.build-perf-var-*`; without it the previous variants table is kept)."""
import argparse
import datetime
import json
import os
import platform
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from zoneinfo import ZoneInfo

import contacts
import realcache

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATIC_SCRATCH = ".build-static"
REL_SCRATCH = ".build-perf-rel"
STATIC = os.path.join(ROOT, STATIC_SCRATCH, "release", "timeline-emit")
TIMELINE = os.path.join(ROOT, REL_SCRATCH, "release", "timeline")
SIMULATE = os.path.join(ROOT, REL_SCRATCH, "release", "timeline-simulate")
FIXTURES = os.path.join(ROOT, "Tests", "ProvidersTests", "Fixtures")
# Tests/Support/fixture_server.py, with a listen backlog of 128 (see bench/fixture_server.py).
SERVER = os.path.join(ROOT, "bench", "fixture_server.py")
STATIC_FLAGS = ["-Xswiftc", "-static-executable"]
# As the Makefile builds the shipped timeline, so P3 and P6 measure that binary.
TIMELINE_FLAGS = ["-Xswiftc", "-static-stdlib", "-Xswiftc", "-Osize", "-Xswiftc", "-Xfrontend", "-Xswiftc",
                  "-function-sections"]
SIZES = (10, 10_000)
REGIONS = (3011, 3022, 3016)
DELAY = 0.2
TARGET_EMIT_RSS_KB = 3 * 1024
TARGET_REFRESH_RSS_KB = 20 * 1024
TARGET_REQUESTS = 30
FOLLOW_SECONDS = int(os.environ.get("BENCH_FOLLOW_SECONDS", "60"))

# Build options tried on the emitter (--variants): name, extra `swift build` arguments.
VARIANTS = [
    ("`-static-stdlib` (glibc, libstdc++ dynamic)", ["--static-swift-stdlib"], False),
    ("`-static-executable` + `-Osize`", ["-Xswiftc", "-Osize"], True),
    ("`-static-executable` + `--gc-sections`", ["-Xlinker", "--gc-sections"], True),
    ("`-static-executable` + `-z norelro`", ["-Xlinker", "-z", "-Xlinker", "norelro"], True),
    ("`-static-executable`, type layouts on (`-enable-type-layout`)",
     ["-Xswiftc", "-Xfrontend", "-Xswiftc", "-enable-type-layout"], True),
]


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def swift_build(product, scratch, extra):
    cmd = ["swift", "build", "-c", "release", "--product", product, "--scratch-path", scratch] + extra
    log("+ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def build():
    for product, scratch, extra in (("timeline-emit", STATIC_SCRATCH, STATIC_FLAGS),
                                    ("timeline", REL_SCRATCH, TIMELINE_FLAGS),
                                    ("timeline-simulate", REL_SCRATCH, TIMELINE_FLAGS)):
        done = swift_build(product, scratch, extra)
        if done.returncode != 0:
            sys.exit("build of %s failed:\n%s" % (product, done.stderr[-4000:]))


# --- measuring one command ------------------------------------------------------------

def hyperfine(commands, env, runs):
    """Median wall time in ms of each command, all in one hyperfine run (interleaved
    warm-up, same conditions)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(["hyperfine", "-N", "--warmup", "20", "--runs", str(runs), "--export-json", out.name, "--"]
                       + [" ".join(c) for c in commands],
                       env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return [r["median"] * 1000 for r in json.load(open(out.name))["results"]]


def python_loop(cmd, env, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def median_ms(commands, env, runs):
    if shutil.which("hyperfine"):
        return hyperfine(commands, env, runs), "hyperfine -N"
    return [python_loop(c, env, runs) for c in commands], "a Python loop"


def rss_launcher(workdir):
    """bench/maxrss.c built static: ru_maxrss counts the image before exec too, so the
    launcher must be tiny. None without a C compiler (Python's wait4 then overstates)."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        return None
    out = os.path.join(workdir, "maxrss")
    built = subprocess.run([compiler, "-O2", "-static", os.path.join(ROOT, "bench", "maxrss.c"), "-o", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out if built.returncode == 0 else None


def pairtime(workdir):
    """bench/pairtime.c built static: alternates two commands and reports both medians."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        sys.exit("bench needs a C compiler for bench/pairtime.c")
    out = os.path.join(workdir, "pairtime")
    subprocess.run([compiler, "-O2", "-static", os.path.join(ROOT, "bench", "pairtime.c"), "-o", out], check=True)
    return out


def peak_rss_kb(cmd, env, launcher, runs=20):
    if launcher:
        run = subprocess.run([launcher, str(runs)] + cmd, env=env, capture_output=True, text=True, check=True)
        return int(run.stdout.strip())
    peak = 0
    for _ in range(runs):
        pid = os.posix_spawn(cmd[0], cmd, env)
        _, _, usage = os.wait4(pid, 0)
        peak = max(peak, usage.ru_maxrss)
    return peak


def callgrind(cmd, env, keep=None):
    """Instructions of one run; with `keep`, the profile is written there."""
    if not shutil.which("valgrind"):
        return None
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + (keep or "/dev/null")] + cmd,
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    return int(match.group(1)) if match else None


def breakdown(profile):
    """Inclusive instructions of the parts of one emit, from a callgrind profile."""
    if not profile or not shutil.which("callgrind_annotate"):
        return []
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", profile],
                          capture_output=True, text=True).stdout
    costs = {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([\s\d.]+%\)\s+(\S.*?)(?: \[.*\])?$", line)
        if match:
            name = match.group(2)
            costs.setdefault(name, int(match.group(1).replace(",", "")))

    def find(pattern):
        return max((v for k, v in costs.items() if re.search(pattern, k)), default=0)

    total = find(r"PROGRAM TOTALS")
    main = find(r":timeline_emit_main$")
    parts = [
        ("whole process", total),
        ("before `main`: the kernel's entry, glibc start-up (tunables, IRELATIVE relocations, TLS), "
         "the Swift runtime's static constructors", total - main),
        ("… of which the Swift runtime's `CommandLine.cpp` constructor (0: Sources/EmitArgv keeps it out of the link)",
         find(r"_GLOBAL__sub_I_CommandLine\.cpp")),
        ("`main`: arguments, reading the cache, rendering, writing", main),
        ("… `CommandLine.arguments` (the [String] of argv)", find(r"CommandLineO9argumentsSaySSGvgZ$")),
        ("… reading the meta line and the shown entry line (`FlatJSON.parse`)",
         find(r"FlatJSONC9container")),
        ("… json-c (`json_tokener_parse_ex`; version 2 files never reach it)", find(r"json_tokener_parse_ex$")),
        ("… array storage metadata at first use (`_ContiguousArrayStorage`'s accessor; the first call registers "
         "the standard library's prespecialized records)", find(r"ss23_ContiguousArrayStorageCMa$")),
        ("… generic metadata through the runtime's demangler (`__swift_instantiateConcreteTypeFromMangledName`; "
         "the fast path calls accessors instead)", find(r"__swift_instantiateConcreteTypeFromMangledName$")),
        ("… dynamic relocation (`_dl_relocate_object`; none in a static executable)",
         find(r"_dl_relocate_object$")),
    ]
    return parts


# --- P1, P2: the emitter --------------------------------------------------------------

def bench_emit(cache, launcher, runs):
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    now = int(time.time())
    rows, profiles = [], {}
    for count in SIZES:
        widget = "bench%d" % count
        path = os.path.join(cache, widget + ".json")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_cache.py"), path, str(count), str(now)], check=True)
        out = subprocess.run([STATIC, "waybar", widget], env=env, capture_output=True, text=True).stdout
        assert out.startswith('{"text":"<span'), "timeline-emit did not print the entry: %r" % out
        named = [("timeline-emit %s" % f, [STATIC, f, widget]) for f in realcache.bars(STATIC)]
        named.append(("cat", [shutil.which("cat"), path]))
        walls, tool = median_ms([c for _, c in named], env, runs)
        python = [sys.executable, os.path.join(ROOT, "bench", "emit_py.py"), path]
        python_ms, _ = median_ms([python], env, max(20, runs // 10))
        named.append(("python (json.load)", python))
        walls += python_ms
        for (name, cmd), ms in zip(named, walls):
            keep = None
            if name.endswith("waybar"):
                keep = os.path.join(cache, "callgrind.%d" % count)
                profiles[count] = keep
            rows.append({"entries": count, "name": name, "ms": ms, "tool": tool, "bytes": os.path.getsize(path),
                         "rss": peak_rss_kb(cmd, env, launcher), "instr": callgrind(cmd, env, keep)})
            log("P1 %6d %-24s %8.3f ms %6d KB %s" % (count, name, ms, rows[-1]["rss"], rows[-1]["instr"]))
    return rows, profiles


def smaps(pid):
    fields = {}
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                fields[parts[0].rstrip(":")] = int(parts[1])
    return fields


def follow_memory(cache):
    """Rss, anonymous and private dirty memory of a follower after its first line."""
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    proc = subprocess.Popen([STATIC, "waybar", "bench10000", "--follow"], env=env, stdout=subprocess.PIPE)
    try:
        proc.stdout.readline()
        fields = smaps(proc.pid)
        return fields.get("Rss"), fields.get("Anonymous"), fields.get("Private_Dirty")
    except OSError:
        return None, None, None
    finally:
        proc.terminate()
        proc.wait()


# --- P5: follow mode ------------------------------------------------------------------

def proc_counters(pid):
    switches = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                key, value = line.split(":")
                switches[key] = int(value)
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu_ms = (int(fields[11]) + int(fields[12])) * 1000 / ticks
    return switches.get("voluntary_ctxt_switches", 0), switches.get("nonvoluntary_ctxt_switches", 0), cpu_ms


def bench_follow(result):
    """Runs in a thread next to the other parts: the follower sleeps, so they do not
    disturb its counts."""
    cache = tempfile.mkdtemp(prefix="timeline-follow-")
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    path = os.path.join(cache, "follow.json")
    now = int(time.time())

    def write(label):
        tmp = os.path.join(cache, ".follow.json.tmp")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_cache.py"), tmp, "10", str(now), label],
                       check=True)
        os.rename(tmp, path)

    write("")
    proc = subprocess.Popen([STATIC, "waybar", "follow", "--follow"], env=env, stdout=subprocess.PIPE)
    try:
        first = proc.stdout.readline()
        assert first.startswith(b'{"text"'), first
        time.sleep(0.5)
        v0, n0, cpu0 = proc_counters(proc.pid)
        time.sleep(FOLLOW_SECONDS)
        v1, n1, cpu1 = proc_counters(proc.pid)
        lines = 0
        fd = proc.stdout.fileno()
        os.set_blocking(fd, False)
        pending = b""

        def drain(timeout):
            nonlocal lines, pending
            deadline = time.monotonic() + timeout
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                ready, _, _ = select.select([fd], [], [], left)
                if not ready:
                    return
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                pending += chunk
                lines += pending.count(b"\n")
                pending = pending.rsplit(b"\n", 1)[-1]

        drain(0.1)
        quiet_lines = lines
        for change in range(10):
            write(" change %d" % change)
            drain(0.3)
        drain(1.0)
        result.update({"seconds": FOLLOW_SECONDS, "wakeups": v1 - v0, "involuntary": n1 - n0,
                       "cpu_ms": cpu1 - cpu0, "quiet_lines": quiet_lines, "lines": lines - quiet_lines})
        log("P5 follow: %r" % result)
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(cache, ignore_errors=True)


# --- the loopback server and its fixtures ----------------------------------------------

class FixtureServer:
    def __init__(self, routes, delay, workdir):
        routes_file = os.path.join(workdir, "routes-%s.json" % delay)
        with open(routes_file, "w") as f:
            json.dump(routes, f)
        env = dict(os.environ, FIXTURE_DELAY=str(delay))
        self.proc = subprocess.Popen([sys.executable, SERVER, routes_file], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        self.port = int(line.split()[1])
        self.base = "http://127.0.0.1:%d" % self.port

    def log(self):
        with urllib.request.urlopen(self.base + "/__log") as reply:
            return json.load(reply)

    def reset(self):
        urllib.request.urlopen(urllib.request.Request(self.base + "/__reset", data=b"", method="POST")).read()

    def stop(self):
        self.proc.stdin.close()
        self.proc.wait()


def day_in(zone, epoch):
    return datetime.datetime.fromtimestamp(epoch, ZoneInfo(zone)).date()


def routes_for(workdir, start, days):
    """Routes for the days a run starting at `start` sees: today's hukamnama by Amritsar's
    date, each region's Detail reply with the fixture's five days moved to start on the
    Oslo day asked for."""
    routes = {"/v2/random/*": {"file": os.path.join(FIXTURES, "banidb", "random-3492.json")}}
    with open(os.path.join(FIXTURES, "banidb", "hukamnama-latest-2025-10-13.json"), encoding="utf-8") as f:
        hukam = json.load(f)
    hukam.pop("isLatest", None)
    with open(os.path.join(FIXTURES, "avalanche", "detail-3022-en-2023-03-01.json"), encoding="utf-8") as f:
        detail = f.read()
    for offset in range(-1, days + 1):
        ist = day_in("Asia/Kolkata", start) + datetime.timedelta(days=offset)
        hukam["date"] = {"gregorian": {"year": ist.year, "month": ist.month, "date": ist.day}}
        name = os.path.join(workdir, "hukam-%s.json" % ist.isoformat())
        with open(name, "w", encoding="utf-8") as f:
            json.dump(hukam, f, ensure_ascii=False)
        routes["/v2/hukamnamas/%d/%d/%d" % (ist.year, ist.month, ist.day)] = {"file": name}
        if offset == 0:
            routes["/v2/hukamnamas"] = {"file": name}
        oslo = day_in("Europe/Oslo", start) + datetime.timedelta(days=offset)
        moved = detail
        for k in range(5):
            moved = moved.replace("2023-03-0%d" % (k + 1), (oslo + datetime.timedelta(days=k)).isoformat())
        moved = moved.replace("2023-02-28", (oslo - datetime.timedelta(days=1)).isoformat())
        for region in REGIONS:
            name = os.path.join(workdir, "varsom-%d-%s.json" % (region, oslo.isoformat()))
            with open(name, "w", encoding="utf-8") as f:
                f.write(re.sub(r'"RegionId":\s*3022', '"RegionId": %d' % region, moved))
            routes["/api/AvalancheWarningByRegion/Detail/%d/2/%s/*" % (region, oslo.isoformat())] = {"file": name}
    return routes


def write_config(workdir, server):
    path = os.path.join(workdir, "config-%d.toml" % server.port)
    with open(path, "w") as f:
        f.write('[sources]\nbanidb = "%s/v2"\nvarsom = "%s/api"\n\n' % (server.base, server.base))
        f.write('[widgets.random-shabad]\nkind = "random-shabad"\nentries = 8\n\n')
        f.write('[widgets.hukamnama]\nkind = "hukamnama"\n\n')
        f.write('[widgets.avalanche]\nkind = "avalanche"\nregions = [%s]\n' % ", ".join(map(str, REGIONS)))
    return path


def widget_of(path):
    if path.startswith("/v2/random/"):
        return "random-shabad"
    if path.startswith("/v2/hukamnamas"):
        return "hukamnama"
    if path.startswith("/api/AvalancheWarningByRegion/"):
        return "avalanche"
    return "other"


# --- P3, P6: refresh ------------------------------------------------------------------

def bench_refresh(workdir, launcher, runs=5):
    start = int(time.time())
    server = FixtureServer(routes_for(workdir, start, 1), DELAY, workdir)
    try:
        config = write_config(workdir, server)
        walls, starts, requests, peaks = [], [], [], []
        for run in range(runs):
            cache = os.path.join(workdir, "refresh-%d" % run)
            env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=cache)
            server.reset()
            began = time.perf_counter()
            done = subprocess.run([TIMELINE, "refresh"], env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - began)
            assert done.returncode == 0 and done.stderr.count("refreshed") == 3, done.stderr
            state = server.log()
            requests.append(len(state["log"]))
            peaks.append(state["peak"])
            began = time.perf_counter()
            again = subprocess.run([TIMELINE, "refresh"], env=env, capture_output=True, text=True)
            starts.append(time.perf_counter() - began)
            assert again.returncode == 0 and "refreshed" not in again.stderr, again.stderr
        log("P3 refresh: walls %s, start-up %s, requests %s, peak in flight %s"
            % ([round(w, 3) for w in walls], [round(s, 3) for s in starts], requests, peaks))
        slowest = max(walls)
        env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=os.path.join(workdir, "refresh-rss"))
        rss = peak_rss_kb([TIMELINE, "refresh", "--force", "--quiet"], env, launcher, runs=3)
        log("P6 refresh peak RSS: %d KB" % rss)
        return {"wall": statistics.median(walls), "slowest": slowest, "startup": statistics.median(starts),
                "requests": max(requests), "peak": max(peaks), "rss": rss, "runs": runs}
    finally:
        server.stop()


# --- P4: requests per day -------------------------------------------------------------

def bench_requests(workdir, runs=96, step=900):
    start = int(time.time())
    server = FixtureServer(routes_for(workdir, start, 2), 0, workdir)
    try:
        config = write_config(workdir, server)
        cache = os.path.join(workdir, "simulate")
        done = subprocess.run([SIMULATE, config, cache, str(start), str(runs), str(step)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        outcomes = [json.loads(line)["outcomes"] for line in done.stdout.splitlines() if line.strip()]
        failures = sum(1 for o in outcomes for v in o.values() if not v.startswith(("refreshed", "not due")))
        refreshes = {}
        for o in outcomes:
            for widget, value in o.items():
                refreshes[widget] = refreshes.get(widget, 0) + value.startswith("refreshed")
        counts = {}
        for entry in server.log()["log"]:
            widget = widget_of(entry["path"])
            counts[widget] = counts.get(widget, 0) + 1
        log("P4 requests per day: %r, refreshes %r, failed runs %d" % (counts, refreshes, failures))
        return {"counts": counts, "refreshes": refreshes, "failures": failures, "runs": runs, "step": step}
    finally:
        server.stop()


# --- build options --------------------------------------------------------------------

def bench_variants(cache, launcher, runs):
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    cat = [shutil.which("cat"), os.path.join(cache, "bench10.json")]
    rows = []

    def measure(name, binary):
        cmd = [binary, "waybar", "bench10"]
        ms = median_ms([cmd, cat], env, runs)[0]
        rows.append({"name": name, "size": os.path.getsize(binary), "instr": callgrind(cmd, env),
                     "rss": peak_rss_kb(cmd, env, launcher), "ratio": ms[0] / ms[1]})
        log("variant %-60s %r" % (name, rows[-1]))

    measure("shipping: `-static-executable`, release, type layouts off (Package.swift)", STATIC)
    stripped = os.path.join(cache, "timeline-emit.stripped")
    shutil.copy(STATIC, stripped)
    subprocess.run(["strip", stripped], check=True)
    measure("shipping, stripped", stripped)
    for index, (name, extra, static) in enumerate(VARIANTS):
        scratch = ".build-perf-var-%d" % index
        done = swift_build("timeline-emit", scratch, (STATIC_FLAGS if static else []) + extra)
        if done.returncode != 0:
            rows.append({"name": name, "failed": done.stderr.strip().splitlines()[-1:]})
            continue
        measure(name, os.path.join(ROOT, scratch, "release", "timeline-emit"))
    return rows


# --- the report -----------------------------------------------------------------------

def mark(ok):
    return "ok" if ok else "**missed**"


def kb(value):
    return "%.1f MB" % (value / 1024)


def keep_block(old, name):
    match = re.search(r"<!-- bench:%s -->.*?<!-- /bench:%s -->" % (name, name), old, re.S)
    return match.group(0) if match else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--variants", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"))
    args = parser.parse_args()
    if not args.no_build:
        build()
    began = time.time()
    follow = {}
    follower = threading.Thread(target=bench_follow, args=(follow,))
    follower.start()
    with tempfile.TemporaryDirectory() as workdir:
        cache = os.path.join(workdir, "cache")
        os.makedirs(cache)
        launcher = rss_launcher(workdir)
        rows, profiles = bench_emit(cache, launcher, args.runs)
        real_cache = realcache.make_caches(workdir, TIMELINE, FIXTURES, FixtureServer, routes_for, int(time.time()))
        real = realcache.bench(real_cache, STATIC, shutil.which("cat"), callgrind, pairtime(workdir), peak_rss_kb,
                               launcher, args.runs, log)
        parts = breakdown(profiles.get(10))
        memory = follow_memory(cache)
        refresh = bench_refresh(workdir, launcher)
        requests = bench_requests(workdir)
        contacts_refresh = contacts.bench(TIMELINE, workdir, log)
        variants = bench_variants(cache, launcher, max(100, args.runs // 2)) if args.variants else None
        follower.join()

    def get(count, name):
        return next(r for r in rows if r["entries"] == count and r["name"] == name)

    cat10, cat10k = get(10, "cat"), get(10_000, "cat")
    emits = ["timeline-emit %s" % f for f in realcache.bars(STATIC)]
    growth = max((get(10_000, n)["instr"] or 0) / (get(10, n)["instr"] or 1) for n in emits)
    worst = realcache.summary(real, realcache.polybar_peers(STATIC))
    target_wall = 3 * DELAY + refresh["startup"]
    serial = refresh["requests"] * DELAY
    counts = requests["counts"]
    widgets = ("random-shabad", "hukamnama", "avalanche")
    per_fetch = {"random-shabad": 8, "hukamnama": 1, "avalanche": len(REGIONS)}
    quick = "" if follow.get("seconds") == 60 else " (a %d s window: BENCH_FOLLOW_SECONDS)" % follow.get("seconds", 0)

    summary = [
        "<!-- bench:summary -->",
        "| figure | result | target | |",
        "| --- | ---: | ---: | --- |",
        "| P1 emit instructions / `cat`, real caches (worst of %d single-widget × format × option cells) | %.2f× | ≤ 1.0× | %s |"
        % (worst["cells"], worst["instr"], mark(worst["instr"] <= 1.0)),
        "| P1 stack of %d members / `cat` of its largest member cache, instructions (worst format; wall %.2f×, peak RSS %s) | %.2f× | ≤ 1.0× | %s |"
        % (len(realcache.STACK_MEMBERS), worst["stack_wall"], kb(worst["stack_rss"]), worst["stack"],
           mark(worst["stack"] <= 1.0)),
        "| P1 %s / polybar, same cache and option, instructions (worst cell) | %.3f× | ≤ 1.0× | %s |"
        % (", ".join(realcache.polybar_peers(STATIC)), worst["peers"], mark(worst["peers"] <= 1.0)),
        "| P1 emit median wall / `cat`, real caches (worst cell) | %.2f× | ≤ 1.0× | %s |"
        % (worst["wall"], mark(worst["wall"] <= 1.0)),
        "| P1 emit peak RSS, real caches (`cat`: %s) | %s | ≤ 3 MB | %s |"
        % (kb(worst["cat_rss"]), kb(worst["rss"]), mark(worst["rss"] <= TARGET_EMIT_RSS_KB)),
        "| P1 `--family large` instructions / `cat`, real caches (worst of %d cache × format cells; wall %.2f×, peak RSS %s) | %.2f× | ≤ 1.2× | %s |"
        % (worst["large_cells"], worst["large_wall"], kb(worst["large_rss"]), worst["large_instr"],
           mark(worst["large_instr"] <= 1.2)),
        "| P1 120-line shabad / 3-line shabad, instructions (worst cell) | %.2f× | ≤ 1.1× | %s |"
        % (worst["long"], mark(worst["long"] <= 1.1)),
        "| P2 10 000 entries / 10 entries, instructions (synthetic caches, worst format) | %.2f× | ≤ 1.1× | %s |"
        % (growth, mark(growth <= 1.1)),
        "| P2 emit wall / Python `json.load`, 10 entries | %.3f× | — | |"
        % (get(10, "timeline-emit waybar")["ms"] / get(10, "python (json.load)")["ms"]),
        "| P3 `timeline refresh`, 200 ms per response | %.2f s | ≤ %.2f s (3 × 200 ms + %.2f s start-up) | %s |"
        % (refresh["wall"], target_wall, refresh["startup"], mark(refresh["wall"] <= target_wall)),
        "| P3 serial sum (%d requests × 200 ms) | %.2f s | — | |" % (refresh["requests"], serial),
        "| P4 requests per day: %s | %s | ≤ %d each | %s |"
        % (", ".join(widgets), " / ".join(str(counts.get(w, 0)) for w in widgets), TARGET_REQUESTS,
           mark(all(counts.get(w, 0) <= TARGET_REQUESTS for w in widgets) and requests["failures"] == 0)),
        "| P4 naive 60 s poller, same widgets | %s | — | |"
        % " / ".join("{:,}".format(1440 * per_fetch[w]) for w in widgets),
        "| P5 `--follow` wake-ups in %d s, no change%s | %d (CPU %.0f ms) | 0 | %s |"
        % (follow.get("seconds", 0), quick, follow.get("wakeups", -1), follow.get("cpu_ms", -1),
           mark(follow.get("wakeups") == 0)),
        "| P5 `--follow` lines for 10 cache rewrites | %d | 10 | %s |" % (follow.get("lines", -1), mark(follow.get("lines") == 10)),
        "| P6 `timeline refresh` peak RSS | %s | ≤ 20 MB | %s |" % (kb(refresh["rss"]), mark(refresh["rss"] <= TARGET_REFRESH_RSS_KB)),
        "| P7 `timeline refresh` of friends + birthdays, %s vCards in one folder | %.2f s | < %.1f s | %s |"
        % ("{:,}".format(contacts_refresh["contacts"]), contacts_refresh["seconds"], contacts.TARGET_SECONDS,
           mark(contacts_refresh["seconds"] < contacts.TARGET_SECONDS)),
        "<!-- /bench:summary -->",
    ]

    size = os.path.getsize(STATIC)
    lines = [
        "# Performance",
        "",
        "Generated by `make bench` (bench/run → bench/measure.py); do not edit by hand. The summary",
        "between the `bench:summary` markers is the table README.md quotes.",
        "",
        "- Machine: %s, %d CPUs, %s; %s; bench took %d s"
        % (platform.machine(), os.cpu_count() or 0, platform.platform(),
           time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), time.time() - began),
        "- Emitter: `%s/release/timeline-emit` (`-static-executable`, release, linked by lld in the symbol order of"
        " bench/timeline-emit.order), %.1f MB; CLI: `%s/release/timeline`"
        % (STATIC_SCRATCH, size / 1e6, REL_SCRATCH),
        "- Wall times: %s, median of %d runs (Python: %d), the commands of one table row group measured"
        % (rows[0]["tool"], args.runs, max(20, args.runs // 10)),
        "  in one invocation; peak RSS: `ru_maxrss`, max of 20 runs, %s; instructions: valgrind"
        % ("launched by bench/maxrss.c (static C)" if launcher else "launched from Python (overstated)"),
        "  callgrind, one run (reproducible to a few hundred instructions).",
        "- Every figure is a ratio against a baseline measured in the same run: wall times on a shared",
        "  2-core VM vary by 10–40 % between runs.",
        "",
        "## Summary",
        "",
    ] + summary + [
        "",
        "## P1: the bars' fast path on the caches the providers write",
        "",
    ] + realcache.report(real) + [
        "",
        "## P2: many entries (synthetic caches)",
        "",
        "Cache files from bench/gen_cache.py in the writer's line layout; `now` is in the middle of",
        "the entries, so the binary search does real work. Only what the real caches cannot show:",
        "10 000 entries against 10.",
        "",
        "| entries | file size | command | median wall | / cat | peak RSS | instructions |",
        "| ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        base = cat10 if r["entries"] == 10 else cat10k
        lines.append("| %d | %.1f KB | %s | %.3f ms | %.2f× | %s | %s |" % (
            r["entries"], r["bytes"] / 1024, r["name"], r["ms"], r["ms"] / base["ms"], kb(r["rss"]),
            "{:,}".format(r["instr"]) if r["instr"] is not None else "n/a"))
    if parts:
        lines += [
            "",
            "Where the instructions of `timeline-emit waybar`, 10 synthetic entries, go (callgrind, inclusive; the",
            "`…` rows are parts of the row above them and overlap):",
            "",
            "| part | instructions |",
            "| --- | ---: |",
        ] + ["| %s | %s |" % (name, "{:,}".format(value)) for name, value in parts]
    lines += [
        "",
        "Peak RSS of a static Swift binary is mostly clean, file-backed text and read-only data that",
        "the kernel maps around each page fault (fault-around, 64 KB windows), shared with the page",
        "cache. What a process allocates itself is its anonymous memory:",
        "",
        "| `timeline-emit waybar W --follow`, 10 000 entries, after the first line | Rss | Anonymous | Private dirty |",
        "| --- | ---: | ---: | ---: |",
        "| /proc/PID/smaps_rollup | %s |" % " | ".join(kb(v) if v is not None else "n/a" for v in memory),
        "",
        "### Build options",
        "",
    ]
    if variants is not None:
        block = ["<!-- bench:variants -->",
                 "Measured by `bench/run --variants` on %s: each option built into its own `.build-perf-var-*`,"
                 % time.strftime("%Y-%m-%d", time.gmtime()),
                 "`timeline-emit waybar`, 10 entries; the wall ratio is against `cat` in the same hyperfine run.",
                 "",
                 "| build | binary | instructions | peak RSS | wall / cat |",
                 "| --- | ---: | ---: | ---: | ---: |"]
        for v in variants:
            if "failed" in v:
                block.append("| %s | build failed: %s | | | |" % (v["name"], " ".join(v["failed"])[:120]))
            else:
                block.append("| %s | %.1f MB | %s | %s | %.2f× |" % (
                    v["name"], v["size"] / 1e6, "{:,}".format(v["instr"]) if v["instr"] else "n/a", kb(v["rss"]),
                    v["ratio"]))
        block.append("<!-- /bench:variants -->")
        lines += block
    else:
        old = open(args.out, encoding="utf-8").read() if os.path.exists(args.out) else ""
        lines.append(keep_block(old, "variants") or "Not measured yet: run `bench/run --variants`.")
    lines += [
        "",
        "## P3: refresh against a slow server",
        "",
        "`timeline refresh` (release build) of random-shabad (8 entries), hukamnama and avalanche",
        "(regions %s), fresh cache each run, against Tests/Support/fixture_server.py on 127.0.0.1 with"
        % ", ".join(map(str, REGIONS)),
        "`FIXTURE_DELAY=0.2` (run through bench/fixture_server.py, which raises the listen backlog from",
        "Python's default of 5 to 128: the 11 connections one refresh opens at once otherwise overflow it,",
        "and a dropped SYN costs the client a 1 s retransmission). Within a provider at most 4 requests",
        "are in flight (8 shabads: two rounds);",
        "providers run concurrently. Start-up is `timeline refresh` with nothing due (same binary,",
        "config and cache).",
        "",
        "| figure | value |",
        "| --- | ---: |",
        "| median wall of %d runs | %.3f s |" % (refresh["runs"], refresh["wall"]),
        "| slowest run | %.3f s |" % refresh["slowest"],
        "| process start-up, nothing due | %.3f s |" % refresh["startup"],
        "| target: 3 × 200 ms + start-up | %.3f s |" % target_wall,
        "| requests per refresh | %d |" % refresh["requests"],
        "| serial sum: requests × 200 ms | %.1f s |" % serial,
        "| most requests in flight at once (server side) | %d |" % refresh["peak"],
        "",
        "## P4: requests per day",
        "",
        "bench/simulate (`timeline-simulate`) runs the real Refresher %d times, %d minutes apart on a"
        % (requests["runs"], requests["step"] // 60),
        "stepped clock starting now, against the loopback server (no delay), which serves today's and",
        "tomorrow's Hukamnama by Amritsar's date and avalanche days moved to the simulated Oslo days.",
        "",
        "| widget | requests per day | refreshes | naive 60 s poller |",
        "| --- | ---: | ---: | ---: |",
    ]
    for w in widgets:
        lines.append("| %s | %d | %d | %s |" % (w, counts.get(w, 0), requests["refreshes"].get(w, 0),
                                              "{:,}".format(1440 * per_fetch[w])))
    lines += [
        "| all | %d | | %s |" % (sum(counts.values()), "{:,}".format(1440 * sum(per_fetch.values()))),
        "",
        "Runs with a failed widget: %d." % requests["failures"],
        "",
        "## P5: follow mode",
        "",
        "`timeline-emit waybar W --follow` with the next entry an hour away: counters from",
        "/proc/PID/status and /proc/PID/stat over the window, after the first line.",
        "",
        "| figure | value |",
        "| --- | ---: |",
        "| window | %d s%s |" % (follow.get("seconds", 0), quick),
        "| voluntary context switches (wake-ups) | %d |" % follow.get("wakeups", -1),
        "| involuntary context switches | %d |" % follow.get("involuntary", -1),
        "| CPU time | %.0f ms |" % follow.get("cpu_ms", -1),
        "| lines printed with no change | %d |" % follow.get("quiet_lines", -1),
        "| lines printed for 10 atomic rewrites, 0.3 s apart | %d |" % follow.get("lines", -1),
        "",
        "## P6: refresh memory",
        "",
        "Peak RSS (`ru_maxrss`, max of 3 runs of `timeline refresh --force`) for the P3 config: %s."
        % kb(refresh["rss"]),
        "",
        "Most of it is file-backed: the shared libraries libcurl brings (OpenSSL, GnuTLS, Kerberos,",
        "LDAP, ~10 MB touched) and `timeline`'s own pages. The kernel maps each fault's 64 KB",
        "neighbourhood, so `timeline` is linked with the functions a refresh runs packed together",
        "(bench/timeline-refresh.order, written by bench/refresh_order.py). At start-up `timeline`",
        "hands back the pages of every loaded object's relocation table, which the dynamic loader",
        "reads once before `main` (Sources/LoaderTables, 1.7 MB). The rest: one malloc arena for",
        "the transfer threads (Providers' `MallocArenas`), and no PIE symbol export.",
        "",
    ]
    # The hand-written account of what was tried (between the `bench:history` markers) is
    # kept from the previous file: it is prose, not a measurement.
    old = open(args.out, encoding="utf-8").read() if os.path.exists(args.out) else ""
    history = keep_block(old, "history")
    if history:
        lines += ["## What was tried for the fast path, and what each step saved", "", history, ""]
    text = "\n".join(lines)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print("\n".join(summary[1:-1]))


if __name__ == "__main__":
    main()
