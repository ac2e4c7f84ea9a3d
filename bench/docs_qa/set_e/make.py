"""Build the documents of docs-QA set E (README.md beside this file) into docs/.

Set E is a held-out test set written by a separate writer, independent of sets A to D. Run with
the private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-e && /tmp/docqa-venv-e/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-e/bin/python bench/docs_qa/set_e/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
The writers are adapted from set D's make.py; the content is new.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Niamh Kavanagh"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_e/make.py")
PARTNER = "Ciarán Doyle"
ADDRESS = "6 Slaney View, Ballyfinnan, Co. Wexford Y21 K4P8"

# ---------------------------------------------------------------------------------------------
# 1. Heat pump user manual (PDF, reportlab), 7 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
HP_TITLE = "Corrán AW8 Air-to-Water Heat Pump: User Guide"
HP_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", HP_TITLE),
        ("h2", "1. About your system"),
        ("p", "Your home is heated by a Corrán AW8 monobloc air-to-water heat pump (model AW8-R32) with a "
              "wall-mounted controller in the hall and a 200-litre hot water cylinder in the hot press."),
        ("p", f"Installed at: {ADDRESS}. Installer: Slaney Renewables Ltd, Enniscorthy. "
              "Date of installation: 12 March 2025. Commissioned: 14 March 2025."),
        ("p", "Outdoor unit serial number: AW8-2503-110782. Indoor controller serial number: CC4-2502-093315."),
        ("h2", "2. Safety"),
        ("p", "Do not block the fan grille or put anything on top of the outdoor unit. Do not open the "
              "outdoor unit: it contains R32 refrigerant and only an F-gas certified engineer may work on it."),
        ("p", "Children must not play with the outdoor unit. Keep leaves, snow and garden furniture clear of it."),
        ("p", "Before cleaning or any work, switch off the outdoor isolator switch (the grey switch on the "
              "wall beside the unit) as well as the controller."),
    ],
    [  # page 2
        ("h2", "3. The controller"),
        ("p", "The controller has four buttons: MENU, UP, DOWN and OK, and a colour display. The home screen "
              "shows the room temperature, the outdoor temperature and the hot water temperature."),
        ("p", "Hot water boost: press and hold the OK button for 3 seconds. The cylinder is heated once to "
              "the target temperature, then the normal schedule resumes."),
        ("p", "Child lock: press and hold UP and DOWN together for 5 seconds. Do the same again to unlock."),
        ("p", "Holiday mode: MENU > Programmes > Holiday. Enter the date you leave and the date you come "
              "back. While you are away the house is kept at 12 °C and hot water is switched off; it is "
              "reheated on the day you come back."),
        ("p", "Display backlight: the screen dims after 30 seconds without a button press."),
        ("h2", "4. Schedules"),
        ("p", "The heating has a comfort period and a setback period each day. Factory settings: comfort "
              "from 06:30 to 23:00, setback from 23:00 to 06:30. You can set a different schedule for "
              "weekends under MENU > Programmes > Heating."),
    ],
    [  # page 3
        ("h2", "5. Heating settings"),
        ("p", "5.1 Room temperature: the comfort set point is 20 °C and the setback set point is 17 °C. "
              "A heat pump works best with small changes; we do not recommend a setback of more than 3 °C."),
        ("p", "5.2 Flow temperature: this is the temperature of the water sent to the radiators. Your "
              "installer set a maximum flow temperature of 45 °C for the radiators upstairs. The underfloor "
              "heating downstairs runs at a maximum flow temperature of 35 °C."),
        ("p", "5.3 Weather compensation: the heat pump lowers the flow temperature automatically when it "
              "is mild outside. The curve is set to 0.6. If the house is cold in frosty weather, raise the "
              "curve by 0.1 at a time and wait two days between changes."),
        ("p", "5.4 Running costs: the heat pump is cheapest to run when it is left on all the time at a "
              "steady temperature. Do not switch it off at night."),
    ],
    [  # page 4
        ("h2", "6. Hot water"),
        ("p", "6.1 The cylinder holds 200 litres. The normal hot water target temperature is 48 °C, "
              "heated between 13:00 and 16:00 when the outdoor air is warmest."),
        ("p", "6.2 Legionella protection: once a week the cylinder is heated to 60 °C using the immersion "
              "heater. This runs on Sundays at 02:00. Do not switch this off."),
        ("p", "6.3 The immersion heater is 3 kW. It is a back-up only and is used for the legionella "
              "cycle or if the heat pump has a fault."),
        ("p", "6.4 If you run out of hot water, use hot water boost (section 3). A full reheat of the "
              "cylinder from cold takes about 90 minutes."),
        ("h2", "7. Defrosting"),
        ("p", "In cold, damp weather the outdoor unit defrosts itself. You may see steam rising from it and "
              "the fan stops. This is normal and can last up to 10 minutes. Do not pour hot water on the unit."),
    ],
    [  # page 5
        ("h2", "8. Water pressure"),
        ("p", "8.1 The gauge is on the pipework beside the cylinder. When the system is cold the pressure "
              "should be between 1.0 and 2.5 bar. If it drops below 1.0 bar, top it up with the filling "
              "loop to 1.5 bar."),
        ("p", "8.2 If you need to top up more than twice a year, there may be a leak: call your installer."),
        ("h2", "9. Looking after your heat pump"),
        ("p", "9.1 Every 3 months: check the outdoor unit is clear of leaves and that the coil fins are "
              "not blocked."),
        ("p", "9.2 Every 6 months: clean the magnetic filter under the cylinder (instructions are on the "
              "filter label)."),
        ("p", "9.3 Every 12 months: an annual service by an F-gas certified engineer. The warranty in "
              "section 12 depends on it."),
        ("p", "9.4 Clearances: leave at least 300 mm behind the outdoor unit, 1 metre in front of it and "
              "500 mm above it."),
    ],
    [  # page 6
        ("h2", "10. Fault codes"),
        ("p", "E01: low water flow. Check that the radiator valves are open and the magnetic filter is clean."),
        ("p", "E03: high water pressure. Check the gauge; if it reads above 3 bar, call your installer."),
        ("p", "E05: low water pressure. Top up to 1.5 bar (section 8)."),
        ("p", "E07: outdoor temperature sensor fault. The heat pump keeps running on a fixed flow "
              "temperature. Call your installer."),
        ("p", "E12: communication fault between the controller and the outdoor unit."),
        ("h2", "11. Resetting the heat pump"),
        ("p", "To reset after a fault, switch off the outdoor isolator, wait 60 seconds and switch it "
              "back on. The heat pump restarts within 5 minutes. If the same code comes back twice in a "
              "day, do not keep resetting: call your installer."),
    ],
    [  # page 7
        ("h2", "12. Specifications"),
        ("p", "Heating output: 8 kW (at A7/W35). Seasonal efficiency (SCOP): 4.6 at 35 °C flow, 3.8 at "
              "55 °C flow. Refrigerant: R32, 1.4 kg. Operating range: outdoor temperatures from -25 °C to 35 °C."),
        ("p", "Noise: sound pressure 42 dB(A) at 3 metres; sound power 56 dB(A). Outdoor unit weight: 98 kg."),
        ("h2", "13. Warranty"),
        ("p", "The compressor is guaranteed for 7 years and all other parts for 2 years from the date of "
              "installation, provided the heat pump is serviced every year by an F-gas certified engineer "
              "and the warranty is registered within 60 days of installation."),
        ("h2", "14. Help"),
        ("p", "Corrán technical support: 01 906 4411 (Monday to Friday, 8:30 am to 5 pm)."),
        ("p", "Your installer, Slaney Renewables: 053 924 7730. Out of hours: 087 402 6618."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Car insurance schedule (PDF, reportlab), 4 pages.
# ---------------------------------------------------------------------------------------------
CAR_TITLE = "Harbour Direct Insurance: Private Motor Policy Schedule"
CAR_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", CAR_TITLE),
        ("p", "Policy number: HDI-PM-5520194. Schedule issued: 30 January 2026."),
        ("p", "Period of insurance: 14 February 2026 to 13 February 2027 (both dates inclusive)."),
        ("h2", "The policyholder"),
        ("p", f"{PERSON}, {ADDRESS}. Occupation: pharmacist."),
        ("h2", "The insured vehicle"),
        ("p", "2019 Škoda Octavia Combi 1.6 TDI, registration 191-WX-2207, 5 seats. Estimated market "
              "value: €14,500. Kept overnight on a private driveway."),
        ("p", "Cover: comprehensive. Use: social, domestic and pleasure, and commuting to a permanent "
              "place of work. Not covered for business use or for carrying passengers for payment."),
        ("p", "Annual mileage limit: 15,000 km."),
    ],
    [  # page 2
        ("h2", "Who may drive"),
        ("p", f"{PERSON} (policyholder), full Irish licence held since 2004."),
        ("p", f"{PARTNER} (named driver), full Irish licence held since 2001."),
        ("p", "No other person is insured to drive this car. The policyholder may drive other cars "
              "(third party only) if she does not own them and they are insured in their own right."),
        ("h2", "Excesses"),
        ("p", "Accidental damage: €300. Fire and theft: €150. Windscreen and window glass: €75 (no excess "
              "if the glass is repaired rather than replaced). An extra €250 applies to accidental damage "
              "while the car is driven by anyone under 25."),
        ("h2", "No claims discount"),
        ("p", "No claims discount: 6 years, protected. Protection allows two claims in any three years "
              "without losing the discount. A windscreen claim does not affect the discount."),
    ],
    [  # page 3
        ("h2", "Your premium"),
        ("p", "Annual premium for this period: €684.20, including the Government Levy of 5%."),
        ("p", "Last year's premium (14 February 2025 to 13 February 2026), for comparison: €612.50."),
        ("p", "You pay by 10 monthly instalments of €71.84 by direct debit, starting on 1 March 2026. "
              "The instalment plan has a credit charge of €34.20, which is included in the figures above."),
        ("h2", "What else is included"),
        ("p", "Courtesy car: a small car for up to 10 days while your car is repaired by one of our "
              "approved repairers after an accident."),
        ("p", "Breakdown assistance: roadside help and towing to the nearest garage, in Ireland and "
              "Northern Ireland only."),
        ("p", "Driving abroad: full cover in the EU and the UK for up to 90 days in any period of insurance."),
        ("p", "Personal accident benefit for the driver: up to €10,000."),
    ],
    [  # page 4
        ("h2", "Useful numbers"),
        ("p", "Claims (24 hours): 1800 303 615. Breakdown assistance: 1800 303 616. "
              "Windscreen claims: 1800 303 617."),
        ("p", "Customer service: 01 553 2200, Monday to Friday, 9 am to 5:30 pm."),
        ("h2", "Changes and cancelling"),
        ("p", "Tell us before you change your car, your address or who drives. Changes made during the "
              "period of insurance carry an administration fee of €25."),
        ("p", "You may cancel within 14 days of the start date and get a full refund. After that, a "
              "cancellation fee of €45 applies and any refund is worked out pro rata."),
        ("h2", "Your NCT"),
        ("p", "Our records show that the car's NCT certificate expires on 22 May 2026. Cover may be "
              "affected if the car has no valid NCT certificate."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Brittany holiday booking (DOCX, python-docx): title + Heading-1 sections
# ---------------------------------------------------------------------------------------------
HOL_TITLE = "Brittany, July 2026: Ferry and Campsite Bookings"
HOL_SECTIONS: list[tuple[str, list[str]]] = [
    ("Booking summary", [
        "Travellers: Niamh Kavanagh, Ciarán Doyle, Aoife Doyle (11) and Fionn Doyle (6). Mossy goes to "
        "the cattery (see the vet record).",
        "Ferry: Western Seaways, booking reference WS-7731902, Rosslare to Cherbourg and back, with the car.",
        "Campsite: Camping Les Genêts, Bénodet, booking number LG-26-0418.",
    ]),
    ("Outbound sailing", [
        "Friday 3 July 2026: Rosslare Europort to Cherbourg on the Kilmore Star.",
        "Departs Rosslare at 16:00 and arrives in Cherbourg at 10:30 local time on Saturday 4 July.",
        "Check-in closes 60 minutes before departure.",
        "Cabin 8214 on deck 8: a four-berth inside cabin. Dinner in the restaurant is booked for 19:00.",
    ]),
    ("Return sailing", [
        "Saturday 18 July 2026: Cherbourg to Rosslare Europort on the Kilmore Star.",
        "Departs Cherbourg at 20:30 local time and arrives in Rosslare at 14:45 on Sunday 19 July.",
        "Check-in closes 90 minutes before departure.",
        "Cabin 6107 on deck 6: a four-berth outside cabin with a window. No restaurant booking on the way home.",
    ]),
    ("The car on the ferry", [
        "Vehicle declared: Škoda Octavia Combi, 191-WX-2207, with a roof box. Declared height with the "
        "roof box: 1.95 m; length 4.7 m. Vehicles over 1.85 m high are charged the high-vehicle rate, "
        "which is included in the price.",
        "Pets are not travelling, so no kennel booking.",
    ]),
    ("Ferry price", [
        "Total for the ferry, both ways, with both cabins and the car: €1,148.00, paid in full on "
        "9 January 2026.",
        "Amendment fee if we change the dates: €40 per sailing, plus any difference in fare.",
    ]),
    ("Campsite", [
        "Camping Les Genêts, Bénodet, Finistère. Mobile home (Ouessant model, two bedrooms, covered "
        "terrace) on pitch 147, for 14 nights from Saturday 4 July to Saturday 18 July 2026.",
        "Arrival from 15:00; the mobile home must be left by 10:00 on the day of departure.",
        "Bed linen is not included: hire is €15 per bed, or bring our own.",
        "The pool is open from 9:30 to 19:30. Boys must wear tight swimming trunks, not shorts.",
    ]),
    ("Campsite payments", [
        "Total for the mobile home: €1,386.",
        "Deposit paid: €350 on 9 January 2026. Balance: €1,036, due by 3 June 2026.",
        "Tourist tax is paid on site: €0.80 per adult per night (children under 18 are free).",
        "Security deposit at check-in: €300 by card, refunded after the inspection.",
    ]),
    ("Driving in France", [
        "The drive from Cherbourg to Bénodet is about 4 hours 15 minutes (370 km).",
        "Speed limits: 130 km/h on motorways (110 km/h when it rains), 80 km/h on most two-lane roads, "
        "50 km/h in towns.",
        "Carry the hi-vis vests (one for each person, inside the car, not in the boot), the warning "
        "triangle and the car's registration certificate.",
    ]),
    ("Day trips", [
        "Quimper: the market at Les Halles is busiest on Wednesday and Saturday mornings.",
        "Océanopolis, Brest: tickets €23.90 per adult and €16.50 per child, booked for Tuesday 14 July at 10:00.",
        "Concarneau walled town: free; the little ferry across the harbour costs €1 each.",
    ]),
    ("Contacts", [
        "Western Seaways reservations: 0818 300 400.",
        "Camping Les Genêts reception: +33 2 98 57 31 62.",
        "Our breakdown cover does not cover France: the insurance schedule says Ireland and Northern "
        "Ireland only.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Childminding agreement (ODT, hand-written ODF)
# ---------------------------------------------------------------------------------------------
CM_TITLE = "Childminding Agreement: Aoife and Fionn Doyle"
CM_SECTIONS: list[tuple[str, list[str]]] = [
    ("Who this agreement is between", [
        f"Parents: {PERSON} and {PARTNER}, {ADDRESS}.",
        "Childminder: Sinéad Rossiter, 2 Mill Lane, Ballyfinnan, registered with Tusla, registration "
        "number CM-WX-3318.",
        "Children: Aoife Doyle, born 9 May 2015, and Fionn Doyle, born 21 November 2019.",
        "This agreement starts on Monday 1 September 2025 and is reviewed every August.",
    ]),
    ("Hours during term", [
        "Monday to Thursday after school. Sinéad collects Fionn at 1:40 pm and Aoife at 2:40 pm from "
        "Scoil Bhríde.",
        "Parents collect both children by 6:00 pm. On Fridays Ciarán finishes early and no childminding is needed.",
    ]),
    ("Hours during school holidays", [
        "Full days, Monday to Thursday, from 8:15 am to 5:45 pm, for the weeks we book at least "
        "2 weeks in advance.",
    ]),
    ("Fees", [
        "After school: €6.50 per child per hour.",
        "Full holiday day: €48 per child, including lunch and dinner.",
        "A sibling discount of 10% applies to the second child.",
        "Fees are paid monthly by standing order on the last Friday of the month. The National "
        "Childcare Scheme subsidy is deducted from the invoice.",
    ]),
    ("Late collection", [
        "If we collect after 6:15 pm, there is a late fee of €10 for each 15 minutes or part of 15 minutes.",
    ]),
    ("Holidays and closures", [
        "Sinéad takes 4 weeks' holiday a year and tells us the dates by 31 January. We pay nothing for "
        "her holiday weeks.",
        "If we take the children out for our own holidays, we pay a retainer of 50% of the usual fee, "
        "provided we give 4 weeks' notice. Without that notice the full fee applies.",
        "Sinéad is closed on bank holidays.",
    ]),
    ("Illness", [
        "A child who has had vomiting or diarrhoea stays at home for 48 hours after the last episode.",
        "A child with a temperature stays at home for 24 hours after it has gone down without medicine.",
        "Sinéad may give Calpol only with a text from a parent each time.",
    ]),
    ("Food", [
        "Sinéad gives an after-school snack; we send a packed lunch only on holiday days if she asks.",
        "Nut-free house: no nuts or nut products are to be sent in.",
        "Fionn does not eat eggs (a mild allergy); Aoife has no allergies.",
    ]),
    ("Ending the agreement", [
        "The first 2 weeks are a settling-in period, during which either side may end the agreement "
        "with 1 week's notice.",
        "After that, either side must give 4 weeks' notice in writing (a text or email is enough).",
    ]),
    ("Emergency contacts", [
        "Niamh (mobile): 087 615 2290. Ciarán (mobile): 086 330 7415.",
        "Nana Bríd Kavanagh (Niamh's mother, may collect the children): 053 924 1187.",
        "GP: Dr Aidan Moran, Ballyfinnan Medical Centre, 053 924 2050.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Bikes notes (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
BIKES_MD = """\
# Bikes: notes, numbers and warranties

