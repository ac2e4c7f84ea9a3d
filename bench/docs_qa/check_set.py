"""Verify questions.json against the generated documents in docs/ (README.md beside this file).

Run with the generation venv (it needs pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv/bin/python bench/docs_qa/check_set.py

Text is extracted from each document independently of Hearth: pypdf per page for PDFs; for every
other format, the text under each heading up to the next heading of any level (the heading a
question names is always the nearest one above its answer). For each answerable question:
  - the first answer variant (the canonical one) occurs on the stated page / under the stated heading
    by answer_matches (the reference scoring rule: case-insensitive, whitespace, dashes and quotes
    normalised, not glued to a letter or digit on either side);
  - every other variant occurs there too, either that way or 'loosely' (number words as digits,
    thousands separators and all punctuation and spaces dropped), or is one of the hand-approved
    paraphrases in PARAPHRASES below (a correct wording that the document does not use verbatim).
For each never-question, NEVER_CHECKS holds the strings whose presence would hint at an answer
(asserted absent from the named documents) and the note of what was eyeballed and why it tempts.
"""

from __future__ import annotations

import collections
import json
import re
import sys
import unicodedata
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree as ET

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"

# Variants that are correct wordings but not in the document verbatim; reviewed by hand.
PARAPHRASES: dict[str, set[str]] = {
    "lease-07": {"five per cent", "5 per cent", "5 percent"},  # doc: "5%"
    "lease-11": {"three per cent", "3 per cent"},  # doc: "3% a year above the Bank of England base rate"
    "lease-08": {"1st March 2025"},
    "manual-06": {"turn off the engine", "switch the engine off", "turn the engine off"},
    "manual-08": {"45 liters"},
    "manual-12": {"24 months"},
    "trip-02": {"5:20"},  # 17:20 as a 12-hour time
    "trip-11": {"9pm", "9 pm", "9:00"},  # 21:00
    "trip-06": {"41/42", "41-42", "41 & 42"},
    "ins-02": {"4th April 2025"},
    "ins-04": {"45k"},
    "ins-11": {"60 days"},  # doc: "more than 60 consecutive days"
    "garden-01": {"mid-March", "15th March"},
    "garden-07": {"2.4 metres"},
    "tech-01": {"1.2-1.5", "1.2 to 1.5", "1.2 - 1.5"},
    "tech-04": {"low pressure", "low water pressure"},
    "tech-08": {"30th June 2025"},
    "gym-02": {"thirty days"},
    "gym-03": {"2nd December 2024"},
    "gym-04": {"8am", "8 am", "8:00"},
    "gym-06": {"3 pounds"},
    "gym-07": {"5 pounds"},
    "gym-10": {"two weeks"},
    "lease-06": {"25 pounds"},
    "family-03": {"GWR"},
    "family-04": {"6th April 1946"},
    "family-08": {"9th June 1984"},
    "family-09": {"2nd March"},
    "family-11": {"forty-one"},
}

