#!/bin/sh
# timeline's one install routine: the release tarball's install.sh, what `make install`
# runs, and what lays out the Debian package (`make deb`). It installs the tree it sits
# in (bin/, share/; see scripts/stage) into a prefix. It needs no compiler and no Swift,
# and no root for a prefix in your home. Running it again gives the same result.
#
# Usage: install.sh [--prefix DIR] [--destdir DIR] [--package]
#        install.sh --uninstall [--prefix DIR] [--destdir DIR]
#   --prefix DIR   where to install (default: ~/.local)
#   --destdir DIR  write under DIR as if it were / (for packagers)
#   --package      a distribution package's layout: gzipped man pages, the licences only
#                  in share/doc/timeline/copyright, no list of installed files, no hints
#   --uninstall    remove what an earlier install into the same prefix put there
set -eu
PATH=${PATH:-/usr/bin:/bin}
export PATH

here=$(cd "$(dirname "$0")" && pwd)
prefix="" destdir="" package=no uninstall=no
usage() { sed -n '7,13s/^# \{0,1\}//p' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) [ $# -ge 2 ] || { usage >&2; exit 2; }; destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --package) package=yes; shift ;;
    --uninstall) uninstall=yes; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] || { echo "install.sh: HOME is not set; give --prefix DIR" >&2; exit 2; }
  prefix="$HOME/.local"
fi
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;; esac
# A newline or a control character would split the manifest's lines and every snippet's.
for value in "$prefix" "$destdir"; do
  case "$value" in *[[:cntrl:]]*) echo "install.sh: a path with a control character or newline cannot be installed to" >&2; exit 2 ;; esac
done
case "/$prefix/" in */../* | */./*) echo "install.sh: --prefix must not contain '.' or '..' components: '$prefix'" >&2; exit 2 ;; esac

# A path with the symlinks of its longest existing part resolved (`cd -P`), the rest as
# written. The prefix and every manifest entry are compared in this spelling, so that a
# prefix given through a symlink (/home -> /data/home) is the same prefix however it is
# spelled; files are still written, and snippets name them, as the prefix is spelled.
# Under --destdir paths are taken as written: they name a staging tree, and a symlink in
# it may point anywhere.
resolve() {
  if [ -n "$destdir" ]; then printf '%s\n' "$1"; return 0; fi
  r_dir=${1:-/} r_rest=""
  while [ "$r_dir" != / ] && [ ! -d "$r_dir" ]; do
    r_rest="/${r_dir##*/}$r_rest"
    r_dir=$(dirname "$r_dir")
  done
  r_real=$(cd -P -- "$r_dir" 2> /dev/null && pwd) || r_real=$r_dir
  [ "$r_real" != / ] || r_real=""
  printf '%s\n' "$r_real$r_rest"
}
prefix=${prefix%/}
[ -n "$prefix" ] || prefix=/
real_prefix=$(resolve "$prefix")
case "$real_prefix" in *[[:cntrl:]]*) echo "install.sh: the prefix resolves to a path with a control character or newline" >&2; exit 2 ;; esac

