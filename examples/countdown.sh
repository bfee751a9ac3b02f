#!/bin/sh
# A `command` widget: counts the days to a date.
#
#   [widgets.new-year]
#   kind = "command"
#   command = ["/usr/local/share/timeline/examples/countdown.sh", "2027-01-01", "New Year"]
#
# Usage: countdown.sh DATE [LABEL]
#   DATE   anything GNU date -d understands: 2027-01-01, "2027-01-01 18:00",
#          2027-01-01T00:00:00Z (a date alone means local midnight)
#   LABEL  what is counted down to (default: the date)
#
# Prints a timeline in the command widget's JSON format (`man 5 timeline.toml`, COMMAND
# OUTPUT; in full: /usr/local/share/doc/timeline/command-provider.md): one entry now, then
# one at each local midnight for the next 14 days, each saying how many days are left; on
# the day itself "LABEL: today", which lasts one day. With "policy": "atEnd", `timeline
# refresh` runs this again when the last entry becomes current, so the bar counts down
# offline and this script runs once a fortnight. It needs GNU date (coreutils).
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: countdown.sh DATE [LABEL]" >&2
  exit 2
fi
if ! target=$(date -d "$1" +%s 2>/dev/null); then
  echo "countdown.sh: cannot read the date \"$1\"" >&2
  exit 2
fi
label=${2:-$(date -d "@$target" +%Y-%m-%d)}
now=$(date +%s)
today=$(date +%Y-%m-%d)

# JSON string contents: backslash and double quote escaped; control characters dropped.
json() { printf '%s' "$1" | tr -d '\000-\037' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }
label_json=$(json "$label")
when_json=$(json "$(date -d "@$target" '+%a %-d %b %Y, %H:%M %Z')")

entries=""
add() { # DATE TEXT COLOR
  entries="$entries${entries:+,}
    {\"date\": $1, \"text\": \"$2\", \"color\": \"$3\",
     \"tooltip\": [\"$label_json\", \"$when_json\"], \"alt\": \"countdown\", \"class\": [\"countdown\"]}"
}

end=""
i=0
while [ "$i" -le 14 ]; do
  if [ "$i" -eq 0 ]; then start=$now; else start=$(date -d "$today +$i day" +%s); fi
  if [ "$start" -ge "$target" ]; then
    # The day itself: from the target instant until a day later, then the placeholder.
    add "$target" "$label_json: today" "#50d890"
    end=$((target + 86400))
    break
  fi
  days=$(( (target - start + 86399) / 86400 ))
  if [ "$days" -eq 1 ]; then text="$label_json: tomorrow"; else text="$label_json in $days days"; fi
  if [ "$days" -le 3 ]; then color="#f88c2e"; else color="#88c0d0"; fi
  add "$start" "$text" "$color"
  i=$((i + 1))
done

printf '{"entries": [%s\n  ],\n  "policy": "atEnd"%s}\n' "$entries" "${end:+, \"end\": $end}"
