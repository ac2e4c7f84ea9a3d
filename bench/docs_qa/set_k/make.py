"""Build docs-QA set K (README.md beside this file): its six documents into docs/ and questions.json.

Set K is a held-out test set written by a separate writer, independent of sets A to J: a household in
Pune, India (rupee amounts with lakh grouping such as ₹1,50,000 and Rs. 62,50,000, dd-mm-yyyy dates such
as 14-09-2026 and written dates, 12-hour times such as 4:30 pm and some 24-hour ones such as 16:30, and
phone numbers in an obviously fictional 555 block: mobiles 9x555 01xxx, Pune landlines 020 2555 01xx,
toll-free 1800 555 01xx). Six documents, one per format: PDF, DOCX, ODT, Markdown, HTML and plain text.
Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-k && /tmp/docqa-venv-k/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-k/bin/python bench/docs_qa/set_k/make.py

Every text is written below, and so is every question. The output is byte-for-byte deterministic:
reportlab runs in invariant mode (../writers.py), every zip container (DOCX, ODT) is rewritten with
fixed timestamps, and questions.json is dumped with a fixed layout. The PDF writes amounts as "Rs."
only: its standard Helvetica font has no rupee sign.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Meera Kulkarni"
PARTNER = "Aditya Kulkarni"
ADDRESS = "Flat B-704, Tulip Heights, Baner Road, Baner, Pune 411045"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author="Sahyadri Housing Finance Ltd.",
                              creator="bench/docs_qa/set_k/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Home loan sanction letter (PDF, reportlab), 6 forced pages
# ---------------------------------------------------------------------------------------------
LOAN_TITLE = "Sahyadri Housing Finance: Home Loan Sanction Letter SHF/PUN/AUN/2026/11842"
LOAN_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", "Home Loan Sanction Letter"),
        ("p", "Ref. No. SHF/PUN/AUN/2026/11842. Date: 14-09-2026. Branch: Aundh, Pune."),
        ("p", f"To: Mr. {PARTNER} (applicant) and Mrs. {PERSON} (co-applicant), {ADDRESS}."),
        ("p", "Dear Sir and Madam, with reference to your application no. HLA-4471209 dated 29 August 2026, we "
              "are pleased to sanction a home loan on the terms and conditions below. Please read them carefully, "
              "sign every page of the duplicate copy and return it to the branch."),
        ("h2", "1. Applicants"),
        ("p", f"Applicant: {PARTNER}, age 38, salaried (Senior Engineer, Trivandi Systems Pvt. Ltd., Hinjewadi). "
              f"Co-applicant and co-owner: {PERSON}, age 36, salaried (Business Analyst, Coralbay Technologies, "
              "Kharadi). The loan is assessed on the combined net monthly income of Rs. 3,42,000."),
        ("h2", "2. Property"),
        ("p", "Flat No. C-1203 on the 12th floor of Wing C, Aaranya Greens, Survey No. 214/2, Wakad, Pune 411057, "
              "being built by Vrundavan Realty LLP. MahaRERA registration no. P52100047719. Carpet area 812 sq. ft., "
              "with one covered parking space."),
        ("p", "Agreement value: Rs. 84,60,000. Possession date committed by the developer under RERA: 31-12-2028."),
    ],
    [  # page 2
        ("h2", "3. Loan amount"),
        ("p", "Sanctioned loan amount: Rs. 62,50,000/- (Rupees Sixty-Two Lakh Fifty Thousand only), which is 73.9% "
              "of the agreement value."),
        ("p", "Your own contribution towards the agreement value: Rs. 22,10,000, to be paid to the developer before "
              "our first disbursement. Stamp duty (7%, Rs. 5,92,200) and the registration fee (Rs. 30,000) are also "
              "yours to pay and are not financed."),
        ("h2", "4. Rate of interest"),
        ("p", "Type: floating, linked to the Sahyadri Retail Lending Rate (SRLR), which is 9.40% a year today. "
              "Your rate: SRLR minus 0.75%, that is 8.65% a year."),
        ("p", "Your rate is reset every quarter, on the 1st of January, April, July and October, and keeps the same "
              "margin below the SRLR for the life of the loan. When the rate changes, we keep the EMI the same and "
              "change the tenure, unless you ask us in writing to change the EMI instead."),
        ("p", "Penal charge on overdue amounts: 2% a year above the applicable rate, on the amount overdue only."),
    ],
    [  # page 3
        ("h2", "5. Tenure and EMI"),
        ("p", "Tenure: 240 months (20 years) from the first full EMI. Equated monthly instalment (EMI) on the full "
              "loan amount at today's rate: Rs. 54,834."),
        ("p", "EMIs are due on the 5th of every month and are collected through a NACH mandate from your joint "
              "savings account with Deccan Sahakari Bank ending 3318."),
        ("h2", "6. Pre-EMI during construction"),
        ("p", "Because the flat is under construction, the loan is released in stages. Until the last disbursement "
              "you pay only simple interest on the amount released so far (pre-EMI interest), collected on the same "
              "date each month. Full EMIs begin in the month after the final disbursement."),
        ("p", "You may instead choose to start full EMIs on the amount disbursed (tranche EMI) from any month, by "
              "writing to us before the 20th of the previous month."),
        ("h2", "7. Disbursement"),
        ("p", "Each disbursement is paid directly to the developer's RERA collection account against the "
              "developer's demand letter and the architect's stage certificate. Submit the disbursement request "
              "form at the branch; funds are released within 7 working days of a complete request."),
        ("p", "The first disbursement will not be released until the conditions in section 12 are met."),
    ],
    [  # page 4
        ("h2", "8. Fees and charges"),
        ("p", "Processing fee: 0.50% of the loan amount, capped at Rs. 15,000, plus GST at 18%: Rs. 17,700 in all. "
              "Rs. 5,900 was paid at login on 29-08-2026; the balance of Rs. 11,800 is payable before the first "
              "disbursement."),
        ("p", "Legal and technical verification charges: Rs. 7,500 (paid). Cheque or NACH dishonour: Rs. 750 for "
              "each instance. Copy of the list of property documents: Rs. 500. Duplicate no-objection certificate: "
              "Rs. 1,000. Conversion to a lower margin (switch fee): 0.25% of the principal outstanding, maximum "
              "Rs. 10,000."),
        ("h2", "9. Prepayment and foreclosure"),
        ("p", "There is no prepayment or foreclosure charge on this floating-rate loan to individual borrowers, "
              "whatever the source of the funds. A part-prepayment must be at least Rs. 25,000. Part-prepayments "
              "reduce the tenure unless you ask for a lower EMI."),
        ("p", "On closure, the original property documents are returned within 30 days of the final payment, "
              "together with a no-objection certificate."),
    ],
    [  # page 5
        ("h2", "10. Insurance"),
        ("p", "Property insurance against fire and allied perils is compulsory from possession, for at least the "
              "value of the building, with Sahyadri Housing Finance noted as mortgagee. Renew it every year and send "
              "us a copy."),
        ("p", "Loan cover life insurance (Sahyadri Griha Suraksha, single premium Rs. 1,18,400 for both "
              "applicants) is optional and is not a condition of this loan. The applicants declined it on "
              "12-09-2026."),
        ("h2", "11. Income tax"),
        ("p", "We issue a provisional interest certificate on request and a final certificate every April for the "
              "previous financial year, showing interest (Section 24(b)) and principal (Section 80C) separately. "
              "Pre-EMI interest is shown separately; it can be claimed in five equal instalments from the year of "
              "possession."),
        ("h2", "12. Conditions before the first disbursement"),
        ("p", "(a) The registered agreement for sale. (b) A tripartite agreement between the developer, the "
              "applicants and Sahyadri Housing Finance. (c) The signed NACH mandate and 3 undated security cheques "
              "from the joint account. (d) Receipts for your own contribution. (e) The balance of the processing "
              "fee."),
    ],
    [  # page 6
        ("h2", "13. Validity and acceptance"),
        ("p", "This sanction is valid for 6 months from the date of this letter, that is until 13-03-2027. If no "
              "disbursement has been taken by then, the loan will be reappraised at a fee of Rs. 2,500, and the "
              "rate may change."),
        ("p", "Please sign and return the duplicate copy within 30 days, by 14-10-2026."),
        ("h2", "14. Contacts"),
        ("p", "Relationship manager: Ms. Neha Sawant, mobile 98555 01264. Aundh branch: 020 2555 0140, open "
              "10:00 am to 5:30 pm, Monday to Saturday (closed on the 2nd and 4th Saturdays)."),
        ("p", "24-hour customer care (toll free): 1800 555 0199. Grievance officer: Mr. Rahul Deo, 020 2555 0148; "
              "if a complaint is not resolved within 30 days, you may escalate it to the Principal Nodal Officer at "
              "our head office in Mumbai."),
        ("p", "For Sahyadri Housing Finance Ltd.: Prakash Bhide, Credit Manager (authorised signatory)."),
        ("p", f"Accepted by the applicants on 16-09-2026: {PARTNER}, {PERSON}."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Leave and licence agreement for the rented flat (DOCX, python-docx)
# ---------------------------------------------------------------------------------------------
LEASE_TITLE = "Leave and Licence Agreement: Flat B-704, Tulip Heights, Baner"
LEASE_SECTIONS: list[tuple[str, list[str]]] = [
    ("Parties", [
        "This agreement is made at Pune on 28-05-2026.",
        "Licensor: Mr. Sunil Patwardhan, of 12 Shivtirth Nagar, Kothrud, Pune 411038, the owner of the premises. "
        "Mobile: 98555 01311.",
        f"Licensees: Mr. {PARTNER} and Mrs. {PERSON}, jointly. Permanent address: 41 Ganesh Colony, Nashik 422005.",
        "The licensees will occupy the premises with their son Kabir and Mrs. Kulkarni's father, Mr. Shrikant "
        "Joshi, and no one else.",
    ]),
    ("The premises", [
        "Flat B-704 on the 7th floor of B wing, Tulip Heights Co-operative Housing Society Ltd., Baner Road, Baner, "
        "Pune 411045: a 2 BHK of 742 sq. ft. carpet area, with one covered car parking slot, P-27, in the stilt.",
        "The flat is given semi-furnished: wardrobes in both bedrooms, a modular kitchen with chimney and hob, "
        "5 ceiling fans, 2 geysers, curtain rods and light fittings, as listed in the annexure.",
    ]),
    ("Period of licence", [
        "The licence is for 11 months, from 01-06-2026 to 30-04-2027.",
        "Lock-in period: the first 6 months (until 30-11-2026), for both parties.",
        "The licence may be renewed for a further 11 months by mutual written consent; on renewal the licence fee "
        "will increase by 5%.",
    ]),
    ("Licence fee", [
        "The monthly licence fee is ₹36,500 (Rupees Thirty-Six Thousand Five Hundred only), payable in advance on "
        "or before the 5th of each English calendar month by bank transfer to the licensor's account.",
        "If the fee is not received by the 10th, a late charge of ₹200 per day is payable from the 11th.",
        "Brokerage of one month's fee was paid separately by each party to the agent, Homeseek Realty, and is not "
        "part of this agreement.",
    ]),
    ("Security deposit", [
        "The licensees have paid an interest-free refundable security deposit of ₹1,50,000 (Rupees One Lakh Fifty "
        "Thousand only) by cheque no. 004417 dated 24-05-2026.",
        "The licensor will refund the deposit within 7 days of the licensees handing back vacant possession and "
        "all keys, after deducting only unpaid licence fee, unpaid bills, and the cost of damage beyond normal "
        "wear and tear.",
        "Painting: the licensees will pay half the cost of repainting the flat when they leave, up to a maximum "
        "of ₹12,000, deducted from the deposit.",
    ]),
    ("Charges and bills", [
        "Society maintenance charges (₹4,200 a month) and property tax are paid by the licensor.",
        "The licensees pay the electricity bills for the flat (consumer no. 170019884523), the piped gas bill, and "
        "the internet and DTH charges, directly to the providers.",
        "The one-time society move-in charge of ₹2,000 is paid by the licensees.",
    ]),
    ("Repairs and use", [
        "The premises are for residential use only. The licensees may not sublet, transfer or share the premises, "
        "or run a business from them.",
        "The licensees will carry out minor repairs (a single repair costing up to ₹2,500), such as taps, switches "
        "and bulbs, at their own cost. Major repairs, leakage, seepage and structural work are the licensor's "
        "responsibility.",
        "The licensor may inspect the premises at a reasonable time after giving 24 hours' notice.",
    ]),
    ("Ending the licence", [
        "After the lock-in period, the licensees may end the licence by giving one month's written notice, and the "
        "licensor by giving two months' written notice.",
        "If the licensees leave during the lock-in period, they must pay the licence fee for the rest of the "
        "lock-in period.",
        "On expiry or termination the licensees will hand over vacant and peaceful possession. If they stay on "
        "after that, they pay ₹2,500 a day as compensation until they leave.",
    ]),
    ("Registration and police verification", [
        "This agreement is registered online with the Sub-Registrar, Haveli, on 28-05-2026, document no. "
        "HVL11-9374-2026.",
        "Stamp duty of ₹1,110 and the registration fee of ₹1,000 are shared equally by the licensor and the "
        "licensees. The agent's e-registration service charge of ₹1,500 is paid by the licensees.",
        "The licensor will submit the tenant information form to Baner police station within 7 days of signing; "
        "acknowledgement no. BNR/TIF/2026/5582.",
    ]),
    ("Keys and handover", [
        "Handed to the licensees on 31-05-2026: 3 main door keys, 2 safety door keys, 1 letterbox key and 2 society "
        "access cards (a lost card is replaced by the society for ₹500).",
        "Meter readings at handover: electricity 18,204 units; piped gas 3,317 SCM.",
    ]),
    ("Signatures", [
        f"Licensor: Sunil Patwardhan. Licensees: {PARTNER}, {PERSON}.",
        "Witnesses: 1. Omkar Joshi, Baner. 2. Pallavi Deshmukh, Aundh.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Scooter service record (ODT, hand-written ODF XML)
# ---------------------------------------------------------------------------------------------
SCOOTER_TITLE = "Scooter service record: Vayu Zephyr 125 (MH 12 TK 4471)"
SCOOTER_SECTIONS: list[tuple[str, list[str]]] = [
    ("Scooter details", [
        f"Vayu Zephyr 125 Disc, colour Matte Teal, registration MH 12 TK 4471. Owner: {PERSON}.",
        "Bought on 19-02-2025 from Shreeji Vayu, Aundh, for ₹1,02,480 on-road (ex-showroom price ₹86,900).",
        "Chassis no. MD9ZR125KLT408817. Engine no. ZR1KLT08817.",
        "Spare key: in the drawer of Baba's cupboard.",
    ]),
    ("Warranty", [
        "Standard warranty: 2 years or 24,000 km, whichever is earlier (until 18-02-2027).",
        "Extended warranty bought at purchase for ₹1,499: 3 more years, so 5 years or 50,000 km in all (until "
        "18-02-2030). It covers the engine and electrical parts, but not the battery, tyres, brake pads or bulbs.",
        "Battery: the battery maker's own warranty is 18 months; it was replaced free once, on 10-11-2025.",
    ]),
    ("Free services", [
        "Three free services (labour free; oil and parts are paid unless under warranty).",
        "1st free service: 14-03-2025 at 642 km. Paid ₹0.",
        "2nd free service: 28-06-2025 at 3,106 km. Paid ₹380 (engine oil).",
        "3rd free service: 10-11-2025 at 6,244 km. Paid ₹465 (engine oil and spark plug). The battery was replaced "
        "under warranty the same day.",
    ]),
    ("Paid services", [
        "A service is due every 4,000 km or 6 months, whichever comes first.",
        "16-04-2026 at 10,018 km (job card JC-AUN-26-03127): general service, engine oil, air filter cleaned, brake "
        "shoes adjusted. Bill ₹1,140.",
        "22-10-2026 at 13,872 km (job card JC-AUN-26-08841): labour ₹650, engine oil ₹392, front brake pads ₹620, "
        "air filter ₹310, new rear tyre ₹1,480, washing ₹100. Bill ₹3,552.",
        "Advisor's note on 22-10-2026: the front tyre has about 4,000 km left; replace it at the next service.",
    ]),
    ("Next service", [
        "Next service due on 22-04-2027 or at 17,872 km, whichever comes first.",
        "Book 2 days ahead on the service advisor's WhatsApp. Pick-up and drop: ₹150 within 5 km.",
    ]),
    ("Tyres, oil and battery", [
        "Tyre pressure: front 22 psi; rear 29 psi riding alone, 33 psi with a pillion rider.",
        "Tyre sizes: front 90/90-12, rear 90/100-10 (rear replaced on 22-10-2026).",
        "Engine oil: 10W-30, 0.8 litre at an oil change (0.9 litre after an engine overhaul).",
        "Fuel tank: 5.3 litres, petrol. Battery: 12 V, 5 Ah.",
    ]),
    ("PUC and papers", [
        "Pollution under control (PUC) certificate: done on 22-10-2026 at the Baner Road petrol pump for ₹100, "
        "valid until 21-04-2027.",
        "Insurance: the own-damage cover renews on 19-02-2027; the third-party cover was bought for 5 years at "
        "purchase. Photocopies of the papers are in the pouch under the seat; the originals and the RC smart card "
        "are in the blue file.",
    ]),
    ("Service centre and help", [
        "Shreeji Vayu service centre, near Parihar Chowk, Aundh. Service advisor: Santosh Pawar, 97555 01489.",
        "Workshop hours: 9:30 am to 7:00 pm; closed on Tuesdays.",
        "Vayu roadside assistance (24 hours, free during the warranty): 1800 555 0176.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Baba's medicine schedule and doctors (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
MEDS_MD = """\
# Baba's medicines and doctors

