"""Build the documents of docs-QA set H (README.md beside this file) into docs/.

Set H is a held-out test set written by a separate writer, independent of sets A to G: a household in
Ashgrove, Brisbane, Queensland, Australia. It is smaller than set G (six documents, one per format
but plain text) so one run takes under an hour. Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-f && /tmp/docqa-venv-f/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-f/bin/python bench/docs_qa/set_h/make.py

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
PERSON = "Claire Donnelly"
PARTNER = "Marcus Tran"
ADDRESS = "47 Wattlebird Street, Ashgrove QLD 4060"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_h/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Car insurance policy schedule (PDF, reportlab), 6 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
CAR_TITLE = "Coral Coast Insurance: Comprehensive Car Insurance Policy Schedule"
CAR_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", CAR_TITLE),
        ("p", "Policy number: CCM-4471-082936. Schedule issued: 2 July 2026. This schedule replaces the one "
              "issued on 18 June 2026, which showed the wrong garaging address."),
        ("h2", "1. Policyholders"),
        ("p", f"Policyholder: {PERSON}. Joint policyholder: {PARTNER}. Address: {ADDRESS}."),
        ("h2", "2. Period of insurance"),
        ("p", "From 12 July 2026 to 4:00 pm on 12 July 2027 (Brisbane time). This is a renewal; the policy was "
              "first taken out on 12 July 2023."),
        ("h2", "3. Your car"),
        ("p", "2021 Kaiyo Terra GT, 2.5 litre petrol, automatic, five-door wagon, colour Deep Crystal Blue. "
              "Registration: 627 XLB (Queensland)."),
        ("p", "Agreed value: $31,500. This is the amount we pay if your car is a total loss, plus the unexpired "
              "registration and compulsory third party (CTP) premium."),
        ("p", "Kept overnight: in the carport at the address above. Use: private use only, including driving to "
              "and from work. Expected distance: up to 15,000 km a year."),
        ("p", "Accessories covered: tow bar, roof racks and dash camera (total value $1,150). Finance: none noted."),
    ],
    [  # page 2
        ("h2", "4. Drivers"),
        ("p", f"Listed drivers: {PERSON} (born 3 May 1985) and {PARTNER} (born 21 January 1983). Anyone else "
              "with a full licence may drive the car, but the unlisted driver excess applies."),
        ("h2", "5. Excesses"),
        ("p", "The excess is the amount you pay towards a claim. The excesses below add together when more "
              "than one applies."),
        ("p", "Basic excess: $750 for each claim. (Last period's basic excess was $600; it went up at this "
              "renewal.)"),
        ("p", "Voluntary excess: $250, chosen by you to lower your premium. It adds to the basic excess, so for "
              "a claim by a listed driver you pay $1,000 in total."),
        ("p", "Young driver excess: an extra $1,400 if the driver was under 25 at the time of the incident."),
        ("p", "Inexperienced driver excess: an extra $900 if the driver was 25 or older but had held an "
              "Australian licence for less than 2 years."),
        ("p", "Unlisted driver excess: an extra $1,000 if the driver is not listed in section 4 and is 25 or "
              "older."),
        ("p", "Windscreen and window glass: no excess for your first windscreen claim in each period of "
              "insurance; $100 for each claim after that."),
        ("p", "No excess applies if the incident was not your fault and you give us the other driver's name "
              "and address and their car's registration number."),
    ],
    [  # page 3
        ("h2", "6. Your premium"),
        ("p", "Annual premium: $1,342.88, made up of a base premium of $1,120.00, GST of $112.00 and stamp "
              "duty of $110.88. Last period's premium was $1,219.60."),
        ("p", "If you pay monthly: 12 instalments of $117.50 (total $1,410.00), taken by direct debit on the "
              "12th of each month from 12 July 2026."),
        ("p", "Discounts applied: a multi-policy discount of 10% (you also hold a home and contents policy "
              "with us) and a discount for choosing a voluntary excess."),
        ("h2", "7. No claim bonus"),
        ("p", "Your no claim bonus: Rating 1 (the best rating), with lifetime rating 1 protection. You can make "
              "one at-fault claim in each period of insurance without losing your rating."),
        ("h2", "8. If a payment is missed"),
        ("p", "If a monthly instalment is unpaid for 14 days, we may refuse a claim for an incident after the "
              "due date. If an instalment is unpaid for one month, we may cancel the policy; we will write to "
              "you first."),
        ("p", "Pay by direct debit, BPAY (biller code 250381, reference 4471082936) or card in the app."),
        ("h2", "9. Cooling-off period"),
        ("p", "You have 21 days from the day the period of insurance starts to cancel and get a full refund, "
              "as long as you have not made a claim."),
    ],
    [  # page 4
        ("h2", "10. What you are covered for"),
        ("p", "Accidental loss of or damage to your car, including by collision, theft or attempted theft, "
              "fire, storm, hail, flood and malicious damage."),
        ("p", "Liability for damage your car causes to other people's property: up to $20 million for any one "
              "incident."),
        ("h2", "11. Extra benefits included"),
        ("p", "Hire car after theft: from the day you report the theft to the police, up to 14 days and no "
              "more than $75 a day."),
        ("p", "Hire car after an accident that was not your fault: until your car is repaired, up to 21 days, "
              "if you give us the other driver's details."),
        ("p", "Emergency travel and accommodation: up to $750 if your car can't be driven after an incident "
              "more than 100 km from home."),
        ("p", "Personal items in the car: up to $500 for items damaged or stolen from the car (not cash, "
              "phones or laptops)."),
        ("p", "Child seats and capsules: replaced with new ones after an accident, even if there is no visible "
              "damage, up to $400 a seat."),
        ("p", "Towing: we pay to tow your car to the nearest safe place or a repairer after an incident we "
              "cover."),
        ("p", "Keys and locks: up to $1,500 to replace keys, remotes and locks if your keys are stolen."),
        ("p", "New car replacement: if your car is less than 2 years old and has travelled less than 40,000 km "
              "when it is written off, we replace it with a new one. (Your 2021 car does not qualify.)"),
    ],
    [  # page 5
        ("h2", "12. Optional cover"),
        ("p", "Roadside Plus (breakdowns, flat tyres, flat batteries and lockouts): not selected. You can add it "
              "at any time for $89 a year."),
        ("p", "Hire car after an at-fault accident: not selected ($68 a year)."),
        ("h2", "13. What is not covered"),
        ("p", "We do not pay claims if the driver was over the legal blood alcohol limit or refused a breath or "
              "blood test, or was unlicensed or disqualified, or if the car was being used to carry paying "
              "passengers or for paid deliveries (rideshare or food delivery) unless you told us and it is "
              "shown on this schedule."),
        ("p", "We do not cover wear and tear, rust, mechanical or electrical breakdown, or tyre damage from "
              "braking, punctures or road cuts."),
        ("p", "We do not cover an unroadworthy car if its condition caused or contributed to the incident."),
        ("h2", "14. Making a claim"),
        ("p", "Tell us as soon as you can, and within 30 days of the incident. Report theft, attempted theft or "
              "malicious damage to the police within 24 hours and give us the police report number."),
        ("p", "Do not admit fault or agree to pay anyone. Take photos, and get the other driver's name, address, "
              "phone number, registration and insurer."),
        ("p", "You can choose your own repairer, or use one of our partner repairers, whose repairs carry a "
              "lifetime guarantee for as long as you own the car."),
    ],
    [  # page 6
        ("h2", "15. Contact us"),
        ("p", "New claims, 24 hours a day, 7 days a week: 1800 975 707."),
        ("p", "Windscreen claims: 1800 975 709."),
        ("p", "Policy changes, payments and questions: 1300 975 707, 8 am to 7 pm Monday to Friday and 9 am to "
              "1 pm Saturday (Brisbane time)."),
        ("p", "Post: Coral Coast Insurance, Locked Bag 2210, Brisbane QLD 4001. Email: service@coralcoastins.example."),
        ("h2", "16. Complaints"),
        ("p", "Call us or write to our Customer Resolution team. We will respond within 30 days. If you are not "
              "happy with our response, you can contact the Australian Financial Complaints Authority (AFCA), "
              "a free and independent service."),
        ("h2", "17. Cancelling your policy"),
        ("p", "You can cancel at any time. After the cooling-off period, we refund the unused part of the "
              "premium less a $45 cancellation fee. No refund is paid if a claim was made for a total loss."),
        ("h2", "18. Changes you must tell us about"),
        ("p", "Tell us within 14 days if you modify the car, change where it is kept overnight, start using it "
              "for business or paid deliveries, or if a driver's licence is suspended."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Kitchen renovation quote and notes (DOCX, python-docx): title + Heading-1 sections
# ---------------------------------------------------------------------------------------------
KITCHEN_TITLE = "Kitchen renovation: quote and notes"
KITCHEN_SECTIONS: list[tuple[str, list[str]]] = [
    ("The job", [
        "Replacing the whole kitchen with Ironbark Joinery & Renovations. The old laminate cabinets and "
        "benchtops come out, and a new galley run of 3.6 m and an island of 2.4 m by 1.1 m go in.",
        "The island has a 300 mm overhang on the family room side for three stools.",
        "The pantry moves to the left of the fridge: a 600 mm wide tall pantry with four internal drawers.",
    ]),
    ("The quote", [
        "Quote IJR-0417, dated 9 September 2026: $38,650 including GST. The first quote in July was $34,200, "
        "with laminate benchtops; the difference is mostly the porcelain benchtops and the induction circuit.",
        "Included: demolition and rubbish removal, cabinetry, benchtops, splashback tiling, plumbing for the "
        "sink and dishwasher, and electrical work.",
        "Provisional sum for electrical work: $2,800 (a new 40 amp circuit for the induction cooktop and four "
        "extra double power points). If the switchboard needs upgrading, that is extra.",
        "Prime cost allowance for the tapware and sink: $1,200. We pay the difference if we choose something "
        "dearer.",
        "Not included: the oven, cooktop, rangehood and fridge (we are buying those ourselves), and painting.",
    ]),
    ("Payments", [
        "Deposit: 5% ($1,932.50) when we sign the contract.",
        "Second payment: 35% when the cabinets are installed.",
        "Third payment: 40% when the benchtops are installed.",
        "Final payment: 20% at practical completion, due within 5 business days of the final invoice.",
        "Any variation must be agreed in writing, with its price, before the work is done.",
    ]),
    ("Our choices", [
        "Cabinets: Polytec 'Sage Grove' matt on the lower cabinets and the island; 'Classic White' matt on the "
        "overheads.",
        "Handles: brushed brass bar handles, 160 mm, and 320 mm on the pantry doors.",
        "Benchtops: 12 mm porcelain slab, 'Statuario Matte', with a 40 mm mitred edge on the island.",
        "Splashback: gloss white handmade-look tiles, 65 x 200 mm, laid vertically up to the underside of the "
        "overheads.",
        "Sink: undermount double bowl, 760 mm, stainless steel, with a pull-out mixer.",
        "Cooktop: 900 mm induction, with a 900 mm undermount rangehood ducted to outside.",
    ]),
    ("Schedule", [
        "Start (demolition): Monday 2 November 2026. Cabinets installed: the week of 16 November. Benchtop "
        "template: 18 November; the benchtops go in 2 weeks after templating, around 3 December.",
        "Splashback tiling: 7 December. Practical completion: 11 December 2026.",
        "Work hours: 7 am to 3:30 pm, Monday to Friday. No work on weekends.",
        "We will be without a kitchen for about 6 weeks; the laundry sink and a microwave in the dining room "
        "will have to do.",
    ]),
    ("Warranty and licence", [
        "Ironbark's QBCC licence number: 15284937.",
        "Defects warranty: 12 months from practical completion. Structural defects: 6 years and 6 months under "
        "the QBCC home warranty scheme.",
        "Hinges and drawer runners: 10-year manufacturer's warranty.",
        "QBCC home warranty insurance is included because the job is over $3,300.",
    ]),
    ("Contacts", [
        "Shane Whitlock (builder, Ironbark): 0491 570 156.",
        "Ironbark office: (07) 5550 1284, quotes@ironbarkjoinery.example.",
        "Kai Brennan (electrician, Bright Spark Electrical): 0491 570 157.",
        "Tiling is done by Ironbark's own tiler; there is no separate contact.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Dog-sitting (house-sit) agreement (ODT, hand-built ODF): title + text:h sections
# ---------------------------------------------------------------------------------------------
SITTER_TITLE = "Pet sitting agreement: Pippa, summer holidays 2026-27"
SITTER_SECTIONS: list[tuple[str, list[str]]] = [
    ("The arrangement", [
        "Jess Alvarez will stay at 47 Wattlebird Street and look after Pippa while Claire, Marcus, Ruby and Leo "
        "are in Tasmania.",
        "Dates: from Saturday 19 December 2026 to Monday 4 January 2027. Our flight leaves at 6:15 am on the "
        "19th, so Jess comes over the evening before, 18 December, at about 7 pm to go through the routine.",
        "We land back at 8:40 pm on 4 January and should be home by about 10 pm.",
        "This is a house-sit: Jess sleeps at the house every night. She can have one friend over during the "
        "day, but no overnight guests and no parties.",
    ]),
    ("Pay", [
        "$58 a night. Nights that fall on a public holiday (25 December, 26 December and 1 January) are $70.",
        "16 nights in total: 13 at $58 and 3 at $70, so $964 altogether.",
        "We paid a $200 deposit on 1 December 2026. The balance of $764 is paid by bank transfer on 4 January.",
        "If Jess can't stay a night, a drop-in visit from a neighbour is $32 and comes off her pay.",
        "We cover the cost of anything Pippa needs (food, the vet, a lost lead); keep the receipts.",
    ]),
    ("About Pippa", [
        "Pippa is a 2-year-old border collie cross, black and white, desexed. Microchip number "
        "956000018804231. Council registration tag: B24-06631.",
        "She is friendly with people but barks at the postie's motorbike and chases scooters, so keep her on "
        "the lead on footpaths.",
        "She sleeps in her crate in the laundry with the crate door open; the back door stays shut at night.",
    ]),
    ("Feeding", [
        "Breakfast at 7 am: one and a quarter cups of dry food. Dinner at 5:30 pm: 1 cup of dry food with a "
        "spoonful of the wet food from the fridge.",
        "The dry food (Meadow Dog Adult Lamb and Rice) is in the blue bin in the laundry, and a spare bag is "
        "under the laundry bench.",
        "One dental chew after dinner. No other treats, and never grapes, onion, chocolate, macadamias or "
        "cooked bones.",
        "Fresh water in both bowls (laundry and back deck) every morning; top up the deck bowl in the afternoon "
        "when it's hot.",
    ]),
    ("Walks and the heat", [
        "Morning walk of 30 to 40 minutes, before 8 am while it's cool. Evening walk after 6 pm.",
        "If it's over 32 °C, skip the midday play and keep her inside with the air conditioning on 26 °C.",
        "Off the lead only in the fenced dog park at Ferncliff Reserve, five minutes' walk away. Take poo bags.",
        "Check her for paralysis ticks every evening: run your fingers over her head, neck and ears and between "
        "her toes.",
    ]),
    ("Medication", [
        "NexGard Spectra chew (flea, tick and worming) once a month. The next one is due on 1 January 2027; "
        "they are in the drawer beside the fridge.",
        "No other medicines. Never give her human painkillers.",
    ]),
    ("Vet and emergencies", [
        "Our vet: Ashgrove Village Vet, (07) 5550 3317, open 8 am to 6 pm on weekdays and 8 am to 12 noon on "
        "Saturdays. Pippa's vet there is Dr Anika Shah.",
        "After hours: Northside Animal Emergency in Stafford, (07) 5550 9020, open 24 hours.",
        "If you find a tick or she is unwell, call the vet first, then us. You can approve treatment up to "
        "$1,500 without reaching us; above that, keep trying both our phones.",
    ]),
    ("The house", [
        "Spare key: in the lockbox on the side gate, code 2906.",
        "Bins: the red bin goes out every Tuesday night. The yellow recycling bin goes out on Tuesday 22 "
        "December, and the green garden bin on Tuesday 29 December.",
        "Water the pots on the back deck every second evening.",
        "Help yourself to anything in the pantry and the fridge.",
    ]),
    ("Contacts", [
        "Claire: 0491 570 110. Marcus: 0491 570 313.",
        "Bev Hollis next door at number 45 has a key and knows Pippa: 0491 570 737.",
        "Jess Alvarez: 0491 571 266.",
    ]),
    ("Changes and cancelling", [
        "If either of us needs to cancel, give at least 7 days' notice. If we cancel with less than 7 days' "
        "notice, Jess keeps the deposit.",
        "Signed by Claire Donnelly and Jess Alvarez on 1 December 2026.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. House notes (Markdown, written verbatim): # title + ## sections
# ---------------------------------------------------------------------------------------------
HOUSE_MD = """\
# House notes: 47 Wattlebird Street

