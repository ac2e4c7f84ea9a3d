"""Build the documents of docs-QA set G (README.md beside this file) into docs/.

Set G is a held-out test set written by a separate writer, independent of sets A to F: a household in
Calgary, Alberta, Canada. Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-f && /tmp/docqa-venv-f/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_g/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in invariant
mode (../writers.py), and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Renée Lachance"
PARTNER = "Tomasz Wójcik"
ADDRESS = "1418 Kensington Crescent NW, Calgary, AB T2N 3R7"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_g/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Car lease agreement (PDF, reportlab), 6 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
LEASE_TITLE = "Chinook Auto Finance: Consumer Vehicle Lease Agreement"
LEASE_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", LEASE_TITLE),
        ("p", "Lease number: CAF-L-2207619. Date of this agreement: 14 October 2025."),
        ("h2", "1. Parties"),
        ("p", f"Lessee: {PERSON}. Co-lessee: {PARTNER}. Both of {ADDRESS}."),
        ("p", "Lessor: Chinook Auto Finance Inc., 900 Centre Street SE, Calgary. Dealer: Crowchild Kestrel, "
              "5210 Crowchild Trail NW, Calgary (salesperson: Amir Haddad)."),
        ("h2", "2. The vehicle"),
        ("p", "New 2025 Kestrel Arroyo EX AWD, five-passenger SUV, exterior colour Lunar Grey."),
        ("p", "Vehicle identification number (VIN): 3KAR5EX29SC104882."),
        ("p", "Odometer reading at delivery: 38 km. Delivery date: 18 October 2025."),
        ("p", "Winter tires (Nordhavn X3 on steel rims) are included in the lease and must be returned "
              "with the vehicle."),
    ],
    [  # page 2
        ("h2", "3. Cost of the lease"),
        ("p", "Agreed value of the vehicle (capitalized cost): $41,890."),
        ("p", "Down payment (capitalized cost reduction): $3,000, paid at signing."),
        ("p", "Acquisition fee: $795, included in the capitalized cost."),
        ("p", "Refundable security deposit: $550, returned at the end of the lease if all payments are made."),
        ("p", "Residual value of the vehicle at the end of the term: $20,108."),
        ("p", "Lease rate: 4.49% per year. (The dealer's worksheet of 2 October 2025 showed 5.29%; "
              "this agreement supersedes it.)"),
        ("h2", "4. Payments"),
        ("p", "Term: 48 months."),
        ("p", "Monthly payment: $512.36 plus GST of $25.62, a total of $537.98 a month."),
        ("p", "The first payment is due at signing. Later payments are taken by pre-authorized debit on "
              "the 18th of each month, from 18 November 2025."),
        ("p", "Total of all monthly payments over the term: $25,823.04 including GST."),
    ],
    [  # page 3
        ("h2", "5. Kilometre allowance"),
        ("p", "The lease includes 20,000 km a year, or 80,000 km over the whole term."),
        ("p", "If the vehicle has been driven more than the allowance when you return it, you pay an excess "
              "kilometre charge of 12 cents per km, plus GST."),
        ("p", "You may buy extra kilometres in advance, at signing only, at 8 cents per km, in blocks of "
              "2,500 km."),
        ("p", "Unused kilometres are not refunded. If you lease or buy another new Kestrel from the same "
              "dealer within 30 days of return, you get a credit of 5 cents per km for up to 4,000 unused km."),
        ("h2", "6. Maintenance"),
        ("p", "You must service the vehicle as the Kestrel maintenance schedule says: an oil change and "
              "inspection every 12,000 km or 12 months, whichever comes first. Keep every receipt."),
        ("p", "Do not modify the vehicle, tint the front windows, or fit a trailer hitch without our written "
              "consent."),
    ],
    [  # page 4
        ("h2", "7. Insurance"),
        ("p", "You must insure the vehicle for as long as the lease lasts, with Chinook Auto Finance named "
              "as owner and loss payee."),
        ("p", "Third-party liability cover of at least $2,000,000 is required."),
        ("p", "The deductible may be no more than $1,000 for collision and no more than $500 for "
              "comprehensive."),
        ("h2", "8. Wear and use at the end of the lease"),
        ("p", "We book a free pre-return inspection for you about 90 days before the end of the term."),
        ("p", "Normal wear is accepted. You pay for excess wear, which includes:"),
        ("p", "- any tire with less than 4/32 inch (3 mm) of tread, or tires that do not match;"),
        ("p", "- dents larger than 5 cm across, and scratches through the paint longer than 10 cm;"),
        ("p", "- a cracked windshield, or any chip in the driver's line of sight;"),
        ("p", "- a missing key fob, charged at $420 per fob, or a missing owner's manual or winter tire."),
    ],
    [  # page 5
        ("h2", "9. Late payments and fees"),
        ("p", "A payment not received within 10 days of its due date costs a late fee of $35."),
        ("p", "A payment returned by your bank (NSF) costs $45, in addition to any late fee."),
        ("h2", "10. Ending the lease early"),
        ("p", "You may end the lease early after you have made 12 monthly payments. We then charge an early "
              "termination fee of $350, plus the difference between what you still owe and the vehicle's "
              "wholesale value."),
        ("p", "You may also transfer the lease to another person we approve, for a transfer fee of $250."),
        ("h2", "11. At the end of the term"),
        ("p", "The lease ends on 18 October 2029. Return the vehicle, both key fobs and the winter tires to "
              "the dealer on or before that date."),
        ("p", "Purchase option: you may buy the vehicle for its residual value of $20,108 plus a purchase "
              "option fee of $395, plus taxes. Tell us at least 30 days before the lease ends."),
        ("p", "A vehicle returned more than 3 days late is charged $40 a day."),
    ],
    [  # page 6
        ("h2", "12. Contacts"),
        ("p", "Chinook Auto Finance customer care: 1-888-402-7715, Monday to Friday, 7 am to 7 pm Mountain "
              "Time."),
        ("p", "Roadside assistance (24 hours a day, included for the whole term): 1-888-402-7799."),
        ("p", "Crowchild Kestrel service department: 403-555-0164."),
        ("h2", "13. Cancellation rights"),
        ("p", "Because this lease was signed at the dealer's premises, there is no cooling-off period. "
              "Read the whole agreement before you sign."),
        ("h2", "14. Signatures"),
        ("p", "Signed at Calgary, Alberta, on 14 October 2025."),
        ("p", f"Lessee: ____________________ ({PERSON})     Co-lessee: ____________________ ({PARTNER})"),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Group benefits booklet (PDF, reportlab), 6 pages.
# ---------------------------------------------------------------------------------------------
BEN_TITLE = "Aspen Mutual Life: Group Benefits Summary, Parkland Geomatics Ltd"
BEN_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", BEN_TITLE),
        ("p", "Group policy number: 48210. This summary is for employees in the Salaried class. If it "
              "differs from the group policy, the policy applies."),
        ("h2", "Your coverage"),
        ("p", f"Plan member: {PARTNER}. Certificate number: 55320071. Coverage effective 1 January 2026."),
        ("p", f"Dependants on file: spouse {PERSON}; children Elliot Wójcik and Maëlle Wójcik."),
        ("p", "Dependent children are covered until they turn 21, or until 25 if they are full-time "
              "students."),
        ("h2", "Submitting claims"),
        ("p", "Send claims within 12 months of the date you received the service. If your coverage ends, "
              "send any remaining claims within 90 days of that date."),
        ("p", "Most claims can be made in the Aspen Go app. Keep your receipts for 12 months in case we "
              "audit a claim."),
    ],
    [  # page 2
        ("h2", "Prescription drugs"),
        ("p", "Reimbursement: 80% of eligible drugs, through your pay-direct drug card, so you pay only "
              "your share at the pharmacy."),
        ("p", "Dispensing fees are covered up to $8.00 per prescription."),
        ("p", "Generic substitution applies: if you choose a brand-name drug when a generic exists, the plan "
              "pays only what it would pay for the generic."),
        ("h2", "Health care deductible"),
        ("p", "There is no deductible on prescription drugs. For the other health benefits, the yearly "
              "deductible is $25 per person or $50 per family."),
        ("h2", "Travel emergency"),
        ("p", "Emergency medical care outside Canada is covered at 100%, up to $5,000,000 per person, for "
              "trips of up to 60 days. Call Aspen Assist first: 1-800-711-3308 from Canada or the US, or "
              "collect +1-204-555-0130 from anywhere else."),
    ],
    [  # page 3
        ("h2", "Paramedical practitioners"),
        ("p", "Paid at 80%, after the deductible. Each practitioner has its own calendar-year maximum per "
              "person:"),
        ("p", "- physiotherapist: $600 a year;"),
        ("p", "- massage therapist: $500 a year, up to $80 a visit, no doctor's referral needed;"),
        ("p", "- chiropractor: $400 a year;"),
        ("p", "- psychologist or registered social worker: $1,200 a year combined."),
        ("h2", "Vision care"),
        ("p", "An eye examination once every 24 months, up to $100 (every 12 months for children under 18)."),
        ("p", "Glasses or contact lenses: up to $250 every 24 months per person. Laser eye surgery: $500 "
              "once in a lifetime."),
    ],
    [  # page 4
        ("h2", "Dental care"),
        ("p", "Basic services (exams, cleanings, fillings, X-rays): 80%."),
        ("p", "Major services (crowns, bridges, dentures): 50%."),
        ("p", "Annual maximum for basic and major services together: $2,000 per person per calendar year."),
        ("p", "Recall exams and cleanings: once every 9 months for adults, once every 6 months for "
              "children under 12."),
        ("p", "Fees are paid up to the current Alberta Dental Association fee guide."),
        ("h2", "Orthodontics"),
        ("p", "For dependent children under age 19 only. Paid at 50%, up to a lifetime maximum of $2,500 "
              "per child."),
        ("p", "Ask your orthodontist to send a treatment plan before treatment starts, so you know what the "
              "plan will pay."),
    ],
    [  # page 5
        ("h2", "Life insurance"),
        ("p", "Basic life: 2 times your annual earnings, to a maximum of $500,000."),
        ("p", "Dependent life: $10,000 for a spouse, $5,000 for each child."),
        ("h2", "Disability"),
        ("p", "Short-term disability: 66.7% of your weekly earnings, up to $1,200 a week, from the 8th day "
              "of illness (a 7-day waiting period), for up to 17 weeks."),
        ("p", "Long-term disability: 60% of your monthly earnings, up to $7,500 a month, after 119 days."),
        ("h2", "Employee and family assistance"),
        ("p", "Confidential counselling for you and your family, up to 6 sessions per issue, 24 hours a day "
              "by phone: 1-866-340-2295."),
    ],
    [  # page 6
        ("h2", "If your spouse has a plan too"),
        ("p", "Claim for yourself under your own plan first, and send the rest to your spouse's plan."),
        ("p", "For your children, first claim under the plan of the parent whose birthday comes earlier in "
              "the calendar year (the birthday rule). Your file shows your spouse's birthday as 9 March and "
              "yours as 22 July, so children's claims go first to your spouse's plan."),
        ("h2", "Contact us"),
        ("p", "Aspen Mutual Life member services: 1-800-665-4180, Monday to Friday, 8 am to 8 pm Eastern Time."),
        ("p", "Your benefits administrator at Parkland Geomatics: Deborah Yee, HR, extension 2231."),
        ("p", "Aspen Mutual Life, 360 Main Street, Winnipeg, MB R3C 3Z8."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Basement development plan and quote (DOCX, python-docx): title + Heading-1 sections
# ---------------------------------------------------------------------------------------------
BSMT_TITLE = "Basement Development: Plan and Quote"
BSMT_SECTIONS: list[tuple[str, list[str]]] = [
    ("What we are building", [
        "Developing the whole basement, about 780 sq ft, with Summit Ridge Renovations.",
        "A bedroom for Elliot with an egress window, a rec room, a three-piece bathroom (shower, toilet, "
        "sink) and a storage room around the furnace and water heater.",
        "Finished ceiling height will be 7 ft 9 in; under the main beam it drops to 7 ft 1 in.",
    ]),
    ("The quote", [
        "Quote SRR-2611, dated 3 February 2026: $58,400 plus GST. The first estimate in December was "
        "$52,900; the difference is mostly the bathroom rough-in and the egress window.",
        "The quote includes a contingency allowance of $4,000. Anything unused comes off the final invoice.",
        "Not included: painting the rec room (we are doing it ourselves) and moving the freezer.",
    ]),
    ("Payment schedule", [
        "10% deposit ($5,840) when we sign the contract.",
        "30% when the framing inspection passes, and 30% when drywall is up.",
        "The last 30% at completion, less a 10% holdback that we keep for 60 days after completion, in case "
        "of liens.",
        "Pay by e-Transfer to payments@summitridge.example or by cheque. No cash.",
    ]),
    ("Permits and inspections", [
        "Summit Ridge applies for the City of Calgary building permit; it is included in the price. "
        "Permit number BP2026-00814, applied for on 10 February 2026.",
        "The electrical and plumbing permits are pulled by their subcontractors.",
        "Someone must be home to let the city inspector in: framing, insulation, and final inspections.",
    ]),
    ("Schedule", [
        "Start date: Monday 6 April 2026. Framing done by 24 April, drywall by 11 May, and completion "
        "planned for 19 June 2026.",
        "The crew works 8 am to 5 pm, Monday to Friday. No Saturday work unless we agree to it.",
        "The crew uses the side door and the basement stairs only; they will lay floor protection on the "
        "landing.",
    ]),
    ("Our choices", [
        "Flooring: luxury vinyl plank, colour Harbour Oak, throughout, except carpet in Elliot's bedroom.",
        "Egress window: 30 in wide by 48 in high, with a steel window well and a clear cover.",
        "Bathroom: a 48-inch shower with a glass door, and a fan vented outside.",
        "Paint (walls): Benjamin Moore Pale Oak OC-20. Doors and trim: Chantilly Lace.",
        "Two extra electrical outlets on the TV wall, and an Ethernet cable to the rec room.",
    ]),
    ("Warranty", [
        "Summit Ridge guarantees its workmanship for 2 years from completion. The Alberta new-home warranty "
        "does not apply to a renovation.",
        "Report a problem in writing within 30 days of noticing it.",
    ]),
    ("Contacts", [
        "Project manager: Lindiwe Mokoena, 403-555-0187. Site lead: Dariusz Nowak, 403-555-0112.",
        "Summit Ridge Renovations office: 403-555-0100, Monday to Friday 8 am to 4:30 pm.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. After-school care agreement (ODT, hand-written ODF)
# ---------------------------------------------------------------------------------------------
CARE_TITLE = "After-School Care Agreement: Kateryna Bondar"
CARE_SECTIONS: list[tuple[str, list[str]]] = [
    ("Who this agreement is between", [
        f"Parents: {PERSON} and {PARTNER}, {ADDRESS}.",
        "Caregiver: Kateryna Bondar, a second-year nursing student at Mount Royal University.",
        "Children: Maëlle (7) and Elliot (13).",
    ]),
    ("Dates", [
        "The agreement starts on Tuesday 6 January 2026 and ends on Friday 26 June 2026, the last day of "
        "school. We will talk about the summer by 1 May.",
    ]),
    ("Hours", [
        "Monday to Thursday, 3:15 pm to 6:00 pm. Renée is home on Fridays, so there is no care on Fridays.",
        "Kateryna picks Maëlle up from the school gate at 3:25 pm and walks her home.",
    ]),
    ("Pay", [
        "$19.50 an hour, with a guaranteed minimum of 10 hours a week, even if we cancel a day.",
        "Any time after 6:00 pm is paid at $24 an hour.",
        "Paid every second Friday by Interac e-Transfer.",
        "If Kateryna drives the children in her own car, we pay 55 cents per km.",
    ]),
    ("Duties", [
        "A healthy snack, homework first, then play. No screens before homework is done.",
        "Tuesdays: drive Elliot to hockey practice. Leave the house by 4:50 pm; Elliot must be on the ice "
        "at the arena for 5:30 pm.",
        "Start supper (we leave it ready) so it is in the oven by 5:30 pm.",
        "Maëlle's booster seat stays in the hall closet.",
    ]),
    ("Allergies and medicine", [
        "Maëlle is allergic to tree nuts. Her EpiPen Jr is in the blue pouch on the hook by the back door; "
        "it expires in October 2026.",
        "If she has a reaction: use the EpiPen, call 911, then call us.",
        "No medicine of any kind without a parent's say-so by phone.",
    ]),
    ("Time off", [
        "Kateryna is paid for statutory holidays that fall on one of her usual days.",
        "She gives us 2 weeks' notice for any unpaid time off (exams, for instance).",
        "If she is sick, she texts Renée by 11 am so we can make other plans.",
    ]),
    ("House rules", [
        "No visitors while the children are in her care. Doors locked; do not answer the door to people "
        "you do not know.",
        "The children may not go to the park without her. Elliot may walk to a friend's if we say yes by text.",
    ]),
    ("Ending the agreement", [
        "Either side may end the agreement with 2 weeks' written notice (a text is fine). For a serious "
        "safety issue, we may end it at once.",
    ]),
    ("Emergency contacts", [
        "Renée (cell): 403-555-0126. Tomasz (cell): 403-555-0173.",
        "Backup: our neighbour Gwen Aldous at number 1422, who has a spare key: 403-555-0159.",
        "Family doctor: Dr. Okonkwo, Kensington Family Clinic, 403-555-0148.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. House notes (Markdown)
# ---------------------------------------------------------------------------------------------
HOUSE_MD = """\
# House notes: 1418 Kensington Crescent NW