Meera's notes for Baba (Shrikant Joshi, 79) and for Sunita, his day attendant. Updated 01-12-2026.
The pill organiser is refilled every Sunday evening.

## Morning

- 7:00 am, on an empty stomach: Thyrolin 50 mcg (thyroid), 1 tablet. No tea or breakfast for 30 minutes after it.
- Check his BP at 7:30 am, before the other tablets (see Readings).
- 8:30 am, after breakfast: Amlovas 5 mg (blood pressure), 1 tablet, and Metfora SR 500 (sugar), 1 tablet.

## Afternoon

- 2:00 pm, after lunch: Clopirin 75 (blood thinner), 1 tablet. Never on an empty stomach.
- Lubrex eye drops: 1 drop in each eye at 8 am, 2 pm and 8 pm.

## Night

- 9:30 pm (21:30), after dinner: Metfora SR 500, 1 tablet, and Atorlip 10 (cholesterol), 1 tablet.
- 10:30 pm (22:30), at bedtime: Tamsulin 0.4 mg (prostate), 1 capsule. It can make him dizzy, so he should sit
  on the bed for a minute before getting up at night.

## Weekly and when needed

- Calcivit D3 60,000 IU sachet: every Sunday after breakfast, mixed in a glass of milk, for 8 weeks; the last one
  is on 27-12-2026.