## Ciarán's road bike

Slaney Cycles Carbon Sport 2, size 56 cm, bought from Redmond's Cycles, Wexford on 8 April 2023 for
€1,899 (Cycle to Work scheme). Frame number: SC22C04417.

Tyres are 28 mm. Pressures: 75 psi front, 80 psi rear.

## Niamh's hybrid

Raleigh-style steel hybrid, size M, bought second-hand in 2021 for €240 from a neighbour. Frame
number: GB1907736. Tyres 40 mm: 45 psi front, 50 psi rear. Has a rack and pannier and a front basket.

## Aoife's bike

24-inch wheels, 7 gears, bought for her 9th birthday in May 2024 for €329 at Redmond's. The shop
said she will need the 26-inch size when she is about 145 cm tall (she was 138 cm in January).

## Fionn's bike

20-inch wheels, single speed, a hand-me-down from his cousin Oisín. Stabilisers off since
May 2025. The back brake cable was replaced in October 2025.

## Warranties

Carbon Sport frame: lifetime warranty for the original owner, with the receipt. Components: 2 years
from purchase, so they ran out in April 2025.

Aoife's bike: 2-year warranty from Redmond's, until May 2026. The gear shifter was replaced under
warranty on 12 August 2025, no charge.

Keep the receipts in the blue folder in the kitchen drawer.

