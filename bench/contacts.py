#!/usr/bin/env python3
"""P7: a refresh of the friends and birthdays widgets on a folder of 10 000 vCards.

Writes 10 000 contacts (vCard 4.0, 3.0 and 2.1 quoted-printable, some with a photo) in
ten subfolders, as vdirsyncer keeps a synced address book, and times
`timeline refresh --force friends birthdays` (local: no network) as the median of five
runs. Standalone: `python3 bench/contacts.py [--timeline PATH]` prints the figure;
bench/measure.py calls `bench()` for the summary table (budget: under BUDGET_SECONDS).
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

CONTACTS = 10_000
BUDGET_SECONDS = 1.0
PHOTO = "PHOTO;ENCODING=b;TYPE=JPEG:" + "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo" * 60


def card(n):
    name = "Person%05d Example" % n
    bday = "%04d%02d%02d" % (1950 + n % 50, 1 + n % 12, 1 + n % 28)
    if n % 3 == 0:
        lines = ["VERSION:2.1", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Example;=C3=85se%05d;;;" % n,
                 "TEL;CELL:+4755%06d" % n, "BDAY:" + bday]
    elif n % 3 == 1:
        lines = ["VERSION:3.0", "FN:" + name, "N:Example;Person%05d;;;" % n, "EMAIL;TYPE=home:p%d@example.org" % n,
                 "BDAY:--%02d%02d" % (1 + n % 12, 1 + n % 28)]
    else:
        lines = ["VERSION:4.0", "UID:urn:uuid:%08d-0000-4000-8000-000000000000" % n, "FN:" + name,
                 "TEL;VALUE=uri;TYPE=cell:tel:+47-55-%06d" % n, "BDAY;VALUE=date:" + bday, "ANNIVERSARY:20100601"]
    if n % 5 == 0:
        lines.append("CATEGORIES:friends,work")
    if n % 10 == 0:
        # A folded photo, as phones export it: passed over by the reader.
        lines.append("\r\n ".join(PHOTO[i:i + 74] for i in range(0, len(PHOTO), 74)))
    return "BEGIN:VCARD\r\n" + "\r\n".join(lines) + "\r\nEND:VCARD\r\n"


def write_book(folder):
    for n in range(CONTACTS):
        sub = os.path.join(folder, "book%d" % (n % 10))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "%05d.vcf" % n), "w") as out:
            out.write(card(n))


def bench(timeline, workdir, log=print, runs=5):
    book = os.path.join(workdir, "contacts")
    write_book(book)
    config = os.path.join(workdir, "contacts.toml")
    with open(config, "w") as out:
        out.write('[widgets.friends]\nkind = "friends"\ncontacts = "%s"\nevery = "2w"\n\n'
                  '[widgets.birthdays]\nkind = "birthdays"\ncontacts = "%s"\n' % (book, book))
    env = dict(os.environ, TIMELINE_CONFIG=config, TIMELINE_CACHE_DIR=os.path.join(workdir, "contacts-cache"),
               XDG_DATA_HOME=os.path.join(workdir, "contacts-data"))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([timeline, "refresh", "--force", "friends", "birthdays"], env=env,
                              capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit("timeline refresh failed: " + done.stderr)
    seconds = statistics.median(times)
    log("P7 refresh of friends + birthdays on %d vCards: %.3f s (median of %d)" % (CONTACTS, seconds, runs))
    return {"seconds": seconds, "contacts": CONTACTS, "runs": runs}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--timeline", default=os.path.join(root, ".build", "release", "timeline"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        result = bench(args.timeline, workdir)
    verdict = "within budget" if result["seconds"] < BUDGET_SECONDS else "OVER BUDGET"
    print("%.3f s for %d contacts (budget < %.1f s): %s" % (result["seconds"], result["contacts"], BUDGET_SECONDS, verdict))


if __name__ == "__main__":
    main()