- For pain or fever: Pyrimol 650, 1 tablet, at least 6 hours apart, and no more than 3 in a day.
- For constipation: Laxopeg powder, 2 teaspoons in water at night, only when needed.
- Never give him Septran or any other sulpha medicine: he is allergic (a bad rash in 2019).

## Readings

- BP every morning at 7:30 am. Target: below 140/90. Call Dr. Ranade if it is above 160/100 twice in a row, or
  below 100/60.
- Fasting sugar every Monday (finger-prick). Target: 90 to 130 mg/dL. Below 70, give him 3 teaspoons of sugar
  in water and call us.
- Weight on the 1st of every month: 64.5 kg on 01-12-2026.
- HbA1c every 3 months: 6.9% on 03-10-2026; the next test is due in the first week of January 2027.

## Doctors and appointments

- Family doctor: Dr. Anjali Ranade, Ranade Clinic, Baner. Clinic 020 2555 0162. Open 10 am to 1 pm and 6 to 9 pm
  (18:00 to 21:00); closed on Sundays. Consultation ₹700; home visit ₹1,500.
- Heart specialist: Dr. Vikram Shetty, Sahyog Heart Centre, Aundh. Follow-up every 3 months. Next appointment:
  16-01-2027 at 11:15 am, with an ECG the same morning. Consultation ₹1,200.
