"""Verify set J's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-j/bin/python bench/docs_qa/set_j/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; html.parser inside <main>; underlined plain-text headings), its reference scoring rule and loose
matching, through its check_household (shared with sets E to I). It does not import Hearth. Checks: those check_household lists.
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
    "car-04": {"12.75 percent"},
    "car-06": {"1 February 2027"},  # doc: 01/02/2027 (day/month/year)
    "car-07": {"six years"},  # doc: 72 months
    "work-05": {"4 pm", "16:00"},  # doc: 16h00
    "work-06": {"12h30-13h30"},
    "work-08": {"R80 an hour"},  # doc: R80.00 an hour
    "work-09": {"15 days"},  # doc: 15 working days
    "work-16": {"Monday and Thursday"},
    "work-17": {"1 March 2023"},  # doc: 01/03/2023
    "solar-01": {"10 years", "ten years"},  # doc: 10-year
    "solar-03": {"80 percent"},
    "solar-06": {"10 panels", "ten panels"},
    "solar-09": {"29 July 2026"},  # doc: 29/07/2026  # doc: 10 Helion 550 W monocrystalline panels
    "solar-10": {"30 percent"},
    "solar-11": {"23h00 to 05h00"},
    "school-04": {"5 percent"},
    "school-13": {"Tuesday and Thursday"},
    "pet-03": {"8.5 percent"},
    "pet-05": {"20 percent"},
    "pet-13": {"ninety days"},
    "alarm-16": {"two days"},  # doc: at least 48 hours
}

ALL = "*"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (ALL, ["excess", "deductible"]),
    "never-02": (ALL, ["extended warranty", "warranty extension", "extended cover", "extended plan"]),
    "never-03": (ALL, ["fuel consumption", "l/100", "litres per", "km/l", "consumption", "economy"]),
    "never-04": (ALL, ["licence disc", "license disc", "licence renewal", "licence expires", "renewal of the licence",
                       "licence is due"]),
    "never-05": (ALL, ["medical aid", "medical scheme", "health insurance", "hospital plan", "gap cover"]),
    "never-06": ("domestic_worker_contract.docx", ["id number", "identity number", "id no", "identity document",
                                                   "passport"]),
    "never-07": (ALL, ["garden service costs", "garden service:", "garden service (r", "gardener is paid",
                       "gardener costs", "garden service is r", "garden service r"]),
    "never-08": (ALL, ["saved", "saving", "electricity bill", "generated", "payback"]),
    "never-09": (ALL, ["serial"]),
    "never-10": (ALL, ["feed-in", "feed in tariff", "credit for", "per kwh", "export tariff", "paid for export",
                       "buy back", "buys back"]),
    "never-11": (ALL, ["wi-fi password", "wifi password", "wi-fi code", "network key", "ssid"]),
    "never-12": (ALL, ["levy", "levies", "building fund"]),
    "never-13": (ALL, ["parents' evening", "parents evening", "parent-teacher", "parents' meeting", "report evening",
                       "open day"]),
    "never-14": (ALL, ["tournament", "entry fee", "competition"]),
    "never-15": ("school_fees_notes.md#Lift club", ["07h", "06h", "morning", "leave home", "leaves at"]),
    "never-16": ("pet_insurance_policy.html", ["policy number", "policy no", "policy:"]),
    "never-17": (ALL, ["dental", "teeth", "tooth", "scale and polish"]),
    "never-18": (ALL, ["vet clinic, 0", "vet clinic: 0", "vet clinic (0", "vet clinic on 0", "vet's number", "vet: 0",
                       "clinic, 012", "clinic: 012"]),
    "never-19": (ALL, ["per night", "house sitter is paid", "house sitter gets", "house-sitting fee", "sitter: r",
                       "sitter r"]),  # not "a night": the patrol drives past "twice a night"
    "never-20": (ALL, ["alarm technician", "alarm tech", "alarm installer", "alarm company technician"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="J", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
