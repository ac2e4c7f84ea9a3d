"""Verify set E's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-e/bin/python bench/docs_qa/set_e/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; underlined plain-text headings; html.parser inside <main>; EPUB spine h1/h2), its
reference scoring rule (answer_matches) and its loose matching. It does not import Hearth. Checks:
  - every canonical answer (first variant) is on the stated page / under the stated heading;
  - every other variant is there too (literally or loosely), or is listed in PARAPHRASES below;
  - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
    documents (boilerplate included), and a note in questions.json;
  - the shape: >= 80 answerable, >= 16 never, >= 1/3 needing a number, every split "test",
    unique ids, null fields as the schema says.
"""

from __future__ import annotations

import collections
import importlib.util
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"
_spec = importlib.util.spec_from_file_location("docs_qa_check_set", HERE.parent / "check_set.py")
shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shared)
answer_matches, norm, loose, EXTRACTORS = shared.answer_matches, shared.norm, shared.loose, shared.EXTRACTORS

# Correct wordings that the document does not use verbatim; reviewed by hand.
PARAPHRASES: dict[str, set[str]] = {
    "hp-01": {"12th March 2025"},
    "hp-05": {"12 degrees"},
    "hp-06": {"11 pm", "11pm"},
    "hp-07": {"17 degrees"},
    "hp-08": {"45 degrees"},
    "hp-09": {"35 degrees"},
    "hp-11": {"48 degrees"},
    "hp-12": {"Sunday at 2 am", "Sunday at 2am", "02:00 on Sunday"},
    "hp-13": {"an hour and a half"},
    "hp-19": {"one minute"},
    "hp-21": {"42 decibels"},
    "car-02": {"13th February 2027", "13/02/2027"},
    "car-04": {"15,000 kilometres"},
    "car-05": {"300 euro"},
    "car-06": {"75 euro"},
    "car-07": {"250 euro"},
    "car-14": {"ninety days"},
    "car-16": {"45 euro"},
    "car-17": {"22nd May 2026"},
    "hol-02": {"4 pm", "4pm"},
    "hol-05": {"7 pm", "7pm"},
    "hol-06": {"8:30 pm", "8.30pm"},
    "hol-07": {"ninety minutes", "an hour and a half"},
    "hol-09": {"1.95 metres"},
    "hol-12": {"10 am", "10am"},
    "hol-13": {"15 euro"},
    "hol-15": {"80 cent"},
    "cm-03": {"6 pm", "6pm"},
    "cm-04": {"8:15 to 5:45", "8.15 to 5.45"},
    "cm-06": {"48 euro"},
    "cm-07": {"10 per cent", "ten per cent"},
    "cm-09": {"10 euro"},
    "cm-10": {"50 per cent"},
    "cm-11": {"forty-eight hours", "2 days", "two days"},
    "bike-08": {"12th August 2025"},
    "bike-12": {"60 kilos"},
    "vet-02": {"5.1 kilos"},
    "vet-03": {"4.8 kilos"},
    "vet-04": {"20th January 2027"},
    "vet-05": {"2nd May 2027"},
    "vet-06": {"3rd February 2026"},
    "vet-09": {"55 grams"},
    "vet-10": {"95 euro"},
    "vet-12": {"13:00"},
    "vet-13": {"16 euro"},
    "sch-04": {"3rd November"},
    "sch-05": {"midday", "12 pm"},
    "sch-06": {"6th January"},
    "sch-07": {"27th March"},
    "sch-08": {"48 euro"},
    "sch-11": {"65 euro"},
    "sch-12": {"90 euro"},
    "rec-02": {"45 mins"},
    "rec-03": {"220 degrees"},
    "rec-05": {"an hour and a quarter"},
    "rec-08": {"190 degrees"},
    "rec-10": {"30 mins", "half an hour"},
    "rec-11": {"three and a half hours", "3 and a half hours", "3½ hours"},
    "rec-13": {"a week"},
}