- Eyes: left cataract operation done on 12-08-2026 at Drishti Eye Hospital; the right eye is planned after
  March 2027.

## Pharmacy and refills

- Aarogya Medicals, Baner Road (opposite the society gate). Orders on WhatsApp: 98555 01375. Home delivery is
  free above ₹500.
- The monthly refill is ordered on the 25th; 12% discount on orders above ₹2,000. Last month's bill: ₹3,480
  after the discount.
- Keep at least 7 days' extra stock of every tablet, especially Clopirin and Thyrolin.

## Sunita and emergencies

- Sunita Gaikwad, day attendant: 9:00 am to 6:00 pm (09:00 to 18:00), Monday to Saturday. Mobile 99555 01427.
  She comes through Care Circle Agency (020 2555 0171); we pay the agency ₹16,000 a month.
- Baba's blood group: B positive.
- Emergencies: Sahyog Hospital, Aundh, casualty 020 2555 0190 (24 hours). His health insurance card and the
  hospital file are in the blue folder on the top shelf.
"""

# ---------------------------------------------------------------------------------------------
# 5. Broadband and mobile account page (HTML, browser-saved, boilerplate around <main>)
# ---------------------------------------------------------------------------------------------
NET_SECTIONS: list[tuple[str, list[str]]] = [
    ("Broadband plan", [
        "Plan: Kestrel Fibre 300, unlimited with a fair usage limit of 3,300 GB a month; after that the speed "
        "drops to 10 Mbps until the next bill cycle.",
        "Speed: 300 Mbps download and upload.",
        "Rental: ₹1,099 a month plus GST at 18% (₹1,296.82 a month).",
        "Active since 11-04-2026.",
    ]),
    ("Wi-Fi router", [
        "Router: Kestrel AX3000 dual-band Wi-Fi 6, on rent, included in the plan. Router ID: KX3-88Q1-7740.",
        "Wi-Fi networks: Kulkarni_Home (2.4 GHz) and Kulkarni_Home_5G (5 GHz).",
        "Refundable router deposit paid: ₹1,500.",
        "If the internet stops, switch the router off at the plug for 30 seconds; the PON light should be steady "
        "green within 2 minutes.",
    ]),
    ("Landline", [
        "Fixed-line number: 020 2555 0123, with unlimited local and STD calls within India. ISD calls are barred.",
    ]),
    ("Mobile family plan", [
        "Plan: Kestrel Family 999, postpaid, ₹999 a month plus GST, for the primary number and up to 2 add-on "
        "numbers.",
        "Primary: Aditya, 98555 01218, 100 GB a month. Add-ons: Meera, 98555 01219, and Kabir, 98555 01220, "
        "40 GB a month each.",
        "Unused data rolls over, up to 200 GB. Unlimited calls and 100 SMS a day on each number.",
        "International roaming: not active on any number. Kabir's add-on has a ₹300 monthly limit on extras "
        "(data boosters and premium SMS).",
    ]),
    ("Bills and payment", [
        "Bill cycle: the 11th of each month to the 10th of the next. One combined bill for fibre and mobile is "
        "generated on the 11th and is due by the 25th.",
        "Autopay: charged to the credit card ending 2044 on the 22nd of each month.",
        "Late payment charge on this account: ₹150 if the bill is not paid by the due date.",
        "Last bill (11-10-2026 to 10-11-2026): ₹2,591.28, including a ₹98 data booster on Kabir's number; paid by "
        "autopay on 22-11-2026.",
    ]),
    ("Service requests", [
        "SR-26-4471832, raised 03-11-2026: slow speeds in the evening. Technician visit on 04-11-2026 between 2 pm "
        "and 4 pm; the fibre patch cord was replaced and the speed tested at 296 Mbps. Closed on 04-11-2026.",
        "SR-26-4513390, raised 17-11-2026: no internet (fibre cut on Baner Road). Restored on 19-11-2026 at 18:40. "
        "An outage credit of ₹73.27 (two days' rental) will appear on the December bill.",
        "Service helpline (24x7): 1800 555 0115. WhatsApp support: 98555 01100.",
    ]),
    ("Contract and cancellation", [
        "The fibre plan has a 12-month lock-in from 11-04-2026. Closing the connection before 10-04-2027 costs an "
        "early disconnection charge of ₹2,000.",
        "When the connection is closed, the router must be returned within 15 days, or ₹3,500 is charged (less "
        "the ₹1,500 deposit).",
        "The mobile plan has no lock-in; moving an add-on number to its own plan is free.",
    ]),
    ("Shifting your connection", [
        "Moving within Pune: the connection can be shifted to a new address for a shifting charge of ₹500, if the "
        "new building is fibre-ready. Request it at least 7 days before the move.",
        "Aaranya Greens, Wakad: feasibility not yet checked (building under construction).",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Kabir's classes: timetable, fees and contacts (plain text, underlined headings)
# ---------------------------------------------------------------------------------------------
CLASSES_TXT = """\
Kabir's classes 2026-27: timetable, fees and contacts
=====================================================

Meera's notes. Kabir is in Class 9 this year. Updated 18-11-2026.

Week at a glance
----------------

Monday      17:00-19:00   Abhyas Academy (maths and science)
Tuesday     18:00-19:00   Tabla
            20:00-21:00   English and social studies (online)
