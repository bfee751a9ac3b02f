#!/usr/bin/env python3
"""make bench (bench/run): measures `timeline-emit` and `timeline refresh` against their
budgets and writes docs/performance.md (no hand-written numbers).

The budgets are ceilings, not goals: a figure is within budget or over it. Every ratio is
against a baseline measured in the same run, an emit against `cat` of the same cache file:
instructions with valgrind callgrind (unaffected by load), median wall with
bench/pairtime.c (the emit and `cat` alternately; information only, no budget) and peak
RSS with bench/maxrss.c.
  P1 emit      every format and option on the caches the providers write
               (bench/realcache.py): one-line, `--family large`, a three-member stack.
  P2 entries   synthetic caches of 10 and 10 000 entries (bench/gen_cache.py); no budget.
  P3 refresh   `timeline refresh` of three widgets against the fixture server, 200 ms added
               to every response; vs 3 x 200 ms + process start-up.
  P4 requests  bench/simulate (timeline-simulate): 96 timer runs 15 minutes apart on a
               stepped clock; requests per widget per day.
  P5 follow    `timeline-emit --follow`: wake-ups over a quiet window (60 s;
               BENCH_FOLLOW_SECONDS shortens it, and the figure says so), then lines printed
               for 10 cache rewrites.
  P6 memory    peak RSS of `timeline refresh` for the P3 config.
  P7 contacts  `timeline refresh` of friends + birthdays on 10 000 vCards (bench/contacts.py).
The binaries are built as released: `make build` (timeline, and timeline-emit through
`make build-static`); timeline-simulate with the Makefile's TIMELINE_FLAGS, read from make.
Options: --runs N (pairs per wall time), --no-build, --out FILE."""
import argparse
import datetime
import json
import os
import platform
import re
import shlex
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
STATIC = os.path.join(ROOT, ".build-static", "release", "timeline-emit")
TIMELINE = os.path.join(ROOT, ".build", "release", "timeline")
SIMULATE = os.path.join(ROOT, ".build", "release", "timeline-simulate")
FIXTURES = os.path.join(ROOT, "Tests", "ProvidersTests", "Fixtures")
# Tests/Support/fixture_server.py, with a listen backlog of 128 (see bench/fixture_server.py).
SERVER = os.path.join(ROOT, "bench", "fixture_server.py")
CAT = shutil.which("cat")
SIZES = (10, 10_000)
REGIONS = (3011, 3022, 3016)
DELAY = 0.2
FOLLOW_SECONDS = int(os.environ.get("BENCH_FOLLOW_SECONDS", "60"))

# The budgets (ceilings). Instructions are ratios to `cat` of the same cache in the same run.
EMIT_BUDGET = 1.0  # one-line emit, every format and option
STACK_BUDGET = 1.3  # three-member stack, against `cat` of its largest member
LARGE_BUDGET = 5.0  # --family large
EMIT_RSS_KB = 4 * 1024
REFRESH_RSS_KB = 24 * 1024
REQUESTS_PER_DAY = 30  # per widget


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def make_variable(name):
    """A variable as the Makefile sets it, so the bench keeps no copy of the build flags."""
    done = subprocess.run(["make", "-s", "--no-print-directory", "--eval", "bench-print: ; @echo $(%s)" % name,
                           "bench-print"], cwd=ROOT, capture_output=True, text=True, check=True)
    return shlex.split(done.stdout)


def build():
    for cmd in (["make", "-s", "--no-print-directory", "build"],
                ["swift", "build", "-c", "release", "--product", "timeline-simulate"]
                + make_variable("TIMELINE_FLAGS")):
        log("+ " + " ".join(cmd))
        done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            sys.exit("%s failed:\n%s" % (" ".join(cmd), done.stderr[-4000:]))


def fully_static(binary):
    said = subprocess.run(["ldd", binary], capture_output=True, text=True)
    text = (said.stdout + said.stderr).strip()
    return "not a dynamic executable" in text or "statically linked" in text, text


