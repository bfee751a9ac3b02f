#!/bin/sh
# Regenerates the gallery's pictures of Gurmukhi that is not a Gurbani line, in the bars that
# cannot shape it (polybar, lemonbar, conky): a contact's name after the birthday sign and a
# command's text with ੴ and ਸ੍ਰੀ, each from a `command` widget, shown by the real bar on a
# private Xvfb display (Tests/Support/xbar_run.sh). polybar draws the names in
# OpenGurbaniAkhar (`--gurmukhi-font 2`) and, below, transliterated without it; lemonbar
# transliterated; conky in OpenGurbaniAkhar. Tests/EmittersTests/GurmukhiRealTests checks
# the same entries.
#
# usage: examples/gallery/make-gurmukhi.sh   (BIN: the built binaries, default .build/debug)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
BIN=${BIN:-$repo/.build/debug}
run=$repo/Tests/Support/xbar_run.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

widget() { # NAME TEXT
  printf '#!/bin/sh\nprintf %%s\\\\n %s\n' "'{\"entries\": [{\"date\": 0, \"text\": \"$2\"}]}'" > "$work/$1.sh"
  chmod +x "$work/$1.sh"
  printf '[widgets.%s]\nkind = "command"\ncommand = ["%s"]\n' "$1" "$work/$1.sh" >> "$work/config.toml"
}
widget contact "🎂 ਹਰਪ੍ਰੀਤ ਕੌਰ · tomorrow"
widget words "ੴ ਸ੍ਰੀ ਵਾਹਿਗੁਰੂ ਜੀ ਕੀ ਫ਼ਤਹਿ · 5 min"
TIMELINE_CONFIG="$work/config.toml" TIMELINE_CACHE_DIR="$work/cache" "$BIN/timeline" refresh --quiet

printf '%s\n' '<?xml version="1.0"?>' \
  '<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>' \
  "<dir>$repo/fonts/OpenGurbaniAkhar</dir><cachedir>$work/fc-cache</cachedir></fontconfig>" > "$work/fonts.conf"
export FONTCONFIG_FILE="$work/fonts.conf" TIMELINE_CACHE_DIR="$work/cache" HOME="$work" LANG=C.UTF-8
PATH="$BIN:$PATH"
export PATH

shot() { # NAME GEOMETRY COMMAND
  sh "$run" --shot "$2" 3 "$work/$1" "$3" || { cat "$work/$1.log"; exit 1; }
  cp "$work/$1.png" "$here/$1.png"
  echo "$here/$1.png"
}

cat > "$work/polybar.ini" <<PB
[bar/main]
width = 100%
height = 30
background = #222222
foreground = #eeeeee
font-0 = DejaVu Sans:size=12;3
font-1 = OpenGurbaniAkhar:size=15;3
modules-left = contact words
module-margin = 2
[module/contact]
type = custom/script
exec = timeline-emit \$FONT polybar contact
interval = 60
[module/words]
type = custom/script
exec = timeline-emit \$FONT polybar words
interval = 60
PB
FONT="--gurmukhi-font 2" shot polybar-gurmukhi 760x30+0+0 "exec polybar -c $work/polybar.ini main"
FONT="" shot polybar-gurmukhi-latin 760x30+0+0 "exec polybar -c $work/polybar.ini main"

sed "s|/usr/local/bin/timeline|$BIN/timeline|g" "$repo/integrations/lemonbar/timeline-lemonbar" > "$work/lemonbar.sh"
shot lemonbar-gurmukhi 760x24+0+0 \
  "{ timeline-emit lemonbar contact; printf '   '; timeline-emit lemonbar words; } | tr -d '\n' | sed 's/\$/\n/' | lemonbar -p -g 760x24 -B '#222222' -F '#eeeeee' -f '-misc-fixed-medium-r-semicondensed--13-*-*-*-*-*-iso10646-1'"

cat > "$work/conky.conf" <<CK
conky.config = { out_to_x = true, own_window = true, own_window_type = 'normal', alignment = 'top_left',
  gap_x = 0, gap_y = 0, minimum_width = 760, minimum_height = 52, maximum_width = 760, use_xft = true,
  font = 'DejaVu Sans:size=12', default_color = '#eeeeee', own_window_colour = '#222222',
  double_buffer = true, update_interval = 1 }
conky.text = [[\${execpi 60 timeline-emit conky contact}
\${execpi 60 timeline-emit conky words}]]
CK
shot conky-gurmukhi 760x52+0+0 "exec conky -c $work/conky.conf"
