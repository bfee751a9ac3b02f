#!/bin/sh
# Regenerates the gallery: each widget of `timeline preview` (bundled sample data, no
# network) shown by the real waybar, polybar and tmux, captured headless with the
# bar-shot scripts (bar-shot-waybar: sway + grim; bar-shot-polybar: Xvfb + ImageMagick;
# bar-shot-tmux: an outer tmux attached to the inner one).
#
# usage: examples/gallery/make.sh
#   TOOLS    directory of the bar-shot-* scripts (default /work/shared/tools)
#   BIN      directory with the built timeline and timeline-emit (default .build/debug)
#   WIDGETS  which preview widgets (default: all of them)
# The bars need `bar-shot-* --install` once (apt: waybar sway grim polybar xvfb tmux fonts).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
TOOLS=${TOOLS:-/work/shared/tools}
BIN=${BIN:-$repo/.build/debug}
WIDGETS=${WIDGETS:-"random-shabad hukamnama favourites avalanche avalanche-se avalanche-5 countdown friends birthdays now"}
WIDTH=720

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# The same sample cache `timeline preview` prints from; the bars then run the real
# timeline-emit against it, exactly as they would against ~/.cache/timeline.
"$BIN/timeline" preview --keep "$work/cache" > "$here/preview.txt" 2>/dev/null
# A level-5 day: the samples have none, so avalanche-5 is the Norwegian sample with every
# day raised to level 5 as the provider writes it (Varsom's colour for 5: black, bold;
# relevance 100). The meta line's entryBytes (docs/cache-format.md) is set to the new
# length of the entry lines, or the reader would take the file for a damaged one.
python3 - "$work/cache/avalanche.json" "$work/cache/avalanche-5.json" <<'PY'
import json, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
head = lines[0].replace('"widget":"avalanche"', '"widget":"avalanche-5"', 1)
entries, rest = [], []
for line in lines[1:]:
    body, comma = (line[:-1], ",") if line.endswith(",") else (line, "")
    if rest or not body.startswith('{"date"'):
        rest.append(line)
        continue
    entry = json.loads(body)
    entry.update(level=5, alt="level-5", short="5", rel=100)
    entry["class"] = [c for c in entry.get("class", []) if not c.startswith("level-")] + ["level-5"]
    for run in entry["runs"]:
        if "c" in run:
            run.update(t=re.sub(r"\d$", "5", run["t"]), c="#000000", b=True)
    entries.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + comma)
size = sum(len(e.encode("utf-8")) + 1 for e in entries)
head = re.sub(r'"entryBytes":\d+', '"entryBytes":%d' % size, head, count=1)
open(sys.argv[2], "w", encoding="utf-8").write("\n".join([head] + entries + rest))
PY
mkdir "$work/empty"
export TIMELINE_CACHE_DIR="$work/cache"
PATH="$BIN:$PATH"
export PATH

# fontconfig with the system's fonts plus the project's own OpenGurbaniAkhar (fonts/).
fonts_conf="$work/fonts.conf"
printf '%s\n' '<?xml version="1.0"?>' \
  '<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>' \
  "<dir>$repo/fonts/OpenGurbaniAkhar</dir><cachedir>$work/fc-cache</cachedir></fontconfig>" > "$fonts_conf"

tmux_txt="$here/tmux.txt"
{
  echo "# tmux status-right as a terminal receives it (bar-shot-tmux, tmux $(tmux -V | cut -d' ' -f2))"
  echo "# one block per widget: the line as shown, then the style of each run"
} > "$tmux_txt"

for w in $WIDGETS; do
  echo "== $w"
  "$TOOLS/bar-shot-waybar" --continuous --name "timeline-$w" --width $WIDTH \
    --style "$repo/integrations/waybar/style.css" \
    "timeline-emit --follow waybar $w" "$work/waybar-$w" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
  cp "$work/waybar-$w.png" "$here/waybar-$w.png"

  # polybar does not shape: the Gurbani widgets print their ASCII form in the project's
  # OpenGurbaniAkhar font (font-1, %{T2}), as integrations/polybar/modules.ini sets it up;
  # so does the stack `now`, whose members include the Gurbani widgets. font-3 is the emoji
  # font modules.ini suggests, for the 🎂 and 💍 of birthdays.
  case $w in random-shabad|hukamnama|favourites|now) font_args="--gurmukhi-font 2" ;; *) font_args="" ;; esac
  FONTCONFIG_FILE="$fonts_conf" "$TOOLS/bar-shot-polybar" --tail --width $WIDTH \
    --font "DejaVu Sans:size=13;3" --font "OpenGurbaniAkhar:size=16;3" --font "Noto Sans Gurmukhi:size=13;3" \
    --font "Noto Color Emoji:scale=10;2" \
    "timeline-emit --follow $font_args polybar $w" "$work/polybar-$w" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
  cp "$work/polybar-$w.png" "$here/polybar-$w.png"

  "$TOOLS/bar-shot-tmux" --width 100 "timeline-emit tmux $w" "$work/tmux-$w" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
  {
    echo
    echo "## $w"
    sed 's/[[:space:]]*$//' "$work/tmux-$w.txt"
    sed 's/^/    /' "$work/tmux-$w.styles"
  } >> "$tmux_txt"
