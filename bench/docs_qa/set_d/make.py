"""Build the documents of docs-QA set D (README.md beside this file) into docs/.

Set D is a held-out test set written by a separate writer, independent of sets A, B and C. Run with
the private generation venv, never the app's:
    python3 -m venv /tmp/docsD-venv && /tmp/docsD-venv/bin/pip install reportlab python-docx pypdf
    /tmp/docsD-venv/bin/python bench/docs_qa/set_d/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
The writers are adapted from set C's make.py; the content is new.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
OUT = HERE / "docs"
PERSON = "Alasdair Rennie"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_d/make.py")
PARTNER = "Harriet Rennie"
ADDRESS = "4 Ochil View, Craigmorran, Perthshire PH14 7RD"

# ---------------------------------------------------------------------------------------------
# 1. Mortgage offer (PDF, reportlab), 7 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
MORT_TITLE = "Strathmore Building Society: Mortgage Offer"
MORT_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", MORT_TITLE),
        ("p", "Offer reference: SBS-MO-118472. Date of offer: 21 July 2025."),
        ("h2", "1. The borrowers"),
        ("p", f"{PERSON} and {PARTNER}, currently of Flat 2, 17 Marshall Place, Perth PH2 8AH."),
        ("h2", "2. The property"),
        ("p", f"{ADDRESS}. A three-bedroom semi-detached house, freehold (heritable) title."),
        ("p", "Purchase price: £275,000. Our valuation: £275,000, carried out by Grampian Surveyors on "
              "10 July 2025. Estimated reinstatement cost for insurance: £238,000."),
        ("h2", "3. The loan"),
        ("p", "Amount of loan: £218,500. Your deposit: £56,500. Loan to value: 79.5%."),
        ("p", "Mortgage term: 25 years. Repayment method: capital and interest (repayment)."),
        ("p", "Product: 5 Year Fixed Rate, product code F5-8029."),
        ("p", "Arranged through your mortgage adviser, Kirsty Baird of Tay Mortgage Solutions."),
    ],
    [  # page 2
        ("h2", "4. Interest rate"),
        ("p", "4.1 Your interest rate is fixed at 4.29% a year until 31 October 2030."),
        ("p", "4.2 After that, the rate will change to our Standard Variable Rate (SVR), currently 7.49%, "
              "for the rest of the term. The SVR can go up or down."),
        ("p", "4.3 The overall cost for comparison (APRC) is 6.4%. The APRC takes into account the fees in "
              "section 6 and assumes that the SVR stays the same for the rest of the term."),
        ("h2", "5. Monthly payments"),
        ("p", "5.1 You will make 60 monthly payments of £1,188.60, followed by 240 monthly payments of "
              "£1,539.82 if the SVR does not change."),
        ("p", "5.2 Payments are collected by direct debit. You asked for your payments to be taken on the "
              "15th of each month."),
        ("p", "5.3 Your first payment will be higher than usual, because it includes interest from the day "
              "the loan is released to the end of that month."),
        ("p", "5.4 If interest rates rose by 1%, your monthly payment during the fixed period would not "
              "change, but your payment after it would go up by about £123."),
    ],
    [  # page 3
        ("h2", "6. Fees and total cost"),
        ("p", "6.1 Product fee: £999. You chose to pay this when you applied, and it is not refundable."),
        ("p", "6.2 Valuation fee: none. A free basic valuation is included with this product."),
        ("p", "6.3 Funds transfer fee: £25, for sending the loan to your solicitor by CHAPS. It is "
              "deducted from the loan on completion."),
        ("p", "6.4 Fee payable to your mortgage adviser: £395, payable to Tay Mortgage Solutions, not to "
              "us."),
        ("p", "6.5 Mortgage exit fee: £95, payable when the loan is repaid in full or moved to another "
              "lender."),
        ("p", "6.6 Total amount you will have to repay, including interest and our fees: £441,896.95. "
              "This is £1.97 for each £1 borrowed."),
        ("h2", "Illustration only"),
        ("p", "These figures assume the loan is completed on 1 September 2025 and that the SVR does not "
              "change. Your completion statement will show the actual figures."),
    ],
    [  # page 4
        ("h2", "7. Overpayments and early repayment"),
        ("p", "7.1 During the fixed rate period you may overpay up to 10% of the balance outstanding on "
              "1 January each calendar year without an early repayment charge."),
        ("p", "7.2 The smallest single overpayment we accept is £50."),
        ("p", "7.3 If you repay more than this, or repay the whole loan, before 31 October 2030, an early "
              "repayment charge (ERC) is payable on the amount repaid above the allowance:"),
        ("p", "Year 1: 5%. Year 2: 4%. Year 3: 3%. Year 4: 2%. Year 5 (until 31 October 2030): 1%."),
        ("p", "7.4 Example: if you repaid £150,000 in year 3, the charge would be £4,500."),
        ("p", "7.5 No early repayment charge is payable after 31 October 2030."),
        ("h2", "Moving home"),
        ("p", "This product is portable. If you move home during the fixed rate period you may apply to "
              "take it with you, subject to our lending criteria at that time, and no ERC is payable on "
              "the amount you move."),
    ],
    [  # page 5
        ("h2", "8. Special conditions"),
        ("p", "8.1 The loan will be secured by a standard security over the property, registered in the "
              "Land Register of Scotland."),
        ("p", "8.2 Buildings insurance must be in place from the date of entry, with a sum insured of not "
              "less than £238,000. It does not have to be arranged through us."),
        ("p", "8.3 You must not let the property without our written consent. A consent to let fee of £150 "
              "is charged."),
        ("p", "8.4 No part of the loan will be kept back (no retention)."),
        ("p", "8.5 Your solicitor is Morrison Gow LLP, 33 Tay Street, Perth. They act for you and for us."),
        ("h2", "9. How long this offer lasts"),
        ("p", "9.1 This offer is valid until 21 October 2025. If the loan has not been released by then, "
              "the offer will lapse and you will need to apply again."),
        ("p", "9.2 We may withdraw the offer if anything you told us turns out to be untrue, or if the "
              "property's value falls before completion."),
    ],
    [  # page 6
        ("h2", "10. If you miss a payment"),
        ("p", "10.1 Tell us straight away if you think you may have trouble paying. Our Payment Support "
              "team is on 0345 071 3410."),
        ("p", "10.2 If a payment is missed, we charge an arrears fee of £15 for each month in which the "
              "arrears are more than one full monthly payment, up to a maximum of 3 fees."),
        ("p", "10.3 If a direct debit is returned unpaid we do not charge a separate fee."),
        ("p", "10.4 Your home may be repossessed if you do not keep up repayments on your mortgage."),
        ("h2", "11. Age at the end of the term"),
        ("p", "11.1 At the end of the 25-year term, the older borrower will be 64 years old. You have told "
              "us that you plan to retire at 67, so the loan ends before your planned retirement."),
        ("h2", "12. Insurance we recommend"),
        ("p", "12.1 We recommend life cover and critical illness cover for at least the amount of the loan. "
              "You have told us you already hold life cover of £220,000 through your employer."),
    ],
    [  # page 7
        ("h2", "13. Contacting us"),
        ("p", "Existing mortgages and changes to your account: 0345 071 3380, Monday to Friday 8 am to 8 pm, "
              "Saturday 9 am to 1 pm."),
        ("p", "Completions team (for your solicitor): 0345 071 3395."),
        ("p", "Payment Support: 0345 071 3410."),
        ("p", "Your mortgage adviser: Kirsty Baird, Tay Mortgage Solutions, 01632 960 582."),
        ("p", "Write to us at Strathmore Building Society, 1 Reform Street, Dundee DD1 1RH."),
        ("h2", "Acceptance"),
        ("p", "You do not need to sign this offer. Your solicitor will confirm your acceptance when they ask "
              "us to release the loan. You have 7 days to reflect on this offer before your solicitor "
              "requests the funds, and you may accept it sooner if you wish."),
        ("p", "Signed for Strathmore Building Society by Niall Ferguson-Lowe, Senior Underwriter, "
              "21 July 2025."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. E-bike owner's manual (PDF, reportlab), 7 pages.
# ---------------------------------------------------------------------------------------------
BIKE_TITLE = "Corrie Trail E5 Electric Hybrid Bike: Owner's Manual"
BIKE_PAGES: list[list[tuple[str, str]]] = [
    [  # 1
        ("h1", BIKE_TITLE),
        ("h2", "About your bike"),
        ("p", "Thank you for choosing the Corrie Trail E5, an electrically assisted pedal cycle (EAPC) for "
              "roads, towpaths and forest tracks. Please read this manual before your first ride."),
        ("h2", "Specifications"),
        ("p", "Motor: 250 W brushless rear hub motor, maximum torque 45 Nm."),
        ("p", "Battery: 36 V, 13.4 Ah (482 Wh) lithium-ion, removable, fitted in the down tube. Battery "
              "weight 2.9 kg."),
        ("p", "Weight of the bike with battery: 23.5 kg (size M)."),
        ("p", "Maximum total load (rider, luggage and bike together): 130 kg. The rear rack is rated for 25 kg."),
        ("p", "Gears: 9-speed Shimano Alivio. Brakes: hydraulic disc. Tyres: 700 x 45c with reflective sidewalls."),
        ("p", "The frame number is stamped under the bottom bracket. Write it down and keep it safe."),
    ],
    [  # 2
        ("h2", "Safety and the law"),
        ("p", "In Great Britain this bike is an EAPC. The motor only helps while you pedal, and the "
              "assistance stops at 25 km/h (15.5 mph). You may ride faster under your own power."),
        ("p", "Riders must be at least 14 years old. You do not need a licence, tax or insurance, but we "
              "strongly recommend third-party liability cover."),
        ("p", "Do not ride through water deeper than 15 cm, and never submerge the motor or battery."),
        ("h2", "Before every ride"),
        ("p", "Check that the battery is locked in place, the quick-release levers are closed, both brakes "
              "work, and the tyres are at the right pressure."),
        ("p", "Squeeze each brake lever hard: it should stop well short of the handlebar grip."),
        ("p", "Check that the front and rear lights work. The front light is powered by the main battery; "
              "the rear light has its own AAA batteries."),
    ],
    [  # 3
        ("h2", "Battery and charging"),
        ("p", "Use only the charger supplied (42 V, 2 A). You can charge the battery on the bike or "
              "removed from it."),
        ("p", "A full charge from empty takes about 6 hours. The battery reaches 80% in about 4 hours."),
        ("p", "Charge the battery between 10 °C and 30 °C, indoors, on a hard surface. Do not cover the "
              "charger while it is in use. The bike can be ridden between -10 °C and 40 °C."),
        ("p", "The light on the charger is red while charging and turns green when the battery is full."),
        ("p", "If you are not going to use the bike for a while, store the battery at 50% to 70% charge, "
              "and top it up every 2 months."),
        ("p", "The battery lock uses the same key as the frame lock. A spare key is supplied; the key "
              "number is on the tag. Replacement keys are available from your dealer."),
    ],
    [  # 4
        ("h2", "Display and controls"),
        ("p", "Hold the power button for 2 seconds to switch the system on or off."),
        ("p", "Press + or - to choose one of five assist levels. Level 1 gives the least help and level 5 "
              "the most. Level 0 switches the assistance off."),
        ("p", "Lights: hold + for 2 seconds to switch them on or off."),
        ("p", "Walk assist: hold - for 3 seconds while walking beside the bike. The motor moves the bike "
              "at up to 6 km/h for as long as you hold the button."),
        ("p", "To reset the trip distance, hold + and - together for 5 seconds."),
        ("p", "The display switches itself off after 10 minutes without pedalling."),
        ("h2", "Range"),
        ("p", "On a full battery, expect up to 120 km at level 1, about 75 km at level 3 and about 45 km at "
              "level 5. Cold weather, hills, headwinds and heavy loads all reduce the range."),
    ],
    [  # 5
        ("h2", "Tyres"),
        ("p", "Recommended pressures: front 50 psi (3.4 bar), rear 55 psi (3.8 bar). Never go above the "
              "maximum of 70 psi printed on the tyre sidewall."),
        ("p", "To remove the rear wheel, unplug the motor cable at the chainstay first. The rear axle nuts "
              "need a 15 mm spanner."),
        ("h2", "Brakes"),
        ("p", "Brake rotors: 180 mm front, 160 mm rear. The left lever works the front brake."),
        ("p", "Replace the brake pads when the friction material is less than 1.5 mm thick. Replace a "
              "rotor when it wears below 1.8 mm."),
        ("p", "New pads must be bedded in: make about 20 firm stops from 20 km/h on a safe, quiet road."),
        ("p", "Keep oil and chain lube off the rotors and pads. Contaminated pads cannot be cleaned and "
              "must be replaced."),
    ],
    [  # 6
        ("h2", "Maintenance"),
        ("p", "Have the bike checked by your dealer after the first 150 km or one month, whichever comes "
              "first. After that, have it serviced every 1,000 km or 6 months."),
        ("p", "Tightening torques: stem bolts 5 Nm, seatpost clamp 6 Nm, front thru-axle 12 Nm, pedals "
              "35 Nm, rear axle nuts 40 Nm."),
        ("p", "Check chain wear with a chain checker every month. Replace the chain at 0.75% wear."),
        ("p", "Clean the bike with a bucket of soapy water and a soft brush. Do not use a pressure washer. "
              "Take the battery out before you clean the bike, and cover the charging port."),
        ("h2", "Transport"),
        ("p", "Remove the battery before putting the bike on a car rack. Check that your rack is rated for "
              "the bike's weight: many roof racks are not."),
    ],
    [  # 7
        ("h2", "Error codes"),
        ("p", "E10: motor fault. Switch off, check the motor cable at the chainstay, and switch on again."),
        ("p", "E21: speed sensor fault. Check that the magnet on the rear wheel spoke passes within 5 mm "
              "of the sensor."),
        ("p", "E30: communication fault between display and controller. Check the plug under the display."),
        ("p", "E07: battery voltage too low. Charge the battery."),
        ("h2", "Warranty"),
        ("p", "Frame: 5 years, if you register the bike at corriecycles.example/register within 30 days "
              "of purchase (otherwise 2 years). Motor, display and charger: 2 years."),
        ("p", "Battery: 2 years, or until it falls below 60% of its original capacity within 500 full "
              "charge cycles, whichever comes first."),
        ("h2", "Support"),
        ("p", "Corrie Cycles customer support: 0345 222 0917, Monday to Friday 9 am to 5 pm."),
        ("p", "Your dealer: Perth Pedal Company, 8 South Methven Street, Perth, 01632 961 447."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Orkney holiday plan (DOCX, python-docx): title + Heading-1 sections.
# ---------------------------------------------------------------------------------------------
HOL_TITLE = "Orkney, August 2025: Family Holiday Plan"
HOL_SECTIONS: list[tuple[str, list[str]]] = [
    ("Overview", [
        "Who: Alasdair, Hattie, Isla and Gran (Margaret Cowie). One week, Saturday 9 to Saturday "
        "16 August 2025.",
        "Gran needs the downstairs bedroom, and we should plan no more than one long walk a day for her.",
        "Car: the Skoda. Dog: Bracken goes to Hattie's sister Fiona in Crieff.",
    ]),
    ("Saturday 9 August: drive and ferry", [
        "Leave Craigmorran at 7:00 am. Scrabster is about 205 miles up the A9, roughly 4 hours 30 minutes "
        "without stops.",
        "Lunch stop at Helmsdale (the café by the harbour).",
        "Outbound ferry: NorthLink, Scrabster to Stromness, departs 13:15, arrives 14:45. Car check-in "
        "closes 45 minutes before departure.",
        "Booking reference for both crossings: NLF-7Q4K2.",
    ]),
    ("The cottage", [
        "Quoyburn Cottage, Stenness, Orkney KW16 3LB. About 10 minutes' drive from Stromness.",
        "Check-in from 4 pm. Check-out by 10 am on the Saturday.",
        "The key is in the key safe by the back door, code 2814.",
        "Wi-fi: network Quoyburn-Guest, password TernsAndPuffins7.",
        "Three bedrooms: the double on the ground floor is for Gran. Towels and bed linen are provided.",
    ]),
    ("Sunday 10 August: settling in", [
        "Food shop at the Co-op in Stromness (open 9 am to 6 pm on Sundays).",
        "Afternoon: the Stromness Museum (free on Sundays in August) and a walk along the harbour front.",
    ]),
    ("Monday 11 August: Maeshowe and the Ring of Brodgar", [
        "Maeshowe tour booked for 10:30 am. Meet at the Stenness visitor centre; we must arrive "
        "15 minutes early or lose the slot.",
        "Tickets: £9 adult, £5.50 child, £7.50 for Gran (concession). Booking reference HES-MH-33019.",
        "After lunch: Standing Stones of Stenness and the Ring of Brodgar. Gran can wait in the car at "
        "Brodgar if the path is too muddy.",
    ]),
    ("Tuesday 12 August: Kirkwall", [
        "St Magnus Cathedral in the morning. Tower tours are at 11 am and 2 pm, for ages 8 and over, so "
        "Isla can go this year.",
        "Highland Park distillery tour at 3 pm for Alasdair only; Hattie drives back.",
    ]),
    ("Wednesday 13 August: Hoy", [
        "Hoy ferry from Houton to Lyness, departs 09:40. Return sailing from Lyness at 16:05.",
        "Walk to the Dwarfie Stane (short) and, if the weather is clear, the path towards the Old Man "
        "of Hoy (about 3 hours there and back). Gran stays at the cottage with a book today.",
        "Hoy ferry fares are paid on board: car £16.20 each way.",
    ]),
    ("Thursday 14 August: Skara Brae", [
        "Skara Brae and Skaill House, tickets bought on the day. Opens at 9:30 am; go early before "
        "the coach parties.",
        "Afternoon: Yesnaby cliffs if it is not too windy, then fish and chips in Stromness.",
    ]),
    ("Friday 15 August: the South Isles", [
        "Drive over the Churchill Barriers to the Italian Chapel on Lamb Holm (open 9 am to 5 pm, "
        "£5 entry per adult, children free).",
        "Beach at Sands of Wright on South Ronaldsay. Pack the cottage up in the evening.",
    ]),
    ("Saturday 16 August: home", [
        "Leave the cottage by 10 am.",
        "Return ferry: Stromness to Scrabster, departs 11:00, arrives 12:30.",
        "Home by about 7 pm, after a tea stop at the House of Bruar.",
    ]),
    ("Budget", [
        "Cottage: £1,260 for 7 nights. Deposit of £400 paid on 3 February; balance of £860 due by "
        "12 July.",
        "Ferry (car and four passengers, return): £318.60, paid.",
        "Fuel: about £140. Food and eating out: about £450. Activities and tickets: about £120.",
    ]),
    ("Contacts", [
        "Cottage owner: Ingrid Flett, 07700 900 634 (lives in Kirkwall).",
        "Caretaker next door, for anything urgent at the cottage: Tam Linklater, 07700 900 271.",
        "NorthLink Ferries bookings: 0845 600 0449.",
        "Balfour Hospital, Kirkwall (for emergencies call 999): 01856 888 000.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Dog insurance summary (ODT, hand-written ODF): title + text:h sections.
# ---------------------------------------------------------------------------------------------
PET_TITLE = "Thistle Pet Insurance: Policy Summary for Bracken"
PET_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your policy", [
        "Policy number: TPI-D-5520184. Policyholder: Harriet Rennie, 4 Ochil View, Craigmorran, "
        "Perthshire PH14 7RD.",
        "Cover: Lifetime Plus, renewed on 1 March 2025. The policy year runs from 1 March to the last day "
        "of February.",
    ]),
    ("Your pet", [
        "Bracken, a male working cocker spaniel, liver and white, born 14 May 2020. Microchip number "
        "977200008341562.",
        "Neutered. Purchase price declared: £850.",
    ]),
    ("Vet fees", [
        "We pay up to £7,000 of vet fees in each policy year for accidents and illnesses. The limit is "
        "restored at each renewal, for as long as the policy continues.",
        "Complementary treatment (hydrotherapy, physiotherapy, acupuncture) is included within the vet "
        "fees limit, up to £1,000 a year, if your vet refers Bracken for it.",
        "Dental treatment is covered only after an accident, not for gum disease.",
    ]),
    ("Excess and co-payment", [
        "You pay the first £99 of each claim for each condition in each policy year.",
        "From the renewal after Bracken's 8th birthday, you also pay 20% of the rest of every vet fees "
        "claim (co-payment).",
    ]),
    ("Other cover", [
        "Third-party liability: up to £2,000,000, for damage or injury Bracken causes to other people or "
        "their property.",
        "Boarding kennel fees: up to £1,000 if you have to go into hospital for more than 4 days in a row.",
        "Loss or theft: up to £850 if Bracken is stolen or is lost and not found within 45 days, "
        "including up to £250 for advertising and a reward.",
        "Death from illness or injury: up to £850, before his 8th birthday only.",
        "Overseas travel: vet fees abroad are covered for up to 60 days a year if Bracken travels with a "
        "valid pet travel certificate.",
    ]),
    ("What is not covered", [
        "Any illness that first showed signs in the first 14 days of the policy. Accidents are covered "
        "from the start.",
        "Cruciate ligament problems in the first 6 months of the policy.",
        "Routine care: vaccinations, flea and worm treatment, neutering, and grooming.",
        "Conditions that Bracken had before the policy started (pre-existing conditions).",
    ]),
    ("Making a claim", [
        "Send your claim within 90 days of the treatment. Your vet fills in part two of the claim form.",
        "We can pay your vet directly if they agree; otherwise we pay you.",
        "Claims line: 0345 266 8104, Monday to Friday 9 am to 5:30 pm.",
    ]),
    ("Your premium", [
        "Monthly premium: £38.47, by direct debit on the 5th of each month. The annual equivalent is "
        "£461.64.",
        "Premiums usually rise at renewal as Bracken gets older, even if you have not claimed.",
    ]),
    ("Useful numbers", [
        "24-hour vet video line (free, included with your policy): 0800 048 7731.",
        "Customer services: 0345 266 8100.",
        "Your vet: Earnside Veterinary Practice, Bridge of Earn, 01632 962 315.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Renovation notes (Markdown).
# ---------------------------------------------------------------------------------------------
RENO_MD = """\
# Bathroom and loft: renovation notes