# --- measuring one command ------------------------------------------------------------

def compile_tools(workdir):
    """bench/pairtime.c and bench/maxrss.c, built static: ru_maxrss counts the launcher's
    image before exec too, so the launcher must be tiny."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        sys.exit("make bench needs a C compiler (cc or clang)")
    tools = {}
    for name in ("pairtime", "maxrss"):
        tools[name] = os.path.join(workdir, name)
        subprocess.run([compiler, "-O2", "-static", os.path.join(ROOT, "bench", name + ".c"), "-o", tools[name]],
                       check=True)
    return tools


def instructions(cmd, env):
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not match:
        sys.exit("callgrind of %s failed:\n%s" % (" ".join(cmd), run.stderr[-2000:]))
    return int(match.group(1))


def peak_rss_kb(tools, cmd, env, runs=5):
    run = subprocess.run([tools["maxrss"], str(runs)] + cmd, env=env, capture_output=True, text=True, check=True)
    return int(run.stdout.strip())


def pair_ms(tools, cmd, base, env, runs):
    """Median wall of `cmd` and of `base`, run alternately (bench/pairtime.c)."""
    done = subprocess.run([tools["pairtime"], str(runs)] + cmd + ["--"] + base, env=env, capture_output=True,
                          text=True, check=True)
    a, b = done.stdout.split()
    return float(a) / 1000, float(b) / 1000


def measure(tools, cmd, base, env, runs):
    """One emit against `cat` of its baseline file. It runs once first: the figures are of
    the steady state (a stack's first emit after a switch may write its hold file)."""
    done = subprocess.run(cmd, env=env, capture_output=True)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit("%s: exit %d, %r" % (" ".join(cmd), done.returncode, done.stderr[-500:]))
    ms, cat_ms = pair_ms(tools, cmd, base, env, runs)
    return {"instr": instructions(cmd, env), "ms": ms, "wall": ms / cat_ms, "rss": peak_rss_kb(tools, cmd, env)}


def bench_cells(tools, cache, widgets, runs, label):
    """Rows: each (widget, commands) pair's commands against `cat` of the widget's baseline
    file (realcache.baseline_file), and one row of format "cat" per widget."""
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    rows = []
    for widget, commands in widgets:
        path = realcache.baseline_file(cache, widget)
        cat = [CAT, path]
        base = {"cache": widget, "format": "cat", "option": "", "bytes": os.path.getsize(path),
                "instr": instructions(cat, env), "rss": peak_rss_kb(tools, cat, env), "cat_ms": []}
        for fmt, option, cmd in commands:
            row = measure(tools, cmd, cat, env, runs)
            row.update(cache=widget, format=fmt, option=option, ratio=row["instr"] / base["instr"])
            base["cat_ms"].append(row["ms"] / row["wall"])
            rows.append(row)
            log("%s %-14s %-9s %-24s %.2fx instr, %.2fx wall, %d KB" % (
                label, widget, fmt, option, row["ratio"], row["wall"], row["rss"]))
        base["ms"] = statistics.median(base.pop("cat_ms"))
        rows.append(base)
    return rows


def bench_synthetic(tools, cache, runs):
    """P2: bench/gen_cache.py's caches of 10 and 10 000 entries, every format's default."""
    now = int(time.time())
    os.makedirs(cache)
    widgets = []
    for count in SIZES:
        widget = "bench%d" % count
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_cache.py"),
                        os.path.join(cache, widget + ".json"), str(count), str(now)], check=True)
        widgets.append((widget, [(f, "default", [STATIC, f, widget]) for f in realcache.formats(STATIC)]))
    return bench_cells(tools, cache, widgets, runs, "P2")


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
    lines = []

    def read():
        for line in proc.stdout:
            lines.append(line)

    try:
        first = proc.stdout.readline()
        assert first.startswith(b'{"text"'), first
        threading.Thread(target=read, daemon=True).start()
        time.sleep(0.5)
        v0, n0, cpu0 = proc_counters(proc.pid)
        time.sleep(FOLLOW_SECONDS)
        v1, n1, cpu1 = proc_counters(proc.pid)
        quiet_lines = len(lines)
        for change in range(10):
            write(" change %d" % change)
            time.sleep(0.3)
        time.sleep(1.0)
        result.update({"seconds": FOLLOW_SECONDS, "wakeups": v1 - v0, "involuntary": n1 - n0,
                       "cpu_ms": cpu1 - cpu0, "quiet_lines": quiet_lines, "lines": len(lines) - quiet_lines})
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

