import Emitters
import TimelineCore
import TimelineTestSupport

/// The line forms (`--line`, the widget's `line`, polybar's `--gurmukhi-font`) with hostile
/// text in the ASCII, transliteration and translation fields.
public enum LineForms {
  /// A transliteration with every bar's markup in it.
  public static let translit =
    "srī gurū granth <b>&amp;</b> %{A1:touch /tmp/x:}x%{A} #(touch /tmp/x) #[fg=red]## \"q\" \\ \u{2028}end%"
  /// A translation with every bar's markup in it.
  public static let transl = "The Guru's <i>word</i> & 100% {T2} %{T-} ##{pane_id} \u{7}bell \u{2029}done"
  /// The GurbaniAkhar ASCII form, with markup too.
  public static let ascii: [TextRun] = [
    TextRun("sRI gurU "), TextRun("gRMQ%", color: "#ff6f4d"),
    TextRun("{A1:x:} pRB ikRpw ] [ <b>&amp; @ | ~ %{F#f00} %%{T1} #[fg=red]## \"\\ \u{1}end%"),
  ]
  /// A shabad entry with every line form.
  public static let entry = Entry(
    date: 0,
    runs: [TextRun("ਸ੍ਰੀ ਗੁਰੂ "), TextRun("ਗ੍ਰੰਥ%", color: "#ff6f4d"), TextRun("{A1:x:} ਪ੍ਰਭ ਕ੍ਰਿਪਾ ]")],
    short: "ਸ੍ਰੀ ਗੁਰੂ …", tooltip: ["ਸ੍ਰੀ ਗੁਰੂ ਗ੍ਰੰਥ", translit, transl], alt: "shabad", classes: ["shabad"],
    ascii: ascii, transliteration: LineText(translit, short: "srī gurū <…>"),
    translation: LineText(transl, short: "The Guru's & …"))
  /// The ASCII form as a bar line.
  public static let asciiText = CleanText.barLine(ascii.plainText)

  /// `entry` as a random-shabad widget shows it.
  public static func input(line: LineForm? = nil, font: Int? = nil, stale: Bool = false, entry: Entry = entry)
    -> RenderInput
  {
    RenderInput(widget: "shabad", kind: "random-shabad", entry: entry, isStale: stale, line: line, polybarFont: font)
  }
}