Wednesday   17:00-19:00   Abhyas Academy
Thursday    20:00-21:00   English and social studies (online)
Friday      17:00-19:00   Abhyas Academy
Saturday    08:00-10:00   Abhyas test (2nd and 4th Saturdays only)
            16:30-18:00   Tabla
Sunday      06:30-08:00   Football

Abhyas Academy (maths and science)
----------------------------------

Batch: Class 9 Foundation, batch F9-B, at the Baner centre (2nd floor, Shubham Arcade, Baner).
Classes: Monday, Wednesday and Friday, 5:00 pm to 7:00 pm.
Tests: every 2nd and 4th Saturday, 8:00 am to 10:00 am; marks are on the Abhyas app by the Tuesday after.
Teachers: Mr. Ketan Apte (maths), Ms. Rashmi Gokhale (physics and chemistry), Mrs. Sneha Kale (biology).

Course fee for the year: ₹58,000 + 18% GST = ₹68,440, in three instalments:
  1. ₹25,000 at admission, paid on 06-04-2026 (receipt AB-2026-1187)
  2. ₹22,000 due by 15-08-2026, paid on 12-08-2026
  3. ₹21,440 due by 15-12-2026, not paid yet
Study material and test series: Rs. 4,500, paid at admission.
Late fee on an instalment: Rs. 100 a day after the due date.

Last class of the year: 27-02-2027, before the school's final exams.
Parents' meeting: Sunday 10-01-2027 at 11:00 am, at the Baner centre.
Office: 020 2555 0155 (10 am to 8 pm). Batch coordinator: Pooja ma'am, 98555 01333.

English and social studies (online)
-----------------------------------

Tutor: Mrs. Farida Shaikh, by video call (the link is in the WhatsApp group).
Classes: Tuesday and Thursday, 8:00 pm to 9:00 pm (20:00 to 21:00).
Fee: ₹3,500 a month, paid by UPI on the 1st of each month.
A missed class is made up on the Sunday at 11:00 am.
She is away from 24-12-2026 to 02-01-2027: no classes, and January's fee is ₹1,750 (half).
Mobile: 98555 01352.

Tabla
-----

Swaranand Sangeet Vidyalaya, Pashan Road. Guruji: Pt. Madhav Kelkar.
Classes: Tuesday 6:00 pm to 7:00 pm and Saturday 4:30 pm to 6:00 pm (16:30 to 18:00).
Fee: ₹1,800 a month, paid in cash by the 10th.
First-year exam: 22-11-2026 at 10:30 am; exam fee Rs. 650, paid.
Practice: 30 minutes every day.
The dayan was re-skinned on 05-10-2026 for ₹1,100.

Football
--------

Striker Sports Academy, Balewadi. Sunday 6:30 am to 8:00 am.
Fee: ₹6,000 a quarter (October to December paid on 28-09-2026). Kit (jersey, shorts and socks): ₹1,850, once.
Coach: Imran sir, 97555 01366. Boots: UK size 8.
Friendly match against Wakad FC: 17-01-2027 at 7:00 am.

Getting there
-------------

Abhyas: Kabir cycles (10 minutes). In the monsoon (June to September only), Ganesh kaka's auto picks him up at
7:00 pm on Mondays, Wednesdays and Fridays: ₹1,400 a month. Ganesh kaka: 98555 01388.
Football: Aditya drops him; Meera picks him up at 8:00 am.
Tabla: he walks (15 minutes).

Monthly total
-------------

