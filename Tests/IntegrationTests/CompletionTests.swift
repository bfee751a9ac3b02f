import Foundation
import Testing
import TimelineTestSupport

/// The completions `timeline --generate-completion-script` writes (and the install puts
/// where each shell finds them), run in the real shells: formats from the format
/// registry, widget names from the config in use, next|prev|now, no|se.
@Suite struct CompletionTests {
  static let config = """
    [widgets.alpha]
    kind = "command"
    command = ["/bin/true"]

    [widgets.beta]
    kind = "command"
    command = ["/bin/true"]
    """

  func script(_ shell: String, in dir: TempDir) throws -> String {
    let result = try run(Repo.timeline, ["--generate-completion-script", shell])
    #expect(result.status == 0)
    return try dir.write("completion." + shell, result.stdout)
  }

  func environment(_ dir: TempDir) throws -> [String: String] {
    // A config written by a test first (friends) is kept.
    let config =
      FileManager.default.fileExists(atPath: dir.file("config.toml"))
      ? dir.file("config.toml") : try dir.write("config.toml", Self.config)
    let bin = (Repo.timeline as NSString).deletingLastPathComponent
    return isolated(
      dir,
      [
        "TIMELINE_CONFIG": config, "PATH": bin + ":/usr/bin:/bin", "HOME": dir.path,
        "XDG_DATA_HOME": dir.file("data"), "TIMELINE_CACHE_DIR": dir.file("cache"),
      ])
  }