Kept by Hattie. Started 18 August 2025, after we got back from Orkney.

## Budget

Total we agreed to spend: £9,500, plus a contingency of £1,000 that we only touch if the plumber
finds rot under the floor.
Paid so far: £962.50 deposit to Dougie (see below) and £245 for the skip.

## Plumber and bathroom fitter

Dougie Menzies, DM Plumbing & Heating, 07700 900 118. Quote £3,850 for strip-out, fitting the
new suite, moving the toilet waste and tiling. Deposit 25% (£962.50) paid on 22 August; the rest
when the job is signed off.
The bath is going: replacing it with a 1200 mm walk-in shower tray, better for Gran.
Second quote was from Kinross Bathrooms at £4,420, without tiling.

## Tiles

Walls: 300 x 600 mm matt white, £28.50 per m². Wall area 14.2 m².
Floor: 600 x 600 mm grey slate-effect porcelain, £34.99 per m². Floor area 4.8 m².
Order 10% extra of both for cuts and breakages.
Grout: mid grey for the floor, white for the walls.

## Electrics and extractor fan

Electrician: Shona Buchan (Buchan Electrical), 07700 900 645. Quote £640 for a new extractor fan
on a timer, an LED mirror with shaver socket, and moving the light switch outside the door.
The fan must manage at least 15 litres per second. The one we chose does 27 litres per second and
runs on for 15 minutes after the light goes off.