Marcus's notes on how the house works. Last updated October 2026.

## Power and solar

- Solar: 6.6 kW system, 18 panels on the north side of the roof, with a 5 kW inverter in the carport. Installed in March 2021 by SunCoast Solar (0491 570 158).
- If the inverter shows an error: turn off the AC isolator (next to the inverter), then the DC isolator, wait 5 minutes, and turn them back on in the reverse order: DC first, then AC.
- The main switchboard is in the carport, to the right of the meter box. The hot water heat pump is on circuit 6; the new induction cooktop gets its own 40 amp circuit (kitchen job).
- Feed-in tariff: 5 cents per kWh since July 2025 (it was 8 cents before that).

## Hot water

- Heat pump hot water system, 270 litres, installed in August 2023. It replaced the old electric storage tank from 2009.
- The timer runs it from 10 am to 3 pm, so it heats on solar. Thermostat set to 60 °C.
- Ease the relief valve lever every 6 months (April and October) until water runs, then let it snap shut.

## Air conditioning

- Split systems: 7.1 kW in the living room and 2.5 kW in our bedroom. The kids' rooms have ceiling fans only.
- Run them on 24 °C for cooling; every degree cooler adds about 10% to the running cost.
- Rinse the filters every 2 months from November to March.
- Serviced each October by CoolAir Brisbane (0491 570 159). Last service 14 October 2026, $220 for both units.