## Servicing

Road bike last serviced at Redmond's on 22 September 2025: €85, including a new chain at 3,200 km.
Next service due in March 2026, or at 6,000 km, whichever comes first.

Hybrid: a basic service (€55) each spring. Last one was 14 March 2025.

## Locks

The D-lock key number is 4417 (for a replacement key from the maker). The combination for the
cable lock is 0528. The shed padlock is 3916.

## Bike rack

Towbar rack for 3 bikes, maximum load 60 kg (so not with the adult bikes and the kids' bikes
all together if the road bike is one of them). Towbar fitted in June 2024 for €420.
It needs the light board with our registration on it: it is in the shed.
"""

# ---------------------------------------------------------------------------------------------
# 6. Cat's vet record (plain text, underlined headings)
# ---------------------------------------------------------------------------------------------
VET_TXT = """\
MOSSY: VET RECORD AND NOTES
===========================

Copied from the clinic's printout (Ballyfinnan Veterinary Clinic, Main Street), with our own notes.
Owner on the clinic's file: Niamh Kavanagh.

Patient
-------

Name: Mossy. Species: cat. Breed: domestic short hair, grey tabby. Sex: male, neutered.
Date of birth: about April 2019 (rehomed from Wexford SPCA in August 2019).
Microchip number: 372 098 100 445 871.
Pet passport number: IE 041 2207 3391 (needed only if he ever travels).

