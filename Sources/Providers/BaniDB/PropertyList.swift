/// Apple property lists, XML or binary (`bplist00`), as far as a Gurbani Khoj export uses
/// them: arrays, strings, numbers and booleans; dictionaries, dates and data are read over
/// and become `other`. The package's own reader: FoundationEssentials' decoder brought
/// 0.3 MB of code into `timeline` for this one import, and overflowed its stack on a
/// binary list whose array contains itself. Hostile input ends in `Invalid`, never in a
/// crash or a hang: nesting, sizes and references are checked, and a binary list's values
/// are counted (shared arrays could otherwise expand exponentially).
enum PropertyList {
  indirect enum Value: Equatable {
    case bool(Bool)
    case int(Int)
    case real(Double)
    case text(String)
    case array([Value])
    case other
  }

  struct Invalid: Error {}

  /// Deeper nesting than this is refused (a real export nests a few folders).
  static let maxDepth = 256

  static func parse(_ bytes: [UInt8]) throws(Invalid) -> Value {
    if bytes.starts(with: Array("bplist".utf8)) {
      var reader = try Binary(bytes)
      return try reader.top()
    }
    var reader = XML(bytes)
    return try reader.document()
  }

  /// The binary format: objects, an offset table and a 32-byte trailer at the end.
  struct Binary {
    let bytes: [UInt8]
    let offsetSize: Int
    let refSize: Int
    let objectCount: Int
    let topObject: Int
    let tableStart: Int
    private var visiting: [Bool]
    private var budget: Int

    init(_ bytes: [UInt8]) throws(Invalid) {
      guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw Invalid() }
      self.bytes = bytes
      let trailer = bytes.count - 32
      offsetSize = Int(bytes[trailer + 6])
      refSize = Int(bytes[trailer + 7])
      guard (1...8).contains(offsetSize), (1...8).contains(refSize),
        let count = Self.unsigned(bytes, at: trailer + 8, size: 8),
        let top = Self.unsigned(bytes, at: trailer + 16, size: 8),
        let table = Self.unsigned(bytes, at: trailer + 24, size: 8),
        count >= 1, top < count, table >= 8, table <= trailer, count <= (trailer - table) / offsetSize
      else { throw Invalid() }
      (objectCount, topObject, tableStart) = (count, top, table)
      visiting = Array(repeating: false, count: count)
      // Each value a reference leads to costs at least one byte of the file, unless the
      // references share it: twice the file's size is room enough for a real export.
      budget = 2 * bytes.count + 16
    }

    mutating func top() throws(Invalid) -> Value { try object(topObject, depth: 0) }

    /// The big-endian bytes [at, at + size), size at most 8.
    static func raw(_ bytes: [UInt8], at: Int, size: Int) -> UInt64? {
      guard at >= 0, size <= bytes.count - at else { return nil }
      var value: UInt64 = 0
      for index in at..<(at + size) { value = value << 8 | UInt64(bytes[index]) }
      return value
    }

    /// A big-endian unsigned number of `size` bytes at `at`, when it fits an Int.
    static func unsigned(_ bytes: [UInt8], at: Int, size: Int) -> Int? {
      raw(bytes, at: at, size: size).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil }
    }

    private mutating func object(_ ref: Int, depth: Int) throws(Invalid) -> Value {
      guard ref < objectCount, depth <= PropertyList.maxDepth, !visiting[ref] else { throw Invalid() }
      budget -= 1
      guard budget >= 0, let start = Self.unsigned(bytes, at: tableStart + ref * offsetSize, size: offsetSize),
        start >= 8, start < tableStart
      else { throw Invalid() }
      let marker = bytes[start]
      let low = Int(marker & 0x0F)
      switch marker >> 4 {
      case 0x0:
        return marker == 0x08 ? .bool(false) : marker == 0x09 ? .bool(true) : .other
      case 0x1:
        return try integer(at: start + 1, width: low)
      case 0x2:
        guard low == 2 || low == 3, start + 1 + (1 << low) <= tableStart,
          let bits = Self.raw(bytes, at: start + 1, size: 1 << low)
        else { throw Invalid() }
        return .real(low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
      case 0x5, 0x6:
        let (count, at) = try length(start, low)
        let unit = marker >> 4 == 0x5 ? 1 : 2
        guard count <= (tableStart - at) / unit else { throw Invalid() }
        let size = count * unit
        let slice = bytes[at..<(at + size)]
        if marker >> 4 == 0x5 { return .text(String(decoding: slice, as: UTF8.self)) }
        let units = stride(from: at, to: at + size, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return .text(String(decoding: units, as: UTF16.self))
      case 0xA:
        let (count, at) = try length(start, low)
        guard count <= (tableStart - at) / refSize else { throw Invalid() }
        visiting[ref] = true
        var items: [Value] = []
        items.reserveCapacity(count)
        for index in 0..<count {
          guard let child = Self.unsigned(bytes, at: at + index * refSize, size: refSize) else { throw Invalid() }
          items.append(try object(child, depth: depth + 1))
        }
        visiting[ref] = false
        return .array(items)
      case 0x3, 0x4, 0x8, 0xB, 0xC, 0xD:
        // A date, data, a UID, a set or a dictionary: nothing an export's list needs.
        return .other
      default:
        throw Invalid()
      }
    }

    /// An integer object's value: 1, 2 and 4 bytes unsigned, 8 signed, 16 when it fits.
    private func integer(at: Int, width: Int) throws(Invalid) -> Value {
      guard width <= 4, (1 << width) <= tableStart - at else { throw Invalid() }
      let size = 1 << width
      var high: UInt64 = 0
      var value: UInt64 = 0
      for index in 0..<size {
        if index < size - 8 { high = high << 8 | UInt64(bytes[at + index]) }
        value = value << 8 | UInt64(bytes[at + index])
      }
      if size < 8 { return .int(Int(value)) }
      let signed = Int64(bitPattern: value)
      if size == 8 || (high == 0 && signed >= 0) || (high == UInt64.max && signed < 0) { return .int(Int(signed)) }
      return .other
    }

    /// A string's or an array's count: in the marker, or (15) in the integer object after it.
    private func length(_ start: Int, _ low: Int) throws(Invalid) -> (count: Int, at: Int) {
      guard low == 0x0F else { return (low, start + 1) }
      guard start + 1 < tableStart, bytes[start + 1] >> 4 == 0x1 else { throw Invalid() }
      let width = Int(bytes[start + 1] & 0x0F)
      guard width <= 3, case .int(let count) = try integer(at: start + 2, width: width), count >= 0 else {
        throw Invalid()
      }
      return (count, start + 2 + (1 << width))
    }
  }
}