ALL = "*"
# id -> (docs searched ("*" = every document), strings that must not occur there, eyeballed note)
NEVER_CHECKS: dict[str, tuple[str, list[str], str]] = {
    "never-01": ("tenancy_agreement.pdf", ["penalty", "break clause", "early termination", "terminate"],
                 "Lease has notice periods (clause 9) and late-rent interest but no break clause or penalty."),
    "never-02": ("tenancy_agreement.pdf", ["parking", "car park", "garage"],
                 "Lease mentions a bicycle store only; parking appears solely in the itinerary (Gatwick)."),
    "never-03": (ALL, ["@", "e-mail address", "email address"],
                 "Lease says notice may go 'by email where both parties have agreed' but gives no address."),
    "never-04": (ALL, ["timing belt", "timing chain", "cambelt", "timing"],
                 "Service schedule lists filters, plugs, brake fluid, coolant: nothing about timing."),
    "never-05": (ALL, ["top speed", "maximum speed", "max speed"],
                 "Specs page has dimensions and power; the only speed is 80 km/h after a tyre repair."),
    "never-06": (ALL, ["gearbox", "transmission", "gear oil"],
                 "Only engine oil capacity (4.2 l) is given; tempting near-miss."),
    "never-07": (ALL, ["car insurance", "motor insurance", "vehicle insurance"],
                 "Home insurance has renewal dates and the manual has the car; no car policy anywhere."),
    "never-08": ("portugal_itinerary.docx", ["window seat", "aisle seat", "seat selection", "seats 1", "seat 1"],
                 "seats are given for the train (coach 5, 41 and 42) and the fado show, not flights."),
    "never-09": ("portugal_itinerary.docx", ["wi-fi", "wifi", "password"],
                 "Only the home Wi-Fi password exists (boiler_and_router.txt); guesthouse gives a key code."),
    "never-10": ("portugal_itinerary.docx", ["€", "eur", "price", "cost", "paid"],
                 "Itinerary has no prices; cruise section says only that lunch is included."),
    "never-11": (ALL, ["no-claims", "no claims", "no claim", "discount"],
                 "Insurance summary lists premium and excesses only."),
    "never-12": (ALL, ["pool", "swim"],
                 "Gym page lists plans, hours, classes; no facilities list."),
    "never-13": ("gym_membership.html", ["other club", "any club", "all clubs", "every club", "multi-club"],
                 "'home club' is named and 'any Pulse & Iron club' appears only in the 25-mile "
                 "cancellation rule; nothing says whether other clubs can be used."),
    "never-14": ("garden_notes.md", ["plum 'victoria' on the allotment, planted", "plum planted"],
                 "the apple has 'planted November 2021'; the plum line has no planting date."),
    "never-15": (ALL, ["flow temperature", "flow temp", "radiator temperature"],
                 "Boiler notes give hot water 55 C and room thermostat 19.5/16 C, no radiator flow setting."),
    "never-16": ("family_history.epub", ["died", "death", "buried", "passed away"],
                 "Thomas's birth, marriage and moves are given, never his death."),
}

NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
NUMBER_WORDS |= {"thirty": "30", "forty-one": "41", "forty": "40", "fifty": "50", "sixty": "60"}


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).lower()
    s = re.sub(r"[\u2010-\u2015\u2212]", "-", s)
    s = re.sub(r"[\u2018\u2019\u201b]", "'", s)
    s = re.sub(r"[\u201c\u201d]", '"', s)
    return re.sub(r"\s+", " ", s).strip()


def loose(s: str) -> str:
    s = norm(s)
    s = "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))
    s = re.sub(r"(?<=\d),(?=\d{3})", "", s)
    s = re.sub(r"[a-z]+(?:-[a-z]+)?", lambda m: NUMBER_WORDS.get(m.group(0), m.group(0)), s)
    return re.sub(r"[^0-9a-z]", "", s)


def answer_matches(reply: str, answers: list[str]) -> bool:
    """The reference scoring rule: a reply is correct if it contains at least one answer variant,
    case-insensitively with whitespace normalised, not glued to a letter or digit on either side
    (so "5 seconds" does not match "15 seconds" and "£3" does not match "£35")."""
    r = norm(reply)
    return any(re.search(r"(?<![0-9a-z])" + re.escape(norm(a)) + r"(?![0-9a-z])", r) for a in answers)


# ----------------------------------------------------------------------------- extraction
# Each extractor returns (units, headings): units maps page number or heading text to its text
# (None = text before any heading or outside the main content); headings lists headings in order.

def extract_pdf(path: Path):
    import pypdf
    reader = pypdf.PdfReader(str(path))
    return {i: page.extract_text() or "" for i, page in enumerate(reader.pages, 1)}, []


def _sections(items):
    """items: sequence of ("h", text) or ("t", text) -> ({heading: text}, [headings])."""
    units: dict = collections.defaultdict(str)
    headings: list[str] = []
    current = None
    for kind, text in items:
        text = re.sub(r"\s+", " ", text).strip()
        if kind == "h":
            assert text not in headings, f"duplicate heading {text!r}"
            headings.append(text)
            current = text
            units[current] += ""
        elif text:
            units[current] += text + "\n"
    return dict(units), headings


def extract_docx(path: Path):
    import docx
    items = []
    for p in docx.Document(str(path)).paragraphs:
        style = p.style.name if p.style is not None else ""
        items.append(("h" if style.startswith("Heading") or style == "Title" else "t", p.text))
    return _sections(items)


