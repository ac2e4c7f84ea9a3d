"""Verify set G's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_g/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; underlined plain-text headings; html.parser inside <main>; EPUB spine h1/h2), its
reference scoring rule and loose matching, through its check_household (shared with sets E and F). It
does not import Hearth. Checks:
  - every canonical answer (first variant) is on the stated page / under the stated heading;
  - every other variant is there too (literally or loosely), or is listed in PARAPHRASES below;
  - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
    documents (boilerplate included), and a note in questions.json;
  - the shape: >= 170 answerable, >= 22 never, >= 1/3 needing a number, every split "test",
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
    "lease-03": {"Lunar Gray"},
    "lease-05": {"October 18, 2025"},
    "lease-10": {"4.49 per cent", "4.49 percent"},
    "lease-16": {"four years", "4 years"},
    "lease-17": {"20,000 kilometres"},
    "lease-18": {"$0.12"},
    "lease-19": {"$0.08"},
    "lease-22": {"2 million", "$2 million"},
    "lease-29": {"12 payments"},
    "lease-32": {"October 18, 2029"},
    "ben-04": {"one year"},
    "ben-05": {"January 1, 2026"},
    "ben-07": {"80 per cent", "80 percent"},
    "ben-11": {"$5 million", "5 million"},
    "ben-16": {"no referral"},
    "ben-20": {"every two years", "every 2 years"},
    "ben-23": {"50 per cent", "50 percent"},
    "ben-28": {"twice his annual earnings"},
    "ben-30": {"7 days", "seven days"},
    "ben-34": {"Renée's plan"},
    "bsmt-01": {"780 square feet"},
    "bsmt-12": {"February 10, 2026"},
    "bsmt-13": {"April 6, 2026"},
    "bsmt-14": {"June 19, 2026"},
    "bsmt-15": {"May 11"},
    "bsmt-17": {"Harbor Oak"},
    "bsmt-18": {"30 by 48"},
    "care-03": {"June 26, 2026"},
    "care-04": {"January 6, 2026"},
    "care-05": {"May 1"},
    "care-06": {"3:15 to 6"},
    "care-11": {"$0.55"},
    "house-03": {"September 17, 2025"},
    "house-05": {"17 degrees"},
    "house-06": {"35 per cent", "35 percent"},
    "house-11": {"October 15"},
    "hky-07": {"9 am"},
    "hky-10": {"January 15"},
    "hky-11": {"20 hours"},
    "hky-14": {"February 13 to 15"},
    "hky-16": {"by January 9"},
    "hky-17": {"January 9 to 11"},
    "hky-20": {"October 31"},
    "nrg-02": {"May 12, 2021"},
    "nrg-03": {"8.19 cents"},
    "nrg-04": {"August 31, 2027"},
    "nrg-09": {"March 19, 2026"},
    "sch-13": {"January 29, 2026"},
    "sch-14": {"March 12, 2026"},
    "sch-15": {"November 21"},
    "sch-21": {"October 31"},
    "sch-24": {"March 30 to April 3"},
    "sch-25": {"January 5, 2026"},
}

ALL = "*"
# id -> (where: a document, "*" for all eight, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": ("car_lease_agreement.pdf", ["extend", "extension", "renew"]),
    "never-02": (ALL, ["towing", "tow capacity", "trailer weight", "towing capacity"]),
    "never-03": (ALL, ["car insurance", "auto insurance", "vehicle insurance", "insurer", "insurance company",
                       "insured with"]),
    "never-04": (ALL, ["hearing"]),
    "never-05": (ALL, ["ambulance"]),
    "never-06": ("group_benefits_summary.pdf", ["premium", "payroll deduction", "deducted", "employee share",
                                                "cost share", "cost-shar", "contribution", "paycheque"]),
    "never-07": (ALL, ["gst number", "gst registration", "business number", "gst no", "gst #"]),
    "never-08": ("basement_development.docx", ["window: $", "window costs", "window is $", "window, $",
                                               "window ($", "window at $"]),
    "never-09": (ALL, ["electrician", "electrical contractor", "electric ltd"]),
    "never-10": ("after_school_care_agreement.odt", ["kateryna (cell)", "kateryna:", "kateryna's cell",
                                                     "kateryna's phone", "kateryna's number", "kateryna bondar, 403"]),
    "never-11": ("after_school_care_agreement.odt", ["summer rate", "july", "august", "summer pay"]),
    "never-12": (ALL, ["wi-fi", "wifi", "password", "network name"]),
    "never-13": (ALL, ["garage", "keypad", "door code", "opener"]),
    "never-14": ("house_notes.md", ["softener installed", "softener was installed", "softener (", "new softener",
                                    "softener in 20", "softener put in"]),
    "never-15": ("hockey_parent_info.txt", ["delorme, 403", "delorme (403", "coach: 403", "coach's cell",
                                            "coach's phone", "coach's number", "delorme 403"]),
    "never-16": ("hockey_parent_info.txt", ["first game", "game at", "games at", "game starts", "schedule"]),
    "never-17": ("energy_account.html", ["kwh in january", "january usage", "used in january", "january: ",
                                         "january 2026:"]),
    "never-18": (ALL, ["carbon levy", "carbon tax", "carbon charge", "levy"]),
    "never-19": ("school_family_handbook.epub", ["@", "email", "e-mail"]),
    "never-20": (ALL, ["school bus", "bus route", "bus stop", "busing", "bussing", "yellow bus"]),
    "never-21": ("school_family_handbook.epub", ["zoo", "field trip fee of", "trip costs", "per trip: $",
                                                 "trip is $"]),
    "never-22": (ALL, ["concert"]),
    "never-23": (ALL, ["photo", "picture day"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="G", min_answerable=170,
                                  min_never=22, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
