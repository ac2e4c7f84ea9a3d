"""Verify set K's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-k/bin/python bench/docs_qa/set_k/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; ODF text:h;
Markdown # lines; html.parser inside <main>; underlined plain-text headings), its reference scoring rule and loose
matching, through its check_household (shared with sets E to J). It does not import Hearth. Checks: those check_household lists.
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
    "loan-01": {"62.5 lakh", "62.50 lakh"},  # doc: Rs. 62,50,000
    "loan-02": {"8.65 percent", "8.65 per cent"},
    "loan-06": {"22.1 lakh"},  # doc: Rs. 22,10,000
    "loan-10": {"no foreclosure charge", "no penalty", "no charge"},  # doc: no prepayment or foreclosure charge
    "loan-12": {"13 March 2027"},  # doc: 13-03-2027 (dd-mm-yyyy)
    "loan-15": {"31 December 2028"},
    "lease-02": {"1.5 lakh"},  # doc: ₹1,50,000
    "lease-04": {"₹200 a day"},  # doc: ₹200 per day
    "lease-05": {"30 April 2027"},
    "lease-07": {"5 percent", "5 per cent"},
    "lease-12": {"landlord", "owner", "Sunil Patwardhan"},  # doc: paid by the licensor (named under Parties)
    "lease-17": {"₹2,500 per day"},  # doc: ₹2,500 a day
    "scooter-04": {"22 April 2027"},
    "scooter-08": {"21 April 2027"},
    "scooter-10": {"0.8 litres", "800 ml"},  # doc: 0.8 litre
    "scooter-11": {"18 February 2030"},
    "scooter-16": {"19 February 2027"},
    "meds-01": {"7 am", "7am", "07:00"},  # doc: 7:00 am
    "meds-02": {"half an hour"},  # doc: 30 minutes
    "meds-04": {"14:00"},  # doc: 2:00 pm
    "meds-07": {"27 December 2026"},
    "meds-08": {"three a day", "3 a day"},  # doc: no more than 3 in a day
    "meds-11": {"6.9 percent"},
    "meds-12": {"16 January 2027"},
    "meds-14": {"6 pm to 9 pm"},  # doc: 6 to 9 pm (18:00 to 21:00)
    "net-03": {"3.3 TB"},  # doc: 3,300 GB
    "net-05": {"Rs. 150", "150 rupees"},  # doc: ₹150
    "net-13": {"10 April 2027"},
    "net-14": {"Rs. 500", "500 rupees"},  # doc: ₹500
    "classes-01": {"Mondays, Wednesdays and Fridays", "Mon, Wed, Fri"},
    "classes-04": {"15 December 2026"},
    "classes-06": {"10 January 2027"},
    "classes-07": {"second and fourth Saturday"},  # doc: 2nd and 4th Saturday
    "classes-09": {"8 pm"},  # doc: 8:00 pm (20:00)
    "classes-16": {"06:30"},  # doc: 6:30 am (06:30 only in the week-at-a-glance table)
}

ALL = "*"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (ALL, ["loan account number", "loan account no", "loan a/c", "loan account:"]),
    "never-02": ("home_loan_sanction_letter.pdf", ["maintenance", "society charges", "outgoings"]),
    "never-03": (ALL, ["fixed rate", "fixed interest", "fixed-rate", "fixed for"]),
    "never-04": (ALL, ["first disbursement of rs", "first disbursement: rs", "first disbursement will be rs",
                       "first disbursement is rs", "first tranche", "first instalment of the loan"]),
    "never-05": ("leave_and_licence_agreement.docx", ["account no", "account number", "ifsc", "a/c", "upi"]),
    "never-06": (ALL, ["pets", "a pet", "any pet", "no pet", "dog", "animal"]),
    "never-07": ("scooter_service_record.odt", ["premium", "insurer", "policy no", "policy number", "insured with"]),
    "never-08": (ALL, ["mileage", "km/l", "kmpl", "km per litre", "kilometres per litre", "fuel efficiency",
                       "fuel economy", "average of"]),
    "never-09": (ALL, ["belt", "chain", "cvt"]),
    "never-10": (ALL, ["insulin", "units of"]),
    "never-11": (ALL, ["physio", "therapist", "exercises"]),
    "never-12": (ALL, ["policy number", "policy no", "mediclaim", "health insurance no", "insurance number",
                       "third party administrator"]),
    "never-13": (ALL, ["shetty, 0", "shetty: 0", "shetty (0", "shetty on 0", "heart centre, 0", "heart centre: 0",
                       "heart centre (0", "heart centre on 0", "heart centre 0", "centre, aundh, 0",
                       "centre, aundh. 0", "shetty's number"]),
    "never-14": (ALL, ["gb used", "data used", "used last", "usage:", "you used", "consumed"]),
    "never-15": ("broadband_and_mobile_account.html", ["ott apps included", "streaming apps included",
                                                        "includes kestrel stream", "kestrel stream: active",
                                                        "kestrel stream is included", "ott included",
                                                        "stream (active)", "with kestrel stream included"]),
    "never-16": (ALL, ["ip address", "static ip:", "static ip is", "public ip"]),
    "never-17": (ALL, ["installation charge", "installation fee", "installation cost", "paid for installation",
                       "installation: ₹", "installation ₹"]),
    "never-18": (ALL, ["school fee", "school fees", "term fee", "tuition fee"]),
    "never-19": (ALL, ["roll no", "roll number", "student id", "enrolment no", "admission no", "student no"]),
    "never-20": (ALL, ["final exams on", "final exams start", "final exams from", "final exams begin",
                       "exams begin", "exam timetable", "board exam"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="K", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
