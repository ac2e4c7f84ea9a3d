"""Build docs-QA set L (README.md beside this file): its six documents into docs/ and questions.json.

Set L is a held-out test set written by a separate writer, independent of sets A to K: a household in
Karen, Nairobi, Kenya (shilling amounts written several ways: "KSh 45,000", "Kshs. 1,250/=" and "45k";
dd/mm/yyyy and written dates; M-Pesa paybill and till numbers; SHA, KRA PIN, WRA, county fees, matatu and
boda; phone numbers in an obviously fictional 555 block: mobiles 0700 555 0xx and 0700 555 142, Nairobi landlines
020 555 01xx). Six documents, one per format: PDF, DOCX, EPUB, Markdown, HTML and plain text.
Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-l && /tmp/docqa-venv-l/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-l/bin/python bench/docs_qa/set_l/make.py

Every text is written below, and so is every question. The output is byte-for-byte deterministic:
reportlab runs in invariant mode (../writers.py), every zip container (DOCX, EPUB) is rewritten with
fixed timestamps, and questions.json is dumped with a fixed layout.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Grace Wanjiru Mwangi"
PARTNER = "Brian Otieno Ouma"
ADDRESS = "House No. 7, Ndovu Gardens, Miotoni Road, Karen, Nairobi"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author="Chemchemi Drilling and Pumps Ltd.",
                              creator="bench/docs_qa/set_l/make.py")

BOREHOLE = "borehole_contract.pdf"
WEDDING = "wedding_committee_budget.docx"
BABY = "pregnancy_notes.epub"
SHAMBA = "shamba_lease.md"
SACCO = "sacco_account.html"
CHAMA = "chama_notes.txt"

# ---------------------------------------------------------------------------------------------
# 1. Borehole drilling and water tank installation contract (PDF, reportlab), 6 forced pages
# ---------------------------------------------------------------------------------------------
BOREHOLE_TITLE = "Chemchemi Drilling and Pumps: Borehole and Tank Contract CDP/NRB/2026/0419"
BOREHOLE_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", "Borehole Drilling and Water Tank Installation Contract"),
        ("p", "Contract No. CDP/NRB/2026/0419. Date: 3 August 2026. Place: Nairobi."),
        ("h2", "1. Parties"),
        ("p", f"The client: Mr. {PARTNER} and Mrs. {PERSON}, jointly, of {ADDRESS} (the site)."),
        ("p", "The contractor: Chemchemi Drilling and Pumps Ltd., Godown 14, Mombasa Road, Nairobi. KRA PIN "
              "P051555012K. Licensed by the Water Resources Authority as a Category B drilling contractor, "
              "licence no. WRA/DC/0887."),
        ("h2", "2. Scope of the works"),
        ("p", "The contractor will: (a) obtain the approvals to drill; (b) bring a drilling rig to the site and "
              "drill and case one borehole; (c) carry out a pump test and a water quality test; (d) supply and "
              "install a solar-powered submersible pump; (e) supply and erect a new storage tank on a steel tower; "
              "and (f) connect the tank to the house plumbing and to the existing 5,000-litre underground tank."),
        ("p", "The works do not include water treatment, a generator, landscaping or repairs to the driveway."),
    ],
    [  # page 2
        ("h2", "3. Survey and approvals"),
        ("p", "A hydrogeological survey of the site was carried out on 18 July 2026 by Eng. Mercy Njeri, and its "
              "fee of KSh 45,000 was paid by the client separately (receipt CDP-R-2214). The survey recommends a "
              "drilling depth of 220 metres, expects water to be struck between 140 and 160 metres, and estimates "
              "a yield of 3.5 cubic metres an hour."),
        ("p", "Water Resources Authority authorisation to drill: permit no. WRA/NRB/BH/2026/3381, issued on "
              "28 August 2026 (fee KSh 25,000). Nairobi City County borehole approval fee: KSh 8,000. Contractor's "
              "processing charge: KSh 5,000."),
        ("h2", "4. Drilling and casing"),
        ("p", "Drilling and casing with 6-inch uPVC casing and screens, gravel pack and a concrete apron: "
              "KSh 6,500 per metre, so KSh 1,430,000 for the estimated 220 metres. Rig mobilisation and "
              "demobilisation: KSh 85,000."),
        ("p", "If water is not found by 220 metres the contractor may drill on to a maximum of 250 metres, at "
              "KSh 7,200 for each extra metre, only with the client's written approval."),
        ("p", "Dry borehole: if the tested yield is below 0.5 cubic metres an hour, the borehole is treated as dry. "
              "The client then pays 60% of the drilling cost for the depth drilled, no casing is installed, and "
              "sections 6 and 7 are cancelled with no charge."),
    ],
    [  # page 3
        ("h2", "5. Pump test and water quality"),
        ("p", "A 24-hour constant-rate pump test, with recovery readings, will be carried out after drilling: "
              "KSh 60,000. A water sample will be tested at an accredited laboratory: Kshs. 8,500/=. The results "
              "will be submitted to the Water Resources Authority with the completion report."),
        ("p", "Nairobi boreholes often have high fluoride. If the fluoride level is above 1.5 mg per litre, the "
              "contractor will recommend a defluoridation unit, which is not part of this contract (indicative "
              "price KSh 180,000)."),
        ("h2", "6. Solar pump"),
        ("p", "A 2.2 kW solar submersible pump, set at 180 metres, powered by 8 solar panels of 450 watts each on "
              "a ground frame, with a controller and a float switch in the tank. Supplied and installed: "
              "KSh 385,000."),
        ("h2", "7. Tank and tower"),
        ("p", "One new 10,000-litre plastic water tank on a 6-metre galvanised steel tower, on concrete footings, "
              "with an overflow pipe and a lockable inspection lid: KSh 210,000."),
        ("p", "Plumbing from the tank to the house and to the existing 5,000-litre underground tank, with a "
              "non-return valve and a water meter: KSh 46,500."),
    ],
    [  # page 4
        ("h2", "8. Contract price and payment"),
        ("p", "The contract price is KSh 2,263,000, including VAT at 16%: approvals KSh 38,000, mobilisation "
              "KSh 85,000, drilling and casing KSh 1,430,000, pump test KSh 60,000, water test KSh 8,500, solar "
              "pump KSh 385,000, tank and tower KSh 210,000 and plumbing KSh 46,500. The survey fee is not part "
              "of the contract price."),
        ("p", "Payment: 30% on signing (KSh 678,900); 40% when drilling and casing are complete (KSh 905,200); 25% "
              "after the pump test and the installation of the pump and tank (KSh 565,750); and a retention of 5% "
              "(KSh 113,150), paid 3 months after handover if there are no defects."),
        ("p", "Pay by bank transfer, or by M-Pesa to Paybill 555247, account number CDP0419. The contractor does not "
              "accept cash on site."),
        ("h2", "9. Programme"),
        ("p", "The drilling rig will arrive on site on 14 September 2026. Drilling is expected to take 5 working "
              "days. All works will be complete within 6 weeks of the rig arriving."),
        ("p", "If the works are late through the contractor's fault, the contractor will pay KSh 5,000 for each day "
              "of delay, up to a maximum of 5% of the contract price."),
    ],
    [  # page 5
        ("h2", "10. Warranty"),
        ("p", "Workmanship on the borehole, casing and plumbing: 12 months from handover. Solar pump and "
              "controller: the manufacturer's warranty of 2 years. Solar panels: 10 years (product). Tank: 5 years "
              "against leaks. The contractor makes one free service visit 6 months after handover."),
        ("p", "The warranty does not cover damage from running the pump dry, lightning, theft or changes made by "
              "others."),
        ("h2", "11. The client's obligations"),
        ("p", "The client will provide clear access for the rig (a gate at least 4 metres wide and firm ground), "
              "20,000 litres of water for drilling, and a secure place to store materials. The client will tell "
              "the neighbours before drilling starts."),
        ("p", "Work on site is limited to 7:00 am to 6:00 pm, Monday to Saturday. There is no drilling on Sundays "
              "or public holidays."),
    ],
    [  # page 6
        ("h2", "12. Cancellation"),
        ("p", "If the client cancels after the approvals are issued but before the rig arrives, the contractor keeps "
              "the approval costs (KSh 38,000) and 10% of the deposit, and refunds the rest within 14 days."),
        ("h2", "13. Disputes"),
        ("p", "The parties will first try to settle a dispute by meeting within 7 days. If that fails, it will go to "
              "mediation, and then to a single arbitrator in Nairobi."),
        ("h2", "14. Contacts"),
        ("p", "Project manager: Eng. Daniel Kiprono, 0700 555 031. Office: 020 555 0140 (8:00 am to 5:00 pm, "
              "Monday to Friday). Emergencies after handover: 0700 555 039."),
        ("p", "Signed for the contractor: Eng. Daniel Kiprono, Director. Signed by the client: "
              f"{PARTNER}, {PERSON}, on 3 August 2026."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Wedding committee budget and contributions (DOCX, python-docx)
# ---------------------------------------------------------------------------------------------
WEDDING_TITLE = "Kevin and Wambui's Wedding: Committee Budget and Contributions"
WEDDING_SECTIONS: list[tuple[str, list[str]]] = [
    ("The wedding", [
        "Kevin Ouma (Brian's younger brother) and Wambui Njoroge will wed on Saturday 12 December 2026.",
        "Church service: 10:00 am at ACK St. Barnabas Church, Lang'ata. Reception: from 1:00 pm at Mvuli "
        "Gardens, Ngong Road.",
        "The ruracio was held at Wambui's parents' home in Limuru on 17 October 2026.",
        "Treasurer's copy, prepared by Grace Wanjiru Mwangi. Updated 29 November 2026.",
    ]),
    ("The committee", [
        "Chairman: Mr. Joseph Otieno (Kevin's uncle), 0700 555 051.",
        "Treasurer: Grace Wanjiru Mwangi, 0700 555 052. Secretary: Faith Akinyi, 0700 555 053.",
        "The committee meets every Tuesday at 6:30 pm on Google Meet until the wedding, and for the last time in "
        "person on Tuesday 8 December 2026 at 6:00 pm at the Ouma home in Karen.",
    ]),
    ("Budget", [
        "Venue and tents at Mvuli Gardens: KSh 180,000.",
        "Catering by Tamu Tamu Caterers for 350 guests at KSh 1,200 a plate: KSh 420,000.",
        "Wedding cake (three tiers): KSh 65,000.",
        "Decor and flowers: KSh 150,000.",
        "Photography and video: KSh 120,000.",
        "Sound, MC and DJ: KSh 70,000.",
        "Church fee and choir: KSh 25,000.",
        "Transport: two 33-seater buses for family from Kisumu, KSh 48,000 each, return: KSh 96,000.",
        "Bridal car hire: KSh 30,000.",
        "Attire for the bridal party (not the gown, which the couple is paying for): KSh 110,000.",
        "Ruracio: goats, food and transport for the family delegation: KSh 250,000.",
        "Invitation cards and programmes: KSh 18,000.",
        "Contingency: KSh 60,000.",
        "Total budget: KSh 1,594,000.",
    ]),
    ("Money raised so far", [
        "Received as at 29 November 2026: KSh 1,128,500.",
        "Pledged but not yet paid: KSh 287,000.",
        "Still to find: KSh 178,500, if every pledge is paid.",
        "The fundraiser at the Ouma home on 7 November 2026 raised KSh 412,000 on the day (cash and M-Pesa), "
        "which is included in the amount received.",
    ]),
    ("Contributions", [
        "Suggested minimum: KSh 10,000 from each family member and KSh 5,000 from each friend.",
        "Brian and Grace pledged KSh 100,000 and have paid KSh 60,000 so far.",
        "All contributions by M-Pesa to Paybill 555318, account KEVWAM, so that every shilling is recorded. The "
        "treasurer does not take cash except at the fundraiser.",
        "The last day for pledges to be paid is Saturday 5 December 2026.",
    ]),
    ("Suppliers and deposits", [
        "Tamu Tamu Caterers: contact Mrs. Rose Chebet, 0700 555 061. Deposit of 50% (KSh 210,000) paid on "
        "2 November 2026; the balance is due by 1 December 2026.",
        "Mvuli Gardens: paid in full on 14 October 2026. Set-up from 7:00 am on the day; the venue must be cleared "
        "by 8:00 pm.",
        "Photographer: Picha Poa Studios, 0700 555 064. Deposit KSh 40,000 paid; the rest on the day.",
        "Buses: Kisumu Safari Coaches. They leave Kisumu at 4:00 am on the wedding day and go back at 7:00 pm.",
    ]),
    ("After the wedding", [
        "Any money left over goes to the couple. A full account will be read at the thank-you meeting on "
        "Sunday 20 December 2026 at 3:00 pm.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Pregnancy notes (EPUB, exported from a journal app)
# ---------------------------------------------------------------------------------------------
BABY_TITLE = "Baby Number Two: my pregnancy notes"
BABY_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("About this pregnancy", [
        ("Dates", [
            "First day of my last period: 4 June 2026. Expected date of delivery: 11 March 2027.",
            "Booked at the antenatal clinic at 10 weeks, on 13 August 2026. Zawadi (6) is so excited to be a big "
            "sister.",
        ]),
        ("My clinic", [
            "Mama Baraka Maternity Hospital, Ngong Road. Obstetrician: Dr. Lucy Wairimu. Midwife: Sister Jane "
            "Atieno.",
            "The antenatal clinic runs on Thursdays, 8:00 am to 1:00 pm; come early, it is first come, first "
            "served. Bring the Mother and Child Health Handbook (the pink book) to every visit; mine is no. "
            "MBM/ANC/2026/4418.",
        ]),
    ]),
    ("Visits and tests", [
        ("Visit schedule", [
            "Done: 10 weeks (13 August 2026), 16 weeks (24 September 2026), 20 weeks (22 October 2026) and 24 "
            "weeks (19 November 2026).",
            "Still to come: 28 weeks on 17 December 2026, 32 weeks on 14 January 2027, 34 weeks on 28 January "
            "2027, 36 weeks on 11 February 2027, 38 weeks on 25 February 2027 and 40 weeks on 11 March 2027 (the "
            "due date).",
        ]),
        ("Test results", [
            "Blood group: O positive. Haemoglobin at booking: 11.8 g/dL (Sister Jane wants it above 11). HIV, "
            "syphilis and hepatitis B: negative.",
            "Anomaly scan on 22 October 2026 at 20 weeks: all normal, placenta high, one baby.",
            "Sugar (glucose tolerance) test at 24 weeks: 5.4 mmol/L fasting, normal. Blood pressure at the last "
            "visit: 112/70.",
        ]),
        ("Injections and supplements", [
            "Tetanus injections: the first on 13 August 2026 and the second on 10 September 2026.",
            "Iron and folic acid: 1 tablet every day after supper (not with tea). Calcium: 2 tablets a day, with "
            "lunch. Do not take the iron and the calcium together.",
        ]),
    ]),
    ("Birth plan", [
        ("Where and how", [
            "A normal delivery at Mama Baraka if all is well. I would like to try without an epidural and keep "
            "walking around for as long as possible. If a caesarean is needed, Dr. Wairimu does it.",
        ]),
        ("Who comes with me", [
            "Birth companion: Brian. If he is away on site, my sister Njeri comes instead, 0700 555 072.",
            "Zawadi stays with Shosho (Brian's mother) in Karen while I am in hospital.",
        ]),
        ("Going to hospital", [
            "Go in when the contractions are 5 minutes apart for an hour, or straight away if the waters break, "
            "there is bleeding, or the baby moves less than usual.",
            "The drive down Ngong Road takes about 20 minutes at night and can be an hour at rush hour. If Brian's "
            "car is not there, our neighbour Mr. Kamau can drive (0700 555 077), or call a taxi.",
        ]),
    ]),
    ("Costs and cover", [
        ("Maternity packages", [
            "Normal delivery package (2 nights): KSh 85,000. Caesarean package (4 nights): KSh 240,000.",
            "Deposit on admission: KSh 30,000. Private room upgrade: KSh 6,000 a night extra.",
            "Extra nights beyond the package are charged at KSh 9,500 a night.",
        ]),
        ("SHA and insurance", [
            "SHA pays the hospital KSh 10,200 for a normal delivery and KSh 30,000 for a caesarean. Our SHA "
            "contributions are up to date (Brian's through payroll).",
            "Brian's staff medical cover (Imara Health, through his employer) has a maternity limit of "
            "KSh 150,000 for the year, after SHA. The hospital needs a pre-authorisation letter from Imara by "
            "36 weeks.",
        ]),
    ]),
    ("Contacts and hospital bag", [
        ("Numbers", [
            "Mama Baraka maternity ward (24 hours): 020 555 0188. Dr. Wairimu's clinic: 020 555 0183. Hospital "
            "ambulance: 0700 555 099.",
        ]),
        ("Hospital bag", [
            "Pack by 36 weeks (11 February 2027): the pink book, ID, SHA and Imara cards, 2 nightdresses, "
            "maternity pads, baby clothes in newborn size, 2 shawls and a lesso, flask, phone charger.",
        ]),
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Shamba lease notes (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
SHAMBA_MD = """\
# Shamba at Ol Joro Orok: lease notes

