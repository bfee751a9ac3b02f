#!/bin/sh
# Writes the gallery's conjuncts cache: a saved line of the recorded Hukamnama shabad
# (ਪ੍ਰਭ) in a favourites widget, refreshed by the real `timeline refresh` from
# Tests/Support/fixture_server.py serving that shabad (no network). Used by make.sh and
# make-xbars.sh.
#
# usage: examples/gallery/saved-line.sh BIN CACHE WIDGET
#   BIN     directory with the built timeline
#   CACHE   the cache directory to write into
#   WIDGET  the favourites widget's name
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
bin=$1 cache=$2 widget=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); json.dump(d["shabads"][0], open(sys.argv[2], "w"))' \
  "$repo/Tests/ProvidersTests/Fixtures/banidb/hukamnama-latest-2025-10-13.json" "$work/shabad.json"
printf '{"/v2/shabads/*": {"file": "%s"}}' "$work/shabad.json" > "$work/routes.json"
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>' \
  '<array><string>jwp qwp Bgiq sw pUrI jo pRB kY min BweI ]</string><integer>2565</integer></array>' \
  '</array></plist>' > "$work/saved.gkhoj"
mkfifo "$work/server-in"
python3 "$repo/Tests/Support/fixture_server.py" "$work/routes.json" < "$work/server-in" > "$work/server-out" &
server=$!
# The server runs until its stdin closes.
exec 9> "$work/server-in"
while ! grep -q PORT "$work/server-out" 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's/^PORT //p' "$work/server-out")
printf '[sources]\nbanidb = "http://127.0.0.1:%s/v2"\n\n[widgets.%s]\nkind = "favourites"\nimport = "saved.gkhoj"\ninterval = "10m"\n' \
  "$port" "$widget" > "$work/saved.toml"
TIMELINE_CONFIG="$work/saved.toml" TIMELINE_CACHE_DIR="$cache" "$bin/timeline" refresh --quiet "$widget"
exec 9>&-
wait "$server" 2>/dev/null || true