Tomasz's notes on keeping the house running. Last updated January 2026.

## Furnace and air

- Furnace filter: 16x25x1, MERV 11. Change it every 3 months: January, April, July and October.
- Furnace serviced every September by Bow Valley Heating (403-555-0191). Last visit 17 September 2025, $149.
- Thermostat schedule: 21 °C from 6:30 am to 10 pm, 17 °C overnight.
- Humidifier: 35% in the fall; drop it to 25% when it is colder than -20 °C outside, or the windows frost up.

## Water heater and water

- Gas water heater, 50 US gallons, installed in 2017. Set to 49 °C (120 °F).
- Drain a few buckets from the valve at the bottom once a year, in May, to flush out sediment.
- Main water shut-off: basement utility room, behind the furnace, the valve with the red handle.
- The water softener takes 20 kg bags of salt; check it on the first Saturday of the month.

## Outside taps and sprinklers

- Close the inside valves for both outside taps by 15 October, then open the taps outside to drain.
- Sprinkler blow-out booked with Green Chinook Irrigation for 11 October 2025: $95.
- Turn the sprinklers back on after the May long weekend (Victoria Day), not before: frost.

## Roof and eavestroughs

- Shingles replaced in 2019 after the hailstorm (30-year architectural shingles).
- Clean the eavestroughs in late October, after the elm has dropped its leaves.
- Downspout on the north corner must point away from the house: that is where the basement got damp.