## Water and the tank

- The water main shut-off is at the front boundary, beside the letterbox, under the green lid.
- Rainwater tank: 5,000 litres on the south side, plumbed to the toilets and the washing machine. The pump switches to mains by itself when the tank is empty.
- Clean the first-flush diverter and the leaf screen every 3 months.

## Smoke alarms

- Four interconnected photoelectric smoke alarms: hallway, both kids' rooms and our bedroom. Installed in May 2022, with 10-year sealed lithium batteries, so the units need replacing in 2032.
- Press the test button on one of them each month; all four should sound.
- Queensland law: every home must have interconnected photoelectric alarms in every bedroom by 1 January 2027. We already comply.

## Termites and pests

- Termite inspection every 12 months by Shield Pest Management (0491 571 491). Last inspection 3 March 2026, $285, no activity found. Next one due March 2027.
- The chemical termite barrier around the slab went in in 2020 and lasts about 8 years; ask about renewing it at the 2027 inspection.
- General pest spray (cockroaches and spiders) at the same visit, $165.

## Storm season

- Storm season is October to March. Clean the gutters before November, and again in January if it has been windy.
- Tie down or bring in the outdoor setting and the trampoline when a severe storm warning is out.
- The low corner by the back stairs floods in heavy rain; the sandbags are under the house.
- For storm damage help, call the SES on 132 500.

