"""Verify set F's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_f/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; underlined plain-text headings; html.parser inside <main>; EPUB spine h1/h2), its
reference scoring rule (answer_matches) and its loose matching. It does not import Hearth. Checks:
  - every canonical answer (first variant) is on the stated page / under the stated heading;
  - every other variant is there too (literally or loosely), or is listed in PARAPHRASES below;
  - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
    documents (boilerplate included), and a note in questions.json;
  - the shape: >= 130 answerable, >= 20 never, >= 1/3 needing a number, every split "test",
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
    "loan-09": {"59 per cent"},
    "loan-11": {"15th March 2028"},
    "loan-14": {"29th March 2026"},
    "loan-20": {"20 per cent"},
    "loan-22": {"2nd March 2026"},
    "loan-23": {"16th March 2026"},
    "wm-04": {"60 to 100 cm"},
    "wm-18": {"monthly"},
    "wed-03": {"10 am"},
    "wed-10": {"3 pm"},
    "wed-13": {"2 pm"},
    "wed-14": {"7 pm"},
    "brd-01": {"1st February 2026"},
    "dad-10": {"14th April 2026"},
    "dad-12": {"24th March 2026"},
    "tr-03": {"1st April"},
    "tr-08": {"7 am"},
    "tr-19": {"7th May 2026"},
    "pet-02": {"18th September"},
    "pet-11": {"20 per cent"},
    "pet-12": {"18th March 2026"},
    "hb-16": {"4 per cent"},
}

ALL = "*"
# id -> (where: a document, "*" for all eight, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": ("home_loan_offer.pdf", ["discharge", "closing fee", "exit fee", "release fee"]),
    "never-02": ("home_loan_offer.pdf", ["late fee", "late payment", "missed payment", "missed repayment",
                                         "dishonour", "default fee", "default interest", "penalty interest"]),
    "never-03": ("home_loan_offer.pdf", ["3 years at", "3-year", "three-year", "three years at", "1-year",
                                         "one-year", "for 3 years", "for 1 year", "for 5 years"]),
    "never-04": ("washing_machine_manual.pdf", ["kwh", "kilowatt", "per year", "a year of"]),
    "never-05": ("washing_machine_manual.pdf", ["part number", "part no", "spare part", "order code", "product code"]),
    "never-06": ("wanaka_wedding_weekend.docx", ["celebrant is", "celebrant:", "celebrant,", "officiant",
                                                 "minister", "priest", "marriage celebrant"]),
    "never-07": ("wanaka_wedding_weekend.docx", ["shuttle cost", "shuttle is free", "shuttle fee", "per seat",
                                                 "per person", "each way", "ticket"]),
    "never-08": ("wanaka_wedding_weekend.docx", ["table", "seating", "seated at"]),
    "never-09": (ALL, ["wi-fi", "wifi", "network name", "broadband password", "ssid"]),
    "never-10": ("boarder_agreement.odt", ["born", "date of birth", "birthday", "aged", "years old"]),
    "never-11": ("boarder_agreement.odt", ["his own pet", "pets are", "no pets", "other pets", "a pet", "animals"]),
    "never-12": (ALL, ["blood group", "blood type"]),
    "never-13": (ALL, ["hearing test", "audiolog", "audiometr", "hearing check"]),
    "never-14": (ALL, ["community services card", "services card", "csc", "supergold"]),
    "never-15": ("tramping_club_rules.txt", ["ice axe", "crampon", "hire", "rent"]),
    "never-16": ("tramping_club_rules.txt", ["account number", "bank account", "internet banking", "02-",
                                             "03-", "06-", "12-", "38-"]),
    "never-17": (ALL, ["euthanasia", "cremation", "burial", "end of life", "put down", "put to sleep"]),
    "never-18": ("kowhai_pet_insurance.html", ["behaviour", "behavior", "training", "trainer"]),
    "never-19": (ALL, ["vet clinic", "veterinary clinic", "animal hospital", "veterinary centre", "vets ltd",
                       "veterinary services"]),
    "never-20": (ALL, ["bereavement", "tangihanga", "funeral", "compassionate"]),
    "never-21": ("staff_handbook.epub", ["per night", "a night", "room rate", "hotel cap", "accommodation limit",
                                         "accommodation allowance"]),
    "never-22": ("staff_handbook.epub", ["parking", "car park", "carpark", "park your"]),
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
            fail(qid, f"split {q.get('split')!r}, set F is all test")
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
    if len(answerable) < 130:
        failures.append(f"only {len(answerable)} answerable questions (want >= 130)")
    if len(never) < 20:
        failures.append(f"only {len(never)} never-questions (want >= 20)")
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
