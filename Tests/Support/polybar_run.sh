#!/bin/sh
# polybar_run.sh CONFIG BAR SECONDS LOG: runs a real polybar (log level trace) with CONFIG's
# [bar/BAR] for SECONDS on a private Xvfb display, writing polybar's log to LOG. The
# caller sets FONTCONFIG_FILE (the tests use the project's own fonts/). Stops only the
# processes it started, by PID. Exit: polybar's status under `timeout` (124 = it ran the
# whole time, which is what a test wants); 3 when Xvfb or polybar cannot start.
set -u
config=$1 bar=$2 seconds=$3 log=$4
command -v Xvfb >/dev/null || { echo "Xvfb not found (make deps installs xvfb)" >&2; exit 3; }
command -v polybar >/dev/null || { echo "polybar not found (make deps installs polybar)" >&2; exit 3; }
work=$(mktemp -d) || exit 3
# -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 1400x60x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
tries=0
while [ ! -s "$work/display" ] && [ $tries -lt 100 ] && kill -0 "$xvfb" 2>/dev/null; do
  sleep 0.1; tries=$((tries + 1))
done
display=$(tr -dc '0-9' <"$work/display")
if [ -z "$display" ]; then
  cat "$work/xvfb.log" >&2; kill "$xvfb" 2>/dev/null; rm -rf "$work"; echo "Xvfb did not start" >&2; exit 3
fi
DISPLAY=":$display" timeout "$seconds" polybar -l trace -c "$config" "$bar" >"$log" 2>&1
status=$?
kill "$xvfb" 2>/dev/null
wait "$xvfb" 2>/dev/null
rm -rf "$work"
exit $status
