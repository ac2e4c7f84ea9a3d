"""Build the documents of docs-QA set I (README.md beside this file) into docs/.

Set I is a held-out test set written by a separate writer, independent of sets A to H: a household in
Westerville, Ohio, United States (US dollars, month/day/year dates, am/pm, miles and °F, phone numbers
in the fictional 555-01xx range). Six documents, one per format but plain text. Run with a private
generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-i && /tmp/docqa-venv-i/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-i/bin/python bench/docs_qa/set_i/make.py

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
PERSON = "Dana Whitfield"
PARTNER = "Rafael Ortiz"
ADDRESS = "2217 Hollis Avenue, Westerville, OH 43081"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_i/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Health plan summary of benefits (PDF, reportlab), 6 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
HEALTH_TITLE = "Buckeye Meadow Health: Silver PPO 3000 Summary of Benefits, Plan Year 2027"
HEALTH_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", HEALTH_TITLE),
        ("p", "Coverage period: 01/01/2027 through 12/31/2027. This summary was prepared on 10/28/2026 for open "
              "enrollment, which runs from November 2 to November 20, 2026."),
        ("h2", "1. Who is covered"),
        ("p", f"Subscriber: {PARTNER}, through his employer, Granville Tool &amp; Die Co. (group number 80417). "
              f"Coverage tier: Employee + Family. Covered dependents: {PERSON} (spouse), Maya Ortiz (daughter, "
              "born 04/09/2017) and Theo Ortiz (son, born 08/22/2020)."),
        ("p", "Member ID: BMH-558210394 (the same number for every family member, with suffixes 01 to 04). "
              "Rx BIN: 610144. Rx group: BMHRX27."),
        ("h2", "2. What you pay for the plan"),
        ("p", "Your share of the premium: $186.40 per biweekly paycheck (26 paychecks a year). In 2026 your "
              "share was $171.25 per paycheck. Your employer pays the rest, about $1,240 a month."),
        ("p", "Dependent children can stay on the plan until the end of the month in which they turn 26."),
    ],
    [  # page 2
        ("h2", "3. Deductible"),
        ("p", "In-network deductible: $3,000 per person or $6,000 per family each calendar year. "
              "Out-of-network deductible: $6,000 per person or $12,000 per family. Amounts you pay in network "
              "do not count toward the out-of-network deductible."),
        ("p", "In 2026 the in-network deductible was $2,500 per person. Preventive care, primary care and "
              "specialist office visits and generic drugs are covered before you meet the deductible."),
        ("h2", "4. Out-of-pocket limit"),
        ("p", "In-network out-of-pocket limit: $7,500 per person or $15,000 per family. Out-of-network: no "
              "limit. The limit includes your deductible, copays and coinsurance, but not your premium or "
              "charges above the allowed amount."),
        ("h2", "5. Coinsurance"),
        ("p", "After you meet the deductible you pay 20% coinsurance in network and 40% out of network, until "
              "you reach the out-of-pocket limit."),
    ],
    [  # page 3
        ("h2", "6. Doctor visits"),
        ("p", "Preventive care, screenings and immunizations: no charge in network (including well-child "
              "visits)."),
        ("p", "Primary care visit: $30 copay. Specialist visit: $60 copay. Telehealth visit with BMH Virtual "
              "Care: $10 copay. Chiropractic visits: $40 copay, up to 20 visits a year."),
        ("h2", "7. Urgent and emergency care"),
        ("p", "Urgent care center: $75 copay. Emergency room: $350 copay per visit, waived if you are admitted "
              "to the hospital. Emergency room care is covered at the in-network level even at an "
              "out-of-network hospital."),
        ("p", "Ambulance (ground or air): 20% coinsurance after the deductible."),
        ("h2", "8. Hospital stays and imaging"),
        ("p", "Inpatient hospital stay: 20% coinsurance after the deductible. Outpatient surgery: 20% "
              "coinsurance after the deductible."),
        ("p", "MRI, CT and PET scans: $250 copay per scan, after the deductible. X-rays and lab work: no "
              "charge at an in-network lab."),
    ],
    [  # page 4
        ("h2", "9. Prescription drugs"),
        ("p", "Tier 1 (generic): $10 copay for a 30-day supply at a retail pharmacy, or $25 for a 90-day supply "
              "by mail order."),
        ("p", "Tier 2 (preferred brand): $45 copay for 30 days, $112.50 for 90 days by mail order."),
        ("p", "Tier 3 (non-preferred brand): $90 copay for 30 days, after the deductible."),
        ("p", "Tier 4 (specialty): 30% coinsurance, up to $250 for each 30-day fill, only through the "
              "specialty pharmacy."),
        ("p", "Insulin: $35 for a 30-day supply at any tier. Maintenance drugs must be filled by mail order "
              "after the third retail fill."),
        ("h2", "10. Mental health"),
        ("p", "Outpatient therapy visit: $30 copay (the same as primary care). Inpatient mental health care: "
              "20% coinsurance after the deductible."),
    ],
    [  # page 5
        ("h2", "11. Children's vision and dental"),
        ("p", "Children under 19: one eye exam each calendar year at no charge in network; glasses frames up "
              "to a $150 allowance every 12 months, or contact lenses up to $130 instead of glasses."),
        ("p", "This plan does not include dental coverage. Dental is offered as a separate plan through your "
              "employer."),
        ("h2", "12. Prior authorization"),
        ("p", "You or your doctor must get approval before a planned hospital stay, outpatient surgery, MRI, "
              "CT or PET scan, or a specialty drug. If you are admitted after an emergency, call us within "
              "48 hours of the admission. If you don't get prior authorization, we may reduce benefits by "
              "50%, up to $500."),
        ("h2", "13. Changing your coverage"),
        ("p", "Outside open enrollment, you can change your plan only after a qualifying life event, such as "
              "marriage, a birth or adoption, or losing other coverage. Tell your employer within 30 days of "
              "the event (60 days if you lose Medicaid or CHIP coverage)."),
    ],
    [  # page 6
        ("h2", "14. Claims and appeals"),
        ("p", "In-network providers file claims for you. For out-of-network care, send us the claim within "
              "365 days of the date of service."),
        ("p", "If we deny a claim, you can appeal within 180 days of getting the denial. We will decide a "
              "standard appeal within 30 days, or within 72 hours if it is urgent."),
        ("h2", "15. Contact us"),
        ("p", "Member services: 1-800-555-0142, 8 am to 8 pm Eastern, Monday through Friday."),
        ("p", "24-hour nurse line: 1-800-555-0167."),
        ("p", "Prior authorization (for doctors and members): 1-800-555-0158."),
        ("p", "Pharmacy help and mail order: 1-800-555-0139."),
        ("p", "Mail: Buckeye Meadow Health, P.O. Box 2750, Columbus, OH 43216. Website: "
              "bmhealth.example/members."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Furnace and air conditioning service agreement (DOCX, python-docx)
# ---------------------------------------------------------------------------------------------
HVAC_TITLE = "Comfort Club Service Agreement: Hollis Avenue furnace and A/C"
HVAC_SECTIONS: list[tuple[str, list[str]]] = [
    ("The agreement", [
        f"Customer: {PERSON} and {PARTNER}, {ADDRESS}. Agreement number: CC-20417.",
        "Provider: Polar Bear Heating & Cooling, Inc., Ohio HVAC license no. 48812.",
        "Term: 10/15/2026 to 10/14/2027. The agreement renews by itself each year unless either of us "
        "cancels in writing at least 30 days before the renewal date. This is your third year; you first "
        "joined on 10/15/2024.",
    ]),
    ("Equipment covered", [
        "Gas furnace: Aldridge 80,000 BTU, 96% efficiency, installed in March 2014, in the basement.",
        "Central air conditioner: Aldridge 3-ton, 14 SEER outdoor unit, installed in June 2019, on the east "
        "side of the house.",
        "Whole-house humidifier on the furnace, and the programmable thermostat in the front hall.",
        "Not covered: the water heater, the bathroom exhaust fans and the ductwork itself.",
    ]),
    ("Price and visits", [
        "Price: $219 a year, paid in full on 10/15/2026. The monthly option is $19.95 a month ($239.40 a "
        "year).",
        "Two tune-ups a year: the furnace in the fall (September to November) and the air conditioner in the "
        "spring (April to June). Each visit takes about 90 minutes.",
        "This year's furnace tune-up was done on 10/21/2026. The A/C tune-up is due in spring 2027; call by "
        "April 30 to book it.",
    ]),
    ("Member benefits", [
        "15% off all repairs (non-members pay list price).",
        "Diagnostic fee: $59 for members instead of the regular $129.",
        "No after-hours or weekend surcharge (non-members pay $95 extra for calls after 6 pm or on "
        "weekends).",
        "Priority service: a technician within 24 hours of your call in a heating or cooling emergency.",
        "A 10% discount on a new furnace or air conditioner, up to $500.",
    ]),
    ("Technician's findings, 10/21/2026", [
        "Technician: Luis Ferreira. Carbon monoxide reading at the flue: 0 ppm. Heat exchanger inspected, no "
        "cracks. Flame sensor cleaned. Gas pressure checked and within spec.",
        "Blower motor capacitor measured 6.9 microfarads against a 7.5 microfarad rating; it still works "
        "but should be replaced. Quote: $165 (member price, after the 15% discount; list price $194).",
        "Condensate line flushed. The furnace is 12 years old; typical life is 15 to 20 years.",
    ]),
    ("Filters and humidifier", [
        "Furnace filter: 16x25x4 pleated media filter, MERV 11. Change it every 6 months (in April and "
        "October). Spare filters are on the shelf to the left of the furnace.",
        "Humidifier: replace the water panel once a year, at the fall tune-up. Set the humidistat to 35% in "
        "winter, and lower it to 25% when it is below 0 °F outside so the windows don't frost.",
        "Turn the humidifier water valve off in May and back on in October.",
    ]),
    ("Thermostat settings we recommend", [
        "Winter: 68 °F when you're home, 62 °F overnight. Never set it below 55 °F when you're away, so the "
        "pipes don't freeze.",
        "Summer: 76 °F when you're home and 82 °F when you're away.",
        "Replace the thermostat's two AA batteries every January.",
    ]),
    ("Repair warranty", [
        "Parts we install are guaranteed for 1 year, and our labor for 90 days.",
        "The furnace's own manufacturer parts warranty (10 years, registered in 2014) ended in March 2024 "
        "and has expired; the air conditioner's 10-year parts warranty runs until June 2029.",
    ]),
    ("Contacts", [
        "Office and scheduling: (614) 555-0118, Monday to Friday 7:30 am to 5 pm.",
        "24-hour emergency line: (614) 555-0119.",
        "Our technician Luis Ferreira's cell (for the day of your visit only): (614) 555-0176.",
        "If you smell gas, leave the house and call Columbia Gas at 1-800-555-0105 from outside.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Community garden plot agreement (ODT, hand-written ODF XML)
# ---------------------------------------------------------------------------------------------
GARDEN_TITLE = "Hollis Park Community Garden: Plot Agreement, 2027 Season"
GARDEN_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your plot", [
        f"Gardener: {PERSON}, {ADDRESS}. Phone: (614) 555-0147.",
        "Plot number: B-14, a full in-ground plot of 10 by 20 feet. (Last season you had plot C-3, a 4 by 8 "
        "foot raised bed.)",
        "Plots are yours for one season. Returning gardeners in good standing can keep the same plot if they "
        "renew by February 15, 2027.",
    ]),
    ("Season dates", [
        "The garden opens on Saturday, April 17, 2027 and closes on Sunday, November 7, 2027.",
        "Your plot must be planted by May 22, 2027, or it may be given to someone on the waiting list.",
        "Fall cleanup: clear your plot of plants, stakes and cages by October 31, 2027.",
        "The garden is open from dawn to dusk every day.",
    ]),
    ("Fees", [
        "Full plot: $45 for the season. Half plot: $25. Raised bed: $30. Gardeners 65 and older pay half.",
        "Cleanup deposit: $20 per plot, refunded in November if your plot passes the fall inspection.",
        "Fees are due when you sign this agreement; this year's fee and deposit, $65 in all, were paid by "
        "check on 01/12/2027.",
    ]),
    ("Volunteer hours", [
        "Every plot holder gives 8 volunteer hours a season. Workdays are the second Saturday of each month, "
        "May to October, from 9 am to noon.",
        "If you can't do your hours, you can pay $10 for each hour missed instead.",
    ]),
    ("Water", [
        "The water is turned on around May 1 and turned off around October 15, before the first hard "
        "freeze.",
        "Water by hand or with a soaker hose. No sprinklers. Hoses may be no longer than 50 feet, and must be "
        "coiled back on the rack by the shed.",
        "On days above 90 °F please water before 10 am or after 6 pm.",
    ]),
    ("What you may grow", [
        "Vegetables, herbs, fruit and flowers. No trees, no invasive plants such as mint outside a pot, and "
        "nothing illegal.",
        "Plants taller than 5 feet (corn, sunflowers, pole beans) go on the north edge of your plot so they "
        "don't shade your neighbor.",
        "Organic methods only: no synthetic pesticides, herbicides or fertilizers.",
    ]),
    ("Keeping your plot tidy", [
        "Keep the paths next to your plot clear and at least 3 feet wide.",
        "If your plot is overgrown, the coordinator will email you a first notice; you then have 14 days to "
        "clean it up. After a second notice you have 7 days, then the plot may be reassigned without a "
        "refund.",
        "Compost bins 1 and 2 take plant waste only. Put diseased plants and weeds gone to seed in the "
        "trash, not the compost.",
    ]),
    ("Gates and the tool shed", [
        "Main gate combination: 4172 (changed on March 1, 2027; the old code 3958 no longer works).",
        "Tool shed combination: 0825. Return tools clean. Wheelbarrows stay inside the fence.",
        "Lock the gate when you leave, even during the day.",
    ]),
    ("Children and pets", [
        "Children are welcome with an adult. Dogs are not allowed inside the fence, except service animals.",
    ]),
    ("Contacts", [
        "Garden coordinator: Priya Natarajan, (614) 555-0131, hollisparkgarden@mail.example.",
        "Assistant coordinator (plot assignments and the waiting list): Tom Becker, (614) 555-0132.",
        "City of Westerville Parks and Recreation (water, fence and mowing problems): (614) 555-0190.",
    ]),
    ("Signatures", [
        f"Signed by {PERSON} on 01/12/2027 and by Priya Natarajan for the garden on 01/14/2027.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. HOA rules notes (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
HOA_MD = """\
# Larkspur Commons HOA: my notes on the rules

