#!/bin/sh
# A private desktop session for the notification tests: a session bus (dbus-daemon), a
# headless X server (Xvfb), dunst as the notification service and dbus-monitor writing
# every Notify call to DIR/monitor. `start DIR` prints the bus address and the display;
# `stop DIR` ends exactly the processes it started (their ids are in DIR/pids). Exit 77
# with the reason when a program is missing. Each runs in its own session (setsid): the
# test's runner ends the process group of what it ran.
set -eu
command=$1
dir=$2
case $command in
start)
  for program in dbus-daemon dbus-monitor dunst Xvfb gdbus; do
    command -v $program > /dev/null || { echo "$program is not installed (make deps)"; exit 77; }
  done
  dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$dir/bus"
  address=$(sed -n 1p "$dir/bus")
  sed -n 2p "$dir/bus" > "$dir/pids"
  setsid Xvfb -displayfd 3 -screen 0 640x240x24 -nolisten tcp 3> "$dir/display" > "$dir/xvfb.log" 2>&1 &
  echo $! >> "$dir/pids"
  tries=0
  until [ -s "$dir/display" ]; do
    tries=$((tries + 1)); [ $tries -lt 300 ] || { echo "Xvfb did not start"; exit 1; }; sleep 0.1
  done
  display=:$(tr -d '\n' < "$dir/display")
  mkdir -p "$dir/config"
  DISPLAY=$display DBUS_SESSION_BUS_ADDRESS=$address XDG_CONFIG_HOME=$dir/config setsid dunst > "$dir/dunst.log" 2>&1 &
  echo $! >> "$dir/pids"
  tries=0
  until DBUS_SESSION_BUS_ADDRESS=$address gdbus call --session --timeout 2 --dest org.freedesktop.Notifications \
    --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.Notifications.GetServerInformation > /dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -lt 100 ] || { echo "dunst did not answer: $(cat "$dir/dunst.log")"; exit 1; }
    sleep 0.1
  done
  DBUS_SESSION_BUS_ADDRESS=$address setsid dbus-monitor --session \
    "type='method_call',interface='org.freedesktop.Notifications',member='Notify'" > "$dir/monitor" 2>&1 &
  echo $! >> "$dir/pids"
  # dbus-monitor prints its own NameAcquired signal once it listens.
  tries=0
  until grep -q NameAcquired "$dir/monitor" 2> /dev/null; do
    tries=$((tries + 1)); [ $tries -lt 300 ] || { echo "dbus-monitor did not start"; exit 1; }; sleep 0.1
  done
  echo "$address"
  echo "$display"
  ;;
stop)
  [ -f "$dir/pids" ] && kill $(cat "$dir/pids") 2> /dev/null
  exit 0
  ;;
esac
