/// Matching a typed name against contacts: case- and accent-insensitive, any part of the
/// name (`ase` finds "Åse Nordmann"). Folding needs no ICU: lower-casing is the standard
/// library's, and accents come off through the table below (Latin letters with
/// diacritics and their base letters, from Unicode's canonical decompositions) or, when
/// the text is already decomposed, by dropping the combining marks.
public enum NameMatch {
  /// The folded form of `text`: lower case, no accents, runs of spaces as one.
  public static func fold(_ text: String) -> String {
    var out = ""
    var space = false
    for scalar in text.unicodeScalars {
      if (0x300...0x36F).contains(scalar.value) { continue }
      if scalar.properties.isWhitespace {
        space = !out.isEmpty
        continue
      }
      if space {
        out.append(" ")
        space = false
      }
      if let base = bases[scalar] {
        out += base
      } else {
        out += scalar.properties.lowercaseMapping
      }
    }
    return out
  }

  /// What `query` picks among people known by several spellings each (`Contact.spellings`):
  /// every one with a folded spelling equal to it or, failing that, every one with a
  /// spelling that contains it, or failing that, every one with a `loose` spelling
  /// (`Contact.looseSpellings`, already in `loose` form) that contains the loose form of a
  /// query of three letters or more. Each person is picked at most once, in order.
  public static func candidates(_ query: String, among spellings: [[String]], loose: [[String]] = []) -> [Int] {
    let wanted = fold(query)
    guard !wanted.isEmpty else { return [] }
    let folded = spellings.map { $0.map(fold) }
    let exact = folded.indices.filter { folded[$0].contains(wanted) }
    if !exact.isEmpty { return exact }
    let part = folded.indices.filter { folded[$0].contains(where: { $0.contains(wanted) }) }
    let roughly = Self.loose(query)
    guard part.isEmpty, roughly.count >= 3 else { return part }
    return loose.indices.filter { loose[$0].contains(where: { $0.contains(roughly) }) }
  }

  /// The form a typed Latin name and a transliteration are compared in: folded, without
  /// the transliteration's marks (`(n)` of a tippi is `n`) and without the letter a, which
  /// a transliteration writes for every inherent vowel and a person typing often leaves
  /// out: ਹਰਪ੍ਰੀਤ is `harapreet`, typed `harpreet`; both are `hrpreet`.
  static func loose(_ text: String) -> String {
    fold(text).filter { $0 != "a" && $0 != "(" && $0 != ")" }
  }

  private static let bases: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [
      "ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "œ": "oe",
      "Œ": "oe", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i", "ħ": "h", "Ħ": "h",
    ]
    let scalars = Array(pairs.unicodeScalars.filter { $0 != "\n" })
    for index in stride(from: 0, to: scalars.count - 1, by: 2) {
      table[scalars[index]] = String(scalars[index + 1])
    }
    return table
  }()

  /// Pairs of a letter with a diacritic and its lower-case base letter.
  private static let pairs = """
    ÀaÁaÂaÃaÄaÅaÇcÈeÉeÊeËeÌiÍiÎiÏiÑnÒoÓoÔoÕoÖoÙuÚuÛuÜuÝyàaáaâaãaäaåaçcèeéeêeëeìiíiîiïiñnòoóoôo
    õoöoùuúuûuüuýyÿyĀaāaĂaăaĄaąaĆcćcĈcĉcĊcċcČcčcĎdďdĒeēeĔeĕeĖeėeĘeęeĚeěeĜgĝgĞgğgĠgġgĢgģgĤhĥhĨi
    ĩiĪiīiĬiĭiĮiįiİiĴjĵjĶkķkĹlĺlĻlļlĽlľlŃnńnŅnņnŇnňnŌoōoŎoŏoŐoőoŔrŕrŖrŗrŘrřrŚsśsŜsŝsŞsşsŠsšsŢt
    ţtŤtťtŨuũuŪuūuŬuŭuŮuůuŰuűuŲuųuŴwŵwŶyŷyŸyŹzźzŻzżzŽzžzƠoơoƯuưuǍaǎaǏiǐiǑoǒoǓuǔuǕuǖuǗuǘuǙuǚuǛu
    ǜuǞaǟaǠaǡaǦgǧgǨkǩkǪoǫoǬoǭoǰjǴgǵgǸnǹnǺaǻaȀaȁaȂaȃaȄeȅeȆeȇeȈiȉiȊiȋiȌoȍoȎoȏoȐrȑrȒrȓrȔuȕuȖuȗuȘs
    șsȚtțtȞhȟhȦaȧaȨeȩeȪoȫoȬoȭoȮoȯoȰoȱoȲyȳyḀaḁaḂbḃbḄbḅbḆbḇbḈcḉcḊdḋdḌdḍdḎdḏdḐdḑdḒdḓdḔeḕeḖeḗeḘeḙe
    ḚeḛeḜeḝeḞfḟfḠgḡgḢhḣhḤhḥhḦhḧhḨhḩhḪhḫhḬiḭiḮiḯiḰkḱkḲkḳkḴkḵkḶlḷlḸlḹlḺlḻlḼlḽlḾmḿmṀmṁmṂmṃmṄnṅnṆn
    ṇnṈnṉnṊnṋnṌoṍoṎoṏoṐoṑoṒoṓoṔpṕpṖpṗpṘrṙrṚrṛrṜrṝrṞrṟrṠsṡsṢsṣsṤsṥsṦsṧsṨsṩsṪtṫtṬtṭtṮtṯtṰtṱtṲuṳu
    ṴuṵuṶuṷuṸuṹuṺuṻuṼvṽvṾvṿvẀwẁwẂwẃwẄwẅwẆwẇwẈwẉwẊxẋxẌxẍxẎyẏyẐzẑzẒzẓzẔzẕzẖhẗtẘwẙyẠaạaẢaảaẤaấaẦa
    ầaẨaẩaẪaẫaẬaậaẮaắaẰaằaẲaẳaẴaẵaẶaặaẸeẹeẺeẻeẼeẽeẾeếeỀeềeỂeểeỄeễeỆeệeỈiỉiỊiịiỌoọoỎoỏoỐoốoỒoồo
    ỔoổoỖoỗoỘoộoỚoớoỜoờoỞoởoỠoỡoỢoợoỤuụuỦuủuỨuứuỪuừuỬuửuỮuữuỰuựuỲyỳyỴyỵyỶyỷyỸyỹy
    """
}