Grace's notes on leasing out part of Dad's plot in Nyandarua. Last updated 20 November 2026.

## The plot

- Title No. NYANDARUA/OL JORO OROK/5551, registered to the estate of the late John Mwangi Gitau; Grace is the
  administrator.
- 5 acres in all. 3 acres are leased out; the other 2 acres (the old house, the cowshed and the woodlot of 400
  cypress trees) are not part of the lease.

## The tenant

- Samuel Kariuki Ndung'u of Ol Joro Orok, a potato and pea farmer. Mobile 0700 555 081.
- His wife, Mary Wanjiku, pays the rent when he is away: 0700 555 082.

## Term

- 3 years, from 1 March 2026 to 28 February 2029, covering the long rains and the short rains each year.
- The written agreement was signed at the chief's office on 20 February 2026 and witnessed by the assistant chief.

## Rent

- KSh 15,000 per acre per year for the first year, so KSh 45,000 a year for the 3 acres.
- Year 2 (from 1 March 2027): KSh 16,500 per acre. Year 3 (from 1 March 2028): KSh 18,000 per acre.
- Paid in two halves: the first by 31 March and the second by 30 September, by M-Pesa to Grace's number
  0700 555 010 or to Till No. 555862.
- If a half is more than 14 days late, 10% is added to it.
- Deposit held: KSh 10,000, paid on 20 February 2026, returned at the end if the land is handed back in good order.