def extract_odt(path: Path):
    ns = {"text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
          "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"}
    root = ET.fromstring(zipfile.ZipFile(path).read("content.xml"))
    body = root.find("office:body/office:text", ns)
    items = []
    for el in body.iter():
        tag = el.tag.split("}")[1]
        style = el.get(f"{{{ns['text']}}}style-name", "")
        if tag == "h" or (tag == "p" and style == "Title"):
            items.append(("h", "".join(el.itertext())))
        elif tag == "p":
            items.append(("t", "".join(el.itertext())))
    return _sections(items)


def extract_md(path: Path):
    items = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#{1,6}\s+(.*)", line)
        items.append(("h", m.group(1)) if m else ("t", line))
    return _sections(items)


def extract_txt(path: Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    items = []
    i = 0
    while i < len(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if lines[i].strip() and re.fullmatch(r"(=+|-+)", nxt.strip()) and len(nxt.strip()) >= 3:
            items.append(("h", lines[i]))
            i += 2
            continue
        items.append(("t", lines[i]))
        i += 1
    return _sections(items)


class _HTMLSections(HTMLParser):
    BOILERPLATE = {"nav", "header", "footer", "aside", "script", "style", "head"}

    def __init__(self, require_main: bool):
        super().__init__(convert_charrefs=True)
        self.require_main = require_main
        self.items: list[tuple[str, str]] = []
        self.skip = 0
        self.in_main = 0
        self.heading: list[str] | None = None
        self.buf: list[str] = []

    def _flush(self):
        if self.buf:
            text = " ".join(self.buf)
            ok = not self.skip and (self.in_main or not self.require_main)
            self.items.append(("t", text) if ok else ("x", text))
            self.buf = []

    def handle_starttag(self, tag, attrs):
        if tag in self.BOILERPLATE:
            self._flush()
            self.skip += 1
        elif tag == "main":
            self._flush()
            self.in_main += 1
        elif re.fullmatch(r"h[1-6]", tag) and not self.skip:
            self._flush()
            self.heading = []
        elif tag in {"p", "li", "div", "section", "br", "tr"}:
            self._flush()

    def handle_endtag(self, tag):
        if tag in self.BOILERPLATE:
            self._flush()
            self.skip -= 1
        elif tag == "main":
            self._flush()
            self.in_main -= 1
        elif re.fullmatch(r"h[1-6]", tag) and self.heading is not None:
            self.items.append(("h", "".join(self.heading)))
            self.heading = None
        elif tag in {"p", "li", "div", "section", "tr"}:
            self._flush()

    def handle_data(self, data):
        if self.heading is not None:
            self.heading.append(data)
        elif data.strip():
            self.buf.append(data.strip())


def _html_items(text: str, require_main: bool):
    p = _HTMLSections(require_main)
    p.feed(text)
    p.close()
    p._flush()
    return p.items


def extract_html(path: Path):
    items = _html_items(path.read_text(encoding="utf-8"), require_main=True)
    units, headings = _sections([i for i in items if i[0] != "x"])
    units[None] = units.get(None, "") + "\n".join(t for k, t in items if k == "x")  # boilerplate
    return units, headings


def extract_epub(path: Path):
    z = zipfile.ZipFile(path)
    names = z.namelist()
    assert names[0] == "mimetype" and z.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
    assert z.read("mimetype") == b"application/epub+zip"
    container = ET.fromstring(z.read("META-INF/container.xml"))
    opf_path = container.find(".//{urn:oasis:names:tc:opendocument:xmlns:container}rootfile").get("full-path")
    opf = ET.fromstring(z.read(opf_path))
    ns = {"opf": "http://www.idpf.org/2007/opf"}
    hrefs = {it.get("id"): it.get("href") for it in opf.findall("opf:manifest/opf:item", ns)}
    base = opf_path.rsplit("/", 1)[0] + "/" if "/" in opf_path else ""
    items = []
    for ref in opf.findall("opf:spine/opf:itemref", ns):
        items += _html_items(z.read(base + hrefs[ref.get("idref")]).decode("utf-8"), require_main=False)
    return _sections([i for i in items if i[0] != "x"])


EXTRACTORS = {".pdf": extract_pdf, ".docx": extract_docx, ".odt": extract_odt, ".md": extract_md,
              ".txt": extract_txt, ".html": extract_html, ".epub": extract_epub}


# ----------------------------------------------------------------------------- checks

def main() -> int:
    # the scoring rule keeps the near-miss distractors apart
    assert answer_matches("You have to give two months' notice.", ["two months", "2 months"])
    assert not answer_matches("Hold it for 15 seconds.", ["5 seconds"])
    assert not answer_matches("Personal training is £35.", ["£3"])
    assert answer_matches("It takes 0W-20 oil.", ["0W-20"])
    questions = json.loads((HERE / "questions.json").read_text(encoding="utf-8"))
    extracted = {p.name: EXTRACTORS[p.suffix](p) for p in sorted(DOCS.iterdir())}
    all_text = {name: norm("\n".join(units.values())) for name, (units, _) in extracted.items()}
    failures: list[str] = []
    elsewhere: dict[str, list] = {}  # canonical answer also occurs in these other units (informative)
    passed = 0

    def fail(qid, msg):
        failures.append(f"{qid}: {msg}")

    ids = [q["id"] for q in questions]
    if len(ids) != len(set(ids)):
        failures.append("duplicate ids")
    for q in questions:
        qid = q["id"]
        n_fail = len(failures)
        if q.get("split") not in ("dev", "test"):
            fail(qid, f"bad split {q.get('split')!r}")
        if q.get("never"):
            if q["doc"] is not None or q["answers"]:
                fail(qid, "never-question must have doc null and no answers")
            if qid not in NEVER_CHECKS:
                fail(qid, "no NEVER_CHECKS entry (probes + eyeballed note)")
            else:
                where, probes, _note = NEVER_CHECKS[qid]
                docs = list(all_text) if where == ALL else [where]
                for d in docs:
                    for probe in probes:
                        if norm(probe) in all_text[d]:
                            fail(qid, f"probe {probe!r} occurs in {d}")
            passed += len(failures) == n_fail
            continue
        doc = q["doc"]
        if doc not in extracted:
            fail(qid, f"unknown doc {doc!r}")
            continue
        units, headings = extracted[doc]
        if doc.endswith(".pdf"):
            if not isinstance(q["page"], int) or q["heading"] is not None:
                fail(qid, "PDF questions need an int page and heading null")
                continue
            key = q["page"]
        else:
            if q["page"] is not None or not q["heading"]:
                fail(qid, "non-PDF questions need a heading and page null")
                continue
            key = q["heading"]
        if key not in units:
            fail(qid, f"{doc} has no unit {key!r} (headings: {headings})")
            continue
        if not q["answers"]:
            fail(qid, "no answers")
            continue
        text = units[key]
        canonical, *variants = q["answers"]
        also = [k for k, t in units.items() if k != key and k is not None and answer_matches(t, [canonical])]
        if also:
            elsewhere[qid] = also
        if not answer_matches(text, [canonical]):
            fail(qid, f"canonical answer {canonical!r} not in {doc} [{key}] (as a whole word/number)")
        for v in variants:
            if norm(v) in norm(text) or loose(v) in loose(text) or v in PARAPHRASES.get(qid, ()):
                continue
            fail(qid, f"variant {v!r} neither in {doc} [{key}] nor an approved paraphrase")
        passed += len(failures) == n_fail

    # unused paraphrase approvals are stale
    for qid, vs in PARAPHRASES.items():
        q = next((q for q in questions if q["id"] == qid), None)
        if q is None or not vs <= set(q["answers"]):
            failures.append(f"PARAPHRASES[{qid}] names variants not in the question")
    for qid in NEVER_CHECKS:
        if qid not in ids:
            failures.append(f"NEVER_CHECKS has unknown id {qid}")

    # shape of the set
    answerable = [q for q in questions if not q.get("never")]
    never = [q for q in questions if q.get("never")]
    numeric = [q for q in answerable if any(re.search(r"\d", a) for a in q["answers"])]
    by_doc = collections.Counter((q["doc"], q["split"]) for q in answerable)
    by_split = collections.Counter(q["split"] for q in questions)
    if len(answerable) < 70:
        failures.append(f"only {len(answerable)} answerable questions (want >= 70)")
    if len(never) < 12:
        failures.append(f"only {len(never)} never-questions (want >= 12)")
    if 3 * len(numeric) < len(answerable):
        failures.append(f"only {len(numeric)}/{len(answerable)} questions need a number (want >= 1/3)")
    for doc in extracted:
        if abs(by_doc[(doc, "dev")] - by_doc[(doc, "test")]) > 1:
            failures.append(f"{doc}: dev/test unbalanced")
    if abs(by_split["dev"] - by_split["test"]) > 2:
        failures.append(f"dev/test unbalanced overall: {dict(by_split)}")

    print(f"{'document':30} {'units':>5} {'dev':>4} {'test':>4}")
    for doc, (units, headings) in extracted.items():
        n_units = len([k for k in units if k is not None])
        print(f"{doc:30} {n_units:>5} {by_doc[(doc, 'dev')]:>4} {by_doc[(doc, 'test')]:>4}")
    nev = collections.Counter(q["split"] for q in never)
    print(f"{'never (doc null)':30} {'':>5} {nev['dev']:>4} {nev['test']:>4}")
    print(f"answerable {len(answerable)}, never {len(never)}, needing a number {len(numeric)}; "
          f"splits {dict(by_split)}")
    if "-v" in sys.argv:
        for qid, (where, _, note) in NEVER_CHECKS.items():
            q = next(q for q in questions if q["id"] == qid)
            print(f"  {qid} [{where}] {q['q']}\n      eyeballed: {note}")
    print(f"{len(elsewhere)} questions' canonical answer also occurs elsewhere in the same document"
          + (":" if "-v" in sys.argv else " (-v lists them)"))
    if "-v" in sys.argv:
        for qid, also in elsewhere.items():
            print(f"  {qid}: also in {also}")
    for f in failures:
        print("FAIL", f)
    print(f"{passed} passed, {len(questions) - passed} failed")
    return 1 if failures else 0


# ----------------------------------------------------------------------------- another household's set

def check_household(folder: Path, paraphrases: dict[str, set[str]], never_checks: dict[str, tuple[str, list[str]]],
                    *, label: str, min_answerable: int, min_never: int, verbose: bool = False) -> int:
    """Check a later set (``set_e/``, ``set_f/``: all test, two-field NEVER_CHECKS whose place is a
    document, ``ALL`` or "document#heading") the way main() checks set A; print the report, return
    the exit code. Checks:
      - every canonical answer (first variant) is on the stated page / under the stated heading;
      - every other variant is there too (literally or loosely), or is listed in the set's PARAPHRASES;
      - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
        documents (boilerplate included), and a note in questions.json;
      - the shape: >= 100 answerable, >= 20 never, >= 1/3 needing a number, every split "test",
        unique ids, null fields as the schema says.
    """
    questions = json.loads((folder / "questions.json").read_text(encoding="utf-8"))
    extracted = {p.name: EXTRACTORS[p.suffix](p) for p in sorted((folder / "docs").iterdir())}
    failures: list[str] = []
    elsewhere: dict[str, list] = {}
    ids = [q["id"] for q in questions]
    if len(ids) != len(set(ids)):
        failures.append("duplicate ids")
    passed = 0
    for q in questions:
        before = len(failures)
        if q.get("split") != "test":
            failures.append(f"{q['id']}: split {q.get('split')!r}, set {label} is all test")
        if q.get("never"):
            failures += _never_failures(q, never_checks, extracted)
        else:
            failures += _answer_failures(q, extracted, paraphrases, elsewhere)
        passed += len(failures) == before
    failures += _household_shape(questions, extracted, paraphrases, never_checks, min_answerable, min_never)
    _household_report(questions, extracted, never_checks, elsewhere, verbose)
    for f in failures:
        print("FAIL", f)
    print(f"{passed} passed, {len(questions) - passed} failed")
    return 1 if failures else 0


def _never_failures(q: dict, never_checks: dict[str, tuple[str, list[str]]], extracted: dict) -> list[str]:
    qid, out = q["id"], []
    if q["doc"] is not None or q["page"] is not None or q["heading"] is not None or q["answers"]:
        out.append("never-question must have doc/page/heading null and no answers")
    if not q.get("note"):
        out.append("never-question without a note")
    if qid not in never_checks:
        return [f"{qid}: {m}" for m in [*out, "no NEVER_CHECKS entry"]]
    where, probes = never_checks[qid]
    if "#" in where:
        doc, heading = where.split("#", 1)
        units = extracted[doc][0]
        if heading not in units:
            out.append(f"NEVER_CHECKS names no such section {where!r}")
        texts = {where: norm(units.get(heading, ""))}
    else:
        texts = {name: norm("\n".join(units.values())) for name, (units, _) in extracted.items()
                 if where in (ALL, name)}
    out += [f"probe {probe!r} occurs in {d}" for d, text in texts.items() for probe in probes if norm(probe) in text]
    return [f"{qid}: {m}" for m in out]


def _answer_failures(q: dict, extracted: dict, paraphrases: dict[str, set[str]], elsewhere: dict) -> list[str]:
    qid, doc = q["id"], q["doc"]
    if doc not in extracted:
        return [f"{qid}: unknown doc {doc!r}"]
    units, headings = extracted[doc]
    if doc.endswith(".pdf") and (not isinstance(q["page"], int) or q["heading"] is not None):
        return [f"{qid}: PDF questions need an int page and heading null"]
    if not doc.endswith(".pdf") and (q["page"] is not None or not q["heading"]):
        return [f"{qid}: non-PDF questions need a heading and page null"]
    key = q["page"] if doc.endswith(".pdf") else q["heading"]
    if key not in units:
        return [f"{qid}: {doc} has no unit {key!r} (headings: {headings})"]
    if not q["answers"]:
        return [f"{qid}: no answers"]
    text = units[key]
    canonical, *variants = q["answers"]
    also = [k for k, t in units.items() if k != key and k is not None and answer_matches(t, [canonical])]
    if also:
        elsewhere[qid] = also
    out = [] if answer_matches(text, [canonical]) else \
        [f"{qid}: canonical answer {canonical!r} not in {doc} [{key}] (as a whole word/number)"]
    return out + [f"{qid}: variant {v!r} neither in {doc} [{key}] nor an approved paraphrase" for v in variants
                  if not (norm(v) in norm(text) or loose(v) in loose(text) or v in paraphrases.get(qid, ()))]


def _household_shape(questions: list[dict], extracted: dict, paraphrases: dict[str, set[str]],
                     never_checks: dict, min_answerable: int, min_never: int) -> list[str]:
    ids = {q["id"] for q in questions}
    out = [f"PARAPHRASES[{qid}] names variants not in the question" for qid, vs in paraphrases.items()
           if not any(q["id"] == qid and vs <= set(q["answers"]) for q in questions)]
    out += [f"NEVER_CHECKS has unknown id {qid}" for qid in never_checks if qid not in ids]
    answerable = [q for q in questions if not q.get("never")]
    never = len(questions) - len(answerable)
    numeric = [q for q in answerable if re.search(r"\d", q["answers"][0])]
    by_doc = collections.Counter(q["doc"] for q in answerable)
    if len(answerable) < min_answerable:
        out.append(f"only {len(answerable)} answerable questions (want >= {min_answerable})")
    if never < min_never:
        out.append(f"only {never} never-questions (want >= {min_never})")
    if 3 * len(numeric) < len(answerable):
        out.append(f"only {len(numeric)}/{len(answerable)} canonical answers hold a number (want >= 1/3)")
    return out + [f"{doc}: only {by_doc[doc]} questions" for doc in extracted if by_doc[doc] < 8]


def _household_report(questions: list[dict], extracted: dict, never_checks: dict, elsewhere: dict,
                      verbose: bool) -> None:
    answerable = [q for q in questions if not q.get("never")]
    never = [q for q in questions if q.get("never")]
    by_doc = collections.Counter(q["doc"] for q in answerable)
    print(f"{'document':28} {'units':>5} {'questions':>9}")
    for doc, (units, _) in extracted.items():
        print(f"{doc:28} {len([k for k in units if k is not None]):>5} {by_doc[doc]:>9}")
    numeric = sum(1 for q in answerable if re.search(r"\d", q["answers"][0]))
    print(f"answerable {len(answerable)}, never {len(never)}, canonical answer with a digit {numeric}")
    if verbose:
        for q in never:
            print(f"  {q['id']} {never_checks.get(q['id'], ('?',))[0]}: {q['q']}\n      note: {q.get('note')}")
    print(f"{len(elsewhere)} canonical answers also occur elsewhere in the same document"
          + (":" if verbose else " (-v lists them)"))
    if verbose:
        for qid, also in elsewhere.items():
            print(f"  {qid}: also in {also}")


if __name__ == "__main__":
    sys.exit(main())
