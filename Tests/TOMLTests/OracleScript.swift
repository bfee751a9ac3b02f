/// The oracle for OracleTests: Python's own TOML 1.0 reader (tomllib, Python 3.11+),
/// written into the test's temporary directory and run there. For each document of the
/// corpus file given (records of "NAME LENGTH\n" and LENGTH bytes) it prints "NAME OK <typed json>" or "NAME ERR <message>", in the form
/// TypedDump.swift prints.
enum OracleScript {
  static let source = #"""
    # The oracle for OracleTests: Python's own TOML 1.0 reader (tomllib, Python 3.11+).
    # For each document of the corpus file given, prints "NAME OK <typed json>" or
    # "NAME ERR <message>", in the form TypedDump.swift prints.
    import datetime, json, math, struct, sys, tomllib


    def typed(v):
        if isinstance(v, bool):
            return {"type": "bool", "value": "true" if v else "false"}
        if isinstance(v, int):
            return {"type": "integer", "value": str(v)}
        if isinstance(v, float):
            return {"type": "float", "value": "nan" if math.isnan(v) else struct.pack(">d", v).hex()}
        if isinstance(v, str):
            return {"type": "string", "value": v}
        if isinstance(v, datetime.datetime):
            text = f"{v.year:04d}-{v.month:02d}-{v.day:02d}T{v.hour:02d}:{v.minute:02d}:{v.second:02d}.{v.microsecond:06d}"
            if v.tzinfo is None:
                return {"type": "datetime-local", "value": text}
            minutes = int(v.utcoffset().total_seconds() // 60)
            return {"type": "datetime", "value": f"{text}{minutes:+d}"}
        if isinstance(v, datetime.date):
            return {"type": "date-local", "value": f"{v.year:04d}-{v.month:02d}-{v.day:02d}"}
        if isinstance(v, datetime.time):
            return {"type": "time-local", "value": f"{v.hour:02d}:{v.minute:02d}:{v.second:02d}.{v.microsecond:06d}"}
        if isinstance(v, list):
            return [typed(x) for x in v]
        return {k: typed(x) for k, x in v.items()}


    with open(sys.argv[1], "rb") as f:
        corpus = f.read()
    at = 0
    while at < len(corpus):
        header_end = corpus.index(b"\n", at)
        name, length = corpus[at:header_end].decode().split(" ")
        data = corpus[header_end + 1 : header_end + 1 + int(length)]
        at = header_end + 1 + int(length)
        try:
            doc = tomllib.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            print(name, "ERR", str(error).replace("\n", " "))
            continue
        print(name, "OK", json.dumps(typed(doc), ensure_ascii=True, separators=(",", ":")))
    """#
}