Weight
------

January 2025: 5.6 kg. January 2026: 5.1 kg. Target weight: 4.8 kg.
The vet is happy with the loss and wants him weighed again in July 2026.

Vaccinations
------------

Cat flu and enteritis booster: given 20 January 2026; next due 20 January 2027.
Previous booster: 17 January 2025.
Rabies: given 2 May 2024, valid for 3 years (next due 2 May 2027).
Feline leukaemia (FeLV): stopped in 2023 because he is now an indoor-outdoor cat with no fights.

Fleas and worms
---------------

Flea treatment: Bravecto spot-on every 12 weeks. Last done 3 February 2026.
Worming: Milbemax tablet every 3 months. Last done 10 January 2026.

Medical history
---------------

Neutered: September 2019 (at the SPCA).
Dental: 14 November 2024, scale and polish under general anaesthetic, two teeth taken out at the
back. Cost: €385.
Cystitis: March 2025. Treated with painkillers and a urinary diet. Fine since.

Diet
----

Hill's c/d urinary dry food: 55 g a day, split between morning and evening.
Half a pouch of wet food in the evening. No milk.

Pet insurance
-------------

PetSure, policy number PS-40227-MC. Vet fees limit: €2,500 per condition per year.
Excess: €95 per condition. Renews every 1 April.

