"""Verify set F's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_f/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; underlined plain-text headings; html.parser inside <main>; EPUB spine h1/h2), its
reference scoring rule and loose matching, through its check_household (shared by sets E and F). It does
not import Hearth. Checks:
  - every canonical answer (first variant) is on the stated page / under the stated heading;
  - every other variant is there too (literally or loosely), or is listed in PARAPHRASES below;
  - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
    documents (boilerplate included), and a note in questions.json;
  - the shape: >= 130 answerable, >= 20 never, >= 1/3 needing a number, every split "test",
    unique ids, null fields as the schema says.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("docs_qa_check_set", HERE.parent / "check_set.py")
shared = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shared)

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
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="F", min_answerable=130,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