## Bins and council

- General waste (red lid): out every Tuesday night, collected on Wednesday.
- Recycling (yellow lid): every second Tuesday night; the next one is 27 October 2026. Garden waste (green lid) goes out on the other Tuesdays.
- Kerbside large item collection for our suburb: the week of 8 March 2027. Put things out the weekend before.
"""

# ---------------------------------------------------------------------------------------------
# 5. Phone and internet account page (HTML, browser-saved): only <main> counts
# ---------------------------------------------------------------------------------------------
NET_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your internet plan", [
        "Plan: NBN Home Fast 100 (100/20 Mbps), unlimited data. Typical evening download speed: 91 Mbps.",
        "Monthly charge: $95. From 14 February to 14 August 2026 you had our new-customer price of $75 a "
        "month; that offer has ended.",
        f"Service address: {ADDRESS}. Connection type: fibre to the curb (FTTC). Connected on 14 February 2026.",
        "No lock-in contract: you can leave at any time with 30 days' notice.",
    ]),
    ("Your modem", [
        "Wattle W6 Wi-Fi 6 modem, sent to you on 10 February 2026. Serial number: W6-2Q8841-7730.",
        "If you leave within 24 months of connecting (before 14 February 2028), you pay $10 for each month "
        "remaining, to cover the modem.",
    ]),
    ("Home phone", [
        "Home phone number: (07) 5550 6621 (voice over the NBN, plugged into the modem's phone port).",
        "Included: unlimited local, national and Australian mobile calls. International calls are charged per "
        "minute.",
    ]),
    ("Mobile", [
        f"Mobile number: 0491 572 549 ({PERSON}).",
        "Plan: Mobile 40GB, $35 a month. Data used this month: 18.4 GB of 40 GB; it resets on the 22nd of each "
        "month.",
        "Unused data rolls over into your data bank, up to 100 GB; your data bank now holds 27 GB.",
    ]),
    ("Bundle discount", [
        "Because you have internet and a mobile with us, you get $10 a month off your bill.",
    ]),
    ("Latest bill", [
        "Bill number 88104427, issued 3 November 2026. Amount due: $124.20, by 17 November 2026.",
        "Made up of: NBN Home Fast 100 $95.00, Mobile 40GB $35.00, international calls $4.20, bundle discount "
        "-$10.00.",
        "Payment method: direct debit from the bank account ending 3318, taken on the due date.",
    ]),
    ("Previous bill", [
        "Bill number 87552190, issued 3 October 2026: $126.45, paid on 17 October 2026.",
    ]),
    ("Late payment", [
        "A late payment fee of $12 applies if we can't take a payment and it stays unpaid 7 days after the due "
        "date. Paper bills cost $2.20 each; you get your bills by email.",
    ]),
    ("Getting help", [
        "Faults and technical support, 24/7: 1800 975 708.",
        "Accounts and billing: 1300 975 708, 8 am to 8 pm every day (Brisbane time).",
        "Before you call about a dropout, restart the modem: switch it off at the wall, wait 30 seconds, then "
        "switch it on and allow 5 minutes for it to reconnect.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Swimming club member handbook (EPUB 3, hand-built): chapters (h1) with h2 sections
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Ashgrove Stingrays Swimming Club: Member Handbook 2026-27"
BOOK_AUTHOR = "Ashgrove Stingrays Swimming Club"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Welcome and the season", [
        (None, ["The Ashgrove Stingrays are a volunteer-run club for swimmers aged 5 to 17. We swim at Ferncliff "
                "Aquatic Centre (50 m outdoor pool), 18 Ferncliff Road, Ashgrove."]),
        ("Season dates", [
            "The season runs from 9 October 2026 to 19 March 2027.",
            "There are no club nights over the holidays: the last club night of 2026 is 11 December, and we "
            "are back on 15 January 2027.",
        ]),
        ("Club nights", [
            "Club nights are on Fridays. Marshalling opens at 5:30 pm, the first race starts at 6:00 pm, and we "
            "usually finish by 8 pm.",
            "Swimmers must be at marshalling 10 minutes before their event, or they miss it.",
            "If there is lightning within 10 km, we clear the pool; if it is still unsafe 30 minutes later, the "
            "night is cancelled. Check the club app by 4 pm.",
        ]),
        ("Squad training", [
            "Junior squad (8 to 11 years): Tuesdays and Thursdays, 4:30 pm to 5:30 pm.",
            "Senior squad (12 and over): Tuesdays and Thursdays, 5:30 pm to 6:45 pm, plus Saturdays 6:00 am to "
            "7:30 am.",
            "Squad training costs $22 a week, billed each term, on top of the membership fee.",
        ]),
    ]),
    ("Fees and registration", [
        ("Membership fees", [
            "First swimmer: $145. Each additional swimmer in the family: $115. Non-swimming parent members: "
            "free.",
            "Fees include Swimming Queensland registration and insurance.",
            "Pay by 30 October 2026. After that, a late fee of $25 applies.",
        ]),
        ("Pool entry", [
            "Pool entry is not included: $4.50 per swimmer each club night, paid at the centre's kiosk. "
            "Spectators are free. A 20-visit pass costs $80.",
        ]),
        ("Duty bond", [
            "Each family pays a $100 duty bond with the fees. It is refunded at the end of the season if the "
            "family has done its 3 duties; otherwise the club keeps it.",
        ]),
    ]),
    ("Helping on club nights", [
        ("Duties", [
            "Every family does 3 duties a season: timekeeping, marshalling, the canteen or setting up lanes.",
            "Timekeepers report to the recorder's table at 5:40 pm. Canteen duty starts at 5:15 pm.",
            "Can't make your duty? Swap with another family in the app by the Wednesday before, or find a "
            "replacement.",
        ]),
        ("Officials", [
            "The club pays the $60 course fee for any parent who trains as a Swimming Queensland technical "
            "official, as long as they officiate at 4 club nights.",
        ]),
    ]),
    ("Carnivals and awards", [
        ("Age groups", [
            "Your swimmer's age group for the whole season is their age on 31 December 2026.",
        ]),
        ("Carnivals", [
            "Inter-club carnival: Saturday 21 November 2026 at Ferncliff; warm-up 7:30 am, first event 8:30 am.",
            "Club championships: Friday 26 February and Saturday 27 February 2027. Entries close on "
            "12 February 2027.",
            "Swimmers must wear a club cap at all carnivals.",
        ]),
        ("Points and awards", [
            "Points on club nights: 7 for a win, 5 for second, 4 for third, and 1 for every swimmer who "
            "finishes.",
            "Awards night: Saturday 27 March 2027 at the Ashgrove Bowls Club, from 5 pm.",
            "Swimmers who come to at least 15 club nights get a Stingray Spirit medal.",
        ]),
        ("Uniform", [
            "Club cap: $15. Club shirt: $38. Club racing swimsuit: $55.",
            "Buy them at the uniform table on club nights, by cash or card.",
        ]),
        ("Contacts", [
            "President: Tanya Okafor, 0491 573 770.",
            "Registrar (fees and registration): Peter Lindqvist, 0491 574 118, registrar@stingrays.example.",
            "Head coach: Sam Delaney (squad questions in person at training, or through the app).",
            "Club app and website: stingrays.example.",
        ]),
    ]),
]

# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, KITCHEN_TITLE, KITCHEN_SECTIONS, author=PARTNER, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, SITTER_TITLE, SITTER_SECTIONS, generator="bench/docs_qa/set_h/make.py",
                      creator=PERSON, date="2026-12-01T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in NET_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0052)https://my.wattletelecom.example/account/overview -->
<html lang="en-AU">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>My account | Wattle Telecom</title>
  <link rel="stylesheet" href="./My account _ Wattle Telecom_files/main.css">
  <script src="./My account _ Wattle Telecom_files/tag-manager.js"></script>
</head>
<body>
  <div class="promo-banner">Switch to Wattle NBN from $65/month for your first 6 months! Offer ends 30 November. <a href="/nbn">See plans</a></div>
  <header>
    <a class="logo" href="/">Wattle Telecom</a>
    <p class="strap">Australian-owned internet and mobile since 2011</p>
    <nav>
      <ul>
        <li><a href="/account">My account</a></li>
        <li><a href="/bills">Bills</a></li>
        <li><a href="/usage">Usage</a></li>
        <li><a href="/plans">Plans</a></li>
        <li><a href="/moving">Moving house</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>My account</h1>
      <p class="updated">Account holder: {PARTNER}. Account number: WT-6630918. Information as of 3 November 2026.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Upgrade your plan</h3>
    <ul>
      <li>NBN Home Superfast 250: $109/month, typical evening speed 215 Mbps.</li>
      <li>NBN Home Fast 100 for new customers: $75/month for 6 months, then $95.</li>
      <li>Mobile 80GB: $45/month, with a $10 bundle discount.</li>
    </ul>
    <p>Refer a friend and you both get a $50 credit.</p>
    <p>Tip: a modem in the middle of the house, up off the floor, gives the best coverage.</p>
  </aside>
  <footer>
    <p>New services and sales: 1300 975 711. Wattle Telecom Pty Ltd, Level 9, 120 Eagle Street, Brisbane QLD 4000.</p>
    <p>Typical evening speeds are measured between 7 pm and 11 pm.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/terms">Critical information summaries</a> | <a href="/accessibility">Accessibility</a></p>
    <p>&copy; 2026 Wattle Telecom Pty Ltd</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en-AU", date="2026-09-01",
                       uid="urn:uuid:3f9b2c71-0d4e-4a8b-9e26-7c51a0d8e4b2")


DOCS = {
    "car_insurance_policy.pdf": lambda p: write_pdf(p, CAR_TITLE, CAR_PAGES, "Car insurance policy schedule"),
    "kitchen_renovation_quote.docx": write_docx,
    "dog_sitter_agreement.odt": write_odt,
    "house_notes.md": lambda p: p.write_text(HOUSE_MD, encoding="utf-8"),
    "internet_phone_account.html": write_html,
    "swim_club_handbook.epub": write_epub,
}


def main() -> None:
    writers.write_set(HERE, DOCS)


if __name__ == "__main__":
    main()
