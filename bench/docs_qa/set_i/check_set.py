"""Verify set I's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-i/bin/python bench/docs_qa/set_i/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; html.parser inside <main>; EPUB spine h1/h2), its reference scoring rule and loose
matching, through its check_household (shared with sets E to H). It does not import Hearth. Checks: those check_household lists.
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
    "health-04": {"3,000 dollars"},
    "health-07": {"40 percent"},
    "health-16": {"forty-eight hours"},
    "hvac-01": {"October 14, 2027"},  # doc: 10/14/2027
    "hvac-05": {"three-ton"},
    "hvac-06": {"October 21, 2026"},  # doc: 10/21/2026
    "hvac-09": {"15 percent"},
    "hvac-14": {"twice a year"},  # doc: "every 6 months (in April and October)"
    "hvac-15": {"35 percent"},
    "hvac-16": {"55 degrees"},
    "garden-02": {"10 x 20 feet", "10x20"},  # doc: "10 by 20 feet"
    "garden-08": {"8 hours", "eight hours"},  # doc: "8 volunteer hours"
    "garden-09": {"$10 an hour", "$10 per hour"},  # doc: "$10 for each hour"
    "garden-13": {"two weeks"},
    "hoa-05": {"Jan 19, 2027"},
    "hoa-07": {"6:00 pm"},
    "hoa-09": {"Nov 1"},
    "college-10": {"7.4 percent"},
    "college-11": {"0.16 percent"},
    "college-16": {"May 2, 2018"},  # doc: 05/02/2018
    "camp-05": {"$12 per day"},
    "camp-06": {"$1 per minute"},
    "camp-12": {"10 percent"},
    "camp-15": {"95 degrees"},
}

ALL = "*"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (ALL, ["dental deductible", "deductible for dental", "dental plan deductible", "dental coverage:"]),
    "never-02": (ALL, ["physical therap", "physiotherap", "rehab", "occupational therap"]),
    "never-03": (ALL, ["hsa", "health savings", "fsa", "flexible spending", "hra"]),
    "never-04": (ALL, ["pediatrician", "children's doctor", "kids' doctor", "family doctor"]),
    "never-05": ("hvac_service_agreement.docx", ["filter costs", "filters cost", "filter: $", "per filter",
                                                 "filters are $", "filter is $", "filters at $", "filter ($",
                                                 "filters ($"]),
    "never-06": (ALL, ["refrigerant", "freon", "r-410a", "r410a", "recharge", "coolant"]),
    "never-07": ("hvac_service_agreement.docx", ["model number", "model no", "model:", "serial"]),
    "never-08": (ALL, ["water heater installed", "water heater was", "water heater is", "water heater (",
                       "gallon", "water heater from", "water heater, installed"]),
    "never-09": ("hoa_rules_notes.md#Parking", ["fine", "ticket", "tow", "$", "penalty"]),
    "never-10": (ALL, ["pool party", "rent the pool", "pool rental", "private swim", "pool can be rented",
                       "reserve the pool"]),
    "never-11": (ALL, ["airbnb", "short-term rental", "short term rental", "vrbo", "leasing", "rent out",
                       "renting out", "tenant"]),
    "never-12": (ALL, ["plant sale", "seedling sale", "seed swap", "plant swap"]),
    "never-13": (ALL, ["rain barrel", "rainwater", "rain water", "barrel", "cistern"]),
    "never-14": ("college_savings_account.html", ["2025", "last year's return", "return last year"]),
    "never-15": ("college_savings_account.html", ["penalty", "non-qualified", "nonqualified", "not qualified",
                                                  "10% additional"]),
    "never-16": (ALL, ["1099", "form 1099"]),
    "never-17": (ALL, ["t-shirt", "tshirt", "shirt"]),
    "never-18": (ALL, ["field trip", "excursion", "outing", "trip to"]),
    "never-19": (ALL, ["ratio of", "ratio is", "ratio:", "staff-to", "to-camper", "campers to each", "counselor",
                       "counsellor", "campers per", "per staff"]),  # not bare "ratio": "registration" holds it
    "never-20": ("summer_camp_handbook.epub", ["@", "email:", "email address", "by email", "email us",
                                               "email the", "e-mail"]),  # "voicemail" is there
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="I", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