# A path as one shell word, for the hints.
shq() {
  case "$1" in
    '' | *[!A-Za-z0-9/._+,:@=-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
  esac
}

# Where each kind of file goes for this prefix. systemd's user manager reads units from
# /usr/lib/systemd/user (the distribution's place) and from <prefix>/share/systemd/user
# for /usr/local and ~/.local (`systemd-analyze --user unit-paths`); zsh reads Debian's
# vendor-completions and /usr/local/share/zsh/site-functions.
bindir="$prefix/bin"
data="$prefix/share"
if [ "$prefix" = /usr ]; then
  unitdir="$prefix/lib/systemd/user"
  zshdir="$data/zsh/vendor-completions"
else
  unitdir="$data/systemd/user"
  zshdir="$data/zsh/site-functions"
fi
fontdir="$data/fonts/opentype/open-gurbani-akhar"
docdir="$data/doc/timeline"
manifest="$data/timeline/installed-files"

# The manifest lists, one a line, each file the install wrote and each directory it
# created (those end in /). Only absolute entries with no . or .. in them, below the
# prefix once both are resolved (`canonical`), count: a hand-edited line can never make
# --uninstall touch anything else.
inside_prefix() {
  case "$1" in "$real_prefix"/*) ;; *) return 1 ;; esac
  case "$1/" in */../* | */./*) return 1 ;; esac
  return 0
}
# The prefix itself counts for a directory: an install into a new prefix created it.
own_dir() {
  [ "$1" = "$real_prefix" ] && return 0
  inside_prefix "$1"
}
# The same for a directory the install makes, spelled as the prefix is.
own_new_dir() {
  case "$1" in "$prefix" | "$prefix"/*) return 0 ;; *) return 1 ;; esac
}
# A manifest entry in the prefix's spelling: its directory resolved (a directory entry,
# ending in /, itself). Entries that are not absolute or have . or .. stay as written,
# and so are refused.
canonical() {
  case "$1" in /*) ;; *) printf '%s\n' "$1"; return 0 ;; esac
  case "$1/" in */../* | */./*) printf '%s\n' "$1"; return 0 ;; esac
  case "$1" in
    */) c_path=$(resolve "${1%/}") && printf '%s/\n' "${c_path%/}" ;;
    *) c_path=$(resolve "$(dirname "$1")") && printf '%s/%s\n' "${c_path%/}" "${1##*/}" ;;
  esac
}
# canonical_list FILE: each line of FILE through canonical.
canonical_list() {
  while IFS= read -r c_line; do
    if [ -n "$c_line" ]; then canonical "$c_line"; else printf '\n'; fi
  done < "$1"
}

# Removes the files a manifest lists, then the directories it lists when they are empty
# (deepest first); entries also in KEEP-LIST (in canonical spelling) stay. An entry
# outside the prefix that names something that exists is written to LEFT-LIST, if given.
remove_listed() { # MANIFEST [KEEP-LIST [LEFT-LIST]]
  while IFS= read -r line; do
    path=$(canonical "$line")
    case "$path" in
      */) own_dir "${path%/}" ;;
      *) inside_prefix "$path" ;;
    esac || {
      [ -z "$path" ] && continue
      echo "install.sh: ignoring '$line' in the manifest: not inside $prefix" >&2
      if [ -n "${3:-}" ] && { [ -e "$destdir${path%/}" ] || [ -L "$destdir${path%/}" ]; }; then
        printf '%s\n' "$line" >> "$3"
      fi
      continue
    }
    case "$path" in */) continue ;; esac
    if [ -n "${2:-}" ] && grep -qxF -- "$path" "$2"; then continue; fi
    rm -f -- "$destdir$path"
  done < "$1"
  grep -- '/$' "$1" | sort -r | while IFS= read -r dir; do
    dir=$(canonical "$dir")
    own_dir "${dir%/}" || continue
    if [ -n "${2:-}" ] && grep -qxF -- "$dir" "$2"; then continue; fi
    rmdir -- "$destdir${dir%/}" 2> /dev/null || true
  done
  # Manifests written before directories were listed: the directories only timeline uses.
  if ! grep -q -- '/$' "$1"; then
    for dir in "$data/timeline/integrations" "$data/timeline/examples" "$data/timeline/samples" "$fontdir" "$docdir"; do
      [ -d "$destdir$dir" ] && find "$destdir$dir" -depth -type d -empty -exec rmdir {} \;
    done
  fi
  return 0
}

