#!/bin/sh
# xbar_run.sh [--click "X Y BUTTON"]… [--shot GEOMETRY] [--screen WxH] SETTLE OUT CMD: runs the shell
# command CMD (a real bar: polybar, i3 with i3bar, xmobar, lemonbar, conky) on a private
# Xvfb display, waits SETTLE seconds, clicks with xdotool where told (0.15 s apart), waits
# a second, saves a screenshot of GEOMETRY (ImageMagick's WxH+X+Y; the whole screen by
# default) to OUT.png (the screen is 1400x240 unless --screen says), then stops CMD's process group and Xvfb, the only processes it
# started. CMD's output goes to OUT.log. The caller sets FONTCONFIG_FILE (the tests use
# the project's own fonts/). Every real X bar of the tests and the gallery runs through
# this one script (Sources/TimelineTestSupport/HeadlessBar.swift, make-xbars.sh).
# Exit: 0 when CMD still ran when stopped; 1 when it had exited; 3 when Xvfb or a tool
# is missing or does not start.
set -u
shot="" clicks="" screen=1400x240
while [ $# -gt 3 ]; do
  case "$1" in
    --click) clicks="$clicks$2;"; shift 2 ;;
    --shot) shot=$2; shift 2 ;;
    --screen) screen=$2; shift 2 ;;
    *) break ;;
  esac
done
settle=$1 out=$2 cmd=$3
for tool in Xvfb xdotool import; do
  command -v $tool >/dev/null || { echo "$tool not found (make deps installs it)" >&2; exit 3; }
done
work=$(mktemp -d) || exit 3
Xvfb -displayfd 3 -screen 0 "${screen}x24" -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
tries=0
while [ ! -s "$work/display" ] && [ $tries -lt 100 ] && kill -0 "$xvfb" 2>/dev/null; do
  sleep 0.1; tries=$((tries + 1))
done
display=$(tr -dc '0-9' <"$work/display")
if [ -z "$display" ]; then
  cat "$work/xvfb.log" >&2; kill "$xvfb" 2>/dev/null; rm -rf "$work"; echo "Xvfb did not start" >&2; exit 3
fi
DISPLAY=":$display"
export DISPLAY
# Its own process group, so that the bar and what it started stop together.
setsid sh -c "$cmd" >"$out.log" 2>&1 &
bar=$!
sleep "$settle"
printf '%s' "$clicks" | tr ';' '\n' | while read -r x y button; do
  [ -n "$x" ] || continue
  xdotool mousemove "$x" "$y" click "$button"
  sleep 0.15
done
sleep 1
if [ -n "$shot" ]; then import -window root -crop "$shot" +repage "$out.png"; else import -window root "$out.png"; fi
status=0
kill -0 "$bar" 2>/dev/null || status=1
kill -- -"$bar" 2>/dev/null
sleep 0.2
kill -9 -- -"$bar" 2>/dev/null
kill "$xvfb" 2>/dev/null
wait "$xvfb" 2>/dev/null
rm -rf "$work"
exit $status