ALL = "*"
# id -> (where: a document, "*" for all eight, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": ("heat_pump_guide.pdf", ["coil flow", "cylinder flow", "primary flow", "flow to the cylinder"]),
    "never-02": ("heat_pump_guide.pdf", ["immersion heater model", "immersion model", "model of immersion",
                                         "make of the immersion"]),
    "never-03": ("heat_pump_guide.pdf", ["€", "price", "grant", "seai", "paid", "invoice"]),
    "never-04": ("car_insurance_schedule.pdf", ["protection costs", "protection: €", "protection charge",
                                                "protection premium", "for protection", "to protect"]),
    "never-05": ("car_insurance_schedule.pdf", ["bike", "bicycle", "cycle", "rack", "towbar", "belongings"]),
    "never-06": (ALL, ["vin:", "vin number", "chassis", "engine number", "vehicle identification"]),
    "never-07": ("brittany_bookings.docx", ["car deck", "vehicle deck", "garage deck", "deck 1", "deck 2", "deck 3",
                                            "deck 4", "deck 5", "deck 7"]),
    "never-08": (ALL, ["wi-fi", "wifi", "internet"]),
    "never-09": ("brittany_bookings.docx", ["@", "email", "e-mail"]),
    "never-10": ("childminding_agreement.odt", ["overnight", "sleepover", "night", "evening rate"]),
    "never-11": ("childminding_agreement.odt#Emergency contacts", ["sinéad", "rossiter", "childminder"]),
    "never-12": ("bikes_notes.md#Fionn's bike", ["size", "frame", "cm"]),
    "never-13": ("bikes_notes.md#Fionn's bike", ["psi", "bar", "pressure", "tyre"]),
    "never-14": ("mossy_vet_record.txt", ["next dental", "dental due", "dental check", "dental again"]),
    "never-15": ("mossy_vet_record.txt#Cattery", ["reference", "ref", "booking number", "policy", "no."]),
    "never-16": (ALL, ["retake", "re-take", "photos again", "photographs again", "photo retakes"]),
    "never-17": ("school_newsletter.html", ["school bus", "morning bus", "bus times", "bus timetable", "bus route"]),
    "never-18": ("school_newsletter.html#Term dates 2025/26", ["september", "august"]),
    "never-19": ("nana_brid_recipes.epub#Brown soda bread", ["makes", "serves", "slices", "portions"]),
    "never-20": ("nana_brid_recipes.epub#Spiced beef", ["°c", "oven", "bake", "roast", "degrees"]),
}


def main() -> int:
    questions = json.loads((HERE / "questions.json").read_text(encoding="utf-8"))
    extracted = {p.name: EXTRACTORS[p.suffix](p) for p in sorted(DOCS.iterdir())}
    all_text = {name: norm("\n".join(units.values())) for name, (units, _) in extracted.items()}
    failures: list[str] = []
    elsewhere: dict[str, list] = {}
    passed = 0

    def fail(qid, msg):
        failures.append(f"{qid}: {msg}")

    ids = [q["id"] for q in questions]
    if len(ids) != len(set(ids)):
        failures.append("duplicate ids")
    for q in questions:
        qid = q["id"]
        n_fail = len(failures)
        if q.get("split") != "test":
            fail(qid, f"split {q.get('split')!r}, set E is all test")
        if q.get("never"):
            if q["doc"] is not None or q["page"] is not None or q["heading"] is not None or q["answers"]:
                fail(qid, "never-question must have doc/page/heading null and no answers")
            if not q.get("note"):
                fail(qid, "never-question without a note")
            if qid not in NEVER_CHECKS:
                fail(qid, "no NEVER_CHECKS entry")
            else:
                where, probes = NEVER_CHECKS[qid]
                if "#" in where:
                    doc, heading = where.split("#", 1)
                    units = extracted[doc][0]
                    if heading not in units:
                        fail(qid, f"NEVER_CHECKS names no such section {where!r}")
                    texts = {where: norm(units.get(heading, ""))}
                else:
                    texts = all_text if where == ALL else {where: all_text[where]}
                for d, text in texts.items():
                    for probe in probes:
                        if norm(probe) in text:
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

    for qid, vs in PARAPHRASES.items():
        q = next((q for q in questions if q["id"] == qid), None)
        if q is None or not vs <= set(q["answers"]):
            failures.append(f"PARAPHRASES[{qid}] names variants not in the question")
    for qid in NEVER_CHECKS:
        if qid not in ids:
            failures.append(f"NEVER_CHECKS has unknown id {qid}")

    answerable = [q for q in questions if not q.get("never")]
    never = [q for q in questions if q.get("never")]
    numeric = [q for q in answerable if re.search(r"\d", q["answers"][0])]
    by_doc = collections.Counter(q["doc"] for q in answerable)
    if len(answerable) < 80:
        failures.append(f"only {len(answerable)} answerable questions (want >= 80)")
    if len(never) < 16:
        failures.append(f"only {len(never)} never-questions (want >= 16)")
    if 3 * len(numeric) < len(answerable):
        failures.append(f"only {len(numeric)}/{len(answerable)} canonical answers hold a number (want >= 1/3)")
    for doc in extracted:
        if by_doc[doc] < 8:
            failures.append(f"{doc}: only {by_doc[doc]} questions")

    print(f"{'document':28} {'units':>5} {'questions':>9}")
    for doc, (units, _) in extracted.items():
        print(f"{doc:28} {len([k for k in units if k is not None]):>5} {by_doc[doc]:>9}")
    print(f"answerable {len(answerable)}, never {len(never)}, canonical answer with a digit {len(numeric)}")
    if "-v" in sys.argv:
        for q in never:
            print(f"  {q['id']} {NEVER_CHECKS.get(q['id'], ('?',))[0]}: {q['q']}\n      note: {q.get('note')}")
    print(f"{len(elsewhere)} canonical answers also occur elsewhere in the same document"
          + (":" if "-v" in sys.argv else " (-v lists them)"))
    if "-v" in sys.argv:
        for qid, also in elsewhere.items():
            print(f"  {qid}: also in {also}")
    for f in failures:
        print("FAIL", f)
    print(f"{passed} passed, {len(questions) - passed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