## Loft insulation

At the moment there is only about 100 mm of old insulation between the joists.
Aim: top it up to 270 mm, with a second layer laid across the joists.
Need 17 rolls of the 170 mm mineral wool; the builders' merchant quoted £24.60 a roll.
Board the middle of the loft for storage on loft legs so the insulation isn't squashed.

## Grants and building warrant

Checked with Perth and Kinross Council: no building warrant is needed for a like-for-like
bathroom refit, even with the shower tray.
Home Energy Scotland (0808 808 2282) said we are not eligible for the free loft insulation
because our income is too high, but the interest-free loan might apply to the windows later.

## Timeline

Skip delivered Friday 3 October (8-yard skip, £245, for 2 weeks).
Dougie starts Monday 6 October. He expects 8 working days.
Shona does first-fix electrics on Wednesday 8 October and second fix after the tiling.
Gran goes to Aunt Fiona's in Crieff from 5 to 18 October, because there will be no bath and no
shower for about a week.

## Paint and finishes

Bathroom ceiling: Dulux Easycare Bathroom, soft white.
Landing: Farrow & Ball Skimming Stone, estate emulsion, 2 coats.
Silicone: white, anti-mould.
"""

# ---------------------------------------------------------------------------------------------
# 6. Curling club handbook (plain text with underlined headings).
# ---------------------------------------------------------------------------------------------
CURL_TXT = """\
CRAIGMORRAN CURLING CLUB: MEMBERS' HANDBOOK 2025-26
===================================================