Dana's summary of the HOA rules and the 2027 budget letter, so we don't have to dig through the 40-page
covenants. Updated December 2026.

## Dues and payments

- Dues are $285 a quarter starting in 2027 (they were $265 a quarter in 2026).
- Due on January 1, April 1, July 1 and October 1. Pay through the Keystone portal; our account number is LC-0893.
- Late after the 15th of the month they're due: a $25 late fee, plus 1.5% interest a month on the unpaid balance.
- Special assessment for resurfacing the pool: $640 per home, due by June 30, 2027, or in two payments of $320 (March 31 and June 30).
- The annual meeting is on Tuesday, January 19, 2027 at 7 pm in the clubhouse. Budget questions go to the treasurer before January 12.

## Trash, recycling and yard waste

- Trash pickup is every Thursday. Recycling is every other Thursday (the green-lid cart); the next one is December 17.
- Carts can go out after 6 pm the night before and must be back in the garage or behind the house by 8 pm on pickup day.
- Yard waste (paper bags only) is picked up on Mondays from April through November.
- Bulk items: the first Monday of the month; call Rumpke at (614) 555-0108 by the Friday before.

## Parking

- No parking on the street overnight (2 am to 6 am) from November 1 to April 1, so the plows can get through.
- Guests can use the visitor spaces by the clubhouse for up to 72 hours.
- Boats, campers and trailers can be in the driveway for up to 48 hours for loading and unloading, no more than twice a month.

