"""Verify set H's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_h/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; html.parser inside <main>; EPUB spine h1/h2), its reference scoring rule and loose
matching, through its check_household (shared with sets E to G). It does not import Hearth. Checks: those check_household lists.
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
    "car-02": {"July 12, 2027"},
    "car-05": {"July 12, 2023"},
    "car-13": {"twenty-one days"},
    "kit-05": {"40 per cent", "40 percent"},
    "dog-08": {"1 1/4 cups", "1.25 cups"},  # doc: "one and a quarter cups"
    "dog-10": {"26 degrees"},
    "house-05": {"10 am-3 pm"},
    "house-06": {"60 degrees"},
    "house-07": {"270 liters"},
    "house-08": {"24 degrees"},
    "swim-04": {"6 pm", "6pm"},  # doc: "6:00 pm"
}

ALL = "*"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (ALL, ["roadside assistance line", "roadside assistance:", "roadside help:", "for roadside",
                       "roadside: 1", "roadside on 1", "roadside assistance on"]),
    "never-02": (ALL, ["vin:", "(vin)", "vin number", "vehicle identification", "chassis"]),
    "never-03": (ALL, ["overseas", "new zealand", "outside australia", "abroad", "interstate"]),
    "never-04": (ALL, ["learner", "l plate", "l-plate", "provisional licence", "p plate", "p-plate"]),
    "never-05": ("kitchen_renovation_quote.docx", ["cooktop: $", "cooktop ($", "cooktop costs", "cooktop at $",
                                                   "cooktop is $", "cooktop for $", "cooktop, $"]),
    "never-06": (ALL, ["abn", "australian business number"]),
    "never-07": (ALL, ["grout"]),
    "never-08": ("dog_sitter_agreement.odt", ["kg", "kilo", "weigh", "pounds"]),
    "never-09": (ALL, ["alarm code", "security alarm", "burglar alarm", "alarm system", "security system",
                       "alarm panel"]),
    "never-10": (ALL, ["pet insurance", "pet cover", "pet policy", "pet insurer"]),
    "never-11": ("house_notes.md", ["panels cleaned", "clean the panels", "panel clean", "cleaned the panels",
                                    "wash the panels", "panels washed"]),
    "never-12": ("house_notes.md", ["pool"]),
    "never-13": (ALL, ["electricity account", "power account", "energy account", "electricity retailer",
                       "energy retailer", "power company", "electricity provider", "electricity company"]),
    "never-14": ("house_notes.md", ["roof was", "new roof", "roof replaced", "re-roof", "reroof", "roof inspect",
                                    "roof done", "roofing"]),
    "never-15": (ALL, ["password", "passphrase", "wi-fi key", "wifi key", "network key", "ssid", "network name"]),
    "never-16": (ALL, ["roaming"]),
    "never-17": ("internet_phone_account.html", ["august 2026 bill", "issued 3 august", "bill for august",
                                                 "august bill", "3 august 2026", "issued 3 september"]),
    "never-18": (ALL, ["goggles"]),
    "never-19": (ALL, ["christmas party", "break-up party", "breakup party", "end-of-year party",
                       "end of year party", "end-of-season party"]),
    "never-20": ("swim_club_handbook.epub", ["delaney, 04", "delaney: 04", "delaney (04", "delaney on 04",
                                             "coach: 04", "coach, 04", "coach's mobile", "coach's phone",
                                             "coach's number"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="H", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
