"""The emitter on caches the real providers write (issue 17), for bench/measure.py.

`timeline refresh` (the release CLI) writes one cache per kind from recorded responses
served by the loopback fixture server: random-shabad, hukamnama, favourites, avalanche
(Norway, Varsom) and (Sweden, lavinprognoser), command, and a shabad of 3 and of 120 lines
(favourites of one shabad each; the 120-line one is the recorded 3-line shabad's verses
repeated with their own verse ids), and avalanche of five regions (two with Trollheimen's
reply, three with Salten's), friends (a small vCard folder whose friends are all overdue,
so the large form has a due list). Then every widget is emitted in every format, with the
default options and with each `--line` (and polybar with `--gurmukhi-font 2`), and in
`--family large` for each format that has it, and compared with `cat` of the same file in
the same run: instructions (callgrind), median wall (bench/pairtime.c: the command and
`cat` alternately, so both see the same load) and peak RSS."""
import copy
import datetime
import json
import os
import re
import subprocess
import sys
from zoneinfo import ZoneInfo

_FORMATS = {}


def formats(emit):
    """The format registry as `timeline-emit --list-formats` prints it (no list of names here)."""
    if emit not in _FORMATS:
        done = subprocess.run([emit, "--list-formats"], capture_output=True, text=True, check=True)
        _FORMATS[emit] = tuple(done.stdout.split())
    return _FORMATS[emit]


def large_formats(emit):
    """The registry's formats that take `--family large` (the others are a usage error, 2)."""
    key = ("large", emit)
    if key not in _FORMATS:
        env = dict(os.environ, TIMELINE_CACHE_DIR="/nonexistent")
        _FORMATS[key] = tuple(f for f in formats(emit) if subprocess.run(
            [emit, "--family", "large", f, "probe"], env=env, capture_output=True).returncode == 0)
    return _FORMATS[key]


def bars(emit):
    """The registry's formats with markup, the ones timed against `cat`: all but plain text."""
    return tuple(f for f in formats(emit) if f != "plain")


def traits(emit):
    """Each format's traits as `timeline-emit --list-traits` prints them: {name: {word: value}}."""
    key = ("traits", emit)
    if key not in _FORMATS:
        done = subprocess.run([emit, "--list-traits"], capture_output=True, text=True, check=True)
        _FORMATS[key] = {line.split()[0]: dict(word.split("=", 1) for word in line.split()[1:])
                         for line in done.stdout.splitlines() if line.strip()}
    return _FORMATS[key]


def polybar_peers(emit):
    """The formats the registry holds to polybar's cost (`cost-peer=polybar`), each cell no
    more than polybar's of the same cache and option; a new bar's registry entry says whether
    it is one, so the bench needs no edit."""
    return tuple(name for name, said in traits(emit).items() if said.get("cost-peer") == "polybar")

VARIANTS = (("default", []), ("--line transliteration", ["--line", "transliteration"]),
            ("--line translation", ["--line", "translation"]))
LARGE = "--family large"
POLYBAR_FONT = ("--gurmukhi-font 2", ["--gurmukhi-font", "2"])
CACHES = ("random-shabad", "hukamnama", "favourites", "avalanche-no", "avalanche-no-5", "avalanche-se", "command",
          "shabad-3", "shabad-120", "friends", "stack")
# stack: a three-member stack (docs/relevance.md); its emit reads the stack's meta line and
# each member's cache, and is compared with `cat` of its largest member cache.
STACK_MEMBERS = ("avalanche-no", "hukamnama", "random-shabad")
# avalanche-no-5: five regions side by side, the cost of each region's runs and tooltip
# lines; Salten's recorded reply (its own, longer text) for three of them.
SALTEN = (3016, 3017, 3018)
LONG_ID = 9120
FRIENDS = 12


def _write(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False)
    return path


def long_shabad(fixtures, lines=120):
    """The recorded random shabad with its verses repeated to `lines` lines."""
    with open(os.path.join(fixtures, "banidb", "random-3492.json"), encoding="utf-8") as f:
        shabad = json.load(f)
    verses = shabad["verses"]
    out = []
    for index in range(lines):
        verse = copy.deepcopy(verses[index % len(verses)])
        verse["verseId"] = 900000 + index
        out.append(verse)
    shabad["verses"] = out
    shabad["shabadInfo"]["shabadId"] = LONG_ID
    shabad["shabadInfo"]["shabadName"] = 900001
    return shabad


def sweden(fixtures, now):
    """The recorded lavinprognoser reply moved to today's Stockholm date."""
    today = datetime.datetime.fromtimestamp(now, ZoneInfo("Europe/Stockholm")).date()
    with open(os.path.join(fixtures, "avalanche", "wfs-sv-2021-03-01.json"), encoding="utf-8") as f:
        text = f.read()
    for old, offset in (("2021-02-28", -1), ("2021-03-01", 0), ("2021-03-02", 1), ("2021-03-03", 2)):
        text = text.replace(old, (today + datetime.timedelta(days=offset)).isoformat())
    return text