## Noise and quiet hours

- Quiet hours are 10 pm to 7 am Sunday through Thursday nights, and 11 pm to 8 am on Friday and Saturday nights.
- Lawn mowers and leaf blowers: not before 8 am on weekdays or 9 am on weekends.

## Yard, fences and changes to the house

- Keep grass under 6 inches. Leaves raked by December 1.
- Shovel the sidewalk in front of the house within 24 hours after the snow stops.
- Any outside change (fence, shed, deck, paint color, solar panels) needs architectural review approval first. Send the form at least 30 days before you want to start; the committee answers within 45 days.
- Fences: up to 6 feet tall in the back yard, and only 4 feet in front of the house. Black aluminum or white vinyl only.
- Holiday lights can go up from November 15 and must come down by January 15.

## Pool and clubhouse

- The pool opens Saturday, May 29, 2027 (Memorial Day weekend) and closes Monday, September 6, 2027 (Labor Day).
- Pool hours are 10 am to 9 pm. Lap swim only from 7 am to 10 am on weekdays.
- Kids under 14 need an adult with them. Each household can bring up to 2 guests at a time.
- A lost pool key fob costs $50 to replace (we have two, in the drawer by the back door).
- The clubhouse can be rented for parties: $150 plus a $200 deposit, booked through Keystone.