Online tutor ₹3,500 + tabla ₹1,800 + football ₹2,000 (₹6,000 a quarter) = ₹7,300 a month, plus ₹1,400 for the
auto in the monsoon. The Abhyas instalments are on top of this.
"""

# =============================================================================================
# Questions: (id, question, doc, page or heading, answers); canonical answer first, verbatim
# =============================================================================================
LOAN, LEASE, SCOOTER = "home_loan_sanction_letter.pdf", "leave_and_licence_agreement.docx", "scooter_service_record.odt"
MEDS, NET, CLASSES = "baba_medicines.md", "broadband_and_mobile_account.html", "kabir_classes.txt"
ABHYAS, ONLINE = "Abhyas Academy (maths and science)", "English and social studies (online)"

QUESTIONS: list[tuple[str, str, str, int | str, list[str]]] = [
    # home loan sanction letter (PDF): page numbers
    ("loan-01", "How much did the bank agree to lend us for the Wakad flat?", LOAN, 2,
     ["Rs. 62,50,000", "62,50,000", "₹62,50,000", "62.5 lakh", "62.50 lakh"]),
    ("loan-02", "What interest rate did we get on the home loan?", LOAN, 2, ["8.65%", "8.65 percent", "8.65 per cent"]),
    ("loan-03", "What will the home loan EMI be once the whole amount is out?", LOAN, 3, ["Rs. 54,834", "54,834", "₹54,834"]),
    ("loan-04", "Over how many years is the home loan?", LOAN, 3, ["240 months", "20 years", "twenty years"]),
    ("loan-05", "Which date of the month does the home loan payment go out?", LOAN, 3, ["the 5th", "5th"]),
    ("loan-06", "How much do we have to put in ourselves towards the new flat's price?", LOAN, 2,
     ["Rs. 22,10,000", "22,10,000", "₹22,10,000", "22.1 lakh"]),
    ("loan-07", "What's the total processing fee on the home loan, with GST?", LOAN, 4, ["Rs. 17,700", "17,700", "₹17,700"]),
    ("loan-08", "How much of the processing fee do we still owe?", LOAN, 4, ["Rs. 11,800", "11,800", "₹11,800"]),
    ("loan-09", "What does the housing finance company charge if an EMI bounces?", LOAN, 4, ["Rs. 750", "₹750"]),
    ("loan-10", "Is there any penalty for paying the home loan off early?", LOAN, 4,
     ["no prepayment or foreclosure charge", "no prepayment", "no foreclosure charge", "no penalty", "no charge"]),
    ("loan-11", "What's the smallest lump sum we can prepay on the home loan?", LOAN, 4, ["Rs. 25,000", "25,000", "₹25,000"]),
    ("loan-12", "Until when is the loan sanction valid?", LOAN, 6, ["13-03-2027", "13 March 2027"]),
    ("loan-13", "How much was the loan life cover they offered us?", LOAN, 5, ["Rs. 1,18,400", "1,18,400", "₹1,18,400"]),
    ("loan-14", "What's our relationship manager's mobile number at Sahyadri?", LOAN, 6, ["98555 01264", "9855501264"]),
    ("loan-15", "By when does the builder have to hand over the Wakad flat?", LOAN, 1, ["31-12-2028", "31 December 2028"]),
    ("loan-16", "What's the RERA number of the Aaranya Greens project?", LOAN, 1, ["P52100047719"]),
    ("loan-17", "How much stamp duty is there on the new flat?", LOAN, 2, ["Rs. 5,92,200", "5,92,200", "₹5,92,200"]),
    # leave and licence agreement (DOCX): headings
    ("lease-01", "How much rent do we pay for the Baner flat?", LEASE, "Licence fee", ["₹36,500", "36,500"]),
    ("lease-02", "How much deposit do we get back when we leave the flat?", LEASE, "Security deposit",
     ["₹1,50,000", "1,50,000", "1.5 lakh"]),
    ("lease-03", "By what date each month does the rent have to reach the landlord?", LEASE, "Licence fee", ["the 5th", "5th"]),
    ("lease-04", "What's the late fee if the rent is late?", LEASE, "Licence fee",
     ["₹200 per day", "200 per day", "₹200 a day"]),
    ("lease-05", "When does our rental agreement run out?", LEASE, "Period of licence", ["30-04-2027", "30 April 2027"]),
    ("lease-06", "How long is the lock-in on the flat?", LEASE, "Period of licence", ["6 months", "six months"]),
    ("lease-07", "If we renew for another 11 months, how much will the rent go up?", LEASE, "Period of licence",
     ["5%", "5 percent", "5 per cent"]),
    ("lease-08", "How much notice do we have to give the landlord before moving out?", LEASE, "Ending the licence",
     ["one month", "1 month"]),
    ("lease-09", "How much notice does the owner have to give us to leave?", LEASE, "Ending the licence",
     ["two months", "2 months"]),
    ("lease-10", "What's our car parking slot number?", LEASE, "The premises", ["P-27", "P27"]),
    ("lease-11", "What's the most the landlord can keep from the deposit for painting?", LEASE, "Security deposit",
     ["₹12,000", "12,000"]),
    ("lease-12", "Who pays the society maintenance for the flat we rent?", LEASE, "Charges and bills",
     ["paid by the licensor", "the licensor", "landlord", "owner", "Sunil Patwardhan"]),
    ("lease-13", "How much is the society maintenance each month?", LEASE, "Charges and bills", ["₹4,200", "4,200"]),
    ("lease-14", "Up to what amount do we have to pay for repairs ourselves?", LEASE, "Repairs and use",
     ["₹2,500", "2,500"]),
    ("lease-15", "What did the electricity meter read when we moved in?", LEASE, "Keys and handover",
     ["18,204 units", "18,204", "18204"]),
    ("lease-16", "What's the registration number of the rent agreement?", LEASE, "Registration and police verification",
     ["HVL11-9374-2026"]),
    ("lease-17", "What do we owe per day if we don't move out when the agreement ends?", LEASE, "Ending the licence",
     ["₹2,500 a day", "2,500 a day", "₹2,500 per day"]),
    # scooter service record (ODT): headings
    ("scooter-01", "What pressure should the scooter's back tyre be when I ride alone?", SCOOTER, "Tyres, oil and battery",
     ["29 psi"]),
    ("scooter-02", "What pressure should the scooter's rear tyre have when Kabir sits behind me?", SCOOTER, "Tyres, oil and battery", ["33 psi"]),
    ("scooter-03", "What pressure does the scooter's front tyre take?", SCOOTER, "Tyres, oil and battery", ["22 psi"]),
    ("scooter-04", "When is the scooter next due for servicing?", SCOOTER, "Next service", ["22-04-2027", "22 April 2027"]),
    ("scooter-05", "At what kilometre reading is the next scooter service due?", SCOOTER, "Next service",
     ["17,872 km", "17872 km", "17,872"]),
    ("scooter-06", "How much was the last scooter service bill?", SCOOTER, "Paid services", ["₹3,552", "3,552"]),
    ("scooter-07", "What did the new rear tyre cost?", SCOOTER, "Paid services", ["₹1,480", "1,480"]),
    ("scooter-08", "When does the scooter's pollution certificate run out?", SCOOTER, "PUC and papers",
     ["21-04-2027", "21 April 2027"]),
    ("scooter-09", "Which engine oil grade does the scooter use?", SCOOTER, "Tyres, oil and battery", ["10W-30", "10W30"]),
    ("scooter-10", "How much oil goes in at an oil change on the scooter?", SCOOTER, "Tyres, oil and battery",
     ["0.8 litre", "0.8 litres", "800 ml"]),
    ("scooter-11", "Until when does the scooter's extended warranty last?", SCOOTER, "Warranty",
     ["18-02-2030", "18 February 2030"]),
    ("scooter-12", "What did we pay for the scooter's extended warranty?", SCOOTER, "Warranty", ["₹1,499", "1,499"]),
    ("scooter-13", "What's the service advisor's number at the scooter showroom?", SCOOTER, "Service centre and help",
     ["97555 01489", "9755501489"]),
    ("scooter-14", "Which day is the scooter workshop shut?", SCOOTER, "Service centre and help", ["Tuesdays", "Tuesday"]),
    ("scooter-15", "What did the scooter cost on-road?", SCOOTER, "Scooter details", ["₹1,02,480", "1,02,480"]),
    ("scooter-16", "When is the scooter insurance up for renewal?", SCOOTER, "PUC and papers",
     ["19-02-2027", "19 February 2027"]),
    # Baba's medicines (Markdown): headings without the #s
    ("meds-01", "What time does Baba take his thyroid tablet?", MEDS, "Morning", ["7:00 am", "7 am", "7am", "07:00"]),
    ("meds-02", "How long after the thyroid pill can Baba have his tea?", MEDS, "Morning",
     ["30 minutes", "half an hour", "thirty minutes"]),
    ("meds-03", "Which of Baba's tablets is the blood thinner?", MEDS, "Afternoon", ["Clopirin 75", "Clopirin"]),
    ("meds-04", "When does Baba take his blood thinner?", MEDS, "Afternoon", ["2:00 pm", "2 pm", "14:00"]),
    ("meds-05", "What time is Baba's prostate capsule?", MEDS, "Night", ["10:30 pm", "22:30"]),
    ("meds-06", "What's the name of Baba's cholesterol tablet?", MEDS, "Night", ["Atorlip 10", "Atorlip"]),
    ("meds-07", "When is Baba's last vitamin D sachet?", MEDS, "Weekly and when needed", ["27-12-2026", "27 December 2026"]),
    ("meds-08", "How many fever tablets can Baba have in one day at most?", MEDS, "Weekly and when needed",
     ["no more than 3", "3 in a day", "three a day", "3 a day"]),
    ("meds-09", "Which medicine must Baba never be given?", MEDS, "Weekly and when needed", ["Septran", "sulpha"]),
    ("meds-10", "At what BP reading should we call the doctor?", MEDS, "Readings", ["above 160/100", "160/100"]),
    ("meds-11", "What was Baba's last HbA1c result?", MEDS, "Readings", ["6.9%", "6.9 percent"]),
    ("meds-12", "When is Baba's next appointment with the heart doctor?", MEDS, "Doctors and appointments",
     ["16-01-2027", "16 January 2027"]),
    ("meds-13", "How much does Dr. Ranade charge to come to the house?", MEDS, "Doctors and appointments",
     ["₹1,500", "1,500"]),
    ("meds-14", "What are the family doctor's evening hours?", MEDS, "Doctors and appointments",
     ["6 to 9 pm", "18:00 to 21:00", "6 pm to 9 pm"]),
    ("meds-15", "On which day of the month do we order Baba's medicines?", MEDS, "Pharmacy and refills", ["the 25th", "25th"]),
    ("meds-16", "How much was last month's chemist bill for Baba?", MEDS, "Pharmacy and refills", ["₹3,480", "3,480"]),
    ("meds-17", "What's Sunita's mobile number?", MEDS, "Sunita and emergencies", ["99555 01427", "9955501427"]),
    # broadband and mobile account page (HTML): the <main> h2 headings
    ("net-01", "What speed is our home internet?", NET, "Broadband plan", ["300 Mbps"]),
    ("net-02", "How much is the broadband a month including tax?", NET, "Broadband plan", ["₹1,296.82", "1,296.82"]),
    ("net-03", "How much data can we use in a month before the internet slows down?", NET, "Broadband plan",
     ["3,300 GB", "3300 GB", "3.3 TB"]),
    ("net-04", "By what date is the phone and internet bill due?", NET, "Bills and payment", ["the 25th", "25th"]),
    ("net-05", "What's the late fee if we miss paying the internet bill?", NET, "Bills and payment", ["₹150", "Rs. 150", "150 rupees"]),
    ("net-06", "How much was last month's internet and mobile bill?", NET, "Bills and payment",
     ["₹2,591.28", "2,591.28"]),
    ("net-07", "How much data does Kabir get on his phone each month?", NET, "Mobile family plan", ["40 GB"]),
    ("net-08", "What's Meera's mobile number on the family plan?", NET, "Mobile family plan", ["98555 01219", "9855501219"]),
    ("net-09", "How much unused mobile data can carry over?", NET, "Mobile family plan", ["200 GB"]),
    ("net-10", "How much are we getting back for the days the internet was down?", NET, "Service requests",
     ["₹73.27", "73.27"]),
    ("net-11", "What number do I call to complain about the internet?", NET, "Service requests", ["1800 555 0115"]),
    ("net-12", "What would it cost to cancel the fibre before the contract is up?", NET, "Contract and cancellation",
     ["₹2,000", "2,000"]),
    ("net-13", "Until what date are we tied in to the fibre contract?", NET, "Contract and cancellation",
     ["10-04-2027", "10 April 2027"]),
    ("net-14", "What will it cost to move the internet to the new flat?", NET, "Shifting your connection",
     ["₹500", "Rs. 500", "500 rupees"]),
    ("net-15", "What's our landline number?", NET, "Landline", ["020 2555 0123"]),
    ("net-16", "How much deposit did we pay for the router?", NET, "Wi-Fi router", ["₹1,500", "1,500"]),
    ("net-17", "What's the 5 GHz Wi-Fi network called?", NET, "Wi-Fi router", ["Kulkarni_Home_5G"]),
    # Kabir's classes (plain text): underlined headings
    ("classes-01", "Which days does Kabir have Abhyas?", CLASSES, ABHYAS,
     ["Monday, Wednesday and Friday", "Mondays, Wednesdays and Fridays", "Mon, Wed, Fri"]),
    ("classes-02", "How much is the whole year at Abhyas including GST?", CLASSES, ABHYAS, ["₹68,440", "68,440"]),
    ("classes-03", "How much is the last Abhyas instalment?", CLASSES, ABHYAS, ["₹21,440", "21,440"]),
    ("classes-04", "When do we have to pay the third Abhyas instalment?", CLASSES, ABHYAS, ["15-12-2026", "15 December 2026"]),
    ("classes-05", "What did Kabir's study material cost?", CLASSES, ABHYAS, ["Rs. 4,500", "₹4,500", "4,500"]),
    ("classes-06", "When is the parents' meeting at Abhyas?", CLASSES, ABHYAS, ["10-01-2027", "10 January 2027"]),
    ("classes-07", "Which Saturdays does Kabir have his coaching tests?", CLASSES, ABHYAS,
     ["2nd and 4th Saturday", "second and fourth Saturday"]),
    ("classes-08", "How much do we pay Farida ma'am each month?", CLASSES, ONLINE, ["₹3,500", "3,500"]),
    ("classes-09", "What time does the online English class start?", CLASSES, ONLINE, ["8:00 pm", "8 pm", "20:00"]),
    ("classes-10", "When is Kabir's Saturday tabla class?", CLASSES, "Tabla",
     ["4:30 pm to 6:00 pm", "16:30 to 18:00", "4:30 pm"]),
    ("classes-11", "How much is tabla a month?", CLASSES, "Tabla", ["₹1,800", "1,800"]),
    ("classes-12", "What was the tabla exam fee?", CLASSES, "Tabla", ["Rs. 650", "₹650"]),
    ("classes-13", "How much is football every three months?", CLASSES, "Football", ["₹6,000", "6,000"]),
    ("classes-14", "What's the auto driver's phone number?", CLASSES, "Getting there", ["98555 01388", "9855501388"]),
    ("classes-15", "How much does the rainy-season auto cost a month?", CLASSES, "Getting there", ["₹1,400", "1,400"]),
    ("classes-16", "What time is football on Sunday?", CLASSES, "Football", ["6:30 am to 8:00 am", "6:30 am", "06:30"]),
]

# (id, question, note: what was checked by eye and why it tempts)
NEVER: list[tuple[str, str, str]] = [
    ("never-01", "What's our home loan account number?",
     "The letter has the reference SHF/PUN/AUN/2026/11842, application no. HLA-4471209 and the savings account "
     "ending 3318, but no loan account number."),
    ("never-02", "How much will the society maintenance be at the Wakad flat?",
     "The only maintenance figure is ₹4,200 a month for the rented Baner flat (paid by the licensor)."),
    ("never-03", "What fixed interest rate could we have taken on the home loan instead?",
     "Only the floating rate (SRLR 9.40% minus 0.75% = 8.65%) and a 2% penal charge are given."),
    ("never-04", "How much is the first disbursement of the home loan?",
     "Disbursement is described (stages, 7 working days, conditions) and the own contribution and fee balance "
     "are given, but no first-disbursement amount."),
    ("never-05", "What's the landlord's bank account number for the rent?",
     "The licence fee is paid 'by bank transfer to the licensor's account'; no account number or IFSC."),
    ("never-06", "Are we allowed to keep a dog in the rented flat?",
     "The agreement lists who may live there, residential use and no subletting; pets are never mentioned."),
    ("never-07", "How much is the scooter's insurance premium?",
     "The record gives the own-damage renewal date and the 5-year third-party cover, but no premium or insurer."),
    ("never-08", "What mileage does the scooter give?",
     "Tank 5.3 litres, odometer readings and service intervals are given; no fuel consumption."),
    ("never-09", "When was the scooter's drive belt last changed?",
     "Services list oil, air filter, brake pads/shoes, spark plug, battery and rear tyre; no belt or chain."),
    ("never-10", "How many units of insulin does Baba take?",
     "His sugar medicine is Metfora SR 500 tablets, with fasting sugar targets; no insulin."),
    ("never-11", "What time is Baba's physiotherapy?",
     "The notes have medicine times, readings, doctors and Sunita's hours; no physiotherapy."),
    ("never-12", "What's Baba's health insurance policy number?",
     "Only 'his health insurance card ... in the blue folder'; no insurer or policy number."),
    ("never-13", "What's Dr. Shetty's phone number?",
     "Dr. Shetty's Sahyog Heart Centre has no number; Dr. Ranade's clinic and the Sahyog Hospital casualty do."),
    ("never-14", "How much mobile data did we use last month?",
     "The plan gives allowances (100 GB, 40 GB each), rollover and a data booster on the bill, but no usage."),
    ("never-15", "Which streaming apps come free with our internet plan?",
     "Main has no streaming apps; only the promo banner (Kestrel Stream free for 3 months on the 1 Gbps offer) and "
     "the sidebar (Kestrel Stream, 14 OTT apps for ₹149 a month) mention them, as offers."),
    ("never-16", "What's our static IP address?",
     "Only the sidebar's 'Static IP add-on: ₹250 a month' promo; the account has a router ID and a landline, no IP."),
    ("never-17", "How much did we pay for the fibre installation?",
     "The promo banner offers 'free installation worth ₹1,000' for new 1 Gbps customers; the account shows rental, "
     "router deposit and charges, but no installation charge."),
    ("never-18", "How much is Kabir's school fee this year?",
     "The classes notes give coaching, tutor, tabla and football fees; the school is mentioned only for its final "
     "exams."),
    ("never-19", "What's Kabir's roll number at Abhyas?",
     "Batch F9-B and the receipt AB-2026-1187 are given, but no roll or student number."),
    ("never-20", "When do Kabir's Class 9 final exams at school start?",
     "Abhyas's last class (27-02-2027) is 'before the school's final exams', with no exam date."),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, LEASE_TITLE, LEASE_SECTIONS, author=PERSON, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, SCOOTER_TITLE, SCOOTER_SECTIONS, generator="bench/docs_qa/set_k/make.py",
                      creator=PERSON, date="2026-10-23T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in NET_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0048)https://www.kestrelfibre.example/my-account/plan -->
<html lang="en-IN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>My account | Kestrel Fibre &amp; Mobile</title>
  <link rel="stylesheet" href="./My account _ Kestrel Fibre &amp; Mobile_files/site.css">
  <script src="./My account _ Kestrel Fibre &amp; Mobile_files/analytics.js"></script>
</head>
<body>
  <div class="promo-banner">Festive offer: Kestrel Fibre 1 Gbps at just ₹1,499 a month, with free installation worth ₹1,000 and 3 months of Kestrel Stream free! Offer ends 31-12-2026. <a href="/offers/festive">Upgrade now</a></div>
  <header>
    <a class="logo" href="/">Kestrel Fibre &amp; Mobile</a>
    <p class="strap">Fibre broadband and postpaid mobile for Pune homes</p>
    <nav>
      <ul>
        <li><a href="/my-account">My account</a></li>
        <li><a href="/pay">Pay bill</a></li>
        <li><a href="/recharge">Recharge</a></li>
        <li><a href="/offers">Offers</a></li>
        <li><a href="/help">Help &amp; support</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>My account</h1>
      <p class="account">Account holder: {PARTNER}. Account no. KF-PUN-7730192. Installation address: {ADDRESS}. Page saved on 30-11-2026.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Make more of Kestrel</h3>
    <ul>
      <li>Add Kestrel Stream: 14 OTT apps for ₹149 a month.</li>
      <li>Refer a friend and you both get ₹300 off your next bill.</li>
      <li>Static IP add-on: ₹250 a month, for work-from-home and CCTV.</li>
      <li>International roaming packs from ₹599 for 7 days.</li>
    </ul>
    <p>Family plans from ₹699 a month with up to 3 add-on numbers.</p>
  </aside>
  <footer>
    <p>New connections: 1800 555 0111 (9 am to 9 pm). Kestrel Networks Pvt. Ltd., Magarpatta City, Hadapsar, Pune 411013.</p>
    <p>Late payment charges of up to ₹100 may apply as per tariff. All speeds are "up to" speeds; plans are subject to a fair usage policy.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/grievance">Grievance redressal</a> | <a href="/terms">Terms</a></p>
    <p>&copy; 2026 Kestrel Networks Pvt. Ltd.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


DOCS = {
    LOAN: lambda p: write_pdf(p, LOAN_TITLE, LOAN_PAGES, "Home loan sanction letter"),
    LEASE: write_docx,
    SCOOTER: write_odt,
    MEDS: lambda p: p.write_text(MEDS_MD, encoding="utf-8"),
    NET: write_html,
    CLASSES: lambda p: p.write_text(CLASSES_TXT, encoding="utf-8"),
}


def main() -> None:
    writers.write_set(HERE, DOCS, writers.questions_json(QUESTIONS, NEVER))


if __name__ == "__main__":
    main()