def salten_routes(workdir, fixtures, now):
    """The recorded Salten reply (3016) moved to the Oslo days around `now`, for SALTEN."""
    with open(os.path.join(fixtures, "avalanche", "detail-3016-en-2021-12-02.json"), encoding="utf-8") as f:
        detail = f.read()
    today = datetime.datetime.fromtimestamp(now, ZoneInfo("Europe/Oslo")).date()
    routes = {}
    for offset in range(-1, 3):
        day = today + datetime.timedelta(days=offset)
        moved = detail
        for k, old in enumerate(("2021-12-01", "2021-12-02", "2021-12-03", "2021-12-04")):
            moved = moved.replace(old, (day + datetime.timedelta(days=k - 1)).isoformat())
        for region in SALTEN:
            name = _write(os.path.join(workdir, "salten-%d-%s.json" % (region, day.isoformat())),
                          json.loads(re.sub(r'"RegionId":\s*3016', '"RegionId": %d' % region, moved)))
            routes["/api/AvalancheWarningByRegion/Detail/%d/2/%s/*" % (region, day.isoformat())] = {"file": name}
    return routes


def friends_book(workdir, now):
    """A vCard folder of FRIENDS friends, and a friends log (under the returned
    XDG_DATA_HOME) that began tracking them two months ago: every one is overdue."""
    book = os.path.join(workdir, "friends-book")
    data = os.path.join(workdir, "friends-data")
    os.makedirs(book, exist_ok=True)
    os.makedirs(os.path.join(data, "timeline", "friends"), exist_ok=True)
    began = datetime.datetime.fromtimestamp(now - 61 * 86400, datetime.timezone.utc).date().isoformat()
    events = []
    for n in range(FRIENDS):
        uid = "friend-%02d" % n
        with open(os.path.join(book, uid + ".vcf"), "w", encoding="utf-8") as f:
            f.write("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:%s\r\nFN:Friend %02d Nordmann\r\n"
                    "TEL;TYPE=cell:+47 55 00 00 %02d\r\nCATEGORIES:friends\r\nEND:VCARD\r\n" % (uid, n, n))
        events.append({"v": 1, "event": "track", "who": "uid:" + uid, "name": "Friend %02d" % n, "day": began,
                       "at": now - 61 * 86400})
    with open(os.path.join(data, "timeline", "friends", "log.jsonl"), "w", encoding="utf-8") as f:
        f.write("".join(json.dumps(e) + "\n" for e in events))
    return book, data


