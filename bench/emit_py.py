#!/usr/bin/env python3
"""The same job as `timeline-emit waybar W` in plain Python, for comparison: load the
whole cache with json.load, pick the current entry by bisection, print waybar JSON with
Pango escaping. Usage: emit_py.py CACHE_FILE"""
import bisect
import json
import sys
import time


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    now = int(time.time())
    try:
        with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
            doc = json.load(f)
        meta, entries = doc["meta"], doc["entries"]
    except Exception:
        meta, entries = {}, []
    dates = [e["date"] for e in entries]
    index = bisect.bisect_right(dates, now) - 1
    entry = entries[index] if index >= 0 else meta.get("placeholder") or {"runs": [{"t": "…"}]}
    text = ""
    for run in entry.get("runs", []):
        piece = esc(run.get("t", ""))
        if run.get("b"):
            piece = "<b>" + piece + "</b>"
        if run.get("c"):
            piece = '<span foreground="%s">%s</span>' % (run["c"], piece)
        text += piece
    classes = [meta.get("kind", "")] + entry.get("class", [])
    if entry.get("level") is not None:
        classes.append("level-%d" % entry["level"])
    out = {
        "text": text, "alt": entry.get("alt", "placeholder"),
        "tooltip": "\n".join(esc(t) for t in entry.get("tooltip", [])),
        "class": classes, "percentage": (entry.get("level") or 0) * 20,
    }
    sys.stdout.write(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
