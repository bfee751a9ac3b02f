"""The caches the real providers write, and the emits measured on them, for bench/measure.py.

`timeline refresh` (the release CLI) writes one cache per kind from recorded responses
served by the loopback fixture server: random-shabad, hukamnama, favourites, avalanche
(Norway, Varsom) and (Sweden, lavinprognoser), command, and a shabad of 3 and of 120 lines
(favourites of one shabad each; the 120-line one is the recorded 3-line shabad's verses
repeated with their own verse ids), and avalanche of five regions (two with Trollheimen's
reply, three with Salten's), friends (a small vCard folder whose friends are all overdue,
so the large form has a due list), and a three-member stack. `commands` lists every emit
measured on one cache: every format of the registry with the default options and with each
`--line` (polybar also with `--gurmukhi-font 2`), and `--family large` for each format that
has it."""
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


def traits(emit):
    """Each format's traits as `timeline-emit --list-traits` prints them: {name: {word: value}}."""
    key = ("traits", emit)
    if key not in _FORMATS:
        done = subprocess.run([emit, "--list-traits"], capture_output=True, text=True, check=True)
        _FORMATS[key] = {line.split()[0]: dict(word.split("=", 1) for word in line.split()[1:])
                         for line in done.stdout.splitlines() if line.strip()}
    return _FORMATS[key]


def polybar_peers(emit):
    """The formats the registry compares with polybar (`cost-peer=polybar`); the report shows
    their worst cell against polybar's of the same cache and option (no budget). A new bar's
    registry entry says whether it is one, so the bench needs no edit."""
    return tuple(name for name, said in traits(emit).items() if said.get("cost-peer") == "polybar")


VARIANTS = (("default", []), ("--line transliteration", ["--line", "transliteration"]),
            ("--line translation", ["--line", "translation"]))
LARGE = "--family large"
POLYBAR_FONT = ("--gurmukhi-font 2", ["--gurmukhi-font", "2"])
CACHES = ("random-shabad", "hukamnama", "favourites", "avalanche-no", "avalanche-no-5", "avalanche-se", "command",
          "shabad-3", "shabad-120", "friends", "stack")
# stack: a three-member stack (docs/relevance.md); its emit reads the stack's own file and
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
    """(format, option, argv) of every emit measured on one cache; option is "default", a
    `--line` or `--gurmukhi-font` option, or LARGE."""
    out = []
    for fmt in formats(emit):
        for name, extra in VARIANTS + ((POLYBAR_FONT,) if fmt == "polybar" else ()):
            out.append((fmt, name, [emit, fmt, widget] + extra))
    for fmt in large_formats(emit):
        out.append((fmt, LARGE, [emit, fmt, widget, "--family", "large"]))
    return out


def baseline_file(cache, widget):
    """The file `cat` reads as the cache's baseline: the widget's own, or a stack's largest
    member cache."""
    if widget == "stack":
        return max((os.path.join(cache, m + ".json") for m in STACK_MEMBERS), key=os.path.getsize)
    return os.path.join(cache, widget + ".json")
