#!/usr/bin/env bash
# Binds the mouse wheel on the status line to `timeline browse` for one widget, so that
# scrolling over it looks ahead along its timeline (next shabad, tomorrow's level) and
# back. Run by timeline.tmux after the placeholders are rewritten. Needs `set -g mouse on`.
#
# User options (set them before the plugin is loaded):
#   @timeline-browse      the widget the wheel browses (default: none, no binding)
#   @timeline-browse-bin  the timeline command (default: the installed timeline, by its
#                         full path)
#
# tmux 3.3 has no per-segment mouse ranges, so the wheel is bound on the whole side of
# the status line (WheelDownStatusRight, or ...StatusLeft when the widget is in
# status-left), replacing tmux's default there. After the browse, refresh-client -S
# redraws the status line, which runs the widget's #() again.
set -u

option() {
  local value
  value="$(tmux show-option -gqv "$1" 2>/dev/null)"
  printf '%s' "${value:-$2}"
}

widget="$(option @timeline-browse '')"
[ -z "$widget" ] && exit 0
case "$widget" in
  -* | *[!a-z0-9-]*)
    tmux display-message "timeline: @timeline-browse must be a widget name ([a-z0-9-]), got '$widget'"
    exit 0 ;;
esac
installed=/usr/local/bin/timeline
[ -x "$installed" ] || installed=timeline
cli="$(option @timeline-browse-bin '')"
[ -n "$cli" ] || cli="$(printf '%q' "$installed")"

side=Right
case "$(tmux show-option -gqv status-left)" in
  *" tmux $widget)"* | *" tmux $widget "*) side=Left ;;
esac
tmux bind-key -n "WheelDownStatus$side" run-shell "$cli browse $widget next --quiet" '\;' refresh-client -S
tmux bind-key -n "WheelUpStatus$side" run-shell "$cli browse $widget prev --quiet" '\;' refresh-client -S