## Payments received

| Date | Amount | Note |
| --- | --- | --- |
| 20/02/2026 | KSh 10,000 | Deposit |
| 02/03/2026 | KSh 22,500 | First half, year 1 |
| 29/09/2026 | KSh 20,000 | Second half, year 1: short by KSh 2,500 |
| 18/10/2026 | KSh 2,500 | Balance of the second half, 18 days late; Grace waived the 10% |

## Rules on the land

- No cutting of the cypress trees or the fence posts, and no planting of eucalyptus.
- No potatoes on the same acre two seasons running: rotate with peas or cabbages.
- He may use water from the dam for spraying, but no pumping in January and February.
- He keeps the boundary fence and the gate in repair; the gate stays locked.

## Land rates and county fees

- Nyandarua County land rates: KSh 3,600 a year, paid by Grace. Paid on 14/02/2026 (receipt NCG-LR-77310).
- County produce cess on the potatoes leaving the farm is his to pay (Kshs. 50/= a bag at the market barrier).

## Caretaker

- Mzee Wachira looks after the house and the woodlot: KSh 6,000 a month, sent by M-Pesa on the 2nd.
- Mobile 0700 555 084. He also checks that the tenant keeps to the 3 acres.

## Getting there

- Matatu from Nairobi (Accra Road stage) to Nyahururu: KSh 600, about 3 hours.
- Matatu from Nyahururu to Ol Joro Orok: KSh 150, then a boda to the plot: KSh 200.
- About 212 km; 4 hours by car through Nakuru.