Craigmorran Curling Club plays at Perth Ice Rink, Dunkeld Road, Perth. Founded 1884.
Please read this handbook and keep it for the season.


Season and ice times
--------------------

The season runs from Tuesday 7 October 2025 to Tuesday 24 March 2026.
Club ice: every Tuesday, 7:15 pm to 9:15 pm, sheets 3 and 4.
Juniors: Saturdays, 9:30 am to 10:45 am, sheet 1.
Be on the ice 10 minutes before your start time. Teams are posted on the noticeboard and the
club website by 6 pm each Sunday.


Membership fees
---------------

Full member: £185 for the season.
Senior member (65 and over): £140.
Junior member (under 18): £45.
Family membership (two adults and their children under 18): £395.
Fees are due by 31 October. New members pay a one-off joining fee of £20.


On the ice
----------

Wear clean shoes that have not been worn outside. Street shoes are not allowed on the ice.
Grippers must be worn on both feet when you are not delivering a stone.
Helmets are strongly recommended for all curlers and must be worn by anyone under 12.
Never walk across a sheet while another end is being played.
The skip of the winning rink buys the losing rink a drink after the game (the tradition is
"winners buy").


Equipment
---------

The club has 16 brooms and 10 sliders to lend. Please return them to the rack after use.
Stick delivery is allowed in all club competitions.
Lost property is kept in the locker room for 4 weeks, then given to charity.


