#!/usr/bin/env python3
"""Times timeline-emit on the hostile timelines of issue 13 (finding 6): a command widget
may print up to 5 MB, and these shapes once made the emitter's time grow with the square
of the input. Each cache is written by the real `timeline refresh` from a command widget,
so the figures hold whatever the cache format. Usage:

    bench/hostile.py [--timeline BIN] [--emit BIN] [--runs N] [--scale F]

Prints one line per case: the case, the output format, the median wall time of N runs
and the output's size. Run it with an old and a new timeline-emit to compare; with
--label the figures are also appended to bench/results/hostile.log, which
scripts/reliability publishes in docs/reliability.md."""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time


def cases(scale):
    pairs = int(400_000 * scale)
    runs = int(100_000 * scale)
    classes = int(40_000 * scale)
    return [
        ("sihari pairs (ਕਿ × %d)" % pairs, "polybar", {"text": "ਕਿ" * pairs}),
        ("styled runs (× %d)" % runs, "polybar",
         {"runs": [{"text": "r%d" % i, "color": "#ff%04x" % (i % 65536)} for i in range(runs)]}),
        ("classes (× %d)" % classes, "waybar", {"text": "x", "class": ["c%d" % i for i in range(classes)]}),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeline", default=".build/release/timeline")
    parser.add_argument("--emit", default=".build/release/timeline-emit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--label", help="also append the figures, so labelled, to --log")
    parser.add_argument("--log", default="bench/results/hostile.log")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for index, (name, fmt, entry) in enumerate(cases(args.scale)):
            widget = "h%d" % index
            payload = os.path.join(tmp, widget + ".json")
            with open(payload, "w", encoding="utf-8") as f:
                json.dump({"entries": [dict(entry, date=0)], "policy": "never"}, f, ensure_ascii=False)
            config = os.path.join(tmp, widget + ".toml")
            with open(config, "w") as f:
                f.write('[widgets.%s]\nkind = "command"\ncommand = ["cat", "%s"]\ntimeout = 120\n' % (widget, payload))
            cache = os.path.join(tmp, "cache")
            subprocess.run([args.timeline, "refresh", "--force", "--quiet", "--config", config, "--cache-dir", cache],
                           check=True)
            times = []
            size = 0
            for _ in range(args.runs):
                start = time.monotonic()
                out = subprocess.run([args.emit, fmt, widget], capture_output=True, check=True,
                                     env=dict(os.environ, TIMELINE_CACHE_DIR=cache)).stdout
                times.append(time.monotonic() - start)
                size = len(out)
            median = statistics.median(times)
            print("%-32s %-8s %8.3f s  %9d bytes out" % (name, fmt, median, size), flush=True)
            if args.label:
                os.makedirs(os.path.dirname(args.log), exist_ok=True)
                with open(args.log, "a") as log:
                    log.write(json.dumps({"case": name, "format": fmt, "label": args.label,
                                          "seconds": round(median, 3), "bytes": size}) + "\n")


if __name__ == "__main__":
    main()