## Ending the lease

- Either side gives 3 months' notice in writing.
- At the end of the term the land is handed back after the last harvest, and not later than 31 March 2029.
"""

# ---------------------------------------------------------------------------------------------
# 5. Sacco member account page (HTML, a browser-saved page)
# ---------------------------------------------------------------------------------------------
SACCO_SECTIONS: list[tuple[str, list[str]]] = [
    ("Account summary", [
        "Balances as at 30/11/2026.",
        "Deposits (BOSA): KSh 486,300.",
        "Share capital: KSh 30,000 (fully paid; the minimum for members is KSh 20,000).",
        "FOSA savings account: KSh 12,840.",
    ]),
    ("Monthly contributions", [
        "Your monthly deposit contribution: KSh 8,000, by standing order.",
        "Pay by M-Pesa to Paybill 555140, account: your member number.",
        "Contributions are due by the 10th of each month. A missed month attracts a penalty of KSh 200.",
    ]),
    ("Dividends and interest for 2025", [
        "Dividend on share capital: 12.5%, KSh 3,375 (on KSh 27,000, your share capital at 31/12/2025).",
        "Interest on deposits: 9.5%, KSh 36,215.",
        "Both were paid into your FOSA account on 22/04/2026, less withholding tax at 5% (KSh 1,979.50): KSh 37,610.50 "
        "net.",
    ]),
    ("Recent transactions", [
        "03/11/2026: Deposit contribution, KSh 8,000.",
        "05/11/2026: FOSA withdrawal to M-Pesa, KSh 15,000 (charge KSh 33).",
        "04/10/2026: Deposit contribution, KSh 8,000.",
        "04/10/2026: Share capital top-up, KSh 3,000.",
    ]),
    ("Nominees", [
        f"{PARTNER} (husband): 60%.",
        "Zawadi Akinyi Otieno (daughter; guardian Brian Otieno Ouma): 40%.",
        "Update your nominees after any change in your family; the form is at any branch.",
    ]),
    ("Leaving the Sacco", [
        "Deposits cannot be withdrawn while you are a member. To leave, give 60 days' written notice; your "
        "deposits are then refunded, less anything you owe, and your share capital must be sold to another member.",
    ]),
    ("Annual general meeting", [
        "The 2026 AGM is on Saturday 20 March 2027 at 9:00 am at Mwangaza House, Upper Hill. Bring your national ID "
        "to register. Members who attend get a transport allowance of KSh 1,500.",
    ]),
    ("Your branch", [
        "Upper Hill branch, Mwangaza House, 2nd floor. Open Monday to Friday 8:30 am to 4:30 pm and Saturday 9:00 am "
        "to 12:00 noon.",
        "Your relationship officer: Mr. Dennis Mutua, 0700 555 142.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Chama rules and my records (plain text, written verbatim)
# ---------------------------------------------------------------------------------------------
CHAMA_TXT = """\
Tujengane Women's Group: rules and my records
==============================================

Grace's copy. Updated after the November meeting (29/11/2026).

About the group
---------------