def command_output(now, count=24):
    entries = [{"date": now - 3600 * (count // 2) + 3600 * i, "text": "%d hours & <counting> %%{F#f00}" % i,
                "color": "#88c0d0", "tooltip": ["hour %d" % i, "second line"], "short": "%dh" % i,
                "url": "https://example.org/%d" % i} for i in range(count)]
    return {"entries": entries, "policy": "atEnd", "end": now + 3600 * count}


def make_caches(workdir, timeline, fixtures, server_class, routes_for, now):
    """Runs `timeline refresh` for every kind; returns the cache directory."""
    routes = routes_for(workdir, now, 1)
    routes["/v2/shabads/3492"] = {"file": os.path.join(fixtures, "banidb", "random-3492.json")}
    routes["/v2/shabads/%d" % LONG_ID] = {"file": _write(os.path.join(workdir, "long.json"), long_shabad(fixtures))}
    with open(os.path.join(workdir, "wfs.json"), "w", encoding="utf-8") as f:
        f.write(sweden(fixtures, now))
    routes["/wfs*"] = {"file": os.path.join(workdir, "wfs.json")}
    routes.update(salten_routes(workdir, fixtures, now))
    output = _write(os.path.join(workdir, "command.json"), command_output(now))
    book, data = friends_book(workdir, now)
    server = server_class(routes, 0, workdir)
    try:
        config = os.path.join(workdir, "real-config.toml")
        with open(config, "w") as f:
            f.write('[sources]\nbanidb = "%s/v2"\nvarsom = "%s/api"\nlavinprognoser = "%s/wfs"\n\n'
                    % (server.base, server.base, server.base))
            f.write('[widgets.random-shabad]\nkind = "random-shabad"\nentries = 8\n\n')
            f.write('[widgets.hukamnama]\nkind = "hukamnama"\n\n')
            f.write('[widgets.favourites]\nkind = "favourites"\nshabads = [3492, %d]\n\n' % LONG_ID)
            f.write('[widgets.avalanche-no]\nkind = "avalanche"\nregions = [3011, 3022]\n\n')
            f.write('[widgets.avalanche-no-5]\nkind = "avalanche"\nregions = [3011, 3022, %s]\n\n'
                    % ", ".join(map(str, SALTEN)))
            f.write('[widgets.avalanche-se]\nkind = "avalanche"\ncountry = "se"\narea = 2\n\n')
            f.write('[widgets.command]\nkind = "command"\ncommand = ["/bin/cat", "%s"]\n\n' % output)
            f.write('[widgets.shabad-3]\nkind = "favourites"\nshabads = [3492]\n\n')
            f.write('[widgets.shabad-120]\nkind = "favourites"\nshabads = [%d]\n\n' % LONG_ID)
            f.write('[widgets.friends]\nkind = "friends"\ncontacts = "%s"\n\n' % book)
            f.write('[widgets.stack]\nkind = "stack"\nwidgets = [%s]\n'
                    % ", ".join('"%s"' % m for m in STACK_MEMBERS))
        cache = os.path.join(workdir, "real-cache")
        env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=cache, XDG_DATA_HOME=data)
        done = subprocess.run([timeline, "refresh"], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("refresh of the real caches failed:\n" + done.stderr)
        return cache
    finally:
        server.stop()


def commands(emit, widget):
    """(label, argv) of every emit measured for one cache."""
    out = []
    for fmt in bars(emit):
        variants = VARIANTS + ((POLYBAR_FONT,) if fmt == "polybar" else ())
        for name, extra in variants:
            out.append(("%s %s" % (fmt, name), [emit, fmt, widget] + extra))
    for fmt in large_formats(emit):
        out.append(("%s %s" % (fmt, LARGE), [emit, fmt, widget, "--family", "large"]))
    return out


def pair_ms(pairtime, cmd, cat_cmd, env, runs):
    """Median wall of `cmd` and of `cat_cmd`, run alternately (bench/pairtime.c)."""
    done = subprocess.run([pairtime, str(runs)] + cmd + ["--"] + cat_cmd, env=env, capture_output=True, text=True,
                          check=True)
    a, b = done.stdout.split()
    return float(a) / 1000, float(b) / 1000


def bench(cache, emit, cat, measure_instr, pairtime, peak_rss_kb, launcher, runs, log):
    """Rows: one per cache and command, with the same cache's `cat` as the baseline."""
    env = dict(os.environ, TIMELINE_CACHE_DIR=cache)
    rows = []
    for widget in CACHES:
        path = os.path.join(cache, widget + ".json")
        if widget == "stack":
            path = max((os.path.join(cache, m + ".json") for m in STACK_MEMBERS), key=os.path.getsize)
        cat_cmd = [cat, path]
        cat_row = {"cache": widget, "name": "cat", "bytes": os.path.getsize(path), "instr": measure_instr(cat_cmd, env),
                   "rss": peak_rss_kb(cat_cmd, env, launcher, runs=5), "cat_ms": []}
        for name, cmd in commands(emit, widget):
            ms, cat_ms = pair_ms(pairtime, cmd, cat_cmd, env, runs)
            cat_row["cat_ms"].append(cat_ms)
            rows.append({"cache": widget, "name": name, "ms": ms, "cat_ms": cat_ms, "bytes": cat_row["bytes"],
                         "instr": measure_instr(cmd, env), "rss": peak_rss_kb(cmd, env, launcher, runs=5)})
            log("R %-13s %-36s %8.3f ms (cat %.3f) %6d KB %s" % (widget, name, ms, cat_ms, rows[-1]["rss"],
                                                                rows[-1]["instr"]))
        cat_ms = sorted(cat_row.pop("cat_ms"))
        cat_row["ms"] = cat_ms[len(cat_ms) // 2]
        rows.append(cat_row)
    return rows


def _ratio(rows, cache, name, key):
    """emit / cat for one cell; wall times against the `cat` runs alternated with it."""
    row = next((r for r in rows if r["cache"] == cache and r["name"] == name), None)
    cat = next((r for r in rows if r["cache"] == cache and r["name"] == "cat"), None)
    if not row or not cat or not row[key] or not cat[key]:
        return None
    return row[key] / (row["cat_ms"] if key == "ms" else cat[key])


def is_large(name):
    return name.endswith(LARGE)


def summary(rows, peers):
    """The worst cells, for the summary table; `--family large` cells apart (their target is
    another)."""
    emits = [r for r in rows if r["name"] != "cat" and not is_large(r["name"])]
    large = [r for r in rows if is_large(r["name"])]
    # A stack reads several caches, so its cells have a row of their own; the single-widget
    # rows leave them out rather than report the stack's figures twice.
    single = [r for r in emits if r["cache"] != "stack"]
    stacked = [r for r in emits if r["cache"] == "stack"]
    instr = max(_ratio(rows, r["cache"], r["name"], "instr") or 0 for r in single)
    wall = max(_ratio(rows, r["cache"], r["name"], "ms") or 0 for r in single)
    rss = max(r["rss"] for r in single)
    cat_rss = max(r["rss"] for r in rows if r["name"] == "cat")
    long_vs_short = max(
        (next(r for r in rows if r["cache"] == "shabad-120" and r["name"] == e["name"])["instr"] or 0)
        / (e["instr"] or 1) for e in emits if e["cache"] == "shabad-3")
    stack = max(_ratio(rows, "stack", r["name"], "instr") or 0 for r in emits if r["cache"] == "stack")
    against_polybar = 0
    for r in emits:
        fmt, _, variant = r["name"].partition(" ")
        if fmt not in peers:
            continue
        polybar = next((p for p in emits if p["cache"] == r["cache"] and p["name"] == "polybar " + variant), None)
        if polybar and polybar["instr"] and r["instr"]:
            against_polybar = max(against_polybar, r["instr"] / polybar["instr"])
    return {"instr": instr, "wall": wall, "rss": rss, "cat_rss": cat_rss, "long": long_vs_short, "cells": len(single),
            "stack_wall": max((_ratio(rows, "stack", r["name"], "ms") or 0 for r in stacked), default=0),
            "stack_rss": max((r["rss"] for r in stacked), default=0),
            "large_rss": max((r["rss"] for r in large), default=0),
            "large_cells": len(large),
            "large_instr": max((_ratio(rows, r["cache"], r["name"], "instr") or 0 for r in large), default=0),
            "large_wall": max((_ratio(rows, r["cache"], r["name"], "ms") or 0 for r in large), default=0),
            "stack": stack, "peers": against_polybar}


def report(rows):
    """Markdown: per cache, every command's instructions and median wall against `cat`; the
    `--family large` cells in a table of their own."""
    names = list(dict.fromkeys(r["name"] for r in rows if r["name"] != "cat" and not is_large(r["name"])))
    large = list(dict.fromkeys(r["name"] for r in rows if is_large(r["name"])))
    lines = [
        "Each cache was written by `timeline refresh` from recorded responses (bench/realcache.py);",
        "`now` is the refresh time. Cells are emit / `cat` of the same file, measured in the same run:",
        "instructions (callgrind, one run) and median wall (bench/pairtime.c: the emit and `cat` run",
        "alternately, so both see the same load; `cat wall` is the median over the cache's pairs).",
        "Peak RSS is the worst of the cache's commands (`ru_maxrss`, 5 runs each).",
        "",
        "| cache | size | cat instructions | cat wall | " + " | ".join(n.replace(" --", "<br>--") for n in names)
        + " | peak RSS (cat) |",
        "| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in names) + " | ---: |",
    ]
    for cache in CACHES:
        cat = next(r for r in rows if r["cache"] == cache and r["name"] == "cat")
        cells = []
        for name in names:
            i, w = _ratio(rows, cache, name, "instr"), _ratio(rows, cache, name, "ms")
            cells.append("%s / %s" % ("%.2f×" % i if i else "n/a", "%.2f×" % w if w else "n/a"))
        worst = max(r["rss"] for r in rows if r["cache"] == cache and r["name"] != "cat")
        lines.append("| %s | %.1f KB | %s | %.3f ms | %s | %.1f MB (%.1f MB) |" % (
            cache, cat["bytes"] / 1024, "{:,}".format(cat["instr"]) if cat["instr"] else "n/a", cat["ms"],
            " | ".join(cells), worst / 1024, cat["rss"] / 1024))
    lines += ["", "Each cell: instructions / median wall, both as a ratio to `cat`."]
    if large:
        lines += [
            "",
            "`--family large` (the whole entry on several lines: every verse of a shabad, every avalanche",
            "day, the friends' due list; target ≤ 1.2× `cat`), same caches, same `cat` baseline:",
            "",
            "| cache | size | " + " | ".join(large) + " |",
            "| --- | ---: | " + " | ".join("---:" for _ in large) + " |",
        ]
        for cache in CACHES:
            cat = next(r for r in rows if r["cache"] == cache and r["name"] == "cat")
            cells = []
            for name in large:
                i, w = _ratio(rows, cache, name, "instr"), _ratio(rows, cache, name, "ms")
                cells.append("%s / %s" % ("%.2f×" % i if i else "n/a", "%.2f×" % w if w else "n/a"))
            lines.append("| %s | %.1f KB | %s |" % (cache, cat["bytes"] / 1024, " | ".join(cells)))
    return lines
