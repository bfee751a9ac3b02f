#!/usr/bin/env bash
# timeline tmux plugin.
#
# Load it at the end of ~/.tmux.conf (with or without TPM, which cannot install or update
# it: it is not a git repository):
#   run-shell /usr/local/share/timeline/integrations/tmux/timeline.tmux
#
# Replaces #{timeline_WIDGET} in status-left and status-right with
# #(timeline-emit tmux WIDGET), once, when loaded; with @timeline-browse set, binds the
# mouse wheel on the status line to `timeline browse`. See README.md.
CURRENT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$CURRENT_DIR/scripts/interpolate.sh"
"$CURRENT_DIR/scripts/browse-keys.sh"
