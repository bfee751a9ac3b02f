#!/usr/bin/env python3
"""Writes a cache file in the writer's line layout (docs/cache-format.md, CacheEncoder):
line 1 `{"version":2,"meta":{...,"entryBytes":N},"entries":[`, one entry object per line
separated by `,` line ends (N bytes in all), then `],"extra":[`, no records, and `]}`. Entries are an hour apart and `now` falls in the middle, so the
reader's binary search does real work. Usage: gen_cache.py PATH COUNT NOW [LABEL]; LABEL is
added to every entry's text (the follow-mode bench rewrites the file with a new one)."""
import json
import sys


def entry(date, index, label=""):
    return {
        "date": date,
        "alt": "level-%d" % (index % 6),
        "runs": [
            {"t": "ਸਤਿ ਨਾਮੁ ", "c": "#ff9900", "b": True},
            {"t": "entry %d & <b> %%{F#f00} #[fg=red]%s" % (index, label)},
        ],
        "tooltip": ["line one of %d" % index, "ਵਾਹਿਗੁਰੂ"],
        "class": ["bench"],
        "level": index % 6,
    }


def main():
    path, count, now = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    label = sys.argv[4] if len(sys.argv) > 4 else ""
    first = now - (count // 2) * 3600
    entries = [entry(first + i * 3600, i, label) for i in range(count)]
    compact = dict(ensure_ascii=False, separators=(",", ":"))
    lines = (",\n".join(json.dumps(e, **compact) for e in entries) + "\n").encode("utf-8")
    meta = {
        "widget": "bench", "kind": "bench", "generated": first, "lastSuccess": first,
        "due": now + 86400 * 365, "grace": 3600, "end": None, "policy": "atEnd", "configHash": "",
        "count": count, "entryBytes": len(lines),
        "placeholder": {"date": 0, "alt": "placeholder", "runs": [{"t": "…"}]},
    }
    with open(path, "wb") as f:
        f.write(('{"version":2,"meta":' + json.dumps(meta, **compact) + ',"entries":[\n').encode("utf-8"))
        f.write(lines)
        f.write(b'],"extra":[\n]}\n')


if __name__ == "__main__":
    main()