## Radon

- Tested in winter 2023: 240 Bq/m³. Health Canada's guideline is 200 Bq/m³.
- Sub-slab mitigation system installed November 2023 by Prairie Radon, $2,850.
- Retest in February 2024: 45 Bq/m³. Check that the fan's U-tube gauge is not level, and retest every 5 years.

## Electrical

- Panel is 100 amp, in the basement utility room.
- Breaker 14 is the basement. Breaker 7 is the kitchen counter plugs; the kettle and toaster together trip it.
- Smoke alarms: 9-volt batteries, changed on the first weekend of November (when the clocks go back).

## Snow

- The City wants the sidewalk cleared within 24 hours after the snow stops.
- Snow blower: Toro, 5W-30 oil, change it every 50 hours or every fall. Shear pins in the blue drawer.
- Ice melt only on the back steps: not on the new concrete at the front until it is 2 years old (poured 2025).

## Bins

- Green cart (food and yard waste): every Thursday.
- Blue cart (recycling): every other Thursday.
- Black cart (garbage): every other Wednesday.
- Carts out by 7 am, 30 cm apart, lids closed.
"""

# ---------------------------------------------------------------------------------------------
# 6. Hockey team information (plain text, underlined headings)
# ---------------------------------------------------------------------------------------------
HOCKEY_TXT = """\
NOSE CREEK MINOR HOCKEY: U15 HAWKS BLACK, PARENT INFORMATION 2025-26
=====================================================================