  /// What bash offers after `line` (which ends where the cursor is), through the
  /// completion function bash itself would call, in the test's directory.
  func bash(_ line: String, dir: TempDir) throws -> [String] {
    let bash = try #require(which("bash"))
    let harness = """
      cd "${1%/*}" && source "$1"
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
      _timeline timeline "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try run(
      bash, ["-c", harness, "harness", try script("bash", in: dir), line], environment: try environment(dir))
    #expect(result.status == 0, "\(result)")
    return result.stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test func bashCompletesWidgetsFormatsMovesAndCountries() throws {
    let dir = try TempDir()
    #expect(try bash("timeline browse ", dir: dir) == ["alpha", "beta"])
    #expect(try bash("timeline browse alpha ", dir: dir) == ["next", "now", "prev"])
    #expect(try bash("timeline show a", dir: dir) == ["alpha"])
    #expect(try bash("timeline open ", dir: dir) == ["alpha", "beta"])
    let formats = try bash("timeline emit ", dir: dir)
    for format in ["waybar", "polybar", "tmux", "i3bar", "plain"] { #expect(formats.contains(format), "\(formats)") }
    #expect(try bash("timeline emit waybar ", dir: dir) == ["alpha", "beta"])
    #expect(try bash("timeline regions --country ", dir: dir) == ["at", "ch", "de", "it", "no", "se", "si", "us"])
    #expect(try bash("timeline refresh --f", dir: dir) == ["--force"])
  }

  /// The values of `--line`, `--family` and `--gurmukhi`, from the lists the emitter
  /// parses, in bash, fish, zsh and timeline-emit's own bash completion.
  @Test func theEmitOptionsValuesAreOffered() throws {
    let dir = try TempDir()
    let lines = ["gurmukhi", "translation", "transliteration"]
    #expect(try bash("timeline emit --line ", dir: dir) == lines)
    #expect(try bash("timeline emit waybar alpha --family ", dir: dir) == ["large", "small"])
    #expect(try bash("timeline emit plain alpha --gurmukhi ", dir: dir) == ["logical", "visual"])
    #expect(try emitBash("timeline-emit --line ", dir: dir) == lines)
    #expect(try emitBash("timeline-emit plain alpha --family l", dir: dir) == ["large"])
    let fish = try #require(which("fish"), "fish is missing (make deps installs it)")
    let fished = try run(
      fish,
      [
        "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", try script("fish", in: dir),
        "timeline emit --family ",
      ],
      environment: try environment(dir))
    #expect(
      fished.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted() == [
        "large", "small",
      ])
    #expect(try zshListing("timeline-emit waybar alpha --line ", dir: dir) == lines)
  }

  /// `timeline friends log` and `snooze` complete a word that names one tracked friend
  /// alone: the first name, else another word of the name; a Gurmukhi name's
  /// transliteration; accents folded.
  @Test func friendNamesAreOffered() throws {
    let dir = try TempDir()
    let cards = dir.file("cards")
    try FileManager.default.createDirectory(atPath: cards, withIntermediateDirectories: true)
    for (uid, name) in [("a", "Alice Example"), ("b", "Alice Other"), ("c", "Åse Nordmann"), ("d", "ਹਰਪ੍ਰੀਤ ਕੌਰ")] {
      _ = try dir.write(
        "cards/\(uid).vcf",
        "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:\(name)\r\nCATEGORIES:friends\r\nEND:VCARD\r\n")
    }
    _ = try dir.write(
      "config.toml", "[widgets.friends]\nkind = \"friends\"\ncontacts = \"\(cards)\"\ncategories = [\"friends\"]\n")
    #expect(try bash("timeline friends log ", dir: dir) == ["ase", "example", "harapreet", "other"])
    #expect(try bash("timeline friends snooze h", dir: dir) == ["harapreet"])
    #expect(try bash("timeline friends log --shown ", dir: dir) == ["friends"])
    // fish asks for custom values through `commandline`, which only its interactive prompt
    // has; zsh is driven on a pseudo-terminal.
    let listed = try zshListing("timeline friends log ", dir: dir)
    #expect(listed == ["ase", "example", "harapreet", "other"], "\(listed)")
  }

  /// Writes a vCard of a friend (CATEGORIES friends) for each of `names` into `cards`, one
  /// file each, and a config with one friends widget over them.
  func friendsBook(_ names: [String], in dir: TempDir) throws {
    let cards = dir.file("cards")
    try FileManager.default.createDirectory(atPath: cards, withIntermediateDirectories: true)
    for (index, name) in names.enumerated() {
      _ = try dir.write(
        "cards/\(index).vcf",
        "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:u\(index)\r\nFN:\(name)\r\nCATEGORIES:friends\r\nEND:VCARD\r\n")
    }
    _ = try dir.write(
      "config.toml", "[widgets.friends]\nkind = \"friends\"\ncontacts = \"\(cards)\"\ncategories = [\"friends\"]\n")
  }

  /// Names from a hostile address book run nothing when a shell completes them, and offer
  /// no word a shell would expand or read as an option: bash's `compgen -W` expands the
  /// words it is given, so a `$(…)` or a backquote in a name ran as the completion was
  /// asked. Each friend is offered by a plain word of their name.
  @Test func hostileFriendNamesRunNothingInACompletion() throws {
    let dir = try TempDir()
    let names = [
      "$(:>pwn1) Zed", "`:>pwn2` Yod", "a;:>pwn3 Xan", "q'uote Wim", "-rf Vic", "* Uma", "--force Tor", "{a,b} Sam",
      "~root Ron", "$((1/0)) Quinn", "${HOME} Pat", "\"dq\" Olga",
    ]
    try friendsBook(names, in: dir)
    let offered = ["olga", "pat", "quinn", "ron", "sam", "tor", "uma", "vic", "wim", "xan", "yod", "zed"]
    #expect(try bash("timeline friends log ", dir: dir) == offered)
    #expect(try zshListing("timeline friends log ", dir: dir) == offered)
    for pwn in ["pwn1", "pwn2", "pwn3"] { #expect(!FileManager.default.fileExists(atPath: dir.file(pwn)), "\(pwn)") }
  }

  /// A book of ten thousand friends completes (each word is checked against an index of
  /// the others' spellings, not against every spelling once per word).
  @Test func aTenThousandFriendBookCompletes() throws {
    let dir = try TempDir()
    let first = ["anna", "bjorn", "carl", "dina", "erik"]
    var book = ""
    for index in 0..<10_000 {
      let number = String(100_000 + index).dropFirst()
      book +=
        "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:u\(index)\r\nFN:\(first[index % 5]) Person\(number)\r\n"
        + "NICKNAME:nick\(number)\r\nCATEGORIES:friends\r\nEND:VCARD\r\n"
    }
    try friendsBook([], in: dir)
    _ = try dir.write("cards/book.vcf", book)
    let offered = try bash("timeline friends log person0009", dir: dir)
    #expect(offered == (90...99).map { "person000\($0)" }, "\(offered)")
    let all = try bash("timeline friends log ", dir: dir)
    #expect(all.count == 10_000 && all.contains("person00000") && all.contains("person09999"), "\(all.prefix(5))")
  }

  /// What timeline-emit's bash completion offers after `line`, through its own file.
  func emitBash(_ line: String, dir: TempDir) throws -> [String] {
    let completions = dir.file("completions")
    if !FileManager.default.fileExists(atPath: completions) {
      try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: try script("bash", in: dir), toPath: completions + "/timeline")
      try FileManager.default.copyItem(
        atPath: Repo.file("completions/timeline-emit.bash"), toPath: completions + "/timeline-emit")
    }
    let harness = """
      source "$1"
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
      __timeline_emit_as_emit timeline-emit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try run(
      try #require(which("bash")), ["-c", harness, "harness", completions + "/timeline-emit", line],
      environment: try environment(dir))
    #expect(result.status == 0, "\(result)")
    return result.stdout.split(separator: "\n").map(String.init).sorted()
  }

