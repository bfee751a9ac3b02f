#!/usr/bin/env bash
# timeline tmux plugin (TPM entry point).
#
# With TPM:      set -g @plugin 'local/tmux-timeline' (this directory linked as
#                ~/.tmux/plugins/tmux-timeline), then run '~/.tmux/plugins/tpm/tpm'
# Without TPM:   run-shell /usr/local/share/timeline/integrations/tmux/timeline.tmux
#
# Replaces #{timeline_WIDGET} in status-left and status-right with
# #(timeline-emit tmux WIDGET), once, when loaded; with @timeline-browse set, binds the
# mouse wheel on the status line to `timeline browse`. See README.md.
CURRENT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$CURRENT_DIR/scripts/interpolate.sh"
"$CURRENT_DIR/scripts/browse-keys.sh"
