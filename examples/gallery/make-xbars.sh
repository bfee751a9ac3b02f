#!/bin/sh
# Regenerates the gallery's i3blocks, xmobar, lemonbar and conky pictures: each widget of
# `timeline preview` (bundled sample data, no network) and a saved line with the conjuncts
# ਪ੍ਰਭ and ਸ੍ਰੀ, shown by the real bar on a private Xvfb display (Tests/Support/xbar_run.sh;
# i3blocks under i3bar in a headless i3), set up as the snippets in integrations/ are.
#
# usage: examples/gallery/make-xbars.sh
#   BIN      directory with the built timeline and timeline-emit (default .build/debug)
#   WIDGETS  which preview widgets (default below)
# Needs what `make deps` installs (i3-wm i3blocks xmobar lemonbar conky-std xvfb xdotool
# imagemagick fonts-noto-core xfonts-base).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
BIN=${BIN:-$repo/.build/debug}
WIDGETS=${WIDGETS:-"random-shabad hukamnama avalanche avalanche-se conjuncts sri"}
run=$repo/Tests/Support/xbar_run.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
"$BIN/timeline" preview --keep "$work/cache" > /dev/null 2>&1

# The conjuncts: a saved line of the recorded Hukamnama shabad (ਪ੍ਰਭ) and the shabad's
# ਸ੍ਰੀ, in a favourites widget refreshed from Tests/Support/fixture_server.py.
"$here/saved-line.sh" "$BIN" "$work/cache" conjuncts

# ਸ੍ਰੀ is in no recorded verse: a command widget shows "ਸ੍ਰੀ ਗੁਰੂ ਗ੍ਰੰਥ ਸਾਹਿਬ · ਪ੍ਰਭ" in Unicode, for the
# bars that shape it (i3blocks through i3bar's Pango, xmobar 0.46 through Pango).
printf '#!/bin/sh\nprintf %s\n' "'{\"entries\": [{\"date\": 0, \"runs\": [{\"text\": \"ਸ੍ਰੀ ਗੁਰੂ ਗ੍ਰੰਥ ਸਾਹਿਬ · \"}, {\"text\": \"ਪ੍ਰਭ\", \"color\": \"#ff6f4d\"}]}]}'" \
  > "$work/sri.sh"
chmod +x "$work/sri.sh"
printf '[widgets.sri]\nkind = "command"\ncommand = ["%s"]\n' "$work/sri.sh" > "$work/sri.toml"
TIMELINE_CONFIG="$work/sri.toml" TIMELINE_CACHE_DIR="$work/cache" "$BIN/timeline" refresh --quiet sri

printf '%s\n' '<?xml version="1.0"?>' \
  '<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>' \
  "<dir>$repo/fonts/OpenGurbaniAkhar</dir><cachedir>$work/fc-cache</cachedir></fontconfig>" > "$work/fonts.conf"
export FONTCONFIG_FILE="$work/fonts.conf" TIMELINE_CACHE_DIR="$work/cache" DBUS_SESSION_BUS_ADDRESS=none
export XDG_RUNTIME_DIR="$work/run" HOME="$work"
mkdir -p "$XDG_RUNTIME_DIR"
PATH="$BIN:$PATH"
export PATH

shot() { # NAME GEOMETRY COMMAND
  sh "$run" --shot "$2" 3 "$work/$1" "$3" || { cat "$work/$1.log"; exit 1; }
  cp "$work/$1.png" "$here/$1.png"
  echo "$here/$1.png"
}

for w in $WIDGETS; do
  case $w in avalanche*|sri) gurbani=no ;; *) gurbani=yes ;; esac

  printf '[timeline]\ncommand=exec timeline-emit --follow i3blocks %s\ninterval=persist\nmarkup=pango\n' "$w" \
    > "$work/i3blocks.conf"
  printf '%s\n' '# i3 config file (v4)' "ipc-socket $work/run/i3.sock" 'font pango:DejaVu Sans 12' 'bar {' \
    "  status_command i3blocks -c $work/i3blocks.conf" '  position top' \
    '  font pango:DejaVu Sans, Noto Sans Gurmukhi 13' '  colors {' '    background #222222' '  }' '}' > "$work/i3.conf"
  shot "i3blocks-$w" 1400x24+0+0 "exec i3 -c $work/i3.conf"
  # i3bar puts the status on the right: keep the right half.
  convert "$here/i3blocks-$w.png" -gravity east -crop 760x24+0+0 +repage "$here/i3blocks-$w.png"

  font=""
  [ $gurbani = yes ] && font="--gurmukhi-font 1"
  cat > "$work/xmobarrc" <<XM
Config { font = "DejaVu Sans 12", additionalFonts = ["OpenGurbaniAkhar 15"]
       , bgColor = "#222222", fgColor = "#eeeeee", position = TopSize L 100 28
       , commands = [ Run CommandReader "timeline-emit --follow $font xmobar $w" "timeline" ]
       , sepChar = "%", alignSep = "}{", template = " %timeline%" }
XM
  shot "xmobar-$w" 760x28+0+0 "exec xmobar $work/xmobarrc"

  # The snippet as the installer writes it, naming the built binaries.
  sed "s|/usr/local/bin/timeline|$BIN/timeline|g" "$repo/integrations/lemonbar/timeline-lemonbar" > "$work/lemonbar.sh"
  [ "$w" = sri ] && continue  # lemonbar and conky cannot draw Unicode Gurmukhi
  shot "lemonbar-$w" 760x24+0+0 "exec sh $work/lemonbar.sh $w -g 760x24"

  cat > "$work/conky.conf" <<CK
conky.config = { out_to_x = true, own_window = true, own_window_type = 'normal', alignment = 'top_left',
  gap_x = 0, gap_y = 0, minimum_width = 760, minimum_height = 40, maximum_width = 760, use_xft = true,
  font = 'DejaVu Sans:size=12', default_color = '#eeeeee', own_window_colour = '#222222',
  double_buffer = true, update_interval = 1 }
conky.text = [[\${execpi 60 timeline-emit conky $w}]]
CK
  shot "conky-$w" 760x40+0+0 "exec conky -c $work/conky.conf"
done

# conky's large form of the Hukamnama: every verse as its ASCII GurbaniAkhar twin in
# OpenGurbaniAkhar (ਬਿਸ੍ਰਾਮ, ਕ੍ਰਿਪਾ, ਪ੍ਰਭ), its visraam words in their colours, then its translation.
cat > "$work/conky-large.conf" <<CK
conky.config = { out_to_x = true, own_window = true, own_window_type = 'normal', alignment = 'top_left',
  gap_x = 0, gap_y = 0, minimum_width = 900, maximum_width = 900, use_xft = true,
  font = 'DejaVu Sans:size=11', default_color = '#eeeeee', own_window_colour = '#222222',
  double_buffer = true, update_interval = 1 }
conky.text = [[\${execpi 60 timeline-emit --family large conky hukamnama}]]
CK
sh "$run" --screen 900x760 3 "$work/conky-large-hukamnama" "exec conky -c $work/conky-large.conf" \
  || { cat "$work/conky-large-hukamnama.log"; exit 1; }
convert "$work/conky-large-hukamnama.png" -trim -bordercolor '#222222' -border 8 +repage "$here/conky-large-hukamnama.png"
echo "$here/conky-large-hukamnama.png"