# The links systemd keeps in the user's config for our units: the timer's enable link
# (`systemctl --user enable` writes it whether or not a user manager runs) and those of
# `systemctl --user link`. They point into this prefix's unit directory, so uninstalling
# would leave them dangling: a user manager that answers disables (and stops) the timer;
# any link that still points at our units is then removed. Only links to our own unit
# files are touched, and nothing under --destdir (a packager's tree).
unlink_units() {
  [ -z "$destdir" ] || return 0
  u_conf="${XDG_CONFIG_HOME:-${HOME:-/nonexistent}/.config}/systemd/user"
  u_real=$(resolve "$unitdir")
  if [ -L "$u_conf/timers.target.wants/timeline-refresh.timer" ] && command -v systemctl > /dev/null 2>&1 &&
    systemctl --user show-environment > /dev/null 2>&1; then
    systemctl --user disable --now timeline-refresh.timer > /dev/null 2>&1 || true
  fi
  # The enable link first: it may point at a `systemctl --user link` link, checked after.
  for u_link in "$u_conf/timers.target.wants/timeline-refresh.timer" "$u_conf/timeline-refresh.timer" \
    "$u_conf/timeline-refresh.service"; do
    if points_at_our_unit "$u_link" "$u_conf" "$u_real"; then
      rm -f -- "$u_link" && echo "removed the systemd link $u_link"
    fi
  done
  return 0
}
# points_at_our_unit LINK CONF REAL-UNITDIR: LINK is a symlink to one of our unit files,
# directly or through a `systemctl --user link` link in CONF.
points_at_our_unit() {
  [ -L "$1" ] || return 1
  p_target=$(readlink "$1")
  case "$p_target" in
    "$unitdir"/timeline-refresh.service | "$unitdir"/timeline-refresh.timer) return 0 ;;
    "$3"/timeline-refresh.service | "$3"/timeline-refresh.timer) return 0 ;;
    "$2"/timeline-refresh.timer) [ "$1" != "$p_target" ] && points_at_our_unit "$p_target" "$2" "$3" ;;
    *) return 1 ;;
  esac
}

if [ "$uninstall" = yes ]; then
  if [ ! -f "$destdir$manifest" ]; then
    echo "install.sh: nothing to uninstall: $destdir$manifest does not exist" >&2
    exit 1
  fi
  # While the units are still there, so that systemctl can disable the timer.
  unlink_units
  # The manifest lists itself and its directory: read a copy.
  listed=$(mktemp) left=$(mktemp)
  trap 'rm -f "$listed" "$left"' EXIT
  cp "$destdir$manifest" "$listed"
  rm -f -- "$destdir$manifest"
  remove_listed "$listed" "" "$left"
  if [ -s "$left" ]; then
    # Never drop the list of files that are still there: the manifest keeps those.
    mkdir -p -- "$destdir$data/timeline"
    cp "$left" "$destdir$manifest"
    echo "install.sh: $destdir$manifest lists $(wc -l < "$left" | tr -d ' ') entries that exist outside $prefix; nothing outside the prefix is removed, so the manifest now lists only them: check them, then delete the manifest by hand" >&2
    exit 1
  fi
  rmdir -- "$destdir$data/timeline" 2> /dev/null || true
  echo "removed timeline from $destdir$prefix"
  exit 0
fi

[ -x "$here/bin/timeline" ] && [ -x "$here/bin/timeline-emit" ] || {
  echo "install.sh: $here/bin has no timeline and timeline-emit: run it from the unpacked release" >&2
  exit 1
}

work=$(mktemp -d)
started=no
# shellcheck disable=SC2154 # status is set in the trap itself
trap 'status=$?; rm -rf "$work"; if [ "$status" != 0 ] && [ "$started" = yes ] && [ "$package" = no ]; then
  echo "install.sh: the install stopped half-way; \"$0 --uninstall --prefix $(shq "$prefix")\" removes what it wrote" >&2; fi' EXIT
plan="$work/plan" listing="$work/listing" old="$work/old" old_canonical="$work/old-canonical"
: > "$plan"
: > "$listing"
if [ -f "$destdir$manifest" ]; then cp "$destdir$manifest" "$old"; else : > "$old"; fi
canonical_list "$old" > "$old_canonical"

