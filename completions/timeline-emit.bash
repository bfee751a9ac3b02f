# bash completion for timeline-emit: it takes what `timeline emit` takes (formats from the
# format registry, widget names from the config, the options), so it is completed as that
# by timeline's own completion, which the argument parser generates.
__timeline_emit_as_emit() {
  if ! declare -F _timeline > /dev/null; then
    # bash-completion loads one file per command: load timeline's too.
    local dir
    for dir in "${BASH_SOURCE[0]%/*}" /usr/share/bash-completion/completions; do
      if [[ -r "$dir/timeline" ]]; then
        . "$dir/timeline"
        break
      fi
    done
    declare -F _timeline > /dev/null || return 0
  fi
  local first=${COMP_WORDS[0]}
  local -a words=(timeline emit "${COMP_WORDS[@]:1}")
  COMP_WORDS=("${words[@]}")
  COMP_CWORD=$((COMP_CWORD + 1))
  COMP_LINE="timeline emit${COMP_LINE:${#first}}"
  COMP_POINT=$((COMP_POINT - ${#first} + 13))
  _timeline timeline "$2" "$3"
}
complete -o filenames -F __timeline_emit_as_emit timeline-emit