15 members, started in 2021, registered with the Department of Social Development (certificate
SDO/NRB/21/3307).
We meet on the last Sunday of the month at 3:00 pm, at a member's home in turn.
Chairlady: Lucy Wanjiku Kamau, 0700 555 091. Treasurer: Esther Muthoni, 0700 555 092. Secretary: me.

Contributions
-------------

Every month each member pays:
  Merry-go-round:  KSh 3,000
  Savings:         KSh 2,000 (for the group's investments)
  Welfare:         KSh 200
  Total:           KSh 5,200
Pay by M-Pesa to Paybill 555606, account: your name, by the 20th of the month.

Merry-go-round
--------------

Each month one member takes the whole merry-go-round pot: 15 x 3,000 = 45k.
The order was drawn by ballot in January 2026. I am number 4 in the group list but 10th in the draw,
so my turn is October 2027.
A member who has already taken her pot must keep paying until the round is finished.

Fines
-----

Late contribution (after the 20th): Kshs. 200/=.
Late for a meeting (after 3:30 pm): Kshs. 50/=.
Absent without an apology: Kshs. 300/=.
Phone ringing during a meeting: Kshs. 20/=.

Welfare
-------

Death of a member's parent or spouse: KSh 20,000 from the welfare kitty, and members attend the burial.
Death of a member's child: KSh 15,000.
A member's new baby: KSh 5,000 and a visit by the group within a month.
A member in hospital for more than 3 nights: KSh 3,000 and a visit.

Investments
-----------

The plot: a 50 x 100 plot in Kitengela, bought in 2023 for KSh 1,200,000. We plan to build rental units
on it once the savings reach KSh 2 million.
Money market fund (Kilima MMF): KSh 684,200 as at 31/10/2026.

Leaving the group
-----------------

A member who leaves gets her savings back less 10%, within 90 days, and only after the merry-go-round
round is finished. The welfare contributions are not refunded.

My records for 2026
-------------------

Paid every month from January to November: KSh 5,200 a month.
Fine paid in April: Kshs. 200/= (I paid on the 23rd).
My savings in the group as at 31/10/2026: KSh 78,000.
"""

# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------
ABOUT, CONTRIB, MGR = "About the group", "Contributions", "Merry-go-round"
# (id, question, document, page (PDF) or heading (others), answers: canonical first)
QUESTIONS: list[tuple[str, str, str, int | str, list[str]]] = [
    # borehole contract (PDF): pages
    ("bh-01", "How deep are they planning to drill the borehole?", BOREHOLE, 2,
     ["220 metres", "220 m", "220 meters"]),
    ("bh-02", "What's the drilling rate per metre?", BOREHOLE, 2, ["KSh 6,500", "6,500"]),
    ("bh-03", "If they don't find water, how much of the drilling do we still pay for?", BOREHOLE, 2,
     ["60%", "60 percent", "60 per cent"]),
    ("bh-04", "What did the water survey cost us?", BOREHOLE, 2, ["KSh 45,000", "45,000", "45k"]),
    ("bh-05", "What's the permit number from the water authority for the borehole?", BOREHOLE, 2,
     ["WRA/NRB/BH/2026/3381"]),
    ("bh-06", "How much is the pump test?", BOREHOLE, 3, ["KSh 60,000", "60,000"]),
    ("bh-07", "Above what fluoride reading would they tell us to get a filter?", BOREHOLE, 3,
     ["1.5 mg per litre", "1.5 mg/L", "1.5"]),
    ("bh-08", "How many litres does the new water tank hold?", BOREHOLE, 3,
     ["10,000-litre", "10,000 litres", "10000 litres"]),
    ("bh-09", "How high is the stand the tank sits on?", BOREHOLE, 3, ["6-metre", "6 metres", "6 m"]),
    ("bh-10", "What's the total price of the borehole job?", BOREHOLE, 4, ["KSh 2,263,000", "2,263,000", "2.263 million"]),
    ("bh-11", "How much did we have to pay when we signed for the borehole?", BOREHOLE, 4, ["KSh 678,900", "678,900"]),
    ("bh-12", "How much do we hold back until three months after the borehole is handed over?", BOREHOLE, 4,
     ["KSh 113,150", "113,150"]),
    ("bh-13", "When is the drilling rig coming?", BOREHOLE, 4, ["14 September 2026", "14/09/2026", "14th September"]),
    ("bh-14", "How much do the drillers owe us for each day they run late?", BOREHOLE, 4, ["KSh 5,000", "5,000"]),
    ("bh-15", "How long is the solar pump under warranty?", BOREHOLE, 5, ["2 years", "two years"]),
    ("bh-16", "How much water do we have to provide for the drilling?", BOREHOLE, 5,
     ["20,000 litres", "20000 litres"]),
    ("bh-17", "What's the borehole project manager's phone number?", BOREHOLE, 6, ["0700 555 031", "0700555031"]),
    # wedding committee budget (DOCX): Heading-1 sections
    ("wed-01", "What date is Kevin's wedding?", WEDDING, "The wedding", ["12 December 2026", "12/12/2026", "12th December"]),
    ("wed-02", "What time does the church service start at the wedding?", WEDDING, "The wedding", ["10:00 am", "10 am", "10am"]),
    ("wed-03", "Where is the wedding reception?", WEDDING, "The wedding", ["Mvuli Gardens"]),
    ("wed-04", "When was the ruracio?", WEDDING, "The wedding", ["17 October 2026", "17/10/2026", "17th October"]),
    ("wed-05", "What's the wedding budget altogether?", WEDDING, "Budget", ["KSh 1,594,000", "1,594,000"]),
    ("wed-06", "How much per head is the wedding food?", WEDDING, "Budget", ["KSh 1,200", "1,200"]),
    ("wed-07", "How many guests is the wedding catering for?", WEDDING, "Budget", ["350"]),
    ("wed-08", "What's the wedding cake costing?", WEDDING, "Budget", ["KSh 65,000", "65,000", "65k"]),
    ("wed-09", "How much are the photos and video for the wedding?", WEDDING, "Budget", ["KSh 120,000", "120,000"]),
    ("wed-10", "How much is each bus bringing the family from Kisumu?", WEDDING, "Budget", ["KSh 48,000", "48,000"]),
    ("wed-11", "How much money has come in for the wedding so far?", WEDDING, "Money raised so far",
     ["KSh 1,128,500", "1,128,500"]),
    ("wed-12", "How much did the wedding harambee bring in?", WEDDING, "Money raised so far",
     ["KSh 412,000", "412,000"]),
    ("wed-13", "What's the least each family member is asked to give for the wedding?", WEDDING, "Contributions",
     ["KSh 10,000", "10,000", "10k"]),
    ("wed-14", "How much did Brian and I promise towards the wedding?", WEDDING, "Contributions",
     ["KSh 100,000", "100,000", "100k"]),
    ("wed-15", "Which paybill do people send wedding contributions to?", WEDDING, "Contributions", ["555318"]),
    ("wed-16", "By when must people clear their wedding pledges?", WEDDING, "Contributions",
     ["5 December 2026", "5/12/2026", "5th December"]),
    ("wed-17", "What's the caterer's phone number?", WEDDING, "Suppliers and deposits", ["0700 555 061", "0700555061"]),
    # pregnancy notes (EPUB): h2 subsections
    ("baby-01", "When is the baby due?", BABY, "Dates", ["11 March 2027", "11/03/2027", "11th March"]),
    ("baby-02", "Which day of the week is the antenatal clinic?", BABY, "My clinic", ["Thursdays", "Thursday"]),
    ("baby-03", "What's the number of my clinic booklet?", BABY, "My clinic", ["MBM/ANC/2026/4418"]),
    ("baby-04", "What was my haemoglobin when I booked?", BABY, "Test results", ["11.8 g/dL", "11.8"]),
    ("baby-05", "What's my blood group?", BABY, "Test results", ["O positive", "O+"]),
    ("baby-06", "What did the sugar test show?", BABY, "Test results", ["5.4 mmol/L", "5.4"]),
    ("baby-07", "When's my 34-week check-up?", BABY, "Visit schedule", ["28 January 2027", "28/01/2027", "28th January"]),
    ("baby-08", "When was my second tetanus jab?", BABY, "Injections and supplements",
     ["10 September 2026", "10/09/2026", "10th September"]),
    ("baby-09", "When am I supposed to take the iron tablet?", BABY, "Injections and supplements",
     ["after supper", "every day after supper"]),
    ("baby-10", "How far apart should the contractions be before we leave for hospital?", BABY, "Going to hospital",
     ["5 minutes apart", "5 minutes", "five minutes"]),
    ("baby-11", "What's Mr. Kamau's number in case he has to drive me in?", BABY, "Going to hospital",
     ["0700 555 077", "0700555077"]),
    ("baby-12", "How much is a normal delivery at Mama Baraka?", BABY, "Maternity packages", ["KSh 85,000", "85,000", "85k"]),
    ("baby-13", "What would a C-section cost at the hospital?", BABY, "Maternity packages", ["KSh 240,000", "240,000"]),
    ("baby-14", "How much do we pay upfront when I'm admitted to deliver?", BABY, "Maternity packages",
     ["KSh 30,000", "30,000", "30k"]),
    ("baby-15", "How much will SHA cover for a normal birth?", BABY, "SHA and insurance", ["KSh 10,200", "10,200"]),
    ("baby-16", "What's the maternity limit on Brian's work medical cover?", BABY, "SHA and insurance",
     ["KSh 150,000", "150,000", "150k"]),
    ("baby-17", "What's the number for the maternity ward?", BABY, "Numbers", ["020 555 0188", "0205550188"]),
    # shamba lease (Markdown): ## headings
    ("shamba-01", "How many acres is Samuel renting from us?", SHAMBA, "The plot", ["3 acres", "three acres"]),
    ("shamba-02", "How many trees are in the woodlot upcountry?", SHAMBA, "The plot", ["400", "400 cypress trees"]),
    ("shamba-03", "What's the tenant's phone number at the shamba?", SHAMBA, "The tenant", ["0700 555 081", "0700555081"]),
    ("shamba-04", "When does the shamba lease run out?", SHAMBA, "Term", ["28 February 2029", "28/02/2029", "28th February 2029"]),
    ("shamba-05", "What does he pay per acre this year for the shamba?", SHAMBA, "Rent", ["KSh 15,000", "15,000", "15k"]),
    ("shamba-06", "How much rent does the shamba bring in a year?", SHAMBA, "Rent", ["KSh 45,000", "45,000", "45k"]),
    ("shamba-07", "What does the shamba rent per acre go up to next year?", SHAMBA, "Rent", ["KSh 16,500", "16,500"]),
    ("shamba-08", "When is the second half of the shamba rent due?", SHAMBA, "Rent", ["30 September", "30th September"]),
    ("shamba-09", "What's the penalty if the shamba rent comes in late?", SHAMBA, "Rent", ["10%", "10 percent", "10 per cent"]),
    ("shamba-10", "How much deposit are we holding from the tenant?", SHAMBA, "Rent", ["KSh 10,000", "10,000", "10k"]),
    ("shamba-11", "How much was Samuel's September rent short by?", SHAMBA, "Payments received", ["KSh 2,500", "2,500"]),
    ("shamba-12", "How much are the land rates for the shamba?", SHAMBA, "Land rates and county fees", ["KSh 3,600", "3,600"]),
    ("shamba-13", "How much do we pay Mzee Wachira?", SHAMBA, "Caretaker", ["KSh 6,000", "6,000", "6k"]),
    ("shamba-14", "What's the caretaker's number?", SHAMBA, "Caretaker", ["0700 555 084", "0700555084"]),
    ("shamba-15", "How much is the matatu from Nairobi to Nyahururu?", SHAMBA, "Getting there", ["KSh 600", "600 shillings"]),
    ("shamba-16", "What's the boda fare to the plot?", SHAMBA, "Getting there", ["KSh 200", "200 shillings"]),
    ("shamba-17", "How much notice is needed to end the shamba lease?", SHAMBA, "Ending the lease",
     ["3 months", "three months"]),
    # Sacco account page (HTML): the <main> h2 headings
    ("sacco-01", "How much do I have in deposits at the Sacco?", SACCO, "Account summary", ["KSh 486,300", "486,300"]),
    ("sacco-02", "How much share capital do I have?", SACCO, "Account summary", ["KSh 30,000", "30,000", "30k"]),
    ("sacco-03", "What's in my FOSA account?", SACCO, "Account summary", ["KSh 12,840", "12,840"]),
    ("sacco-04", "How much do I put into the Sacco each month?", SACCO, "Monthly contributions", ["KSh 8,000", "8,000", "8k"]),
    ("sacco-05", "Which paybill do I use for the Sacco?", SACCO, "Monthly contributions", ["555140"]),
    ("sacco-06", "By which day of the month is the Sacco contribution due?", SACCO, "Monthly contributions",
     ["the 10th", "10th"]),
    ("sacco-07", "What dividend did the Sacco pay on shares for 2025?", SACCO, "Dividends and interest for 2025",
     ["12.5%", "12.5 percent", "12.5 per cent"]),
    ("sacco-08", "What rate of interest did I earn on my Sacco deposits?", SACCO, "Dividends and interest for 2025",
     ["9.5%", "9.5 percent", "9.5 per cent"]),
    ("sacco-09", "How much interest did I get on my deposits last year?", SACCO, "Dividends and interest for 2025",
     ["KSh 36,215", "36,215"]),
    ("sacco-10", "How much tax came off my dividend and interest?", SACCO, "Dividends and interest for 2025",
     ["KSh 1,979.50", "1,979.50", "1,979.5"]),
    ("sacco-11", "What share of my Sacco money goes to Brian if I die?", SACCO, "Nominees", ["60%", "60 percent", "60 per cent"]),
    ("sacco-12", "How much notice to quit the Sacco?", SACCO, "Leaving the Sacco", ["60 days", "sixty days"]),
    ("sacco-13", "When is the Sacco AGM?", SACCO, "Annual general meeting", ["20 March 2027", "20/03/2027", "20th March"]),
    ("sacco-14", "How much do we get for going to the AGM?", SACCO, "Annual general meeting", ["KSh 1,500", "1,500"]),
    ("sacco-15", "What's my Sacco officer's number?", SACCO, "Your branch", ["0700 555 142", "0700555142"]),
    ("sacco-16", "What time does the Sacco branch close on Saturday?", SACCO, "Your branch", ["12:00 noon", "noon", "12 noon"]),
    # chama notes (plain text): underlined headings
    ("chama-01", "When does the chama meet?", CHAMA, ABOUT, ["the last Sunday of the month", "last Sunday"]),
    ("chama-02", "What time do chama meetings start?", CHAMA, ABOUT, ["3:00 pm", "3 pm", "3pm", "15:00"]),
    ("chama-03", "What's the chama treasurer's number?", CHAMA, ABOUT, ["0700 555 092", "0700555092"]),
    ("chama-04", "How much do I pay the chama every month in all?", CHAMA, CONTRIB, ["KSh 5,200", "5,200"]),
    ("chama-05", "How much of the monthly chama money goes to the merry-go-round?", CHAMA, CONTRIB, ["KSh 3,000", "3,000", "3k"]),
    ("chama-06", "Which paybill is the chama's?", CHAMA, CONTRIB, ["555606"]),
    ("chama-07", "How big is the merry-go-round payout?", CHAMA, MGR, ["45k", "45,000", "KSh 45,000"]),
    ("chama-08", "When do I get my merry-go-round turn?", CHAMA, MGR, ["October 2027"]),
    ("chama-09", "What's the chama fine for paying late?", CHAMA, "Fines", ["Kshs. 200/=", "KSh 200", "200 shillings"]),
    ("chama-10", "What's the fine for missing a chama meeting without saying?", CHAMA, "Fines", ["Kshs. 300/=", "KSh 300", "300 shillings"]),
    ("chama-11", "How much does the chama give when someone has a baby?", CHAMA, "Welfare", ["KSh 5,000", "5,000", "5k"]),
    ("chama-12", "How much does the chama give if a member's mother dies?", CHAMA, "Welfare", ["KSh 20,000", "20,000", "20k"]),
    ("chama-13", "What did the chama pay for the Kitengela plot?", CHAMA, "Investments", ["KSh 1,200,000", "1,200,000", "1.2 million"]),
    ("chama-14", "How much does the chama have in the money market fund?", CHAMA, "Investments", ["KSh 684,200", "684,200"]),
    ("chama-15", "How much is deducted if someone leaves the chama?", CHAMA, "Leaving the group",
     ["10%", "10 percent", "10 per cent"]),
    ("chama-16", "How much are my savings in the chama?", CHAMA, "My records for 2026", ["KSh 78,000", "78,000", "78k"]),
]

# (id, question, note: what was checked by eye and why it tempts)
NEVER: list[tuple[str, str, str]] = [
    ("never-01", "What yield did the borehole give in the pump test?",
     "The survey's estimate (3.5 cubic metres an hour) and the dry-borehole threshold (0.5) are given; the pump "
     "test is only described and priced, with no result."),
    ("never-02", "At what depth did they actually strike water?",
     "Only the survey's expectation (140 to 160 metres), the planned 220 m, the 250 m cap and the pump setting "
     "at 180 m; no drilling result."),
    ("never-03", "What brand is the solar pump they're installing?",
     "The pump is described by power (2.2 kW), depth and 8 panels of 450 watts; no make or model."),
    ("never-04", "What's our KRA PIN?",
     "The contract gives the contractor's KRA PIN (P051555012K) and its WRA licence, but no PIN for the client."),
    ("never-05", "How much is Wambui's wedding gown?",
     "The budget has attire for the bridal party (KSh 110,000) and says the couple pays for the gown, with no "
     "price."),
    ("never-06", "How much is the honeymoon going to cost?",
     "The budget lines and 'any money left over goes to the couple'; no honeymoon."),
    ("never-07", "What bride price was agreed at the ruracio?",
     "The ruracio date and its budget line (goats, food and transport, KSh 250,000) are given; no agreed bride "
     "price."),
    ("never-08", "Are we having a boy or a girl?",
     "The anomaly scan is 'all normal, placenta high, one baby'; the sex is not recorded."),
    ("never-09", "What are we naming the baby?",
     "Zawadi, Njeri, Shosho and the doctors are named; the baby's name is not."),
    ("never-10", "What's my SHA member number?",
     "SHA is covered (KSh 10,200 / KSh 30,000, contributions up to date, 'SHA and Imara cards'), and the clinic "
     "booklet and Sacco member numbers exist, but no SHA number."),
    ("never-11", "How much does an epidural cost at Mama Baraka?",
     "The packages, deposit, room upgrade and extra nights are priced; the birth plan says she would "
     "like to try without an epidural, with no price."),
    ("never-12", "How many bags of potatoes did Samuel harvest this year?",
     "The notes give the county cess per bag and the last harvest at the end of the lease, but no harvest "
     "figure."),
    ("never-13", "How much is the shamba worth?",
     "The plot's title, size, rent and land rates are given, and the chama's Kitengela plot cost KSh 1,200,000; "
     "no value for the Ol Joro Orok plot."),
    ("never-14", "What's the title number of the chama's Kitengela plot?",
     "The chama notes give the plot's size, price and plans only; the title number in the documents is the "
     "Ol Joro Orok shamba's."),
    ("never-15", "What's my loan balance at the Sacco?",
     "The account page shows deposits, share capital and FOSA; only the sidebar and banner advertise loans "
     "(boilerplate)."),
    ("never-16", "How many shares do I own in the Sacco?",
     "Share capital is given in shillings (KSh 30,000, minimum KSh 20,000, top-up KSh 3,000); no number of shares "
     "or price per share."),
    ("never-17", "What's my FOSA account number?",
     "The page gives the member number and the FOSA balance, but no FOSA account number."),
    ("never-18", "How much rent does the chama's Kitengela plot earn?",
     "The rental units are only planned; the rent figures in the documents are the shamba's."),
    ("never-19", "What's the chama's bank account number?",
     "Only the M-Pesa paybill (555606, account: your name) and the MMF balance are given."),
    ("never-20", "What colours are the wedding theme?",
     "The budget has decor and flowers (KSh 150,000) and attire for the bridal party; no colours or theme."),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, WEDDING_TITLE, WEDDING_SECTIONS, author=PERSON, modified_by=PERSON)


def write_epub(path: Path) -> None:
    writers.write_epub(path, BABY_TITLE, BABY_CHAPTERS, uid="urn:uuid:5c1e7a0d-5551-4b2e-9f41-202612010012",
                       author=PERSON, language="en-KE", date="2026-12-01")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in SACCO_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0052)https://portal.mwangazasacco.example/member/statement -->
<html lang="en-KE">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>My account | Mwangaza Sacco</title>
  <link rel="stylesheet" href="./My account _ Mwangaza Sacco_files/portal.css">
  <script src="./My account _ Mwangaza Sacco_files/tag.js"></script>
</head>
<body>
  <div class="promo-banner">Karibu! Up to 13% dividend on share capital declared. Development loans at just 1% a month, processed in 48 hours. Dial *555*12# to apply. <a href="/loans">Apply now</a></div>
  <header>
    <a class="logo" href="/">Mwangaza Sacco</a>
    <p class="strap">Save together, grow together</p>
    <nav>
      <ul>
        <li><a href="/member">My account</a></li>
        <li><a href="/member/statement">Statements</a></li>
        <li><a href="/loans">Loans</a></li>
        <li><a href="/products">Products</a></li>
        <li><a href="/help">Help</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>My account</h1>
      <p class="member">Member: {PERSON}. Member no. MWS/0558213. Joined 04/03/2019. Page saved on 01/12/2026.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>More from Mwangaza</h3>
    <ul>
      <li>Borrow up to 4 times your deposits.</li>
      <li>Refer a new member and earn KSh 500.</li>
      <li>Holiday savings account: save from KSh 1,000 a month, paid out every December.</li>
      <li>Junior account for your children from KSh 500.</li>
    </ul>
  </aside>
  <footer>
    <p>Customer care: 0700 555 000 (8 am to 8 pm). New members: registration fee KSh 1,000, pay to Paybill 555100.</p>
    <p>Mwangaza Sacco Society Ltd. is licensed by the Sacco Societies Regulatory Authority. Dividends and interest are subject to AGM approval.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/complaints">Complaints</a> | <a href="/terms">Terms</a></p>
    <p>&copy; 2026 Mwangaza Sacco Society Ltd.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


DOCS = {
    BOREHOLE: lambda p: write_pdf(p, BOREHOLE_TITLE, BOREHOLE_PAGES, "Borehole and tank contract"),
    WEDDING: write_docx,
    BABY: write_epub,
    SHAMBA: lambda p: p.write_text(SHAMBA_MD, encoding="utf-8"),
    SACCO: write_html,
    CHAMA: lambda p: p.write_text(CHAMA_TXT, encoding="utf-8"),
}


def main() -> None:
    writers.write_set(HERE, DOCS, writers.questions_json(QUESTIONS, NEVER))


if __name__ == "__main__":
    main()
