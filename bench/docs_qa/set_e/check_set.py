"""Verify set E's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-e/bin/python bench/docs_qa/set_e/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; underlined plain-text headings; html.parser inside <main>; EPUB spine h1/h2), its
reference scoring rule and loose matching, through its check_household (shared by sets E and F). It does
not import Hearth. Checks:
  - every canonical answer (first variant) is on the stated page / under the stated heading;
  - every other variant is there too (literally or loosely), or is listed in PARAPHRASES below;
  - every never-question has an entry in NEVER_CHECKS whose probe strings are absent from the named
    documents (boilerplate included), and a note in questions.json;
  - the shape: >= 80 answerable, >= 16 never, >= 1/3 needing a number, every split "test",
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
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="E", min_answerable=80,
                                  min_never=16, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