def bench_refresh(tools, workdir, runs=5):
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
        env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=os.path.join(workdir, "refresh-rss"))
        rss = peak_rss_kb(tools, [TIMELINE, "refresh", "--force", "--quiet"], env, runs=3)
        log("P6 refresh peak RSS: %d KB" % rss)
        return {"wall": statistics.median(walls), "slowest": max(walls), "startup": statistics.median(starts),
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


# --- the report -----------------------------------------------------------------------

def verdict(ok):
    return "within budget" if ok else "OVER BUDGET"


def mb(kb):
    return "%.1f MB" % (kb / 1024)


def worst(rows, key="ratio"):
    return max(rows, key=lambda r: r[key])


def cell_name(row):
    return "%s %s, %s" % (row["format"], row["option"], row["cache"])


def grid(rows, caches, columns, pick):
    """A table: one row per cache, one column per format; each cell the worst instructions
    and wall ratio of the rows `pick` keeps for that cache and format."""
    lines = ["| cache | size | `cat` instructions | `cat` wall | " + " | ".join(columns) + " | peak RSS (`cat`) |",
             "| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in columns) + " | ---: |"]
    for cache in caches:
        cat = next(r for r in rows if r["cache"] == cache and r["format"] == "cat")
        mine = [r for r in rows if r["cache"] == cache and r["format"] != "cat" and pick(r)]
        cells = []
        for fmt in columns:
            cell = [r for r in mine if r["format"] == fmt]
            cells.append("%.2f× / %.2f×" % (worst(cell)["ratio"], worst(cell, "wall")["wall"]) if cell else "")
        lines.append("| %s | %.1f KB | %s | %.3f ms | %s | %s (%s) |" % (
            cache, cat["bytes"] / 1024, "{:,}".format(cat["instr"]), cat["ms"], " | ".join(cells),
            mb(worst(mine, "rss")["rss"]), mb(cat["rss"])))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"))
    args = parser.parse_args()
    for tool in ("valgrind", "ldd", "make"):
        if not shutil.which(tool):
            sys.exit("make bench needs %s (make deps)" % tool)
    if not args.no_build:
        build()
    began = time.time()
    follow = {}
    follower = threading.Thread(target=bench_follow, args=(follow,))
    follower.start()
    with tempfile.TemporaryDirectory() as workdir:
        tools = compile_tools(workdir)
        cache = realcache.make_caches(workdir, TIMELINE, FIXTURES, FixtureServer, routes_for, int(time.time()))
        real = bench_cells(tools, cache, [(w, realcache.commands(STATIC, w)) for w in realcache.CACHES], args.runs,
                           "P1")
        synthetic = bench_synthetic(tools, os.path.join(workdir, "synthetic"), args.runs)
        refresh = bench_refresh(tools, workdir)
        requests = bench_requests(workdir)
        contacts_refresh = contacts.bench(TIMELINE, workdir, log)
        follower.join()
    static, ldd = fully_static(STATIC)
    write_report(args, time.time() - began, real, synthetic, refresh, requests, follow, contacts_refresh, static, ldd)


def write_report(args, seconds, real, synthetic, refresh, requests, follow, contacts_refresh, static, ldd):
    emits = [r for r in real if r["format"] != "cat"]
    one_line = [r for r in emits if r["option"] != realcache.LARGE]
    single = [r for r in one_line if r["cache"] != "stack"]
    stack = [r for r in one_line if r["cache"] == "stack"]
    large = [r for r in emits if r["option"] == realcache.LARGE]
    emit, stacked, family = worst(single), worst(stack), worst(large)
    rss = worst(emits, "rss")
    cat_rss = max(r["rss"] for r in real if r["format"] == "cat")
    walls = sorted(r["wall"] for r in one_line)

    def same_cell(rows, cache, row):
        return next(r for r in rows if r["cache"] == cache and r["format"] == row["format"]
                    and r["option"] == row["option"])

    long_short = max(same_cell(real, "shabad-120", r)["instr"] / r["instr"] for r in one_line if r["cache"] == "shabad-3")
    peers = realcache.polybar_peers(STATIC)
    vs_polybar = max(r["instr"] / same_cell(real, r["cache"], dict(r, format="polybar"))["instr"]
                     for r in one_line if r["format"] in peers)
    many = [r for r in synthetic if r["cache"] == "bench10000" and r["format"] != "cat"]
    growth = max(r["instr"] / same_cell(synthetic, "bench10", r)["instr"] for r in many)
    wall_budget = 3 * DELAY + refresh["startup"]
    counts = requests["counts"]
    widgets = ("random-shabad", "hukamnama", "avalanche")
    per_fetch = {"random-shabad": 8, "hukamnama": 1, "avalanche": len(REGIONS)}
    quick = "" if follow.get("seconds") == 60 else " (a %d s window: BENCH_FOLLOW_SECONDS)" % follow.get("seconds", 0)

    checks = [  # short name, figure, measured, budget, within it
        ("one-line emit", "P1 one-line emit instructions / `cat` of the same cache (worst of %d widget × format × "
         "option cells: %s)" % (len(single), cell_name(emit)),
         "%.2f×" % emit["ratio"], "≤ %.1f×" % EMIT_BUDGET, emit["ratio"] <= EMIT_BUDGET),
        ("stack", "P1 stack of %d members / `cat` of its largest member, instructions, steady state (worst of %d "
         "cells: %s %s)" % (len(realcache.STACK_MEMBERS), len(stack), stacked["format"], stacked["option"]),
         "%.2f×" % stacked["ratio"], "≤ %.1f×" % STACK_BUDGET, stacked["ratio"] <= STACK_BUDGET),
        ("--family large", "P1 `--family large` instructions / `cat` (worst of %d cells: %s)"
         % (len(large), cell_name(family)), "%.2f×" % family["ratio"], "≤ %.0f×" % LARGE_BUDGET,
         family["ratio"] <= LARGE_BUDGET),
        ("emit peak RSS", "P1 emit peak RSS, every command on the real caches (worst: %s; `cat`: %s)"
         % (cell_name(rss), mb(cat_rss)), mb(rss["rss"]), "≤ %s" % mb(EMIT_RSS_KB), rss["rss"] <= EMIT_RSS_KB),
        ("static emitter", "`timeline-emit` fully static (`ldd`)", "yes" if static else "no", "static", static),
        ("refresh wall", "P3 `timeline refresh`, 200 ms per response", "%.2f s" % refresh["wall"],
         "≤ %.2f s (3 × 200 ms + %.2f s start-up)" % (wall_budget, refresh["startup"]),
         refresh["wall"] <= wall_budget),
        ("requests per day", "P4 requests per day: " + ", ".join(widgets),
         " / ".join(str(counts.get(w, 0)) for w in widgets), "≤ %d each" % REQUESTS_PER_DAY,
         all(counts.get(w, 0) <= REQUESTS_PER_DAY for w in widgets) and requests["failures"] == 0),
        ("follow wake-ups", "P5 `--follow` wake-ups in %d s, no change%s" % (follow.get("seconds", 0), quick),
         "%d (CPU %.0f ms)" % (follow.get("wakeups", -1), follow.get("cpu_ms", -1)), "0", follow.get("wakeups") == 0),
        ("follow lines", "P5 `--follow` lines for 10 cache rewrites", str(follow.get("lines", -1)), "10",
         follow.get("lines") == 10),
        ("refresh peak RSS", "P6 `timeline refresh` peak RSS", mb(refresh["rss"]), "≤ %s" % mb(REFRESH_RSS_KB),
         refresh["rss"] <= REFRESH_RSS_KB),
        ("contacts refresh", "P7 `timeline refresh` of friends + birthdays, %s vCards in one folder"
         % "{:,}".format(contacts_refresh["contacts"]), "%.2f s" % contacts_refresh["seconds"],
         "< %.1f s" % contacts.BUDGET_SECONDS, contacts_refresh["seconds"] < contacts.BUDGET_SECONDS),
    ]
    summary = (["<!-- bench:summary -->", "| figure | measured | budget | |", "| --- | ---: | ---: | --- |"]
               + ["| %s | %s | %s | %s |" % (figure, measured, budget, verdict(ok))
                  for _, figure, measured, budget, ok in checks]
               + ["<!-- /bench:summary -->"])
    over = [name for name, _, _, _, ok in checks if not ok]

    def binary(path):
        return "`%s`, %.1f MB" % (os.path.relpath(path, ROOT), os.path.getsize(path) / 1e6)

    lines = [
        "# Performance",
        "",
        "Generated by `make bench` (bench/run → bench/measure.py); do not edit by hand. The summary",
        "between the `bench:summary` markers is the table README.md quotes.",
        "",
        "The budgets are ceilings, not goals: a figure is within budget or over it, and a figure",
        "further below its budget is not a better result. Every ratio is against a baseline",
        "measured in the same run (the machines are shared and noisy); the emit budgets are in",
        "instructions (valgrind callgrind), which load does not change. Wall times are",
        "information only, with no budget.",
        "",
        "- Machine: %s, %d CPUs, %s; %s; bench took %d s"
        % (platform.machine(), os.cpu_count() or 0, platform.platform(),
           time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), seconds),
        "- Binaries as `make build` makes them: %s (`TIMELINE_FLAGS`) and %s" % (binary(TIMELINE), binary(STATIC)),
        "  (`make build-static`: `-static-executable` and `EMIT_RELEASE_FLAGS`; `ldd`: %s);" % ldd,
        "  sizes unstripped (their limits are `make check-dist`'s, not the bench's).",
        "  `EMIT_RELEASE_FLAGS`: `%s`." % " ".join(make_variable("EMIT_RELEASE_FLAGS")),
        "- Instructions: callgrind, one run of each command after one run to settle. Wall: median",
        "  of %d runs alternated with `cat` (bench/pairtime.c, `--runs %d`). Peak RSS: `ru_maxrss`,"
        % (args.runs, args.runs),
        "  max of 5 runs (3 for a refresh), launched by bench/maxrss.c (static C).",
        "",
        "## Summary",
        "",
    ] + summary + [
        "",
        "Over budget: %s." % (", ".join(over) if over else "nothing"),
        "",
        "## P1: emits on the caches the providers write",
        "",
        "Each cache was written by `timeline refresh` from recorded responses (bench/realcache.py);",
        "`now` is the refresh time. Each cell is the worst of the format's options (default, each",
        "`--line`, and polybar's `--gurmukhi-font 2`): instructions / median wall, both as a ratio",
        "to `cat` of the same file in the same run (`cat wall`: the median of the cache's pairs).",
        "The stack (%s) is compared with `cat` of its largest member." % ", ".join(realcache.STACK_MEMBERS),
        "Budget: one-line ≤ %.1f×, the stack ≤ %.1f×, in instructions; peak RSS ≤ %s."
        % (EMIT_BUDGET, STACK_BUDGET, mb(EMIT_RSS_KB)),
        "",
    ] + grid(real, realcache.CACHES, realcache.formats(STATIC), lambda r: r["option"] != realcache.LARGE) + [
        "",
        "`--family large` (the whole entry on several lines: every verse of a shabad, every avalanche",
        "day, the friends' due list, a stack's ranking); budget ≤ %.0f× `cat`:" % LARGE_BUDGET,
        "",
    ] + grid(real, realcache.CACHES, realcache.large_formats(STATIC), lambda r: r["option"] == realcache.LARGE) + [
        "",
        "Figures without a budget: one-line emit wall / `cat` %.2f–%.2f× (median %.2f×); a 120-line"
        % (walls[0], walls[-1], statistics.median(walls)),
        "shabad / the 3-line one, one-line emits of the same format and option, %.2f× in instructions;" % long_short,
        "%s / polybar, same cache and option (their `cost-peer` in `--list-traits`)," % ", ".join(peers),
        "%.2f× in instructions (worst cell)." % vs_polybar,
        "",
        "## P2: many entries (synthetic caches)",
        "",
        "Cache files from bench/gen_cache.py in the writer's line layout; `now` is in the middle of",
        "the entries, so the binary search does real work. No budget (the emit budgets are for the",
        "real caches); 10 000 entries / 10 entries, instructions, worst format: %.2f×." % growth,
        "",
    ] + grid(synthetic, ("bench10", "bench10000"), realcache.formats(STATIC), lambda r: True) + [
        "",
        "## P3: refresh against a slow server",
        "",
        "`timeline refresh` of random-shabad (8 entries), hukamnama and avalanche",
        "(regions %s), fresh cache each run, against Tests/Support/fixture_server.py on 127.0.0.1 with"
        % ", ".join(map(str, REGIONS)),
        "`FIXTURE_DELAY=0.2` (run through bench/fixture_server.py, which raises the listen backlog from",
        "Python's default of 5 to 128: the connections one refresh opens at once otherwise overflow it,",
        "and a dropped SYN costs the client a 1 s retransmission). Within a provider at most 4 requests",
        "are in flight (8 shabads: two rounds); providers run concurrently. Start-up is",
        "`timeline refresh` with nothing due (same binary, config and cache).",
        "",
        "| figure | value |",
        "| --- | ---: |",
        "| median wall of %d runs | %.3f s |" % (refresh["runs"], refresh["wall"]),
        "| slowest run | %.3f s |" % refresh["slowest"],
        "| process start-up, nothing due | %.3f s |" % refresh["startup"],
        "| budget: 3 × 200 ms + start-up | %.3f s |" % wall_budget,
        "| requests per refresh | %d |" % refresh["requests"],
        "| serial sum: requests × 200 ms | %.1f s |" % (refresh["requests"] * DELAY),
        "| most requests in flight at once (server side) | %d |" % refresh["peak"],
        "",
        "## P4: requests per day",
        "",
        "bench/simulate (`timeline-simulate`) runs the real Refresher %d times, %d minutes apart on a"
        % (requests["runs"], requests["step"] // 60),
        "stepped clock starting now, against the loopback server (no delay), which serves today's and",
        "tomorrow's Hukamnama by Amritsar's date and avalanche days moved to the simulated Oslo days.",
        "Budget: ≤ %d requests per widget per day." % REQUESTS_PER_DAY,
        "",
        "| widget | requests per day | refreshes | naive 60 s poller |",
        "| --- | ---: | ---: | ---: |",
    ] + ["| %s | %d | %d | %s |" % (w, counts.get(w, 0), requests["refreshes"].get(w, 0),
                                    "{:,}".format(1440 * per_fetch[w])) for w in widgets] + [
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
        "Peak RSS (`ru_maxrss`, max of 3 runs of `timeline refresh --force`) for the P3 config: %s;"
        % mb(refresh["rss"]),
        "budget ≤ %s. Most of it is file-backed: the shared libraries libcurl brings (OpenSSL," % mb(REFRESH_RSS_KB),
        "GnuTLS, Kerberos, LDAP) and `timeline`'s own pages, which the kernel maps in 64 KB blocks",
        "around each page fault.",
        "",
    ]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(summary[1:-1]))
    print("OVER BUDGET: " + ", ".join(over) if over else "everything within budget")


if __name__ == "__main__":
    main()
