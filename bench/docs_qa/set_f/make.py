"""Build the documents of docs-QA set F (README.md beside this file) into docs/.

Set F is a held-out test set written by a separate writer, independent of sets A to E. Run with
a private generation venv, never the app's (the app's .venv has python-docx but not reportlab or
pypdf):
    python3 -m venv /tmp/docqa-venv-f && /tmp/docqa-venv-f/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_f/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
The writers are adapted from set E's make.py; the content is new.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Priya Raman"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_f/make.py")
PARTNER = "Callum Fraser"
ADDRESS = "22 Kaikorai Ridge Road, Wakari, Dunedin 9010"

# ---------------------------------------------------------------------------------------------
# 1. Home loan offer (PDF, reportlab), 6 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
LOAN_TITLE = "Otakou Building Society: Home Loan Offer and Loan Terms"
LOAN_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", LOAN_TITLE),
        ("p", "Offer reference: OBS-HL-884213. Date of this offer: 9 February 2026. This offer replaces "
              "our letter of offer dated 27 January 2026, which is withdrawn."),
        ("h2", "1. Borrowers"),
        ("p", f"{PERSON} and {PARTNER}, jointly and severally, of {ADDRESS}."),
        ("p", "Both borrowers are responsible for the whole of the loan, not just half of it each."),
        ("h2", "2. Security"),
        ("p", f"A first registered mortgage over the property at {ADDRESS}, record of title OT12C/418."),
        ("p", "Registered valuation: $865,000, by Clutha Valuers Ltd, inspected on 4 February 2026. "
              "The valuation fee of $650 has been paid by you and is not refunded."),
        ("p", "Rateable value (Dunedin City Council, for information only): $790,000."),
    ],
    [  # page 2
        ("h2", "3. The loan"),
        ("p", "Purpose: to repay your existing home loan with Harbourside Bank (about $431,000) and to "
              "pay for the renovation of the sleepout and bathroom."),
        ("p", "Total amount offered: $512,000. Our letter of 27 January 2026 offered $495,000; "
              "the higher figure follows the builder's revised quote."),
        ("p", "The loan has two parts:"),
        ("p", "Loan A (fixed rate table loan): $400,000."),
        ("p", "Loan B (Flexi revolving credit, floating rate): a limit of $112,000. You draw on it as you "
              "need to and pay interest only on what you have used."),
        ("p", "Loan-to-value ratio at drawdown: 59%."),
        ("p", "The renovation money is released to you in stages against the builder's invoices, "
              "and no more than $40,000 in any one month."),
    ],
    [  # page 3
        ("h2", "4. Interest rates"),
        ("p", "Loan A: fixed at 4.89% per year for 2 years. The fixed rate period ends on 15 March 2028. "
              "(The letter of 27 January quoted 4.99%.)"),
        ("p", "Loan B: floating, currently 6.35% per year. We may change the floating rate at any time "
              "and will tell you at least 14 days before the change takes effect."),
        ("p", "When the fixed rate period ends, Loan A moves to the floating rate unless you choose a new "
              "fixed term. We will write to you at least 30 days before it ends."),
        ("h2", "5. Repayments"),
        ("p", "Loan A: fortnightly repayments of $1,046.18 of principal and interest, over a term of "
              "25 years. The first repayment is due on 29 March 2026, and repayments come out of your "
              "joint account ending 0417."),
        ("p", "Loan B: interest only, charged to the Flexi account on the 1st of each month. The limit "
              "reduces by $5,000 each year from 1 April 2027."),
    ],
    [  # page 4
        ("h2", "6. Fees and costs"),
        ("p", "Establishment fee: $0 (waived for this offer; it is normally $400)."),
        ("p", "Cash contribution: we will pay $1,500 to you at drawdown to help with legal costs. If you "
              "repay the whole loan or move it to another lender within 3 years of drawdown, you must "
              "pay the contribution back to us in full."),
        ("p", "Flexi account fee: $12.50 a month on Loan B."),
        ("h2", "7. Paying extra and early repayment"),
        ("p", "You may repay up to $20,000 a year extra on Loan A during the fixed rate period without "
              "paying a break cost. Above that, a break cost may apply, which we work out when you ask."),
        ("p", "You may also increase your fortnightly repayment on Loan A by up to 20% without a break cost."),
        ("p", "There is no break cost on Loan B: you can pay it down at any time."),
    ],
    [  # page 5
        ("h2", "8. Insurance"),
        ("p", "The property must be insured for its full replacement value, with Otakou Building Society "
              "noted as an interested party, for as long as the loan lasts. The sum insured must be at "
              "least $620,000."),
        ("p", "You must send us a copy of the insurance certificate before drawdown."),
        ("h2", "9. Conditions before drawdown"),
        ("p", "To accept this offer, both borrowers must sign and return it by 2 March 2026. After that "
              "date the offer lapses."),
        ("p", "The planned drawdown (settlement) date is 16 March 2026. Your lawyer must give us their "
              "certificate at least 3 working days before then."),
        ("p", "The builder's fixed-price contract for the sleepout and bathroom must be signed before the "
              "first renovation payment is released."),
        ("h2", "10. Changing your mind"),
        ("p", "You may cancel this contract by giving us written notice within 5 working days after you "
              "receive the disclosure documents."),
    ],
    [  # page 6
        ("h2", "11. If things get tight"),
        ("p", "If you are worried you may not be able to make a repayment, call our hardship team early on "
              "0800 627 469. Talking to us will not affect your credit record."),
        ("h2", "12. Contacts"),
        ("p", "Your home loan manager: Sione Taufa, direct line (03) 477 2914, mobile 027 445 8130."),
        ("p", "Lending centre: 0800 627 468, Monday to Friday, 8 am to 6 pm."),
        ("p", "Otakou Building Society, 140 Princes Street, Dunedin 9016."),
        ("h2", "13. Acceptance"),
        ("p", "Each borrower signs below in front of their lawyer. Your lawyers are Mackie Dunn Lawyers "
              "(Harriet Mackie), 38 Stuart Street, Dunedin."),
        ("p", "Signed: ____________________ (Priya Raman)     ____________________ (Callum Fraser)"),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Washing machine manual (PDF, reportlab), 6 pages.
# ---------------------------------------------------------------------------------------------
WM_TITLE = "Kauri KW9 Front-Loading Washing Machine: Owner's Manual"
WM_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", WM_TITLE),
        ("p", "Model KW9-1400. Please keep this manual with the machine."),
        ("p", "Owner's record: bought from Harvey's Appliances, Dunedin, on 11 August 2024 for $1,349. "
              "Serial number: KW9N-2407-55812."),
        ("h2", "1. Safety"),
        ("p", "Do not open the door while water is visible in the drum. Do not let children climb into "
              "the drum or play with the machine; use the child lock (section 3)."),
        ("p", "Do not wash items soaked in petrol, solvents or cooking oil."),
        ("h2", "2. Installation"),
        ("p", "2.1 Before first use, remove the 4 transit bolts from the back of the machine and fit the "
              "plastic covers. Keep the bolts: you will need them if you move house."),
        ("p", "2.2 Level the machine with the adjustable front feet. It must not rock."),
        ("p", "2.3 The end of the drain hose must be between 60 cm and 100 cm above the floor. "
              "Connect the inlet hose to the cold tap only."),
        ("p", "2.4 Water pressure: from 0.05 MPa to 0.8 MPa."),
    ],
    [  # page 2
        ("h2", "3. The control panel"),
        ("p", "3.1 Turn the dial to choose a programme, then press Start/Pause."),
        ("p", "3.2 Child lock: press and hold the Temp and Spin buttons together for 3 seconds. "
              "A key symbol lights up. Do the same again to unlock."),
        ("p", "3.3 Delay start: press Delay repeatedly to finish the wash in 1 to 24 hours' time."),
        ("p", "3.4 Extra rinse: press Rinse+ before starting. Recommended for people with sensitive skin."),
        ("p", "3.5 Sound off: press and hold Rinse+ for 5 seconds to turn the end-of-programme beep off or on."),
        ("h2", "4. Programmes"),
        ("p", "Cottons: up to 9 kg, 20 to 90 °C, spin up to 1400 rpm."),
        ("p", "Synthetics: up to 4.5 kg, up to 60 °C, spin up to 1200 rpm."),
        ("p", "Wool / Hand wash: up to 2 kg, up to 40 °C, spin up to 800 rpm."),
        ("p", "Quick 15': up to 2 kg, 20 °C, takes 15 minutes. For lightly soiled clothes only."),
        ("p", "Eco 40-60: up to 9 kg. Washes cottons marked 40 °C or 60 °C together using the least "
              "energy. Takes 3 hours 28 minutes at full load."),
        ("p", "Duvet: up to 2.5 kg (one single or one double synthetic duvet). Feather duvets are not suitable."),
        ("p", "Drum Clean: 90 °C with the drum empty; takes 1 hour 55 minutes."),
    ],
    [  # page 3
        ("h2", "5. Detergent and softener"),
        ("p", "5.1 The drawer has three compartments: I for pre-wash, II for the main wash and the flower "
              "symbol for fabric softener. Never fill above the MAX line."),
        ("p", "5.2 Use low-suds front-loader detergent. For a full load of normal soiling use 1 scoop "
              "(about 40 g) of powder, or 35 ml of liquid. Use half the amount for Quick 15'."),
        ("p", "5.3 Liquid detergent cannot be used with Delay start or with the pre-wash."),
        ("h2", "6. When the wash has finished"),
        ("p", "6.1 The door stays locked for up to 2 minutes after the programme ends, while the machine "
              "checks that the drum has stopped and the water has gone."),
        ("p", "6.2 Leave the door and the detergent drawer slightly open between washes so the drum can dry."),
        ("p", "6.3 Anti-crease: if you do not open the door, the drum turns gently every 5 minutes for up "
              "to 30 minutes."),
    ],
    [  # page 4
        ("h2", "7. Cleaning and maintenance"),
        ("p", "7.1 Drain pump filter: clean it every 3 months. It is behind the small flap at the bottom "
              "right of the front. Put a shallow tray and a towel underneath, pull out the emergency drain "
              "hose first to let the water out, then unscrew the filter anticlockwise."),
        ("p", "7.2 Drum: run Drum Clean once a month with no laundry and no detergent."),
        ("p", "7.3 Detergent drawer: pull it out and rinse it under the tap every 2 weeks."),
        ("p", "7.4 Door seal: wipe the rubber seal after every wash, and check the fold for coins and hair grips."),
        ("p", "7.5 Inlet hose filter: check once a year that the small mesh filter where the hose meets "
              "the machine is clean."),
        ("p", "7.6 If the machine will not be used for a long time, turn off the tap and unplug it."),
    ],
    [  # page 5
        ("h2", "8. Error codes and problems"),
        ("p", "E10: the machine cannot fill. Check that the tap is turned on and the inlet hose is not kinked."),
        ("p", "E21: the machine cannot drain. Clean the drain pump filter (section 7.1) and check the drain hose."),
        ("p", "E30: the door lock has failed. Close the door firmly and start again."),
        ("p", "E45: water leak detected in the base. Turn off the tap, unplug the machine and call service."),
        ("p", "Unb: the load is unbalanced. Add or remove items, or spread them out, and restart the spin."),
        ("p", "To reset after an error, switch the machine off at the wall, wait 1 minute and switch it "
              "on again. If the same code appears again, call service."),
        ("p", "Strong vibration during spin usually means the transit bolts were not removed or the "
              "machine is not level."),
    ],
    [  # page 6
        ("h2", "9. Technical data"),
        ("p", "Capacity: 9 kg. Maximum spin speed: 1400 rpm. Energy Star Rating: 5 stars. Water Rating: "
              "4.5 stars (62 litres per wash on Eco 40-60)."),
        ("p", "Noise: 51 dB(A) washing, 76 dB(A) spinning. Size: 850 mm high, 600 mm wide, 590 mm deep. "
              "Weight: 71 kg."),
        ("h2", "10. Warranty"),
        ("p", "The machine is guaranteed for 5 years for parts and labour from the date of purchase. "
              "The inverter motor is guaranteed for 10 years (parts only). Register your machine within "
              "30 days of purchase to receive the full warranty."),
        ("p", "The warranty does not cover damage caused by leaving the transit bolts in."),
        ("h2", "11. Service"),
        ("p", "Kauri Appliances service: 0800 528 728, Monday to Friday 8 am to 5:30 pm, Saturday 9 am to 1 pm."),
        ("p", "Parts and accessories: 0800 528 729."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Wedding weekend plans (DOCX, python-docx): title + Heading-1 sections
# ---------------------------------------------------------------------------------------------
WED_TITLE = "Isla and Mateo's Wedding, Wānaka: Our Weekend Plans"
WED_SECTIONS: list[tuple[str, list[str]]] = [
    ("Who is going", [
        "Priya, Callum and Dad (Ian) are going. Isla is Callum's niece (his sister Fiona's daughter); "
        "she is marrying Mateo Ruiz.",
        "Kōwhai goes to Jan Whitford's (the dog sitter in Halfway Bush) from Friday morning to Sunday "
        "evening: $45 a night. Jonas is home all weekend and will water the tomatoes.",
    ]),
    ("Getting there", [
        "Friday 20 March 2026: leave home at 10:00. The drive to Wānaka is 276 km and takes about "
        "3 hours 45 minutes without stops.",
        "Lunch stop in Alexandra. Dad needs a stretch at least every 90 minutes, so also stop at Ranfurly "
        "on the way up.",
        "Fill the tank in Cromwell: fuel in Wānaka is dearer.",
    ]),
    ("Where we are staying", [
        "Rata Lodge Apartments, 14 Dungarvon Street, Wānaka. Booking reference RL-55602.",
        "Apartment 3: two bedrooms on the ground floor with a level-entry shower, so Dad does not have "
        "to manage stairs.",
        "Two nights, Friday and Saturday, at $389 a night: $778 in total, paid on booking.",
        "Check-in from 2 pm; check-out by 10 am on Sunday. Free parking for one car.",
    ]),
    ("Friday evening", [
        "Welcome drinks for both families at the Boat Shed Bar on the lakefront, from 6:30 pm. Nibbles "
        "only: we need to have dinner somewhere afterwards.",
    ]),
    ("The ceremony", [
        "Saturday 21 March 2026 at Matukituki Garden, Wanaka-Mount Aspiring Road.",
        "The printed invitation said 2:30 pm, but Isla's text of 2 March moved the ceremony to 3:00 pm. "
        "Guests to be seated by 2:40 pm.",
        "The wedding shuttle leaves from the Ardmore Street bus stop at 2:00 pm. It is a 15-minute ride. "
        "Dad will go in the car with Callum because of the walking frame; there is a disabled park by "
        "the garden gate.",
        "The celebrant asked for no phones or cameras during the ceremony.",
    ]),
    ("The reception", [
        "At the Cardrona Woolshed, after photos. Canapés from 5:30 pm, dinner at 7:00 pm.",
        "Callum is giving the uncle's speech at about 7:45 pm: keep it under 5 minutes.",
        "Dinner: Priya is vegetarian and Dad needs low salt; both were on the RSVP.",
        "The last shuttle back to town leaves at 11:30 pm. An earlier one goes at 9:30 pm for anyone "
        "who wants an early night (Dad).",
    ]),
    ("Dress code", [
        "Garden formal. The ceremony is on grass, so no stilettos.",
        "Please avoid white and sage green (the bridesmaids are wearing sage).",
    ]),
    ("Gift", [
        "Isla and Mateo asked for no boxed presents: there is a wishing well at the reception.",
        "We agreed on $300 from the three of us, in a card.",
    ]),
    ("Sunday", [
        "Farewell brunch at Isla's parents' holiday house, 8 Penrith Park Drive, at 10:30 am, after we "
        "check out.",
        "Leave Wānaka by 1 pm so we are home before dark. Collect Kōwhai from Jan's by 7 pm.",
    ]),
    ("Contacts", [
        "Isla: 021 884 3302. Wedding coordinator, Annabel Reid: 027 301 5566 (on the day, call her, not Isla).",
        "Rata Lodge Apartments: (03) 443 7219. Jan Whitford (dog sitter): 027 665 0148.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Boarder agreement (ODT, hand-written ODF)
# ---------------------------------------------------------------------------------------------
BRD_TITLE = "Boarding Agreement: Room at 22 Kaikorai Ridge Road"
BRD_SECTIONS: list[tuple[str, list[str]]] = [
    ("Who this agreement is between", [
        f"Householders: {PERSON} and {PARTNER}, {ADDRESS}.",
        "Boarder: Jonas Becker, PhD student in geology at the University of Otago.",
        "This is a boarding arrangement in our family home, not a tenancy. It starts on Sunday "
        "1 February 2026.",
    ]),
    ("The room", [
        "The upstairs back bedroom (the one with the blue door), furnished with a double bed, desk, "
        "chair, wardrobe and an oil column heater. Jonas has his own key to the front door.",
        "The upstairs bathroom is shared with Priya and Callum. Dad has his own bathroom in the sleepout.",
    ]),
    ("Board and what it includes", [
        "Board is $285 a week, paid in advance by automatic payment every Monday.",
        "It includes the room, power, broadband, and dinner four nights a week (Monday to Thursday). "
        "Other meals Jonas buys and cooks himself.",
        "Board goes up to $295 a week from 1 February 2027. Any other increase needs 60 days' notice "
        "in writing.",
    ]),
    ("Bond", [
        "A bond of two weeks' board, $570, was paid on 25 January 2026.",
        "The bond is paid back within 10 days after Jonas moves out, less the cost of any damage or "
        "unpaid board.",
    ]),
    ("House rules", [
        "Quiet hours are 10:30 pm to 7 am on weeknights, and from midnight on Friday and Saturday nights.",
        "Overnight guests: up to 2 nights a week, with a day's notice.",
        "No smoking or vaping anywhere on the property, including the garden.",
        "Kōwhai is not allowed in Jonas's room, and the gate must be shut every time.",
        "Only oil column heaters in the bedroom: no fan heaters or electric blankets left on overnight.",
    ]),
    ("Kitchen and laundry", [
        "Jonas has the bottom shelf of the fridge, the left side of the door and the top left cupboard.",
        "His laundry days are Wednesday and Sunday. The washing line is shared; the dryer is for wet "
        "weather only.",
    ]),
    ("Chores and rubbish", [
        "Jonas cleans the upstairs bathroom every second week (the weeks Priya doesn't).",
        "Rubbish bags go out on Monday night. The yellow-lid recycling bin and the blue glass crate go "
        "out on alternate Monday nights: the calendar is on the fridge.",
    ]),
    ("Parking", [
        "On-street parking only; the garage is Dad's workshop. Jonas's bike can live in the carport.",
    ]),
    ("Ending the agreement", [
        "Either side may end the agreement with 3 weeks' notice in writing (a text is fine).",
        "If Jonas seriously breaks the house rules, we may give 1 week's notice.",
        "Jonas is away in Germany from 10 December 2026 to 20 January 2027: while he is away he pays "
        "half board ($142.50 a week) to keep the room.",
    ]),
    ("Contacts", [
        "Jonas: 022 619 4407. His emergency contact: his sister Lena Becker, in Hamburg, +49 151 2284 6610.",
        "Priya: 021 447 9032. Callum: 027 318 6654.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Dad's care notes (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
DAD_MD = """\
# Dad's care notes (Ian Fraser)