For the families of the 17 players on U15 Hawks Black. Read it once; keep it handy.

Team staff
----------

Head coach: Marcus Delorme. Assistant coaches: Terry Baptiste and Joanne Kuo.
Team manager: Shauna Pelletier (shauna.hawksblack@nosecreek.example, 403-555-0135).
Elliot Wójcik wears number 17.

Ice times
---------

Practices: Tuesday 5:30 pm to 6:45 pm at Crowfoot Arena, Rink 2, and Thursday 7:15 pm to 8:30 pm
at Shouldice Arena.
Dryland training: Saturdays at 9:00 am in the Crowfoot Arena gym, October to December only.
Games are on weekends. Players arrive 45 minutes before the game and are dressed 20 minutes before
the puck drops.

Fees
----

Registration (paid to the association): $1,185, already paid in August.
Team fee: $650 a player, paid in two instalments of $325: the first by 1 October, the second by
15 January.
Volunteer bond: a $300 cheque, not cashed if your family does 20 volunteer hours by the end of the
season.

Equipment
---------

Full CSA-certified cage, neck guard and mouthguard at every practice and game: no exceptions.
Home jerseys are white, away jerseys are black. Bring both to tournaments.
Sticks with a blade curve are fine; no carbon sticks under 50 flex (the coach's rule).

Tournaments
-----------

Lethbridge Ice Classic: 9 to 11 January 2026.
Canmore Mountain Cup: 13 to 15 February 2026. Team hotel: Rocky Mountain Ski Lodge, $169 a night;
book through Shauna by 9 January to get the team rate.
Tournament fees are already in the team fee.

Cancellations
-------------

Ice cancellations are posted on TeamSnap by 3 pm on the day. If the City declares an extreme cold
warning (-30 or colder with the wind chill), outdoor dryland is off but indoor ice goes ahead.

Rules for parents
-----------------

Every parent must finish the Respect in Sport parent course before 31 October.
No parents in the dressing room, except the one trained dressing-room helper per game.
Questions about ice time go to the manager, never to the coaches, and never within 24 hours of a game.

Contacts
--------

Association office: 403-555-0102, Monday to Thursday 10 am to 4 pm.
Crowfoot Arena front desk: 403-555-0177.
"""

# ---------------------------------------------------------------------------------------------
# 7. Energy account page (HTML, browser-saved): boilerplate around <main>
# ---------------------------------------------------------------------------------------------
ENERGY_SECTIONS: list[tuple[str, list[str]]] = [
    ("Account summary", [
        "Account number: 7700-418-2291.",
        f"Account holder: {PERSON}. Service address: {ADDRESS}.",
        "Customer since 12 May 2021.",
    ]),
    ("Electricity plan", [
        "Plan: Prairie Fixed 36. Fixed energy rate of 8.19¢ per kWh.",
        "Term: 3 years, from 1 September 2024 to 31 August 2027.",
        "Monthly administration charge: $9.95.",
        "Transmission and distribution charges are set by the regulator and passed through at cost.",
    ]),
    ("Natural gas plan", [
        "Plan: Floating Gas. The rate changes each month; the rate for March 2026 is $3.12 per GJ.",
        "Monthly administration charge: $6.50.",
    ]),
    ("Latest bill", [
        "Bill date: 2 March 2026, for the period 1 February to 28 February 2026.",
        "Electricity used: 612 kWh. Natural gas used: 21.4 GJ.",
        "Amount due: $287.46, due on 19 March 2026.",
        "Your previous bill (January 2026) was $314.80.",
    ]),
    ("Budget billing", [
        "You are on budget billing: $265 a month, the same each month. We review it every 6 months, "
        "next in July 2026, and you pay or get back the difference then.",
    ]),
    ("Payment method", [
        "Pre-authorized debit from your bank account ending 5583, taken on the due date.",
        "A returned payment costs $20.",
    ]),
    ("Green add-on", [
        "EcoShare: $5 a month, which matches 100% of your electricity use with Alberta wind credits.",
    ]),
    ("Ending your plan", [
        "You may cancel at any time with 30 days' notice. Because you are on a fixed-rate plan, an "
        "early cancellation fee of $50 per plan applies before 31 August 2027.",
        "Moving house? Tell us at least 10 days before your move date.",
    ]),
    ("Contact us about this account", [
        "Account questions: 1-855-260-4417, Monday to Friday 8 am to 6 pm.",
        "Power outage or downed line: call your distribution company, ENMAX Power, at 403-555-0166.",
        "Smell gas? Leave the house and call ATCO from outside: 1-800-555-0131.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. School family handbook (EPUB 3, hand-built): 4 chapters (h1) with h2 sections
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Riley Creek School Family Handbook 2025-2026"
BOOK_AUTHOR = "Riley Creek School"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Our school day", [
        (None, ["Riley Creek School is a kindergarten to Grade 6 school. This handbook is for families; "
                "please read it with your child."]),
        ("Bell times", [
            "Doors open at 8:15 am; supervision on the playground starts at the same time. Classes start at "
            "8:30 am.",
            "Lunch is 11:50 am to 12:35 pm. Dismissal is at 3:20 pm Monday to Thursday.",
            "Fridays are early dismissal days: school ends at 12:15 pm.",
        ]),
        ("Absences and late arrivals", [
            "Report an absence before 8:45 am on the attendance line, 403-555-0142, option 1, or in the "
            "SchoolConnect app.",
            "A student who arrives after 8:40 am signs in at the office before going to class.",
            "For an appointment during the day, the adult picking up signs the child out at the office.",
        ]),
        ("Drop-off and pick-up", [
            "The kiss-and-go lane on 12 Avenue is open from 8:10 am to 8:30 am. Stay in your car; staff help "
            "the children out.",
            "The staff parking lot is not a drop-off zone. Please park on the street and walk the last block.",
            "If someone new will pick up your child, tell the teacher in writing that morning.",
        ]),
    ]),
    ("Health and safety", [
        ("Allergies", [
            "We are a nut-aware school. Please send no peanuts or tree nuts in lunches or for class parties.",
            "Students with an auto-injector carry one in a waist pouch, and a second one is kept in the office.",
        ]),
        ("Medication", [
            "Staff give medicine only with a signed Medication Administration form, renewed every September. "
            "The medicine must be in its pharmacy container with the label.",
        ]),
        ("Illness", [
            "Keep your child home for 24 hours after a fever, vomiting or diarrhea.",
            "If your child is sent home sick, please pick them up within 1 hour.",
        ]),
        ("Outdoor recess", [
            "Children go outside for recess unless it is colder than -20 °C with the wind chill, or in "
            "heavy smoke. Send a warm coat, snow pants, a hat and mitts from November to March.",
        ]),
    ]),
    ("Learning and reporting", [
        ("Report cards", [
            "Report cards come home twice a year: on 29 January 2026 and on 25 June 2026.",
        ]),
        ("Conferences", [
            "Parent-teacher conferences are on 20 November 2025 (evening) and 21 November 2025 (no classes "
            "that day). Book a 15-minute slot in SchoolConnect.",
            "Student-led conferences: 12 March 2026, from 4 pm to 7 pm.",
        ]),
        ("Homework and reading", [
            "Grades 1 to 3: about 20 minutes of reading at home each night. Grades 4 to 6: 30 minutes.",
            "Library books are due back after 2 weeks; Library day for Grade 2 is Wednesday.",
        ]),
    ]),
    ("Fees, lunches and the calendar", [
        ("School fees", [
            "Lunch supervision fee: $320 a year for students who stay at school for lunch, or $170 a term.",
            "Supplies fee: $45 a year. Field trip fees are charged per trip.",
            "Pay fees in SchoolConnect by 31 October. Ask the principal in confidence if fees are a hardship.",
        ]),
        ("Hot lunch", [
            "Hot lunch used to be on Fridays; from this school year it is on Wednesdays, because Friday is "
            "an early dismissal day. Each lunch costs $6.50. Order in SchoolConnect by midnight on the "
            "Sunday before.",
        ]),
        ("Key dates", [
            "First day of school: 2 September 2025. Winter break: 22 December 2025 to 2 January 2026, with "
            "classes starting again on 5 January 2026.",
            "Spring break: 30 March to 3 April 2026.",
            "Last day of school for students: 26 June 2026.",
        ]),
        ("Contacting the school", [
            "Office: 403-555-0140, open 8 am to 4 pm on school days. Principal: Ms. Harjit Sandhu. "
            "Grade 2 teacher (Maëlle's class, Room 6): Mr. Daniel Fortier.",
        ]),
    ]),
]

# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, BSMT_TITLE, BSMT_SECTIONS, author=PARTNER, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, CARE_TITLE, CARE_SECTIONS, generator="bench/docs_qa/set_g/make.py",
                      creator=PERSON, date="2025-12-28T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in ENERGY_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0058)https://myaccount.bowriverenergy.example/account/overview -->
<html lang="en-CA">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Account overview | Bow River Energy</title>
  <link rel="stylesheet" href="./Account overview _ Bow River Energy_files/site.css">
  <script src="./Account overview _ Bow River Energy_files/analytics.js"></script>
</head>
<body>
  <div class="promo-banner">New customers: lock in electricity at 7.49¢/kWh for 5 years and get a $100 welcome credit! <a href="/switch">Switch today</a></div>
  <header>
    <a class="logo" href="/">Bow River Energy</a>
    <p class="strap">Alberta-owned power and natural gas since 2009</p>
    <nav>
      <ul>
        <li><a href="/account">Overview</a></li>
        <li><a href="/bills">Bills and payments</a></li>
        <li><a href="/usage">Usage</a></li>
        <li><a href="/plans">Plans</a></li>
        <li><a href="/moving">Moving</a></li>
        <li><a href="/logout">Sign out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Account overview</h1>
      <p class="updated">Information as of 4 March 2026</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Plans for every home</h3>
    <ul>
      <li>Prairie Fixed 60: 7.49¢/kWh, 5 years, $7.95 a month admin.</li>
      <li>Floating Power: this month 11.80¢/kWh, no term.</li>
      <li>Fixed Gas 24: $3.89/GJ for 2 years.</li>
    </ul>
    <p>Refer a friend and you both get a $50 bill credit.</p>
    <p>Energy tip: lowering your thermostat by 2 °C at night can cut your heating bill by up to 5%.</p>
  </aside>
  <footer>
    <p>Sign up or switch: 1-855-260-4400. Bow River Energy Ltd., 300 5 Avenue SW, Suite 1200, Calgary, AB.</p>
    <p>Bow River Energy is a licensed retailer under the Alberta Utilities Commission. Licence R-0917.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/terms">Terms and conditions</a> | <a href="/accessibility">Accessibility</a></p>
    <p>&copy; 2026 Bow River Energy Ltd.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en-CA", date="2025-08-25",
                       uid="urn:uuid:8c41f0a2-6d3e-4b9a-b1f7-52e0c9a4d613")


DOCS = {
    "car_lease_agreement.pdf": lambda p: write_pdf(p, LEASE_TITLE, LEASE_PAGES, "Vehicle lease agreement"),
    "group_benefits_summary.pdf": lambda p: write_pdf(p, BEN_TITLE, BEN_PAGES, "Group benefits summary"),
    "basement_development.docx": write_docx,
    "after_school_care_agreement.odt": write_odt,
    "house_notes.md": lambda p: p.write_text(HOUSE_MD, encoding="utf-8"),
    "hockey_parent_info.txt": lambda p: p.write_text(HOCKEY_TXT, encoding="utf-8"),
    "energy_account.html": write_html,
    "school_family_handbook.epub": write_epub,
}


def main() -> None:
    writers.write_set(HERE, DOCS)


if __name__ == "__main__":
    main()
