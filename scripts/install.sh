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
prefix=${prefix%/}
[ -n "$prefix" ] || prefix=/

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

# Removes the files a manifest lists (absolute paths below the prefix), then the
# directories only timeline uses, when they are empty.
remove_listed() { # MANIFEST [KEEP-LIST]
  while read -r path; do
    case "$path" in "$prefix"/*) ;; *) continue ;; esac
    if [ -n "${2:-}" ] && grep -qxF "$path" "$2"; then continue; fi
    rm -f "$destdir$path"
  done < "$1"
  for dir in "$data/timeline/integrations" "$data/timeline/examples" "$data/timeline/samples" "$fontdir" "$docdir"; do
    [ -d "$destdir$dir" ] && find "$destdir$dir" -depth -type d -empty -exec rmdir {} \;
  done
  return 0
}

if [ "$uninstall" = yes ]; then
  if [ ! -f "$destdir$manifest" ]; then
    echo "install.sh: nothing to uninstall: $destdir$manifest does not exist" >&2
    exit 1
  fi
  remove_listed "$destdir$manifest"
  rm -f "$destdir$manifest"
  rmdir "$destdir$data/timeline" 2>/dev/null || true
  echo "removed timeline from $destdir$prefix"
  exit 0
fi

[ -x "$here/bin/timeline" ] && [ -x "$here/bin/timeline-emit" ] || {
  echo "install.sh: $here/bin has no timeline and timeline-emit: run it from the unpacked release" >&2
  exit 1
}

listing=$(mktemp)
trap 'rm -f "$listing"' EXIT
# put MODE FROM TO: install one file and note it for the manifest.
put() {
  install -D -m "$1" "$2" "$destdir$3"
  echo "$3" >> "$listing"
}
# put_text MODE FROM TO: the same, with the default prefix in paths replaced by this one,
# so that snippets, units and examples name the files where they really are.
put_text() {
  mkdir -p "$(dirname "$destdir$3")"
  sed -e "s|/usr/local/share/timeline/|$data/timeline/|g" -e "s|/usr/local/bin/timeline|$bindir/timeline|g" \
    -e "s|/usr/local/share/doc/timeline/|$docdir/|g" "$2" > "$destdir$3.tmp"
  chmod "$1" "$destdir$3.tmp"
  mv -f "$destdir$3.tmp" "$destdir$3"
  echo "$3" >> "$listing"
}
mode_of() { if [ -x "$1" ]; then echo 755; else echo 644; fi; }

put 755 "$here/bin/timeline" "$bindir/timeline"
put 755 "$here/bin/timeline-emit" "$bindir/timeline-emit"

for part in integrations examples; do
  (cd "$here/share/timeline/$part" && find . -type f | sort) | while read -r file; do
    file=${file#./}
    put_text "$(mode_of "$here/share/timeline/$part/$file")" "$here/share/timeline/$part/$file" "$data/timeline/$part/$file"
  done
done
(cd "$here/share/timeline/samples" && find . -type f | sort) | while read -r file; do
  put 644 "$here/share/timeline/samples/${file#./}" "$data/timeline/samples/${file#./}"
done
for unit in timeline-refresh.service timeline-refresh.timer; do
  put_text 644 "$here/share/timeline/integrations/systemd/$unit" "$unitdir/$unit"
done

put 644 "$here/share/completions/timeline" "$data/bash-completion/completions/timeline"
put 644 "$here/share/completions/_timeline" "$zshdir/_timeline"
put 644 "$here/share/completions/timeline.fish" "$data/fish/vendor_completions.d/timeline.fish"

for page in "$here"/share/man/man*/*; do
  section=$(basename "$(dirname "$page")")
  if [ "$package" = yes ]; then
    mkdir -p "$destdir$data/man/$section"
    gzip -9n < "$page" > "$destdir$data/man/$section/$(basename "$page").gz"
    chmod 644 "$destdir$data/man/$section/$(basename "$page").gz"
    echo "$data/man/$section/$(basename "$page").gz" >> "$listing"
  else
    put 644 "$page" "$data/man/$section/$(basename "$page")"
  fi
done

for font in "$here"/share/fonts/opentype/open-gurbani-akhar/*; do
  put 644 "$font" "$fontdir/$(basename "$font")"
done

# A package's copyright file holds every licence; elsewhere the licence texts go too.
(cd "$here/share/doc/timeline" && find . -type f | sort) | while read -r file; do
  file=${file#./}
  case "$package:$file" in yes:LICENSE | yes:OpenGurbaniAkhar/*) continue ;; esac
  put 644 "$here/share/doc/timeline/$file" "$docdir/$file"
done
if [ "$package" = no ]; then
  # A reinstall over an older release removes what the older one had and this one has not.
  [ -f "$destdir$manifest" ] && remove_listed "$destdir$manifest" "$listing"
  echo "$manifest" >> "$listing"
  sort -u "$listing" > "$destdir$manifest.tmp"
  mv -f "$destdir$manifest.tmp" "$destdir$manifest"
  chmod 644 "$destdir$manifest"
fi

echo "installed timeline and timeline-emit to $destdir$bindir"
[ "$package" = no ] && [ -z "$destdir" ] || exit 0

# Hints for what this prefix cannot do by itself.
case ":$PATH:" in *":$bindir:"*) ;; *) echo "note: $bindir is not on PATH; add it (e.g. in ~/.profile: PATH=\"$bindir:\$PATH\")" ;; esac
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
  echo "  systemctl --user link $unitdir/timeline-refresh.service $unitdir/timeline-refresh.timer"
fi
case "$zshdir" in
  /usr/local/share/zsh/site-functions | /usr/share/zsh/vendor-completions) ;;
  *) echo "note: for zsh completion, add to ~/.zshrc before compinit: fpath=($zshdir \$fpath)" ;;
esac
command -v fc-cache > /dev/null 2>&1 && fc-cache "$fontdir" > /dev/null 2>&1 || true
echo "next: timeline preview; systemctl --user daemon-reload; systemctl --user enable --now timeline-refresh.timer; timeline doctor"
