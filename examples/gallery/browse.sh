#!/bin/sh
# Browsing in the real bars: waybar and polybar run `timeline-emit --follow` on the
# preview's avalanche widget (three days of warnings) with the scroll bindings of
# integrations/, a real wheel event is sent over the module, and the bar is captured
# showing tomorrow's warning. Writes waybar-browsing.png and polybar-browsing.png.
#
# usage: examples/gallery/browse.sh   (TOOLS and BIN as for make.sh, which runs it)
# Wheel events: in sway, `swaymsg seat - cursor press button5` (one scroll step; its
# release would be a second) with the bar-shot virtual
# pointer over the module; in Xvfb, XTest button 5 through libXtst (no extra package).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
TOOLS=${TOOLS:-/work/shared/tools}
BIN=${BIN:-$repo/.build/debug}
WIDTH=720

work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT INT TERM
"$BIN/timeline" preview --keep "$work/cache" > /dev/null 2>&1
"$BIN/timeline" config --default > "$work/config.toml"
mkdir -m 700 "$work/run"
export TIMELINE_CACHE_DIR="$work/cache" TIMELINE_CONFIG="$work/config.toml" XDG_RUNTIME_DIR="$work/run"
PATH="$BIN:$PATH"
export PATH

printf '%s\n' \
  'import ctypes, sys, time' \
  'x11, xt = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXtst.so.6")' \
  'x11.XOpenDisplay.restype = ctypes.c_void_p' \
  'd = ctypes.c_void_p(x11.XOpenDisplay(None))' \
  'xt.XTestFakeMotionEvent(d, -1, int(sys.argv[1]), int(sys.argv[2]), 0)' \
  'x11.XFlush(d); time.sleep(0.2)' \
  'xt.XTestFakeButtonEvent(d, 5, 1, 0); xt.XTestFakeButtonEvent(d, 5, 0, 0)' \
  'x11.XFlush(d)' > "$work/xscroll.py"

# Each bar's command starts the follower and, a few seconds later, scrolls over it.
printf '%s\n' '#!/bin/sh' \
  "( python3 '$TOOLS/bar-shot-wlpointer.py' 30 15 20 & sleep 4" \
  '  swaymsg seat - cursor press button5 ) >/dev/null 2>&1 &' \
  'exec timeline-emit --follow waybar avalanche' > "$work/waybar-cmd"
printf '%s\n' '#!/bin/sh' \
  "( sleep 3; python3 '$work/xscroll.py' 30 10 ) >/dev/null 2>&1 &" \
  'exec timeline-emit --follow polybar avalanche' > "$work/polybar-cmd"
chmod +x "$work/waybar-cmd" "$work/polybar-cmd"

"$TOOLS/bar-shot-waybar" --continuous --settle 8 --name timeline-avalanche --width $WIDTH \
  --style "$repo/integrations/waybar/style.css" \
  --set 'on-scroll-down=timeline browse avalanche next --quiet' --set 'on-scroll-up=timeline browse avalanche prev --quiet' \
  "$work/waybar-cmd" "$work/waybar" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q '"browsing"' "$work/waybar.raw" || { echo "waybar: no browsed line after the wheel event" >&2; exit 1; }
cp "$work/waybar.png" "$here/waybar-browsing.png"

"$TOOLS/bar-shot-polybar" --tail --settle 6 --width $WIDTH \
  --set 'scroll-down = timeline browse avalanche next --quiet' --set 'scroll-up = timeline browse avalanche prev --quiet' \
  "$work/polybar-cmd" "$work/polybar" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q '▸' "$work/polybar.raw" || { echo "polybar: no browsed line after the wheel event" >&2; exit 1; }
cp "$work/polybar.png" "$here/polybar-browsing.png"
echo "browsing shots written to $here"
