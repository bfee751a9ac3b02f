#!/usr/bin/env python3
"""Benchmark of the bars' fast path; run through bench/run (make bench).

Measures, for a cache of 10 and of 10 000 entries: median wall time (hyperfine -N, else a
Python loop), peak RSS (wait4's ru_maxrss, per run, max over runs) and, when valgrind is
installed, instructions per run (callgrind), for the static `timeline-emit waybar`,
`cat` of the cache file (the floor) and bench/emit_py.py (the same job in Python).
Writes docs/performance.md (no hand-written numbers) and prints the table."""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATIC = os.path.join(ROOT, ".build-static", "release", "timeline-emit")
TARGET_RSS_KB = 3 * 1024


def build():
    cmd = ["swift", "build", "-c", "release", "--product", "timeline-emit",
           "--scratch-path", ".build-static", "-Xswiftc", "-static-executable"]
    print("+ " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def median_ms(cmd, env, runs):
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run(
                ["hyperfine", "-N", "--warmup", "20", "--runs", str(runs), "--export-json", out.name,
                 "--", " ".join(cmd)],
                env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            result = json.load(open(out.name))["results"][0]
            return result["median"] * 1000, "hyperfine"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, "python loop"


def rss_launcher(workdir):
    """bench/maxrss.c built static: ru_maxrss counts the image before exec too, so the
    launcher must be tiny. None if no C compiler (then Python's wait4, which overstates)."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        return None
    out = os.path.join(workdir, "maxrss")
    built = subprocess.run([compiler, "-O2", "-static", os.path.join(ROOT, "bench", "maxrss.c"), "-o", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out if built.returncode == 0 else None


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


def follow_memory_kb(widget, env):
    """Rss and anonymous memory of `timeline-emit waybar W --follow` after its first line,
    from /proc/PID/smaps_rollup: what a long-running follower really costs."""
    proc = subprocess.Popen([STATIC, "waybar", widget, "--follow"], env=env, stdout=subprocess.PIPE)
    try:
        proc.stdout.readline()
        fields = {}
        with open("/proc/%d/smaps_rollup" % proc.pid) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    fields[parts[0].rstrip(":")] = int(parts[1])
        return fields.get("Rss"), fields.get("Anonymous"), fields.get("Private_Dirty")
    except OSError:
        return None, None, None
    finally:
        proc.terminate()
        proc.wait()


def instructions(cmd, env):
    if not shutil.which("valgrind"):
        return None
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    return int(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"))
    args = parser.parse_args()
    if not args.no_build:
        build()
    cat = shutil.which("cat")
    python = shutil.which("python3")
    rows = []
    follow = None
    with tempfile.TemporaryDirectory() as cache:
        launcher = rss_launcher(cache)
        env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
        now = int(time.time())
        for count in (10, 10_000):
            widget = "bench%d" % count
            path = os.path.join(cache, widget + ".json")
            subprocess.run([python, os.path.join(ROOT, "bench", "gen_cache.py"), path, str(count), str(now)], check=True)
            emit_out = subprocess.run([STATIC, "waybar", widget], env=env, capture_output=True, text=True).stdout
            assert emit_out.startswith('{"text":"<span'), "timeline-emit did not print the entry: %r" % emit_out
            commands = {
                "timeline-emit waybar": [STATIC, "waybar", widget],
                "cat": [cat, path],
                "python (json.load)": [python, os.path.join(ROOT, "bench", "emit_py.py"), path],
            }
            for name, cmd in commands.items():
                runs = args.runs if "python" not in name else max(20, args.runs // 10)
                ms, tool = median_ms(cmd, env, runs)
                rows.append({
                    "entries": count, "name": name, "ms": ms, "tool": tool,
                    "rss": peak_rss_kb(cmd, env, launcher), "instr": instructions(cmd, env),
                    "bytes": os.path.getsize(path),
                })
                print("%6d %-22s %8.3f ms %7d KB" % (count, name, ms, rows[-1]["rss"]), file=sys.stderr)
            if count == 10_000:
                follow = follow_memory_kb(widget, env)

    def get(count, name):
        return next(r for r in rows if r["entries"] == count and r["name"] == name)

    emit10, emit10k = get(10, "timeline-emit waybar"), get(10_000, "timeline-emit waybar")
    ratio_cat = emit10["ms"] / get(10, "cat")["ms"]
    ratio_cat_10k = emit10k["ms"] / get(10_000, "cat")["ms"]
    ratio_growth = emit10k["ms"] / emit10["ms"]
    peak = max(emit10["rss"], emit10k["rss"])
    size = os.path.getsize(STATIC)
    lines = [
        "# Performance of the bars' fast path",
        "",
        "Generated by `make bench` (bench/run → bench/measure.py); do not edit by hand.",
        "",
        "- Machine: %s, %d CPUs, %s; %s" % (platform.machine(), os.cpu_count() or 0, platform.platform(),
                                             time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
        "- Binary: `.build-static/release/timeline-emit` (`-static-executable`, release), %.1f MB" % (size / 1e6),
        "- Timing: %s, median of %d runs (Python: %d); peak RSS: `ru_maxrss`, max of 20 runs, %s;"
        % (rows[0]["tool"], args.runs, max(20, args.runs // 10),
           "launched by bench/maxrss.c (static C)" if launcher else "launched from Python (overstated)"),
        "  instructions: valgrind callgrind, one run.",
        "- Cache files: bench/gen_cache.py, the writer's line layout; `now` is in the middle of the entries.",
        "",
        "| entries | file size | command | median wall | peak RSS | instructions |",
        "| ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for r in rows:
        lines.append("| %d | %s | %s | %.3f ms | %.1f MB | %s |" % (
            r["entries"], "%.1f KB" % (r["bytes"] / 1024), r["name"], r["ms"], r["rss"] / 1024,
            "{:,}".format(r["instr"]) if r["instr"] is not None else "n/a"))
    lines += [
        "",
        "| check | value | target | |",
        "| --- | ---: | ---: | --- |",
        "| emit / cat, 10 entries | %.2f× | ≤ 1.0× | %s |" % (ratio_cat, "ok" if ratio_cat <= 1.0 else "MISSED"),
        "| emit / cat, 10 000 entries | %.2f× | — | |" % ratio_cat_10k,
        "| emit 10 000 / emit 10 | %.2f× | ≤ 2× | %s |" % (ratio_growth, "ok" if ratio_growth <= 2.0 else "MISSED"),
        "| emit peak RSS | %.1f MB | ≤ 3 MB | %s |" % (peak / 1024, "ok" if peak <= TARGET_RSS_KB else "MISSED"),
        "",
        "Peak RSS of a static Swift binary is mostly clean, file-backed text pages that the kernel",
        "maps around each page fault (64 KB windows), shared with the page cache; a trivial static",
        "Swift program that reads `CommandLine.arguments` already shows about 3 MB. What the",
        "process itself allocates is the anonymous memory:",
        "",
        "| `timeline-emit waybar W --follow`, 10 000 entries, after the first line | Rss | Anonymous | Private dirty |",
        "| --- | ---: | ---: | ---: |",
        "| /proc/PID/smaps_rollup | %s | %s | %s |" % tuple(
            ("%.1f MB" % (v / 1024)) if v is not None else "n/a" for v in (follow or (None, None, None))),
        "",
        "Wall times on a shared 2-core VM vary by 10–40 % between runs; compare ratios taken in",
        "the same run rather than absolute numbers across runs.",
        "",
    ]
    text = "\n".join(lines)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
