import Foundation

/// A khard address book in a temporary folder: khard's config names the folder, and
/// contacts are created from YAML templates with `khard new --input-file`.
public struct KhardBook {
  /// khard's config file, for `KHARD_CONFIG`.
  public let config: String
  /// The address book folder khard writes one .vcf per contact into.
  public let folder: String

  /// An empty address book and its khard config inside `dir`.
  public init(_ dir: TempDir) throws {
    folder = dir.file("khard-book")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    config = try dir.write(
      "khard.conf",
      """
      [addressbooks]
      [[book]]
      path = \(folder)

      [general]
      editor = /bin/false
      merge_editor = /bin/false

      """)
  }

  /// Creates one contact from a khard YAML template (`khard template`).
  public func add(_ yaml: String, version: String) throws {
    let template = folder + "/../template-\(UInt64.random(in: 0...UInt64.max)).yaml"
    try yaml.write(toFile: template, atomically: true, encoding: .utf8)
    let result = try run(
      "/usr/bin/khard", ["-c", config, "new", "-a", "book", "-i", template, "--vcard-version", version],
      environment: ["HOME": folder + "/..", "PATH": "/usr/bin:/bin"])
    guard result.status == 0 else { throw TestSupportError("khard new failed: \(result)") }
  }
}