Guests and visitors
-------------------

Members may bring a guest up to 3 times a season. The guest fee is £12 a session, paid at the
bar before going on the ice.
Try-curling sessions for newcomers are on the first Sunday of each month, 4 pm to 5:30 pm,
costing £15 with equipment provided.


Competitions
------------

Club Championship: round robin from October to January, final on Tuesday 27 January 2026.
Burns Bonspiel: Saturday 24 January 2026, 9 am start, £30 a rink including a haggis supper.
Mixed Pairs: February, entry £10 a pair.
The Ochil Quaich (against Kinross Curling Club) is on Friday 13 February 2026 at 6:30 pm.


Juniors
-------

Juniors aged 8 to 17 are welcome. Children under 12 must have a parent or guardian at the rink.
The junior coach is Eilidh Grant, a Scottish Curling Level 2 coach.
All junior coaches and helpers are members of the PVG scheme.


Committee contacts
------------------

President: Graham Kerr, 01632 963 118.
Secretary (membership, ice bookings, teams): Morag Duthie, 01632 963 402.
Treasurer (fees and payments): Alasdair Rennie, 07700 900 359.
Junior convener: Eilidh Grant, 07700 900 786.
Club bank account: Strathmore Building Society, sort code 80-22-60, account 41128835.
The AGM is on Tuesday 21 April 2026 at 7:30 pm in the rink's upstairs lounge.
"""

# ---------------------------------------------------------------------------------------------
# 7. Energy tariff page (HTML, saved from the supplier's website, with boilerplate).
# ---------------------------------------------------------------------------------------------
ENERGY_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your account", [
        "Account number: GLE-3306718-42. Account holder: Alasdair Rennie.",
        "Supply address: 4 Ochil View, Craigmorran, Perthshire PH14 7RD.",
        "Fuels: electricity and gas (dual fuel).",
    ]),
    ("Your tariff", [
        "Glen Fixed Saver October 2025, fixed until 31 October 2026.",
        "Your unit rates and standing charges will not change before that date, but your bills can still "
        "go up or down with how much energy you use.",
        "Payment method: monthly Direct Debit, paperless bills.",
    ]),
    ("Electricity", [
        "Unit rate: 24.87p per kWh.",
        "Standing charge: 53.41p per day.",
        "Meter: smart meter (SMETS2), serial 22K0418835. MPAN ending 4471.",
    ]),
    ("Gas", [
        "Unit rate: 6.12p per kWh.",
        "Standing charge: 31.43p per day.",
        "Meter: smart meter (SMETS2), serial E6S10955227. MPRN ending 9023.",
    ]),
    ("Estimated annual cost", [
        "Based on your usage in the last 12 months (2,950 kWh of electricity and 11,200 kWh of gas), we "
        "estimate you will pay £1,842 a year for both fuels, including VAT at 5%.",
        "Electricity: £928. Gas: £914.",
    ]),
    ("Direct Debit", [
        "Your monthly Direct Debit is £154, taken on the 28th of each month.",
        "We review your Direct Debit every 6 months. Your account is £86.20 in credit today.",
    ]),
    ("Ending or changing your tariff", [
        "Exit fees: £75 per fuel if you leave this tariff before 1 August 2026. There is no exit fee in "
        "the last 91 days of the tariff.",
        "We will write to you at least 49 days before your tariff ends to tell you what happens next.",
        "If you do not choose a new tariff, you will move to our Standard Variable tariff.",
    ]),
    ("Meter readings", [
        "Your smart meters send readings automatically every half hour. If your in-home display shows "
        "'no signal', send a reading in the app by the 25th of the month.",
    ]),
    ("Warm Home Discount", [
        "You are not receiving the Warm Home Discount this year. If your circumstances change, visit our "
        "help pages or call our Priority Services team on 0800 011 3390.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Village cookbook (EPUB 3): chapters (h1) with recipe subsections (h2).
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Craigmorran Kitchen: Recipes from the Village Hall"
BOOK_AUTHOR = "Craigmorran Village Hall Committee"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Chapter 1: Soups", [
        (None, [
            "Every recipe in this book was tried out at the village hall's soup and pudding lunches, "
            "which raised £3,460 for the new hall roof in 2024.",
        ]),
        ("Cullen Skink", [
            "From Jean Paterson. Serves 4.",
            "500 g undyed smoked haddock, 1 onion, 400 g floury potatoes, 300 ml whole milk, 300 ml water, "
            "a knob of butter and chopped parsley.",
            "Poach the haddock in the milk and water for 5 minutes, lift it out and flake it. Simmer the "
            "onion and potatoes in the poaching liquid for 15 minutes, mash a few pieces to thicken, then "
            "return the fish.",
        ]),
        ("Scotch Broth", [
            "From Bill Soutar. Serves 6.",
            "Soak 100 g of broth mix (barley, split peas and lentils) overnight. Simmer with 500 g neck of "
            "lamb in 2 litres of water for 1 hour, then add diced carrot, turnip and leek and cook for "
            "another 45 minutes.",
            "Bill says it is always better on the second day.",
        ]),
    ]),
    ("Chapter 2: Main Dishes", [
        ("Stovies", [
            "From Hattie Rennie. Serves 4.",
            "1 kg potatoes, 2 onions, 400 g leftover roast beef, 150 ml beef dripping or stock.",
            "Cook slowly in a heavy pan with the lid on for 45 minutes, stirring now and then so the bottom "
            "catches a little. Serve with oatcakes and beetroot.",
        ]),
        ("Venison Casserole", [
            "From Callum Grieve at Balnagowan Farm. Serves 6.",
            "1 kg diced venison shoulder, 250 ml red wine, 2 tablespoons of rowan jelly.",
            "Cook in the oven at 150 °C (130 °C fan) for 2 hours 30 minutes, until tender.",
        ]),
    ]),
    ("Chapter 3: Baking", [
        ("Shortbread", [
            "From Margaret Cowie, who has won the village show with it eleven times.",
            "250 g plain flour, 75 g rice flour, 225 g salted butter, 100 g caster sugar.",
            "Press into a 20 cm round tin, prick all over and bake at 160 °C (140 °C fan) for 40 minutes, "
            "until pale golden. Mark into 8 pieces while still warm.",
        ]),
        ("Oatcakes", [
            "From Ishbel Murray.",
            "225 g medium oatmeal, a pinch of bicarbonate of soda, 1 tablespoon of melted butter, and "
            "about 100 ml of hot water.",
            "Bake at 180 °C (160 °C fan) for 20 minutes. Makes about 16.",
        ]),
        ("Tablet", [
            "From Moira Kerr.",
            "1 kg granulated sugar, 125 g butter, 250 ml milk and a 397 g tin of condensed milk.",
            "Boil, stirring all the time, until it reaches the soft ball stage (115 °C), which takes about "
            "20 minutes. Then beat it off the heat for 5 minutes before pouring into the tin.",
        ]),
    ]),
    ("Chapter 4: Puddings", [
        ("Cranachan", [
            "From Isla Rennie, aged 8 (with help).",
            "50 g pinhead oatmeal, toasted; 300 ml double cream; 2 tablespoons of heather honey; "
            "2 tablespoons of whisky (leave it out for children); 300 g raspberries.",
        ]),
        ("Clootie Dumpling", [
            "From Agnes Duthie.",
            "Boil the dumpling in its cloth for 3 hours 30 minutes, topping up the water so it never boils "
            "dry. Then dry the skin in front of the fire, or in the oven at 180 °C for 15 minutes.",
        ]),
    ]),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, HOL_TITLE, HOL_SECTIONS, author=PARTNER, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, PET_TITLE, PET_SECTIONS, generator="bench/docs_qa/set_d/make.py",
                      creator="Harriet Rennie", date="2025-03-02T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in ENERGY_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0061)https://www.glenmore-energy.example/account/GLE-3306718-42/tariff -->
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Your tariff | My account | Glenmore Energy</title>
  <link rel="stylesheet" href="./Your tariff_files/main.css">
  <script src="./Your tariff_files/tracking.js"></script>
  <style>.promo{{background:#1d4e3a;color:#fff;padding:6px;text-align:center}}</style>
</head>
<body>
  <div class="promo">New: Glen Drive Smart for electric car owners. Charge overnight from just 7.5p per kWh. Fixed deals from 22.90p per kWh for new customers.</div>
  <header>
    <a class="logo" href="/">Glenmore Energy</a>
    <p class="strap">Powering Scottish homes since 2009</p>
    <nav>
      <ul>
        <li><a href="/tariffs">Tariffs</a></li>
        <li><a href="/smart-meters">Smart meters</a></li>
        <li><a href="/help">Help and support</a></li>
        <li><a href="/account">My account</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <div class="breadcrumb"><a href="/account">My account</a> &gt; <a href="/account/GLE-3306718-42">GLE-3306718-42</a> &gt; Tariff</div>
  <main>
    <article>
      <h1>Your tariff and prices</h1>
      <p class="lead">Here is everything about your current energy deal. Prices include VAT at 5%.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Save more with Glenmore</h3>
    <ul>
      <li><a href="/refer">Refer a friend: you both get £50 credit</a></li>
      <li><a href="/boiler-cover">Boiler cover from £9.50 a month</a></li>
      <li><a href="/solar">Solar panels and batteries: free survey, 12-year warranty</a></li>
    </ul>
    <p>Switching to paperless and Direct Debit saves up to £72 a year on our variable tariff.</p>
  </aside>
  <footer>
    <p>Glenmore Energy Supply Ltd, 40 Waterloo Street, Glasgow G2 6HQ. Registered in Scotland, SC512093.</p>
    <p>Customer service: 0330 123 8800, Monday to Friday 8 am to 6 pm. Gas emergency (National Gas): 0800 111 999. Power cut: 105.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/cookies">Cookies</a> | <a href="/complaints">Complaints</a></p>
    <p>&copy; 2025 Glenmore Energy Supply Ltd</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2025-05-10",
                       uid="urn:uuid:3e9b62d1-8a47-4c0f-b5e2-91d7c4a6f013")


DOCS = {
    "mortgage_offer.pdf": lambda p: write_pdf(p, MORT_TITLE, MORT_PAGES, "Mortgage offer"),
    "ebike_manual.pdf": lambda p: write_pdf(p, BIKE_TITLE, BIKE_PAGES, "E-bike owner's manual"),
    "orkney_holiday_plan.docx": write_docx,
    "dog_insurance_summary.odt": write_odt,
    "renovation_notes.md": lambda p: p.write_text(RENO_MD, encoding="utf-8"),
    "curling_club_handbook.txt": lambda p: p.write_text(CURL_TXT, encoding="utf-8"),
    "energy_tariff.html": write_html,
    "village_cookbook.epub": write_epub,
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, writer in DOCS.items():
        writer(OUT / name)
        print(f"{name}: {(OUT / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