done

# tmux inside a user's own style: `#[fg=white,bg=blue]` around the widget; the text after
# each coloured word, and the user's text after the widget, stay white on blue. Then the
# dark status style integrations/tmux/README.md recommends, with the level-4 and level-5 days.
tmux_block() {  # TITLE OUT: append a capture's line and styles to tmux.txt
  { echo; echo "## $1"; sed 's/[[:space:]]*$//' "$2.txt"; sed 's/^/    /' "$2.styles"; } >> "$tmux_txt"
}
"$TOOLS/bar-shot-tmux" --width 100 \
  --set "status-format[0] '#[fg=white,bg=blue] #{T:status-right} more #[default]after'" \
  "timeline-emit tmux hukamnama" "$work/tmux-own" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
tmux_block "hukamnama inside the user's own style: status-format '#[fg=white,bg=blue] WIDGET more #[default]after'" "$work/tmux-own"
for w in avalanche-se avalanche-5; do
  "$TOOLS/bar-shot-tmux" --width 100 --status-style 'bg=#121212,fg=#d0d0d0' \
    "timeline-emit tmux $w" "$work/tmux-dark-$w" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
  tmux_block "$w with status-style 'bg=#121212,fg=#d0d0d0' (integrations/tmux/README.md)" "$work/tmux-dark-$w"
done

# Conjuncts in polybar: a saved line of the recorded Hukamnama shabad (ਪ੍ਰਭ) in a
# favourites widget refreshed from Tests/Support/fixture_server.py, drawn in OpenGurbaniAkhar.
"$here/saved-line.sh" "$BIN" "$work/saved-cache" saved
FONTCONFIG_FILE="$fonts_conf" TIMELINE_CACHE_DIR="$work/saved-cache" "$TOOLS/bar-shot-polybar" --width $WIDTH \
  --font "DejaVu Sans:size=13;3" --font "OpenGurbaniAkhar:size=16;3" \
  "timeline-emit --gurmukhi-font 2 polybar saved" "$work/conjuncts" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
cp "$work/conjuncts.png" "$here/polybar-conjuncts.png"

# The other line forms of the same cache: waybar with --line transliteration / translation.
for w in random-shabad hukamnama; do
  case " $WIDGETS " in *" $w "*) ;; *) continue ;; esac
  for form in transliteration translation; do
    "$TOOLS/bar-shot-waybar" --continuous --name "timeline-$w" --width $WIDTH \
      --style "$repo/integrations/waybar/style.css" \
      "timeline-emit --follow --line $form waybar $w" "$work/waybar-$w-$form" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
    cp "$work/waybar-$w-$form.png" "$here/waybar-$w-$form.png"
  done
done

# Tooltips: the whole output with GTK's tooltip up (a virtual pointer hovers the module);
# the stack's ends with which member it shows and why.
for w in random-shabad avalanche now; do
  case " $WIDGETS " in *" $w "*) ;; *) continue ;; esac
  "$TOOLS/bar-shot-waybar" --continuous --tooltip --name "timeline-$w" --width $WIDTH \
    --style "$repo/integrations/waybar/style.css" \
    "timeline-emit --follow waybar $w" "$work/tip-$w" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
  cp "$work/tip-$w.tooltip.png" "$here/waybar-$w-tooltip.png"
done
# The state classes of style.css: the avalanche widget two days on with no refresh in
# between (class stale: dimmed), and a widget with no cache at all (class placeholder).
later=$(date -u -d '+2 days' +%Y-%m-%dT%H:%M:%SZ)
"$TOOLS/bar-shot-waybar" --name timeline-avalanche --width $WIDTH --style "$repo/integrations/waybar/style.css" \
  "timeline-emit waybar avalanche --at $later" "$work/stale" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
cp "$work/stale.png" "$here/waybar-avalanche-stale.png"
# First run: no cache at all (an empty cache directory), hukamnama in every bar, and the
# waybar tooltip that says what to do.
"$TOOLS/bar-shot-waybar" --continuous --tooltip --name timeline-hukamnama --width $WIDTH \
  --style "$repo/integrations/waybar/style.css" \
  "TIMELINE_CACHE_DIR=$work/empty timeline-emit --follow waybar hukamnama" "$work/placeholder" > "$work/log" 2>&1 \
  || { cat "$work/log"; exit 1; }
cp "$work/placeholder.png" "$here/waybar-placeholder.png"
cp "$work/placeholder.tooltip.png" "$here/waybar-placeholder-tooltip.png"
"$TOOLS/bar-shot-polybar" --width $WIDTH "TIMELINE_CACHE_DIR=$work/empty timeline-emit polybar hukamnama" \
  "$work/polybar-placeholder" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
cp "$work/polybar-placeholder.png" "$here/polybar-placeholder.png"
"$TOOLS/bar-shot-tmux" --width 100 "TIMELINE_CACHE_DIR=$work/empty timeline-emit tmux hukamnama" "$work/tmux-placeholder" \
  > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
tmux_block "first run, no cache yet (hukamnama)" "$work/tmux-placeholder"
echo "gallery written to $here"
