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

  /// What `query` picks among `names`: the one whose folded name equals it or, failing
  /// that, every one that contains it.
  public static func candidates(_ query: String, in names: [String]) -> [Int] {
    let wanted = fold(query)
    guard !wanted.isEmpty else { return [] }
    let folded = names.map(fold)
    let exact = folded.indices.filter { folded[$0] == wanted }
    if !exact.isEmpty { return exact }
    return folded.indices.filter { folded[$0].contains(wanted) }
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