  /// fish's `complete -C` runs the completions for a command line, as the prompt would.
  /// (Widget names come from `commandline`, which only an interactive prompt has.)
  @Test func fishCompletesFormatsMovesAndCountries() throws {
    let dir = try TempDir()
    let fish = try #require(which("fish"), "fish is missing (make deps installs it)")
    func complete(_ line: String) throws -> [String] {
      let result = try run(
        fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", try script("fish", in: dir), line],
        environment: try environment(dir))
      return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }
    #expect(try complete("timeline browse alpha ") == ["next", "now", "prev"])
    #expect(try complete("timeline regions --country ") == ["at", "ch", "de", "it", "no", "se", "si", "us"])
    let formats = try complete("timeline emit ")
    for format in ["waybar", "polybar", "tmux", "i3bar", "plain"] { #expect(formats.contains(format), "\(formats)") }
    #expect(try complete("timeline ").contains("browse"))
  }

  /// zsh loads the script as a completion function (compinit's autoload) without error.
  @Test func zshLoadsTheCompletionFunction() throws {
    let dir = try TempDir()
    let zsh = try #require(which("zsh"), "zsh is missing (make deps installs it)")
    let functions = dir.file("functions")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try script("zsh", in: dir), toPath: functions + "/_timeline")
    let result = try run(
      zsh,
      [
        "-f", "-c",
        "fpath=(\(functions) $fpath); autoload -Uz compinit; compinit -u -d \(dir.file("zcompdump")); "
          + "print -r -- ${_comps[timeline]}; autoload +X _timeline && whence -w _timeline",
      ], environment: try environment(dir))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "_timeline\n_timeline: function\n", "\(result)")
  }

  /// timeline-emit is completed as `timeline emit`: bash through its own file (which
  /// loads timeline's from beside it, as bash-completion would), fish by wrapping.
  @Test func timelineEmitCompletesLikeTimelineEmit() throws {
    let dir = try TempDir()
    let completions = dir.file("completions")
    try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try script("bash", in: dir), toPath: completions + "/timeline")
    try FileManager.default.copyItem(
      atPath: Repo.file("completions/timeline-emit.bash"), toPath: completions + "/timeline-emit")
    let bash = try #require(which("bash"))
    let harness = """
      source "$1"
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
      complete -p timeline-emit > /dev/null || exit 3
      __timeline_emit_as_emit timeline-emit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    func complete(_ line: String) throws -> [String] {
      let result = try run(
        bash, ["-c", harness, "harness", completions + "/timeline-emit", line], environment: try environment(dir))
      #expect(result.status == 0, "\(result)")
      return result.stdout.split(separator: "\n").map(String.init).sorted()
    }
    let formats = try complete("timeline-emit ")
    for format in ["waybar", "polybar", "tmux", "i3bar", "plain"] { #expect(formats.contains(format), "\(formats)") }
    #expect(try complete("timeline-emit waybar ") == ["alpha", "beta"])
    #expect(try complete("timeline-emit --follow i3bar a") == ["alpha"])
    #expect(try complete("timeline-emit waybar alpha --li") == ["--line"])

    let fish = try #require(which("fish"), "fish is missing (make deps installs it)")
    let fishResult = try run(
      fish,
      [
        "--no-config", "-c", "source $argv[1]; source $argv[2]; complete -C 'timeline-emit '",
        try script("fish", in: dir), Repo.file("completions/timeline-emit.fish"),
      ], environment: try environment(dir))
    let fishFormats = fishResult.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    #expect(fishFormats.contains("waybar") && fishFormats.contains("i3bar"), "\(fishResult)")

    // zsh: the function loads beside timeline's.
    let zsh = try #require(which("zsh"), "zsh is missing (make deps installs it)")
    let functions = dir.file("functions")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: try script("zsh", in: dir), toPath: functions + "/_timeline")
    try FileManager.default.copyItem(
      atPath: Repo.file("completions/_timeline-emit"), toPath: functions + "/_timeline-emit")
    let loaded = try run(
      zsh,
      [
        "-f", "-c",
        "fpath=(\(functions) $fpath); autoload -Uz compinit; compinit -u -d \(dir.file("zcompdump")); "
          + "print -r -- ${_comps[timeline-emit]}; autoload +X _timeline-emit && whence -w _timeline-emit",
      ], environment: try environment(dir))
    #expect(loaded.stdout == "_timeline-emit\n_timeline-emit: function\n", "\(loaded)")
  }

  /// Presses Tab in an interactive zsh on a pseudo-terminal (zsh's own zpty module), with
  /// compinit and the generated functions on fpath, and reads the candidates zsh lists.
  func zshListing(_ line: String, dir: TempDir) throws -> [String] {
    let zsh = try #require(which("zsh"), "zsh is missing (make deps installs it)")
    let functions = dir.file("functions")
    if !FileManager.default.fileExists(atPath: functions) {
      try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: try script("zsh", in: dir), toPath: functions + "/_timeline")
      try FileManager.default.copyItem(
        atPath: Repo.file("completions/_timeline-emit"), toPath: functions + "/_timeline-emit")
    }
    // The listing is read until zsh goes quiet; escapes and the typed words are dropped, and a
    // carriage return parts words (the prompt is redrawn after the listing's last one).
    let driver = """
      setopt extendedglob
      zmodload zsh/zpty
      zpty -b z "zsh -f -i"
      zpty -w z "PS1='READY> '; fpath=($1 \\$fpath); autoload -Uz compinit; compinit -u -d $2; \\
      zstyle ':completion:*' list-prompt ''; LISTMAX=1000; unsetopt beep; print -r -- SET''UP"
      zpty -r -m z out "*SETUP*" || exit 3
      zpty -w -n z "$3"$'\\t'
      sleep 2
      all=""
      while zpty -r -t z chunk; do all+=$chunk; done
      zpty -d z
      all=${all//$'\\e'\\[[0-9;?]#[A-Za-z]/}
      all=${all//$'\\r'/ }
      all=${all#*READY> *$'\\n'}
      words=(${=all}); typed=(${=3})
      print -rl -- ${(ou)words:|typed}
      """
    let result = try run(
      zsh, ["-f", "-c", driver, "driver", functions, dir.file("zcompdump"), line], environment: try environment(dir))
    #expect(result.status == 0, "\(result)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func zshListsFormatsWidgetsAndMovesOnTab() throws {
    let dir = try TempDir()
    let listed = try run(Repo.emit, ["--list-formats"])
    let formats = listed.stdout.split(separator: "\n").map(String.init).sorted()
    #expect(formats.contains("waybar") && formats.contains("tmux"), "\(listed)")
    #expect(try zshListing("timeline emit ", dir: dir) == formats)
    #expect(try zshListing("timeline-emit ", dir: dir) == formats)
    #expect(try zshListing("timeline-emit waybar ", dir: dir) == ["alpha", "beta"])
    #expect(try zshListing("timeline emit waybar ", dir: dir) == ["alpha", "beta"])
    #expect(try zshListing("timeline browse alpha ", dir: dir) == ["next", "now", "prev"])
  }
}