## About Dad

Ian Fraser, Callum's father, born 3 June 1944. NHI number ZKT4471. He has lived in the sleepout
since October 2024.

He uses a walking frame outside the house and a walking stick inside. He has hearing aids in both
ears: they take size 312 batteries, changed every Sunday night.

## Medicines

Pharmacy blister packs, collected every 4 weeks. Morning pack at 8 am with breakfast, evening pack
at 6 pm with dinner.

- Metoprolol 47.5 mg in the morning (the GP doubled it from 23.75 mg on 12 January 2026).
- Cilazapril 2.5 mg in the morning.
- Aspirin 100 mg in the morning.
- Atorvastatin 40 mg in the evening.
- Latanoprost eye drops: one drop in each eye at bedtime (not in the pack; the bottle is in the fridge).
- Paracetamol 1 g when needed for his knee, at least 4 hours apart, no more than 4 times in 24 hours.

## Appointments

- GP: Dr Meera Patel, Wakari Medical Centre. Next check-up on 14 April 2026 at 10:20 am (bloods
  a week before, at the centre's lab).
- Eye clinic, Dunedin Hospital: 6 May 2026 at 1:45 pm. He can't drive afterwards because of the drops.
- Podiatrist: every 8 weeks; next on 24 March 2026.
- Flu jab: due in April; the pharmacy does it free for over-65s.

## Home help

Southern Home Support sends a carer on Tuesdays and Fridays from 9 am to 10 am, for showering. The
coordinator is Leanne, on 0800 345 780. If we need to cancel, tell them by 3 pm the day before.

## Pharmacy

Wakari Pharmacy, (03) 476 3388. They deliver the blister packs on Thursday afternoons.

## If he falls

He wears a St John medical alarm pendant. Test it on the first Monday of each month (press the
button; the operator answers).

If he is on the floor and not hurt, help him up with the lifting cushion in the sleepout cupboard.
If he hit his head, call 111 even if he says he's fine: he's on aspirin.

## Money and papers

Enduring powers of attorney (property, and personal care and welfare): Callum, with his sister Fiona
Fraser as the backup attorney. The originals are with Mackie Dunn Lawyers.

NZ Super is paid into Dad's account every second Tuesday. He pays us $150 a week towards food
and power.

## Contacts

- Dr Meera Patel, Wakari Medical Centre: (03) 476 2210.
- Fiona Fraser (Callum's sister, in Christchurch): 021 553 7081.
- Healthline (free advice, 24 hours): 0800 611 116.
"""

# ---------------------------------------------------------------------------------------------
# 6. Tramping club rules (plain text, underlined headings)
# ---------------------------------------------------------------------------------------------
TRAMP_TXT = """\
SILVERPEAKS TRAMPING CLUB: MEMBERS' RULES AND TRIP GUIDE 2026
=============================================================

Printed for members. Approved by the committee on 4 February 2026.

Membership
----------

Annual subscriptions: $60 single, $95 couple or family, $30 student (it was $25 in 2025).
Subscriptions are due on 1 April. Members who have not paid by 31 May are taken off the trip list.
Anyone may come on 2 trips as a guest before joining. Guests pay a $10 trip fee each time.

Trip grades
-----------

Easy: up to 4 hours, on good tracks.
Moderate: 5 to 7 hours, some rough or unmarked sections.
Fit: 7 to 9 hours, climbs of up to 1,200 m, some travel off track.
Hard: over 9 hours or rough travel in the tops; trip leader's approval needed.

Signing up
----------

Day trips: put your name on the list on the website by 8 pm on the Wednesday before.
Overnight trips: sign up by the Thursday a week before, and pay the hut fees when you sign up.
The trip leader may say no if a trip is full or if they think it is beyond you.

Transport and meeting point
---------------------------

All trips leave from the Botanic Garden car park (Lovelock Avenue end).
Easy and Moderate trips leave at 8:30 am. Fit and Hard trips leave at 7:00 am.
Passengers pay their driver 15 cents per km, shared between the passengers in that car.

Gear
----

Every tramper carries: a waterproof raincoat with a hood, warm layers (no cotton), a hat and gloves,
food for the day plus some spare, at least 1 litre of water, a first aid kit and a torch.
The club has 3 personal locator beacons (PLBs). Every trip carries at least one. Members may borrow
one for a private trip: free, but there is a $50 bond.

Safety
------

Trip intentions are left with the trip's contact person before the trip.
If a day trip is not back, the contact person waits until 9 pm before calling Police on 111.
For overnight trips the contact person waits until 12 noon on the day after the planned return.
Do not cross any river that is above knee height: wait, or turn back.

Club hut
--------

Whare Flat hut sleeps 12. Hut fees: $8 a night for members, $15 for non-members, children under
15 free. Book through the hut warden. The key is in the lockbox by the door; the code is 2614.
Leave the hut cleaner than you found it and carry out all rubbish.

Club nights
-----------

First Thursday of each month at 7:30 pm, Kaikorai Scout Hall, 12 Taieri Road. Trip slideshows and
supper. The Annual General Meeting is on Thursday 7 May 2026.

Committee
---------

President: Aroha Tane, 021 556 0921.
Trip coordinator: Rob McKenzie, 027 229 4815.
Hut warden: Dave Lin, (03) 453 6620.
Treasurer: Sue Paterson (subscriptions and hut fees).
"""

# ---------------------------------------------------------------------------------------------
# 7. Dog's pet insurance policy page (HTML, browser-saved page with boilerplate)
# ---------------------------------------------------------------------------------------------
PET_SECTIONS: list[tuple[str, list[str]]] = [
    ("Policy summary", [
        "Policy number: TPI-3390-2671. Plan: Essentials Plus.",
        f"Policyholder: {PERSON}, {ADDRESS}.",
        "Cover started on 18 September 2025 and renews on 18 September each year.",
    ]),
    ("Your pet", [
        "Name: Kōwhai. Breed: Huntaway cross. Sex: female, desexed. Colour: black and tan.",
        "Date of birth: about May 2021. Microchip number: 985 141 002 338 174.",
    ]),
    ("Your premium", [
        "Your premium is $52.40 a month, taken from your card on the 18th of each month.",
        "Last year's premium was $47.80 a month. It went up because Kōwhai is a year older.",
    ]),
    ("What you're covered for", [
        "Annual benefit limit: $12,000 for vet fees for accidents and illnesses, with no limit per condition.",
        "Dental illness: up to $800 a year.",
        "Emergency boarding: if you go into hospital, kennel fees up to $500 a year.",
        "Third party liability: up to $1,000,000 if Kōwhai injures someone or damages their property.",
    ]),
    ("Excess", [
        "You pay an excess of $150 for each new condition in a policy year.",
        "From the renewal after Kōwhai turns 9, you also pay a 20% co-payment on every claim.",
    ]),
    ("Waiting periods", [
        "Accidents: covered from the day the policy started.",
        "Illness: 14 days from the start date.",
        "Cruciate ligament conditions: 6 months from the start date, so covered from 18 March 2026.",
    ]),
    ("What isn't covered", [
        "Conditions Kōwhai had before the cover started. For Kōwhai this means her left ear: the ear "
        "infection treated in July 2025 and any later trouble with that ear.",
        "Routine care: vaccinations, flea and worm treatment, desexing and nail clipping.",
        "Injuries from dog fights if she was off the lead in an on-lead area.",
    ]),
    ("How to claim", [
        "Claim in the Tūi app or on the website within 90 days of the treatment. Send the vet's invoice "
        "and the clinical notes.",
        "We aim to pay within 10 working days of receiving everything.",
        "Claims line: 0800 884 200 (Monday to Friday, 8 am to 6 pm).",
    ]),
    ("Cancelling", [
        "You can cancel within 21 days of the start date for a full refund, if you haven't claimed. "
        "After that you can cancel at any time; we don't refund the month you're in.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Staff handbook (EPUB 3, hand-built): 4 chapters (h1) with h2 sections
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Taieri Data Co-operative: Staff Handbook 2026"
BOOK_AUTHOR = "Taieri Data Co-operative"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Working hours", [
        (None, ["This handbook applies to everyone on a permanent or fixed-term contract. Your employment "
                "agreement comes first if the two disagree."]),
        ("Hours and core time", [
            "A full-time week is 37.5 hours. You may start any time from 7 am and finish by 7 pm, but "
            "everyone is available during core hours, 10 am to 3 pm, Monday to Friday.",
            "Take an unpaid lunch break of at least 30 minutes.",
        ]),
        ("Working from home", [
            "You may work from home up to 2 days a week, agreed with your team lead. Tuesday is the "
            "all-team day in the office.",
            "The co-op pays a home office allowance of $40 a month if you work from home at least one "
            "day a week.",
        ]),
        ("The office", [
            "Level 3, 77 Vogel Street, Dunedin. The building is open from 6:30 am to 8 pm on weekdays; "
            "outside those hours use your swipe card at the side door.",
        ]),
    ]),
    ("Leave", [
        ("Annual leave", [
            "You get 4 weeks of annual leave a year, plus 3 wellbeing days that must be taken by "
            "31 March each year.",
            "You may carry over up to 10 days of annual leave into the next leave year. Ask for leave "
            "of a week or more at least 4 weeks ahead.",
        ]),
        ("Sick leave", [
            "You get 10 days of sick leave a year, and you can carry over up to 20 unused days.",
            "A medical certificate is needed after 3 or more sick days in a row.",
            "Tell your team lead before 9 am on the day if you are sick.",
        ]),
        ("Parental leave", [
            "After 6 months' service, the co-op tops up the government parental leave payment to your "
            "full salary for the first 6 weeks.",
            "Partners get 2 weeks of paid partner leave at full pay.",
        ]),
        ("Public holidays", [
            "The office observes Otago Anniversary Day on Monday 23 March 2026. If you work on a public "
            "holiday you are paid time and a half and get a day in lieu.",
        ]),
    ]),
    ("Pay and expenses", [
        ("Pay", [
            "Salaries are paid fortnightly on Wednesdays, into the bank account you gave payroll.",
            "KiwiSaver: the co-op contributes 4% of your gross salary, more than the legal minimum "
            "of 3.5%, whether you contribute 3.5%, 4%, 6%, 8% or 10%.",
        ]),
        ("Expenses", [
            "Claim expenses in the Spendwell app within 60 days. Attach a receipt for anything over $50.",
            "Using your own car for work: $1.04 per km for the first 14,000 km in a year.",
        ]),
        ("Travelling for work", [
            "Book flights and hotels through the office manager, Tessa Gunn. Economy class for flights "
            "under 5 hours.",
            "Meal allowance when away overnight: $75 a day ($20 breakfast, $20 lunch, $35 dinner). "
            "No receipts needed for the allowance.",
        ]),
    ]),
    ("Equipment and security", [
        ("Laptops and phones", [
            "Your laptop is replaced every 4 years. If you use your own mobile for work, the co-op pays "
            "a phone allowance of $30 a month.",
        ]),
        ("Passwords and security", [
            "Passwords must be at least 14 characters, and multi-factor authentication is required on "
            "every work account.",
            "Report a lost or stolen laptop or phone to the IT helpdesk within 1 hour: extension 4357, "
            "or (03) 470 9357 from outside.",
        ]),
        ("Learning and development", [
            "Each staff member has a learning budget of $1,500 a year and up to 5 days of study leave, "
            "agreed with your team lead. Unused budget does not carry over.",
        ]),
    ]),
]

# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, WED_TITLE, WED_SECTIONS, author=PERSON, modified_by=PARTNER)


def write_odt(path: Path) -> None:
    writers.write_odt(path, BRD_TITLE, BRD_SECTIONS, generator="bench/docs_qa/set_f/make.py",
                      creator="Priya Raman", date="2026-01-25T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in PET_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0061)https://my.tuipetinsurance.example/policies/TPI-3390-2671/view -->
<html lang="en-NZ">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>My policy: K\u014dwhai | T\u016bi Pet Insurance</title>
  <link rel="stylesheet" href="./My policy_ K\u014dwhai _ T\u016bi Pet Insurance_files/portal.css">
  <script src="./My policy_ K\u014dwhai _ T\u016bi Pet Insurance_files/tag-manager.js"></script>
</head>
<body>
  <div class="promo-banner">Insure a second pet and get 2 months free! Plans from $14.90 a month. <a href="/quote">Get a quote</a></div>
  <header>
    <a class="logo" href="/">T\u016bi Pet Insurance</a>
    <p class="strap">Looking after Kiwi pets since 2011</p>
    <nav>
      <ul>
        <li><a href="/account">My account</a></li>
        <li><a href="/policies">My policies</a></li>
        <li><a href="/claims">Claims</a></li>
        <li><a href="/documents">Documents</a></li>
        <li><a href="/help">Help</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Your policy: K\u014dwhai</h1>
      <p class="updated">Policy details as at 2 March 2026</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Compare our plans</h3>
    <ul>
      <li>Accident Only: from $14.90 a month, $0 excess, up to $5,000 a year.</li>
      <li>Essentials: from $29.50 a month, $250 excess, up to $8,000 a year.</li>
      <li>Premium Care: from $71.00 a month, $100 excess, up to $20,000 a year, with $250 of routine care.</li>
    </ul>
    <p>Refer a friend and you both get $30 credit.</p>
    <p>Pet tip: working breeds like Huntaways need at least 2 hours of exercise a day.</p>
  </aside>
  <footer>
    <p>New policies and quotes: 0800 884 100. T\u016bi Pet Insurance is a trading name of T\u016bi Mutual Ltd, Level 6, 20 Customhouse Quay, Wellington.</p>
    <p>Financial Service Provider number FSP402871. Insurer financial strength rating: A- (Stable).</p>
    <p><a href="/privacy">Privacy</a> | <a href="/terms">Terms of use</a> | <a href="/complaints">Complaints</a></p>
    <p>&copy; 2026 T\u016bi Mutual Ltd</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2026-01-12",
                       uid="urn:uuid:3b8e5d21-9f4a-4c07-a6d2-1e7c0f95b348")


DOCS = {
    "home_loan_offer.pdf": lambda p: write_pdf(p, LOAN_TITLE, LOAN_PAGES, "Home loan offer"),
    "washing_machine_manual.pdf": lambda p: write_pdf(p, WM_TITLE, WM_PAGES, "Washing machine owner's manual"),
    "wanaka_wedding_weekend.docx": write_docx,
    "boarder_agreement.odt": write_odt,
    "dad_care_notes.md": lambda p: p.write_text(DAD_MD, encoding="utf-8"),
    "tramping_club_rules.txt": lambda p: p.write_text(TRAMP_TXT, encoding="utf-8"),
    "kowhai_pet_insurance.html": write_html,
    "staff_handbook.epub": write_epub,
}


def main() -> None:
    writers.write_set(HERE, DOCS)


if __name__ == "__main__":
    main()