# First the plan (MODE KIND FROM TO, tab-separated), then one check of every target, then
# the writes: a user's own file at an install path stops the install before it writes
# anything. KIND says how paths inside a text file are written (substitute, below).
plan() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$plan"; }
mode_of() { if [ -x "$1" ]; then echo 755; else echo 644; fi; }
kind_of() {
  case "$1" in
    *.service | *.timer) echo systemd ;;
    */crontab) echo crontab ;;
    *.jsonc) echo json ;;
    *.toml) echo toml ;;
    # i3blocks runs each command= line with sh, i3bar and swaybar their status_command,
    # and the lemonbar launcher is a sh script.
    *.sh | *.tmux | *.ini | */i3blocks.conf | i3bar/config | */timeline-lemonbar) echo shell ;;
    */conky.conf) echo conky ;;
    */xmobarrc) echo xmobar ;;
    *) echo text ;;
  esac
}

plan 755 copy "$here/bin/timeline" "$bindir/timeline"
plan 755 copy "$here/bin/timeline-emit" "$bindir/timeline-emit"
for part in integrations examples; do
  for file in $(cd "$here/share/timeline/$part" && find . -type f | sort); do
    file=${file#./}
    plan "$(mode_of "$here/share/timeline/$part/$file")" "$(kind_of "$file")" "$here/share/timeline/$part/$file" "$data/timeline/$part/$file"
  done
done
for file in $(cd "$here/share/timeline/samples" && find . -type f | sort); do
  plan 644 copy "$here/share/timeline/samples/${file#./}" "$data/timeline/samples/${file#./}"
done
for unit in timeline-refresh.service timeline-refresh.timer; do
  plan 644 systemd "$here/share/timeline/integrations/systemd/$unit" "$unitdir/$unit"
done
plan 644 copy "$here/share/completions/timeline" "$data/bash-completion/completions/timeline"
plan 644 copy "$here/share/completions/_timeline" "$zshdir/_timeline"
plan 644 copy "$here/share/completions/timeline.fish" "$data/fish/vendor_completions.d/timeline.fish"
plan 644 copy "$here/share/completions/timeline-emit" "$data/bash-completion/completions/timeline-emit"
plan 644 copy "$here/share/completions/_timeline-emit" "$zshdir/_timeline-emit"
plan 644 copy "$here/share/completions/timeline-emit.fish" "$data/fish/vendor_completions.d/timeline-emit.fish"
for page in "$here"/share/man/man*/*; do
  section=$(basename "$(dirname "$page")")
  if [ "$package" = yes ]; then
    plan 644 gzip "$page" "$data/man/$section/$(basename "$page").gz"
  else
    plan 644 copy "$page" "$data/man/$section/$(basename "$page")"
  fi
done
for mo in "$here"/share/locale/*/LC_MESSAGES/timeline.mo; do
  [ -f "$mo" ] || continue
  lang=$(basename "$(dirname "$(dirname "$mo")")")
  plan 644 copy "$mo" "$data/locale/$lang/LC_MESSAGES/timeline.mo"
done
for font in "$here"/share/fonts/opentype/open-gurbani-akhar/*; do
  plan 644 copy "$font" "$fontdir/$(basename "$font")"
done
# A package's copyright file holds every licence; elsewhere the licence texts go too.
for file in $(cd "$here/share/doc/timeline" && find . -type f | sort); do
  file=${file#./}
  case "$package:$file" in yes:LICENSE | yes:OpenGurbaniAkhar/*) continue ;; esac
  plan 644 copy "$here/share/doc/timeline/$file" "$docdir/$file"
done

theirs=""
while IFS="$(printf '\t')" read -r mode kind from to; do
  if [ -e "$destdir$to" ] || [ -L "$destdir$to" ]; then
    grep -qxF -- "$(canonical "$to")" "$old_canonical" || theirs="$theirs
  $destdir$to"
  fi
done < "$plan"
for path in "$manifest" "$manifest.tmp"; do
  if { [ -e "$destdir$path" ] || [ -L "$destdir$path" ]; } && [ ! -s "$old" ]; then theirs="$theirs
  $destdir$path"; fi
done
if [ -n "$theirs" ]; then
  echo "install.sh: these files are in the way and were not installed by timeline; move them and run it again:$theirs" >&2
  exit 1
fi

started=yes
# The manifest grows as the install goes (the old entries stay until the end), so that an
# install that fails half-way can still be undone with --uninstall.
record() { [ "$package" = yes ] || printf '%s\n' "$1" >> "$destdir$manifest"; printf '%s\n' "$1" >> "$listing"; }
# make_dirs DIR: creates DIR and its missing parents, noting each one it creates.
make_dirs() {
  [ -d "$destdir$1" ] && return 0
  [ "$1" != / ] || { mkdir -p -- "$destdir/"; return 0; }
  make_dirs "$(dirname "$1")"
  mkdir -- "$destdir$1"
  if own_new_dir "$1"; then record "$1/"; fi
}
if [ "$package" = no ]; then
  if [ ! -d "$destdir$data/timeline" ]; then
    # The manifest's own directory is made before there is a manifest to note it in.
    created=$(
      dir="$data/timeline"
      while [ "$dir" != / ] && [ ! -d "$destdir$dir" ]; do
        if own_new_dir "$dir"; then printf '%s/\n' "$dir"; fi
        dir=$(dirname "$dir")
      done
    )
    mkdir -p -- "$destdir$data/timeline"
    printf '%s\n' "$created" > "$destdir$manifest"
    printf '%s\n' "$created" >> "$listing"
  fi
  [ -f "$destdir$manifest" ] || : > "$destdir$manifest"
  record "$manifest"
fi

# Paths in the shipped text name the default prefix; each becomes this prefix's, written
# for what reads it: a shell word in shell lines, systemd's quoting in a unit (% doubled),
# a crontab's (% escaped), JSON's and TOML's string escapes, conky's and xmobar's as
# printf octal escapes (see octal). Literal text
# replacement (awk index), so no character in a prefix is a pattern.
substitute() { # KIND FROM TO
  # Bytes, not characters: octal() writes each byte of a UTF-8 path.
  LC_ALL=C KIND=$1 BINDIR=$bindir DATADIR=$data/timeline/ DOCDIR=$docdir/ awk '
    function swap(s, from, to, out, i) {
      out = ""
      while ((i = index(s, from)) > 0) { out = out substr(s, 1, i - 1) to; s = substr(s, i + length(from)) }
      return out s
    }
    function plain(s) { return s ~ /^[A-Za-z0-9\/._+,:@=-]+$/ }
    function sh(s) { return plain(s) ? s : "'"'"'" swap(s, "'"'"'", "'"'"'\\'"'"''"'"'") "'"'"'" }
    # systemd runs no executable whose name has a quote or a backslash: such a path
    # becomes an argument of env, where $ must be doubled too.
    function unit(s, q) {
      q = "\"" swap(swap(s, "\\", "\\\\"), "\"", "\\\"") "\""
      if (index(s, "\"") || index(s, "\\") || index(s, sprintf("%c", 39))) return "/usr/bin/env " swap(swap(q, "%", "%%"), "$", "$$")
      return plain(s) ? s : swap(q, "%", "%%")
    }
    function str(s) { return swap(swap(s, "\\", "\\\\"), "\"", "\\\"") }
    # A sh word made of nothing but quotes, $, (, ), digits, letters and backslashes:
    # every byte outside the plain set written as printf'"'"'s \ooo. For conky, whose text
    # ends a command at }, a comment at # and a string at ]], and xmobar, whose actions
    # end at a backtick and whose template reads %…%, < and }{.
    function octal(s, out, i, c) {
      out = ""
      for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        out = out (c ~ /^[A-Za-z0-9\/._+,:@=-]$/ ? c : sprintf("\\%03o", ord[c]))
      }
      return "\"$(printf " q out q ")\""
    }
    function command(s) {
      if (kind == "systemd") return unit(s)
      if (kind == "crontab") return swap(sh(s), "%", "\\%")
      if (kind == "json") return str(sh(s))
      if (kind == "shell") return sh(s)
      # conky takes a command that starts with a double quote for a quoted string.
      if (kind == "conky") return plain(s) ? s : "exec " octal(s)
      # xmobar reads the command inside a Haskell string.
      if (kind == "xmobar") return plain(s) ? s : str(octal(s))
      return s
    }
    function data(s) { return (kind == "json" || kind == "toml") ? str(s) : s }
    BEGIN {
      kind = ENVIRON["KIND"]
      q = sprintf("%c", 39)
      for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i
      n = 0
      from[++n] = "/usr/local/share/doc/timeline/"; to[n] = data(ENVIRON["DOCDIR"])
      from[++n] = "/usr/local/share/timeline/"; to[n] = data(ENVIRON["DATADIR"])
      from[++n] = "/usr/local/bin/timeline-emit"; to[n] = command(ENVIRON["BINDIR"] "/timeline-emit")
      from[++n] = "/usr/local/bin/timeline"; to[n] = command(ENVIRON["BINDIR"] "/timeline")
    }
    {
      line = $0; out = ""
      while (1) {
        best = 0
        for (k = 1; k <= n; k++) { i = index(line, from[k]); if (i > 0 && (best == 0 || i < at)) { best = k; at = i } }
        if (best == 0) break
        out = out substr(line, 1, at - 1) to[best]
        line = substr(line, at + length(from[best]))
      }
      print out line
    }' "$2" > "$3"
}

while IFS="$(printf '\t')" read -r mode kind from to; do
  make_dirs "$(dirname "$to")"
  record "$to"
  case "$kind" in
    copy) cp -- "$from" "$destdir$to.tmp" ;;
    gzip) gzip -9n < "$from" > "$destdir$to.tmp" ;;
    *) substitute "$kind" "$from" "$destdir$to.tmp" ;;
  esac
  chmod "$mode" "$destdir$to.tmp"
  mv -f -- "$destdir$to.tmp" "$destdir$to"
done < "$plan"

if [ "$package" = no ]; then
  # A reinstall over an older release removes what the older one had and this one has not.
  canonical_list "$listing" > "$work/listing-canonical"
  [ -s "$old" ] && remove_listed "$old" "$work/listing-canonical"
  # Directories an earlier install created stay listed while they exist.
  grep -- '/$' "$old" | while IFS= read -r dir; do [ -d "$destdir${dir%/}" ] && printf '%s\n' "$dir"; done >> "$listing"
  sort -u "$listing" > "$destdir$manifest.tmp"
  chmod 644 "$destdir$manifest.tmp"
  mv -f -- "$destdir$manifest.tmp" "$destdir$manifest"
fi

echo "installed timeline and timeline-emit to $destdir$bindir"
[ "$package" = no ] && [ -z "$destdir" ] || exit 0

# Hints for what this prefix cannot do by itself.
case ":$PATH:" in *":$bindir:"*) ;; *) echo "note: $bindir is not on PATH; add it (e.g. in ~/.profile: PATH=$(shq "$bindir"):\"\$PATH\")" ;; esac
found=no
if command -v systemd-analyze > /dev/null 2>&1 && paths=$(systemd-analyze --user unit-paths 2> /dev/null); then
  echo "$paths" | grep -qxF "$unitdir" && found=yes
else
  for dir in "${XDG_DATA_HOME:-${HOME:-/nonexistent}/.local/share}/systemd/user" /usr/local/share/systemd/user \
    /usr/local/lib/systemd/user /usr/lib/systemd/user; do
    [ "$dir" = "$unitdir" ] && found=yes
  done
fi
if [ "$found" = no ]; then
  echo "note: systemd does not read units from $unitdir; link them once:"
  echo "  systemctl --user link $(shq "$unitdir/timeline-refresh.service") $(shq "$unitdir/timeline-refresh.timer")"
fi
case "$zshdir" in
  /usr/local/share/zsh/site-functions | /usr/share/zsh/vendor-completions) ;;
  *) echo "note: for zsh completion, add to ~/.zshrc before compinit: fpath=($(shq "$zshdir") \$fpath)" ;;
esac
command -v fc-cache > /dev/null 2>&1 && fc-cache "$fontdir" > /dev/null 2>&1 || true
echo "next: timeline preview; systemctl --user daemon-reload; systemctl --user enable --now timeline-refresh.timer; timeline doctor"
