"""Verify set M's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-l/bin/python bench/docs_qa/set_m/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; Markdown # lines;
html.parser inside <main>; the EPUB's spine XHTML h1/h2; underlined plain-text headings), its reference
scoring rule and loose matching, through its check_household (shared with sets E to L). It does not
import Hearth. Checks: those check_household lists.
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
    "reno-05": {"20/10/2026", "20th October"},  # doc: 20 October 2026 (dd/mm/yyyy, as Singapore writes it)
    "reno-12": {"28/12/2026", "28th December"},
    "reno-13": {"9am-5pm"},  # doc: 9am to 5pm
    "reno-16": {"15 percent", "15 per cent"},
    "cny-01": {"5/2/2027", "05/02/2027", "5th February"},
    "cny-02": {"8pm", "8 pm", "20:00"},  # doc: 8.00pm
    "cny-08": {"10am", "10 am"},  # doc: 10.00am
    "cny-14": {"30/1/2027", "30/01/2027", "30th January"},
    "cny-16": {"2pm-6pm"},
    "knee-02": {"19/1/2027", "19/01/2027", "19th January"},
    "knee-06": {"5/1/2027", "05/01/2027", "5th January"},
    "knee-07": {"11/1/2027", "11/01/2027", "11th January"},
    "knee-08": {"4am", "4 am"},  # doc: 4.00am
    "knee-13": {"12pm to 8.30pm"},  # doc: 12 noon to 8.30pm
    "knee-16": {"2/2/2027", "02/02/2027", "2nd February"},
    "move-01": {"28/10/2026", "28th October"},
    "move-09": {"15/1/2027", "15/01/2027", "15th January"},
    "move-11": {"9/1/2027", "09/01/2027", "9th January"},
    "move-14": {"7/1/2027", "07/01/2027", "7th January"},
    "move-17": {"8/1/2027", "08/01/2027", "8th January"},
    "ferry-02": {"0810"},  # doc: 8.10am; "0810 hrs" is the 24-hour style
    "ferry-05": {"1630"},  # doc: 4.30pm
    "ferry-07": {"1 hour"},  # doc: 60 minutes
    "ferry-10": {"12pm", "12 noon"},  # doc: 12.00pm
    "ferry-14": {"4/12/2026", "04/12/2026", "4th December"},
    "wake-05": {"10am-11pm"},
    "wake-09": {"8/9/2026", "08/09/2026", "8th September"},
    "wake-11": {"3/4/2027", "03/04/2027", "3rd April"},
    "wake-16": {"11/12/2026", "11th December"},
}

ALL = "*"
RENO, CNY, KNEE = "renovation_contract.pdf", "cny_reunion_plan.docx", "mum_knee_operation.epub"
MOVE, FERRY, WAKE = "moving_house.md", "bintan_booking.html", "pa_funeral_notes.txt"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (RENO, ["laminate colour", "colour of the laminate", "laminate code", "oak", "walnut", "white",
                        "grey", "beige", "black", "cream"]),
    "never-02": (ALL, ["@", "email", "e-mail"]),
    "never-03": (ALL, ["brand", "model", "manufactured by", "ariston", "rheem", "joven", "litres heater", "litre heater"]),
    "never-04": (ALL, ["instalment", "installment", "repayment", "home loan", "housing loan", "mortgage", "loan"]),
    "never-05": (ALL, ["number plate", "licence plate", "license plate", "car plate", "vehicle number", "vehicle no",
                       "iu number", "car no"]),
    "never-06": (f"{MOVE}#Leaving the rented flat", ["9555", "6555", "phone", "mobile", "contact"]),
    "never-07": (CNY, ["menu:", "courses", "abalone", "suckling", "steamed", "prawn", "chicken", "soup", "noodles",
                       "fish maw", "dishes"]),
    "never-08": (ALL, ["corkage", "wine", "bring your own", "byo"]),
    "never-09": (ALL, ["bed no", "bed number", "bed 1", "bed 2", "bed 3", "bed 4", "bed 5", "bed 6"]),
    "never-10": (KNEE, ["after subsidy", "after the subsidy", "subsidised", "with subsidy", "merdeka", "pioneer",
                        "chas"]),
    "never-11": (ALL, ["nric s", "nric: s", "nric no", "nric number", "mum's nric", "her nric"]),
    "never-12": (ALL, ["anaesthetist:", "anaesthetist dr", "anaesthetist is", "anaesthetist, dr", "anesthetist",
                       "anaesthetist ("]),
    "never-13": (ALL, ["room no", "room number", "room 1", "room 2", "room 3", "room 4", "room 5", "room 6",
                       "room 7", "room 8", "room 9"]),
    "never-14": (ALL, ["wi-fi", "wifi", "password", "internet"]),
    "never-15": (FERRY, ["seat no", "seat number", "seats 1", "seat 1", "seats:", "row "]),
    "never-16": (ALL, ["massage", "spa treatment", "spa package", "spa menu", "spa from", "spa:"]),
    "never-17": (ALL, ["cancer", "heart attack", "stroke", "pneumonia", "cause of death", "died of", "illness",
                       "kidney", "failure", "disease"]),
    "never-18": (ALL, ["casket: s$", "casket s$", "casket (s$", "casket cost", "casket was", "coffin"]),
    "never-19": (WAKE, ["company", "colleague", "office", "s$500", "alvin's boss", "from alvin"]),
    "never-20": (ALL, ["sp account no", "sp account number", "account no", "account number", "a/c"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="M", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