## Pets

- No more than 2 dogs or cats per home. Dogs on a leash of 6 feet or less outside your own yard.
- Pick up after your dog; the fine for a second warning is $100.

## Who to call

- Keystone Property Management (our HOA manager): (614) 555-0150, weekdays 9 am to 5 pm.
- Keystone after-hours emergencies (water leak in the clubhouse, pool gate broken): (614) 555-0151.
- HOA board president, Gary Holt: (614) 555-0184. Treasurer, Linda Marsh: (614) 555-0185.
- Architectural review committee: arc@larkspurcommons.example.
"""

# ---------------------------------------------------------------------------------------------
# 5. College savings (529) account page (HTML, browser-saved): only <main> counts
# ---------------------------------------------------------------------------------------------
SAVINGS_SECTIONS: list[tuple[str, list[str]]] = [
    ("Maya's account", [
        "Beneficiary: Maya Ortiz. Account number ending 4471. Opened on 05/02/2018.",
        "Balance: $18,742.16 as of 11/30/2026. Total contributions since opening: $14,350.00.",
        "Investment: Target Enrollment 2035 Portfolio. Return this year to date: 7.4%; average yearly "
        "return since opening: 6.1%.",
    ]),
    ("Theo's account", [
        "Beneficiary: Theo Ortiz. Account number ending 4488. Opened on 12/15/2020.",
        "Balance: $9,305.87 as of 11/30/2026. Total contributions since opening: $7,925.00.",
        "Investment: Target Enrollment 2038 Portfolio. Return this year to date: 8.1%.",
    ]),
    ("Automatic contributions", [
        "Maya: $150 a month, taken from checking account ending 2209 on the 5th of each month.",
        "Theo: $100 a month on the 5th of each month. (It went up from $75 a month in July 2026.)",
        "Next contributions: 12/05/2026.",
    ]),
    ("Contributions this year", [
        "2026 contributions so far: $1,800.00 for Maya and $1,050.00 for Theo, including a $500 gift for "
        "Maya from her grandparents on 06/14/2026.",
        "Ohio taxpayers can deduct up to $4,000 per beneficiary per year from state income tax. Contributions "
        "made by December 31 count for 2026.",
    ]),
    ("Fees", [
        "Annual asset-based fee on your portfolios: 0.16%. There is no yearly account fee for Ohio residents.",
        "A paper statement costs $5 a year; you get statements by email each quarter.",
    ]),
    ("Withdrawals", [
        "Qualified withdrawals (college tuition, fees, books, room and board) are free of federal and Ohio "
        "tax. Up to $10,000 a year can be used for K-12 tuition.",
        "Money is sent 3 business days after we receive a withdrawal request, by direct deposit to the bank "
        "account on file or by check to the school.",
    ]),
    ("Account owner and successor", [
        f"Account owner: {PERSON}. Successor owner: {PARTNER}. The successor owner takes over the accounts "
        "if the owner dies.",
    ]),
    ("Need help?", [
        "Account services: 1-800-555-0112, 8 am to 8 pm Eastern time, Monday through Friday.",
        "Secure messages get an answer within 2 business days.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Summer day camp family handbook (EPUB 3, hand-built): chapters (h1) with h2 sections
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Camp Tall Pines Day Camp: Family Handbook, Summer 2027"
BOOK_AUTHOR = "Camp Tall Pines, Westerville YMCA"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Welcome to Camp Tall Pines", [
        (None, [
            "Camp Tall Pines is the Westerville YMCA's day camp for children entering grades 1 to 8, on 40 "
            "wooded acres at 8800 Alum Creek Road, about 6 miles north of town.",
        ]),
        ("Sessions and dates", [
            "Session 1: June 14 to June 25, 2027. Session 2: June 28 to July 9, 2027 (no camp on Monday, "
            "July 5, for Independence Day). Session 3: July 12 to July 23, 2027. Session 4: July 26 to "
            "August 6, 2027.",
            "Family night with a cookout is the last Thursday of each session, from 6 pm to 8 pm.",
        ]),
        ("Your family's registration", [
            "Maya Ortiz (entering grade 5): Sessions 2 and 3, group Red Fox. Theo Ortiz (entering grade 2): "
            "Session 2 only, group Chipmunks.",
            "Registration confirmation number: TP27-06182. Registered on 02/03/2027.",
        ]),
    ]),
    ("A day at camp", [
        ("Drop-off and pickup", [
            "Drop-off is from 8:30 am to 9 am, and pickup is from 3:30 pm to 4 pm, in the car line at the "
            "main lodge. Only adults on your pickup list may take your child, and they must show photo ID.",
            "Extended care runs from 7:30 am until camp starts and from 4 pm to 6 pm, for $12 a day per "
            "child. After 6 pm there is a late pickup fee of $1 a minute.",
        ]),
        ("The bus from town", [
            "A camp bus leaves the Hollis Park Elementary parking lot at 8:05 am and gets back there at "
            "4:20 pm. The bus costs $40 a week per child and must be booked by May 15.",
        ]),
        ("The daily schedule", [
            "9:15 am flag circle; 9:45 am first activity; 11 am swim; 12 noon lunch by the lake; 1 pm rest "
            "hour for Chipmunks; 1:30 pm afternoon activities; 3:15 pm closing circle.",
            "Every camper swims each day. A swim test on the first Monday of each session sorts campers into "
            "groups; to swim in the deep end a camper must swim 25 yards without stopping and tread water "
            "for 1 minute.",
        ]),
        ("What to bring", [
            "A labeled backpack with a packed lunch (no nuts: camp is nut-free), two water bottles, a "
            "swimsuit and towel, sunscreen of SPF 30 or higher, and closed-toe shoes.",
            "Leave phones, tablets and toys from home at home. Camp is not responsible for lost items; lost "
            "and found is emptied every Friday and given to charity after each session.",
        ]),
    ]),
    ("Fees and forms", [
        ("Tuition and discounts", [
            "Tuition is $325 a week per child for YMCA members and $395 a week for non-members.",
            "Sibling discount: 10% off for the second child and each child after that.",
            "A $100 deposit per child per session is due at registration and is not refundable.",
        ]),
        ("Payment deadlines and refunds", [
            "The balance is due by May 1, 2027. Cancel by May 15, 2027 and we refund everything but the "
            "deposit; after May 15 there are no refunds, except for medical reasons with a doctor's note.",
            "Financial assistance applications are due by March 31, 2027.",
        ]),
        ("Health forms and medication", [
            "Each camper needs a health form signed by a doctor within the last 12 months, due by June 1, "
            "2027.",
            "Medications go to the camp nurse in the original container with the pharmacy label. Campers "
            "may carry their own inhaler or EpiPen if the health form says so.",
        ]),
    ]),
    ("Safety and weather", [
        ("Heat", [
            "When the heat index reaches 95 °F, campers move to shaded or indoor activities and take a water "
            "break every 20 minutes. Above 105 °F camp runs an indoor program all day.",
        ]),
        ("Storms", [
            "At the first thunder or lightning, everyone leaves the water and goes indoors. Activities start "
            "again 30 minutes after the last thunder.",
            "If camp must close early, we send a text by 7 am or, during the day, at least an hour before "
            "early pickup.",
        ]),
        ("Absences and illness", [
            "If your child will be absent, call the absence line or text the office by 8:30 am.",
            "Children with a fever of 100.4 °F or higher must stay home, and can come back after 24 hours "
            "without a fever and without fever medicine.",
        ]),
    ]),
    ("Contacts", [
        ("Camp office and staff", [
            "Camp office (questions, absences by text): (614) 555-0124, 7 am to 6 pm on camp days.",
            "Absence line (voicemail, 24 hours): (614) 555-0128.",
            "Camp director Jenna Morales: (614) 555-0163. Camp nurse Kayla Brooks, RN: (614) 555-0125.",
            "Westerville YMCA front desk (memberships and payments): (614) 555-0170.",
        ]),
    ]),
]

# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, HVAC_TITLE, HVAC_SECTIONS, author=PARTNER, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, GARDEN_TITLE, GARDEN_SECTIONS, generator="bench/docs_qa/set_i/make.py",
                      creator=PERSON, date="2027-01-14T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in SAVINGS_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0060)https://www.buckeyebrightfutures.example/account/overview -->
<html lang="en-US">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Account overview | Buckeye Bright Futures 529 Plan</title>
  <link rel="stylesheet" href="./Account overview _ Buckeye Bright Futures_files/site.css">
  <script src="./Account overview _ Buckeye Bright Futures_files/analytics.js"></script>
</head>
<body>
  <div class="promo-banner">Give the gift of college this season! Open a new account with just $25 and get a $100 bonus when you set up automatic contributions of $50 a month. Offer ends 12/31/2026. <a href="/bonus">Details</a></div>
  <header>
    <a class="logo" href="/">Buckeye Bright Futures 529 Plan</a>
    <p class="strap">Ohio's direct-sold college savings plan</p>
    <nav>
      <ul>
        <li><a href="/account">Account overview</a></li>
        <li><a href="/contributions">Contributions</a></li>
        <li><a href="/withdrawals">Withdrawals</a></li>
        <li><a href="/statements">Statements and tax forms</a></li>
        <li><a href="/profile">Profile</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Account overview</h1>
      <p class="updated">Account owner: {PERSON}. Owner ID: BBF-3306157. Balances as of 11/30/2026.</p>
      <p>Total balance, both accounts: $28,048.03.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Grow your savings</h3>
    <ul>
      <li>Target Enrollment 2035 Portfolio: 9.8% one-year return as of 9/30/2026. Past performance does not guarantee future results.</li>
      <li>Increase your automatic contribution by $25 a month and you could have about $8,000 more by college.</li>
      <li>Gift of College gift cards from $15, at checkout lanes in Ohio stores.</li>
    </ul>
    <p>Invite family to give with a Ugift code: gifts of $500 or more get a thank-you card.</p>
    <p>Tip: contributions made by April 15 can count toward the previous year's Ohio deduction for some savers; ask your tax adviser.</p>
  </aside>
  <footer>
    <p>Open an account: 1-800-555-0100. Buckeye Bright Futures, 30 East Broad Street, 34th Floor, Columbus, OH 43215.</p>
    <p>Average total annual asset-based fee across all portfolios: 0.14%.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/disclosure">Plan disclosure</a> | <a href="/accessibility">Accessibility</a></p>
    <p>&copy; 2026 Buckeye Bright Futures 529 Plan. Not FDIC insured. May lose value.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en-US", date="2027-02-01",
                       uid="urn:uuid:8c41e0a2-57d3-4b9e-a1f6-2e9d03b7c5a8")


DOCS = {
    "health_plan_summary.pdf": lambda p: write_pdf(p, HEALTH_TITLE, HEALTH_PAGES, "Health plan summary of benefits"),
    "hvac_service_agreement.docx": write_docx,
    "garden_plot_agreement.odt": write_odt,
    "hoa_rules_notes.md": lambda p: p.write_text(HOA_MD, encoding="utf-8"),
    "college_savings_account.html": write_html,
    "summer_camp_handbook.epub": write_epub,
}


def main() -> None:
    writers.write_set(HERE, DOCS)


if __name__ == "__main__":
    main()
