"""Verify set L's questions.json against its generated documents in docs/ (README.md beside this file).

Run with the generation venv (pypdf and python-docx; everything else is the stdlib):
    /tmp/docqa-venv-l/bin/python bench/docs_qa/set_l/check_set.py      # -v for never-notes and duplicates

The shared ../check_set.py checks set A only (its docs/ folder is fixed), so this script loads it by
file path and reuses its extractors (pypdf per page; python-docx heading styles; Markdown # lines;
html.parser inside <main>; the EPUB's spine XHTML h1/h2; underlined plain-text headings), its reference
scoring rule and loose matching, through its check_household (shared with sets E to K). It does not
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
    "bh-01": {"220 meters"},
    "bh-03": {"60 percent", "60 per cent"},
    "bh-04": {"45k"},  # doc: KSh 45,000 (the "45k" style is the chama notes')
    "bh-07": {"1.5 mg/L"},  # doc: 1.5 mg per litre
    "bh-08": {"10,000 litres", "10000 litres"},
    "bh-09": {"6 metres"},
    "bh-10": {"2.263 million"},  # doc: KSh 2,263,000
    "bh-13": {"14/09/2026", "14th September"},  # doc: 14 September 2026 (dd/mm/yyyy elsewhere in the set)
    "wed-01": {"12/12/2026", "12th December"},
    "wed-02": {"10 am", "10am"},
    "wed-04": {"17/10/2026", "17th October"},
    "wed-08": {"65k"},
    "wed-13": {"10k"},
    "wed-14": {"100k"},
    "wed-16": {"5/12/2026", "5th December"},
    "baby-01": {"11/03/2027", "11th March"},
    "baby-07": {"28/01/2027", "28th January"},
    "baby-08": {"10/09/2026", "10th September"},
    "baby-12": {"85k"},
    "baby-14": {"30k"},
    "baby-16": {"150k"},
    "shamba-04": {"28/02/2029", "28th February 2029"},
    "shamba-05": {"15k"},
    "shamba-06": {"45k"},
    "shamba-08": {"30th September"},
    "shamba-09": {"10 percent", "10 per cent"},
    "shamba-10": {"10k"},
    "shamba-13": {"6k"},
    "shamba-15": {"600 shillings"},  # doc: KSh 600
    "shamba-16": {"200 shillings"},
    "sacco-02": {"30k"},
    "sacco-04": {"8k"},
    "sacco-07": {"12.5 percent", "12.5 per cent"},
    "sacco-08": {"9.5 percent", "9.5 per cent"},
    "sacco-11": {"60 percent", "60 per cent"},
    "sacco-13": {"20/03/2027", "20th March"},
    "sacco-16": {"12 noon"},  # doc: 12:00 noon
    "chama-02": {"3 pm", "3pm", "15:00"},  # doc: 3:00 pm
    "chama-05": {"3k"},
    "chama-07": {"45,000", "KSh 45,000"},  # doc: 15 x 3,000 = 45k
    "chama-09": {"KSh 200", "200 shillings"},  # doc: Kshs. 200/=
    "chama-10": {"KSh 300", "300 shillings"},
    "chama-11": {"5k"},
    "chama-12": {"20k"},
    "chama-13": {"1.2 million"},  # doc: KSh 1,200,000
    "chama-15": {"10 percent", "10 per cent"},
    "chama-16": {"78k"},
}

ALL = "*"
# id -> (where: a document, "*" for all six, or "document#heading" for one section; strings that
# must not occur there, compared after norm(); the HTML's boilerplate counts as part of its document)
NEVER_CHECKS: dict[str, tuple[str, list[str]]] = {
    "never-01": (ALL, ["tested yield was", "tested yield of", "yield of the test", "test yield", "measured yield", "actual yield",
                       "yield was", "pump test result", "test showed"]),
    "never-02": (ALL, ["struck water at", "water was struck at", "water struck at", "actual depth", "final depth",
                       "drilled to a depth of", "was drilled to"]),
    "never-03": (ALL, ["brand", "make:", "model:", "model no", "manufactured by", "grundfos", "lorentz", "davis"]),
    "never-04": (ALL, ["client's kra pin", "client kra pin", "our kra pin", "pin: a", "pin a0", "pin no. a",
                       "kra pin a"]),
    "never-05": (ALL, ["gown: ksh", "gown, ksh", "gown costs", "gown cost", "gown is ksh", "wedding dress",
                       "gown (ksh", "gown at ksh"]),
    "never-06": (ALL, ["honeymoon"]),
    "never-07": (ALL, ["bride price", "dowry", "agreed at the ruracio", "cows agreed", "number of cows", "cattle"]),
    "never-08": (ALL, ["boy", "girl", "gender", "sex of the baby", "it's a", "a son", "a daughter is"]),
    "never-09": (ALL, ["baby's name", "name the baby", "name him", "name her", "naming", "will be called",
                       "we will call"]),
    "never-10": (ALL, ["sha number", "sha member number", "sha no", "sha membership", "sha id", "sha card no",
                       "sha member no"]),
    "never-11": (ALL, ["epidural costs", "epidural: ksh", "epidural ksh", "epidural is ksh", "epidural, ksh",
                       "epidural charge", "epidural fee", "epidural (ksh"]),
    "never-12": ("shamba_lease.md", ["bags harvested", "harvested", "tonnes", "yield", "bags of potatoes", "sacks"]),
    "never-13": (ALL, ["worth", "valued", "valuation", "market value", "value of the shamba", "value of the plot"]),
    "never-14": ("chama_notes.txt", ["title", "l.r.", "lr no", "plot no", "deed"]),
    "never-15": ("sacco_account.html", ["loan balance", "outstanding loan", "loan outstanding", "your loan",
                                        "loan account", "amount owed"]),
    "never-16": (ALL, ["number of shares", "per share", "shares at", "shares of ksh", "shares held", "no. of shares"]),
    "never-17": (ALL, ["fosa account no", "fosa account number", "fosa a/c", "account number:", "account no."]),
    "never-18": ("chama_notes.txt", ["rent received", "rental income", "rent of", "earns", "earned", "tenants"]),
    "never-19": ("chama_notes.txt", ["account no", "account number", "a/c", "bank account", "bank:"]),
    "never-20": (ALL, ["colour", "color", "theme", "dress code"]),
}


def main() -> int:
    return shared.check_household(HERE, PARAPHRASES, NEVER_CHECKS, label="L", min_answerable=100,
                                  min_never=20, verbose="-v" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
