#!/usr/bin/env bash
# Rewrites the placeholders #{timeline_WIDGET} in the global status-left and status-right
# into #(BIN tmux WIDGET [--max-width N]). Run by timeline.tmux, inside tmux (run-shell or
# TPM), so `tmux` talks to the server that loaded the plugin.
#
# User options (set them before the plugin is loaded):
#   @timeline-bin        the emitter command (default: the installed timeline-emit, by its
#                        full path, so tmux's own PATH does not matter)
#   @timeline-max-width  cut each widget to N display columns, ending in … (default: none)
#   @timeline-args       extra emitter options, e.g. "--gurmukhi visual" (default: none)
set -u

option() {
  local value
  value="$(tmux show-option -gqv "$1" 2>/dev/null)"
  printf '%s' "${value:-$2}"
}

# The install writes its own prefix here; run from elsewhere, the PATH's timeline-emit.
installed=/usr/local/bin/timeline-emit
[ -x "$installed" ] || installed=timeline-emit
bin="$(option @timeline-bin '')"
[ -n "$bin" ] || bin="$(printf '%q' "$installed")"
max_width="$(option @timeline-max-width '')"
extra="$(option @timeline-args '')"

args=""
case "$max_width" in
  '' ) ;;
  *[!0-9]* ) tmux display-message "timeline: @timeline-max-width must be a number, got '$max_width'" ;;
  * ) args=" --max-width $max_width" ;;
esac
[ -n "$extra" ] && args="$args $extra"

# The status formats go through strftime, so every % in the command must be %%. In the
# sed replacement, & \ and the | delimiter are special.
command="$bin"
command="${command//%/%%}"
args="${args//%/%%}"
sed_escape() { printf '%s' "$1" | sed -e 's/[\\&|]/\\&/g'; }
replacement="#($(sed_escape "$command") tmux \\1$(sed_escape "$args"))"

for name in status-left status-right; do
  value="$(tmux show-option -gqv "$name")"
  case "$value" in
    *'#{timeline_'*) ;;
    *) continue ;;
  esac
  new="$(printf '%s' "$value" | sed -E "s|#\\{timeline_([a-z0-9][a-z0-9-]*)\\}|$replacement|g")"
  tmux set-option -gq "$name" "$new"
done