Clinic contacts
---------------

Ballyfinnan Veterinary Clinic: 053 924 5120. Open Monday to Friday 9 am to 6:30 pm, Saturday
9 am to 1 pm.
Out of hours: Wexford Vet Emergency, 053 910 0999.
Our vet is Ms Orla Whelan.

Cattery
-------

Harbour View Cattery, Kilmore Road: €16 a night. Booked for 3 July to 19 July 2026.
They need the vaccination card on arrival, and the flea treatment done within the last
4 weeks before he goes in.
"""

# ---------------------------------------------------------------------------------------------
# 7. School term newsletter (HTML, browser-saved page with boilerplate)
# ---------------------------------------------------------------------------------------------
SCHOOL_SECTIONS: list[tuple[str, list[str]]] = [
    ("Welcome back", [
        "Welcome back to all our families, and a special welcome to our 22 new Junior Infants. This "
        "year Ms Ní Riain teaches 4th class and Mr Furlong teaches Senior Infants.",
    ]),
    ("The school day", [
        "The doors open at 8:40 am and classes start at 8:50 am.",
        "Junior and Senior Infants finish at 1:40 pm. 1st to 6th class finish at 2:40 pm.",
        "Please do not park in the bus set-down area at any time.",
    ]),
    ("Term dates 2025/26", [
        "October mid-term break: the school is closed from Monday 27 October to Friday 31 October. "
        "School reopens on Monday 3 November.",
        "Christmas: the school closes at 12 noon on Friday 19 December and reopens on Tuesday 6 January 2026.",
        "February mid-term break: closed Monday 16 February to Friday 20 February 2026.",
        "Easter: the school closes on Friday 27 March and reopens on Monday 13 April 2026.",
        "Summer: the school closes on Friday 26 June 2026.",
    ]),
    ("Swimming lessons", [
        "3rd and 4th class will have swimming lessons at Enniscorthy Leisure Centre on Thursdays for "
        "8 weeks, starting on 9 October. The cost is €48 per child, including the bus. The bus leaves "
        "the school at 11:15 am.",
        "Children need a swimming hat, a towel and goggles (optional).",
    ]),
    ("PE and uniform", [
        "Children may wear the school tracksuit on their PE day. PE days: Infants and 1st class on "
        "Tuesday, 2nd to 4th class on Wednesday, 5th and 6th class on Friday.",
        "Please label every jumper and coat.",
    ]),
    ("Book rental and voluntary contribution", [
        "The book rental scheme costs €65 per child and covers all textbooks and copies for the year.",
        "The voluntary contribution is €90 per family and goes towards heating, insurance and art materials.",
        "Both can be paid through the Aladdin app by Friday 10 October.",
    ]),
    ("Parent-teacher meetings", [
        "Parent-teacher meetings take place on Tuesday 18 November and Wednesday 19 November, from "
        "3 pm to 6 pm. Book a 10-minute slot through the Aladdin app from 3 November.",
    ]),
    ("Christmas concert", [
        "The Christmas concert is in the parish hall on Thursday 18 December at 6:30 pm. Last year it "
        "was in the church on 19 December at 7 pm; the hall is warmer and has more parking.",
        "Admission is free. Raffle tickets are €2 each or 3 for €5.",
    ]),
    ("Healthy lunches and allergies", [
        "We are a nut-free school. Please do not send in nuts, nut spreads or chocolate spread.",
        "Fizzy drinks and crisps are not allowed. Fruit days are Monday and Wednesday.",
    ]),
    ("Contacting the school", [
        "If your child is absent, send a note through the Aladdin app on the day they return.",
        "The office is open from 8:30 am to 2:30 pm. The principal is Mrs Deirdre Kinsella.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Nana Bríd's recipes (EPUB 3, hand-built): 4 chapters (h1) with recipes (h2)
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Nana Bríd's Kitchen: Recipes for the Family"
BOOK_AUTHOR = "Bríd Kavanagh"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Breads and bakes", [
        (None, ["Nearly everything in this chapter wants a hot oven, so turn it on before you start weighing."]),
        ("Brown soda bread", [
            "400 g coarse wholemeal flour, 100 g plain flour, 1 teaspoon bread soda, 1 teaspoon salt, "
            "1 tablespoon treacle and 450 ml buttermilk.",
            "Mix to a wet dough, pour into a greased 2 lb loaf tin and bake at 200 °C for 45 minutes. "
            "It is done when it sounds hollow when you knock the bottom.",
        ]),
        ("Fruit scones", [
            "450 g self-raising flour, 75 g butter, 50 g caster sugar, 100 g sultanas, 1 egg and 250 ml milk.",
            "Cut with a 6 cm cutter, brush the tops with egg and bake at 220 °C for 12 minutes. Makes 12.",
        ]),
        ("Barmbrack", [
            "Soak 400 g mixed dried fruit overnight in 300 ml cold strong tea.",
            "Next day add 225 g self-raising flour, 150 g brown sugar, 1 egg and 1 teaspoon mixed spice. "
            "At Halloween wrap a ring in greaseproof paper and push it in.",
            "Bake at 170 °C for 1 hour 15 minutes. Keep it a day before cutting.",
        ]),
    ]),
    ("Dinners", [
        ("Colcannon", [
            "1 kg floury potatoes (Rooster or Kerr's Pink), 300 g kale or York cabbage, 4 spring onions, "
            "150 ml milk and 75 g butter.",
            "Boil the potatoes for 20 minutes. Boil the kale for 5 minutes. Mash together with the hot "
            "milk and serve with a well of melted butter in the middle.",
        ]),
        ("Irish stew", [
            "1 kg lamb neck on the bone, 1 kg potatoes, 3 carrots, 2 onions, a sprig of thyme and "
            "1 litre of lamb stock.",
            "Simmer very gently with the lid on for 2 hours, until the lamb falls off the bone. It is "
            "better the next day.",
        ]),
        ("Fish pie", [
            "600 g mixed fish (smoked haddock, salmon and hake), 500 ml milk, 40 g butter, 40 g flour "
            "and 1 kg mashed potatoes.",
            "Top with the mash and bake at 190 °C for 35 minutes. Fionn won't eat it with eggs, so we "
            "leave out the boiled eggs now.",
        ]),
    ]),
    ("Sweet things", [
        ("Apple tart", [
            "Pastry: 225 g plain flour, 110 g butter, 1 egg yolk and a little cold water. Filling: "
            "3 large Bramley apples, 100 g sugar and 4 cloves.",
            "Bake at 180 °C for 40 minutes. Serve warm with custard or cream.",
        ]),
        ("Rhubarb crumble", [
            "600 g rhubarb cut into 3 cm pieces and 75 g sugar. Crumble: 150 g flour, 100 g butter, "
            "75 g brown sugar and 50 g oats.",
            "Bake at 190 °C for 30 minutes, until the juice bubbles up at the edges.",
        ]),
    ]),
    ("Christmas", [
        ("Christmas cake", [
            "Soak 1 kg mixed fruit in 150 ml whiskey for 3 days.",
            "Add 250 g butter, 250 g dark brown sugar, 5 eggs, 275 g plain flour and 100 g ground almonds.",
            "Bake in a 20 cm tin lined with two layers of paper at 150 °C for 3 hours 30 minutes.",
            "Feed with a tablespoon of whiskey every week until the middle of December. For a "
            "nut-free cake, leave out the almonds and use 100 g more flour.",
        ]),
        ("Spiced beef", [
            "A 2 kg piece of silverside, rubbed with brown sugar, allspice, cloves and juniper, and kept "
            "in the fridge for 7 days, turning it every day.",
            "Simmer for 3 hours, then press between two plates overnight. Serve cold in thin slices on St Stephen's Day.",
        ]),
    ]),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, HOL_TITLE, HOL_SECTIONS, author=PERSON, modified_by=PARTNER)


def write_odt(path: Path) -> None:
    writers.write_odt(path, CM_TITLE, CM_SECTIONS, generator="bench/docs_qa/set_e/make.py",
                      creator="Sinéad Rossiter", date="2025-08-25T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in SCHOOL_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0058)https://www.scoilbhrideballyfinnan.example/news/autumn-2025 -->
<html lang="en-IE">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Autumn Term Newsletter 2025 | News | Scoil Bhr\u00edde N.S. Ballyfinnan</title>
  <link rel="stylesheet" href="./Autumn Term Newsletter 2025_files/site.css">
  <script src="./Autumn Term Newsletter 2025_files/analytics.js"></script>
</head>
<body>
  <div class="cookie-bar">This website uses cookies. <a href="/cookies">Find out more</a> <button>OK</button></div>
  <header>
    <a class="logo" href="/">Scoil Bhr\u00edde N.S., Ballyfinnan</a>
    <p class="motto">Ag foghlaim le ch\u00e9ile: learning together</p>
    <nav>
      <ul>
        <li><a href="/">Home</a></li>
        <li><a href="/about">About us</a></li>
        <li><a href="/news">News</a></li>
        <li><a href="/calendar">Calendar</a></li>
        <li><a href="/enrolment">Enrolment</a></li>
        <li><a href="/contact">Contact</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Autumn Term Newsletter 2025</h1>
      <p class="byline">Posted on 29 August 2025 by the school office</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Coming up</h3>
    <ul>
      <li><a href="/news/book-fair">Scholastic book fair, 6 to 8 October: every child gets a \u20ac5 voucher</a></li>
      <li><a href="/news/cake-sale">Cake sale on Friday 14 November: last year's raised \u20ac1,240</a></li>
      <li><a href="/news/photos">School photographs: Tuesday 7 October</a></li>
    </ul>
    <p>Enrolment for September 2026 Junior Infants closes on 30 January 2026.</p>
  </aside>
  <footer>
    <p>Scoil Bhr\u00edde N.S., Church Road, Ballyfinnan, Co. Wexford. Roll number 19876K.</p>
    <p>Phone: 053 924 3310. Email: office@scoilbhrideballyfinnan.example</p>
    <p><a href="/privacy">Privacy</a> | <a href="/policies">Policies</a> | <a href="/accessibility">Accessibility</a></p>
    <p>&copy; 2025 Board of Management, Scoil Bhr\u00edde N.S.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2024-11-30",
                       uid="urn:uuid:7c1f0a94-2d3e-4b8a-9e61-5a0d8b2c4e17")


DOCS = {
    "heat_pump_guide.pdf": lambda p: write_pdf(p, HP_TITLE, HP_PAGES, "Heat pump user guide"),
    "car_insurance_schedule.pdf": lambda p: write_pdf(p, CAR_TITLE, CAR_PAGES, "Motor policy schedule"),
    "brittany_bookings.docx": write_docx,
    "childminding_agreement.odt": write_odt,
    "bikes_notes.md": lambda p: p.write_text(BIKES_MD, encoding="utf-8"),
    "mossy_vet_record.txt": lambda p: p.write_text(VET_TXT, encoding="utf-8"),
    "school_newsletter.html": write_html,
    "nana_brid_recipes.epub": write_epub,
}


def main() -> None:
    writers.write_set(HERE, DOCS)


if __name__ == "__main__":
    main()
