"""Build the documents of the docs-QA set (README.md beside this file) into docs/.

Run with the private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv && /tmp/docqa-venv/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv/bin/python bench/docs_qa/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "docs"
PERSON = "Elena Marsh"
# the document writers every set shares (writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Residential lease (PDF, reportlab). One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
LEASE_TITLE = "Assured Shorthold Tenancy Agreement"
LEASE_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", LEASE_TITLE),
        ("p", "This agreement is made on 14 February 2024 between the Landlord and the Tenant named below "
              "for the letting of the Property described below. It is intended to create an assured "
              "shorthold tenancy and should be read together with the inventory in the Schedule."),
        ("h2", "Parties and property"),
        ("p", "<b>Landlord:</b> Gareth Pryce, of 8 Foxglove Lane, Eastbury EB4 7QT. Telephone 01632 960 771."),
        ("p", "<b>Managing agent:</b> Crescent Lettings Ltd, 2 Market Parade, Eastbury EB1 2AA, "
              "telephone 01632 960 300 (office hours Monday to Friday, 9:00 to 17:30)."),
        ("p", f"<b>Tenant:</b> {PERSON}."),
        ("p", "<b>Property:</b> Flat 3, 27 Linden Crescent, Eastbury EB2 5LN: a first-floor flat with two "
              "bedrooms, one bathroom, an open-plan kitchen and living room, shared use of the rear garden "
              "and one allocated bicycle store (store B)."),
        ("p", "<b>Contents:</b> the Property is let part-furnished, with the fixtures, fittings and "
              "furniture listed in the Schedule."),
        ("h2", "Definitions"),
        ("p", "In this agreement 'month' means a calendar month; 'written notice' means notice given on "
              "paper by hand or first-class post to the address given above, or by email where both parties "
              "have agreed to email in writing; 'the Term' means the fixed term set out in clause 1."),
    ],
    [  # page 2
        ("h2", "1. Term"),
        ("p", "1.1 The tenancy begins on 1 March 2024 and runs for a fixed term of twelve (12) months, "
              "ending on 28 February 2025."),
        ("p", "1.2 If neither party has ended the tenancy at the end of the Term, it continues as a "
              "periodic tenancy from month to month on the same terms, with each period starting on the "
              "first day of a month."),
        ("h2", "2. Rent"),
        ("p", "2.1 The rent is £1,145 (one thousand one hundred and forty-five pounds) per calendar month."),
        ("p", "2.2 Rent is payable in advance on the 1st day of each month by standing order to the "
              "Landlord's account: Eastbury Building Society, sort code 40-17-22, account number 61839204, "
              "reference LINDEN3."),
        ("p", "2.3 A holding deposit of £260 was paid on 2 February 2024 and was set against the first "
              "month's rent."),
        ("p", "2.4 If any rent is more than 14 days late, the Landlord may charge interest on the late sum "
              "at 3% a year above the Bank of England base rate from the date it was due until it is paid."),
        ("p", "2.5 The rent does not include council tax, electricity, gas, water, broadband or a television "
              "licence, which the Tenant pays (see clause 11)."),
    ],
    [  # page 3
        ("h2", "3. Deposit"),
        ("p", "3.1 The Tenant has paid a tenancy deposit of £1,320 (one thousand three hundred and twenty "
              "pounds) on the signing of this agreement."),
        ("p", "3.2 The deposit is protected with the Tenancy Deposit Shield custodial scheme within 30 days "
              "of receipt; the deposit protection certificate number is TDS-88120457."),
        ("p", "3.3 At the end of the tenancy the Landlord may deduct from the deposit the reasonable cost "
              "of repairing damage beyond fair wear and tear, of cleaning where the Property is not returned "
              "in the condition recorded in the inventory, and any rent unpaid."),
        ("p", "3.4 The Landlord will return the deposit, less any agreed deductions, within 10 days of the "
              "parties agreeing the amount to be returned. Any dispute may be referred to the scheme's free "
              "adjudication service."),
        ("h2", "4. Rent review"),
        ("p", "4.1 The Landlord may review the rent once in any 12-month period. The first review cannot "
              "take effect before 1 March 2025."),
        ("p", "4.2 Any increase will not exceed 5% of the rent payable immediately before the review."),
        ("p", "4.3 The Landlord must give the Tenant not less than one month's written notice of any "
              "increase, stating the new rent and the date from which it is payable."),
    ],
    [  # page 4
        ("h2", "5. Tenant's obligations"),
        ("p", "5.1 To keep the interior of the Property clean and in the condition recorded in the inventory, "
              "fair wear and tear excepted."),
        ("p", "5.2 Not to smoke or vape, or allow any visitor to smoke or vape, inside the Property."),
        ("p", "5.3 Not to redecorate, put up shelves or drill into walls without the Landlord's written "
              "consent, which will not be unreasonably withheld. Up to ten small picture hooks may be used "
              "without consent."),
        ("p", "5.4 Not to sublet, or take in a lodger, without the Landlord's written consent. Overnight "
              "guests may stay for no more than 21 nights in any 6-month period."),
        ("p", "5.5 To put household waste out for collection on Tuesday evenings; recycling is collected "
              "on alternate Wednesdays."),
        ("p", "5.6 To test the smoke alarms at least once a month and report any fault promptly."),
        ("h2", "6. Pets"),
        ("p", "6.1 The Tenant may keep one cat at the Property. No other animal may be kept without the "
              "Landlord's written consent, except small caged animals or fish kept in a tank of no more "
              "than 60 litres."),
        ("p", "6.2 In return for permission to keep the cat, the rent in clause 2.1 includes a pet rent "
              "of £25 per month."),
        ("p", "6.3 The Tenant will have the carpets professionally cleaned and the Property treated for "
              "fleas at the end of the tenancy if a pet has been kept there."),
    ],
    [  # page 5
        ("h2", "7. Landlord's obligations"),
        ("p", "7.1 To keep the structure and exterior of the Property, and the installations for water, "
              "gas, electricity, heating and sanitation, in repair and proper working order."),
        ("p", "7.2 To carry out non-urgent repairs within 28 days of being told of them, and to attend "
              "emergency repairs (loss of heating or hot water in winter, a major leak, or a failure of "
              "the electrics) within 24 hours."),
        ("p", "7.3 To have the gas appliances checked by a Gas Safe registered engineer every 12 months "
              "and to give the Tenant a copy of the gas safety record within 28 days of each check."),
        ("p", "7.4 To have the electrical installation inspected at least every five years."),
        ("h2", "8. Access"),
        ("p", "8.1 The Landlord or the managing agent may enter the Property at reasonable times of day to "
              "inspect it or carry out repairs, after giving the Tenant at least 24 hours' written notice."),
        ("p", "8.2 In an emergency the Landlord may enter without notice."),
        ("p", "8.3 Routine inspections will take place no more than once every three months."),
    ],
    [  # page 6
        ("h2", "9. Ending the tenancy"),
        ("p", "9.1 The Tenant may end the tenancy by giving the Landlord at least two months' written "
              "notice, to expire on the last day of the Term or, once the tenancy is periodic, on the last "
              "day of a rental period."),
        ("p", "9.2 The Landlord may seek possession by giving the Tenant at least three months' written "
              "notice in the form required by law; such a notice cannot expire before the end of the Term."),
        ("p", "9.3 On leaving, the Tenant must return all keys, remove all personal belongings and leave "
              "the Property clean. A check-out inspection will be arranged with the managing agent."),
        ("h2", "10. Keys and locks"),
        ("p", "10.1 The Tenant has received two sets of keys, each with a front-door key, a flat key and a "
              "bicycle-store key, and one key fob for the communal entrance."),
        ("p", "10.2 Lost keys or fobs will be replaced at the Tenant's cost: £40 for a set of keys, £15 "
              "for a fob."),
        ("p", "10.3 The Tenant must not change or add locks without the Landlord's written consent."),
    ],
    [  # page 7
        ("h2", "11. Utilities and council tax"),
        ("p", "11.1 The Tenant is responsible for council tax (the Property is in band C) and for the "
              "accounts for electricity, gas, water and broadband from the start of the tenancy."),
        ("p", "11.2 The electricity meter is in the hallway cupboard and the gas meter is in the external "
              "box at the front of the building; the stopcock is under the kitchen sink."),
        ("h2", "12. Signatures"),
        ("p", "Signed by the Landlord: Gareth Pryce, 14 February 2024."),
        ("p", f"Signed by the Tenant: {PERSON}, 14 February 2024."),
        ("h2", "Schedule: inventory summary"),
        ("p", "Living room: two-seater grey sofa, oak coffee table, curtains and rail. Kitchen: fridge-freezer, "
              "electric oven and gas hob, washing machine. Bedroom 1: double bed frame, wardrobe. Bedroom 2: "
              "desk and chair. Full photographic inventory dated 28 February 2024 held by Crescent Lettings."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Car owner's manual excerpt (PDF, reportlab), 12 pages.
# ---------------------------------------------------------------------------------------------
MANUAL_TITLE = "Corvana Sable 1.5 e-Hybrid Owner's Manual (excerpt)"
MANUAL_PAGES: list[list[tuple[str, str]]] = [
    [  # 1
        ("h1", MANUAL_TITLE),
        ("p", "Model year 2022. Edition 3, printed in March 2022. Part number CV-OM-SAB-22-EN."),
        ("p", "Registered keeper's copy: Elena Marsh, registration EB22 KXR."),
        ("h2", "Contents of this excerpt"),
        ("p", "Vehicle identification, page 2. Keys and locking, page 3. Warning lights, pages 4 and 5. "
              "Fuel and refuelling, page 6. Tyres and wheels, page 7. Engine oil, page 8. Other fluids, "
              "page 9. Service schedule, page 10. 12-volt battery and jump starting, page 11. Towing, loads "
              "and specifications, page 12."),
    ],
    [  # 2
        ("h2", "Vehicle identification"),
        ("p", "The vehicle identification number (VIN) is stamped on the floor beside the front passenger "
              "seat, under a flap in the carpet, and is also visible through the bottom left corner of the "
              "windscreen."),
        ("p", "The engine code (CV15H-G) is on a label on the front of the engine cover. The paint code is "
              "on the label on the driver's door pillar, together with the tyre pressures."),
        ("h2", "About this manual"),
        ("p", "Equipment described may be optional on some versions. Warnings marked DANGER describe a risk "
              "of serious injury. Keep this manual in the glovebox so that it stays with the car when sold."),
    ],
    [  # 3
        ("h2", "Keys and locking"),
        ("p", "The car is supplied with two remote keys. Each remote key contains a fold-out emergency key "
              "blade, which opens the driver's door if the remote battery is flat."),
        ("p", "The remote key uses one CR2032 3 V coin battery. To replace it, prise the cover open with a "
              "coin at the notch and fit the new battery with the + side facing up."),
        ("p", "If the remote battery is flat, hold the key against the START button to start the car."),
        ("p", "Automatic relocking: if no door is opened within 45 seconds of unlocking, the car locks "
              "itself again."),
        ("p", "Child locks on the rear doors are set with the key blade in the slot on the door edge."),
    ],
    [  # 4
        ("h2", "Warning lights: red"),
        ("p", "A red warning light means a fault that needs your attention at once. Stop as soon as it is "
              "safe to do so."),
        ("p", "<b>Oil pressure (red oil can):</b> stop the car safely and switch off the engine immediately. "
              "Check the oil level (page 8). Do not drive on while the light is on, even if the level is correct."),
        ("p", "<b>Coolant temperature (red thermometer):</b> the engine is overheating. Stop, switch off and "
              "let the engine cool for at least 30 minutes before checking the coolant level."),
        ("p", "<b>Brake system (red circle with !):</b> the parking brake is applied or the brake fluid level "
              "is low. If it stays on after the parking brake is released, do not drive; contact a dealer."),
        ("p", "<b>Charging (red battery):</b> the 12-volt battery is not being charged. Switch off non-essential "
              "electrical equipment and drive to a dealer."),
        ("p", "<b>Airbag (red seated figure with circle):</b> a fault in the airbag or seat-belt tensioner "
              "system. Have it checked without delay."),
    ],
    [  # 5
        ("h2", "Warning lights: amber and green"),
        ("p", "<b>Engine management (amber engine outline):</b> steady: a fault in the engine or emissions "
              "system; have the car checked soon. Flashing: a misfire that can damage the catalytic "
              "converter; reduce speed, avoid heavy loads and have the car checked immediately."),
        ("p", "<b>Tyre pressure (amber horseshoe with !):</b> one or more tyres is under-inflated. Check and "
              "correct the pressures (page 7), then recalibrate the system in the menu Vehicle > Tyres > "
              "Calibrate."),
        ("p", "<b>Low fuel (amber pump):</b> about 6 litres of fuel remain, enough for roughly 80 km."),
        ("p", "<b>ABS (amber ABS):</b> the anti-lock function is not working; normal braking remains."),
        ("p", "<b>Stability control (amber car with wavy lines):</b> flashing while the system is working; "
              "steady if it has been switched off or is faulty."),
        ("p", "<b>READY (green):</b> the hybrid system is on and the car can be driven, even though the "
              "petrol engine may be silent."),
    ],
    [  # 6
        ("h2", "Fuel and refuelling"),
        ("p", "Use unleaded petrol of at least 95 RON (E10 compatible). Super unleaded of 98 RON may be used. "
              "Never use diesel or E85."),
        ("p", "The fuel tank holds 45 litres."),
        ("p", "The fuel filler flap is on the right-hand side of the car; the arrow next to the fuel gauge "
              "points to it. Press the rear edge of the flap to open it when the car is unlocked."),
        ("p", "Stop filling at the first automatic cut-off of the pump nozzle. Overfilling can damage the "
              "evaporative emissions system."),
        ("p", "If you put the wrong fuel in, do not start the car or press START: have the tank drained."),
    ],
    [  # 7
        ("h2", "Tyres and wheels"),
        ("p", "Original tyre size: 215/55 R17 94V. Check the pressures at least once a month with the tyres "
              "cold (driven less than 3 km)."),
        ("p", "Recommended cold tyre pressures, normal load (up to 3 people): front 2.4 bar (35 psi), "
              "rear 2.2 bar (32 psi)."),
        ("p", "Full load (4 or 5 people with luggage, or towing): front 2.6 bar (38 psi), rear 2.9 bar (42 psi)."),
        ("p", "The legal minimum tread depth is 1.6 mm; for good wet grip, replace tyres at 3 mm."),
        ("p", "The car has no spare wheel. A tyre repair kit (sealant and compressor) is under the boot floor; "
              "after using it, do not exceed 80 km/h and have the tyre replaced within 200 km."),
        ("p", "Wheel bolt torque: 120 Nm. The locking wheel bolt adaptor is in the tyre repair kit box."),
    ],
    [  # 8
        ("h2", "Engine oil"),
        ("p", "Use only fully synthetic engine oil of viscosity SAE 0W-20 that meets ACEA C5 or the "
              "Corvana CV-0520 standard."),
        ("p", "Oil capacity: 4.2 litres including the oil filter (3.9 litres without the filter)."),
        ("p", "The difference between the MIN and MAX marks on the dipstick is 1.0 litre."),
        ("p", "To check the level: park on level ground, switch off and wait at least 5 minutes. Pull the "
              "yellow dipstick, wipe it, push it fully back in and pull it again. The level should be between "
              "the marks. Top up through the filler cap marked with an oil can, in small amounts."),
        ("p", "Do not overfill: too much oil can damage the engine."),
    ],
    [  # 9
        ("h2", "Other fluids"),
        ("p", "<b>Coolant:</b> pink long-life OAT coolant, CV-7 specification. System capacity 6.1 litres. "
              "Check the level in the translucent reservoir when the engine is cold; it should be between "
              "LOW and FULL."),
        ("p", "<b>Brake fluid:</b> DOT 4 only. The reservoir is behind the engine on the driver's side."),
        ("p", "<b>Screen wash:</b> the reservoir holds 3.5 litres. In winter use a screen wash with "
              "antifreeze."),
        ("p", "<b>Air conditioning:</b> refrigerant R1234yf, 450 g. Have it serviced by a dealer only."),
    ],
    [  # 10
        ("h2", "Service schedule"),
        ("p", "Have the car serviced every 12 months or every 15,000 km (9,000 miles), whichever comes first. "
              "Each service includes an oil and oil-filter change and a check of brakes, tyres, lights and "
              "the hybrid system."),
        ("p", "Replace the cabin pollen filter at every service."),
        ("p", "Replace the engine air filter every 30,000 km."),
        ("p", "Replace the spark plugs every 60,000 km or 4 years."),
        ("p", "Replace the brake fluid every 2 years, regardless of mileage."),
        ("p", "Replace the coolant first at 10 years or 200,000 km, then every 5 years or 100,000 km."),
        ("p", "Keep the service record stamped: servicing at the intervals shown is a condition of the "
              "hybrid battery warranty."),
    ],
    [  # 11
        ("h2", "12-volt battery and jump starting"),
        ("p", "The 12-volt battery is under the boot floor, on the right. The high-voltage hybrid battery is "
              "under the rear seat and must only be handled by trained technicians."),
        ("p", "The hybrid battery is covered by a warranty of 8 years or 160,000 km, whichever comes first."),
        ("p", "To jump start, open the fuse box cover in the engine bay and connect the red cable to the "
              "positive jump-start terminal marked +, and the black cable to the earth point on the engine "
              "mount. Then press START; the READY light must come on."),
        ("p", "If the car has not been driven for 4 weeks, the 12-volt battery may go flat; drive for at "
              "least 30 minutes every 2 weeks to keep it charged."),
    ],
    [  # 12
        ("h2", "Towing, loads and specifications"),
        ("p", "Maximum towing weight: 1,200 kg braked trailer, 600 kg unbraked trailer."),
        ("p", "Maximum towbar nose weight: 60 kg. Maximum roof load: 75 kg, including the roof bars."),
        ("p", "Boot capacity: 410 litres with the rear seats up, 1,290 litres with them folded."),
        ("p", "Length 4,355 mm; width 1,800 mm without mirrors; height 1,560 mm; kerb weight 1,385 kg."),
        ("p", "Engine: 1.5-litre four-cylinder petrol with a 48 kW electric motor; combined system output "
              "103 kW (140 PS)."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Trip itinerary (DOCX, python-docx). (heading, [paragraphs]) per section.
# ---------------------------------------------------------------------------------------------
TRIP_TITLE = "Portugal trip: Lisbon and Porto, 12 to 19 October 2024"
TRIP_SECTIONS: list[tuple[str, list[str]]] = [
    ("Trip overview", [
        "Travellers: Elena Marsh and Sam Whitcombe.",
        "Flights booked with Atlantica Air, booking reference QX7R2M. Lisbon hotel: 4 nights; Porto "
        "guesthouse: 3 nights. Train Lisbon to Porto on Wednesday 16 October.",
        "Car parking at Gatwick: Gatwick Meet and Greet, booking GMG-55120, drop-off at the North Terminal "
        "short-stay car park, level 4.",
    ]),
    ("Day 1 - Saturday 12 October: London to Lisbon", [
        "Flight AT 412 departs London Gatwick North Terminal at 06:50, arrives Lisbon Terminal 1 at 09:35 "
        "(local time). Bag drop closes 45 minutes before departure.",
        "Taxi from the airport to Hotel Miradouro Azul, Rua das Flores 38, Lisbon. Check-in from 15:00; "
        "bags can be left at reception before then.",
        "Afternoon: walk through Alfama to the Miradouro de Santa Luzia viewpoint.",
        "Dinner booked at Taberna do Largo at 20:30, table for two under Marsh.",
    ]),
    ("Day 2 - Sunday 13 October: Belem", [
        "Tram 15 from Praca da Figueira to Belem (about 25 minutes).",
        "Jeronimos Monastery: timed tickets for 10:00.",
        "Lunch near the Padrao dos Descobrimentos, then the custard tarts at the old bakery on Rua de Belem.",
        "Evening free.",
    ]),
    ("Day 3 - Monday 14 October: Sintra day trip", [
        "Train from Lisbon Rossio station at 09:11 to Sintra (about 40 minutes).",
        "Pena Palace: timed entry at 11:30. Take bus 434 from Sintra station up the hill.",
        "Afternoon: Quinta da Regaleira. Last train back to Rossio that suits us: 18:46.",
    ]),
    ("Day 4 - Tuesday 15 October: Lisbon free day", [
        "Morning: LX Factory and the riverside walk to Cais do Sodre.",
        "Fado evening at Casa da Mouraria, 21:00, two seats booked (ref FADO-3391). Pay at the door.",
    ]),
    ("Day 5 - Wednesday 16 October: Lisbon to Porto", [
        "Check out of Hotel Miradouro Azul by 11:00.",
        "Alfa Pendular train 131 departs Lisbon Santa Apolonia at 10:09, arrives Porto Campanha at 12:58. "
        "Coach 5, seats 41 and 42. Train booking ref CP-7741902.",
        "Metro from Campanha to Sao Bento, then walk to Casa da Ribeira Guesthouse, Rua da Fonte Taurina 12, "
        "Porto. Check-in from 14:00; key code sent by text on the day.",
    ]),
    ("Day 6 - Thursday 17 October: Porto", [
        "Morning: Livraria Lello, timed ticket at 09:30 (tickets are redeemable against a book).",
        "Port cellar tour and tasting at Caves Soalheiro in Vila Nova de Gaia, 15:00, English-language tour.",
    ]),
    ("Day 7 - Friday 18 October: Douro valley cruise", [
        "Douro valley boat cruise with Rio Douro Cruzeiros: boarding at Cais da Estiva at 07:45, departs "
        "08:15, returns to Porto at about 19:30 by train from Regua. Lunch on board is included.",
        "Bring passports: they are checked at boarding.",
    ]),
    ("Day 8 - Saturday 19 October: Porto to London", [
        "Check out of Casa da Ribeira Guesthouse by 10:30; leave the key in the lockbox.",
        "Taxi to Porto airport booked for 14:30.",
        "Flight AT 419 departs Porto at 17:20, arrives London Gatwick North Terminal at 20:05 (UK time).",
        "Collect the car from Gatwick Meet and Greet at the North Terminal arrivals forecourt.",
    ]),
    ("Contacts", [
        "Atlantica Air customer service: +44 20 7946 0812.",
        "Hotel Miradouro Azul: +351 21 555 0147. Casa da Ribeira Guesthouse host: Ines, +351 22 555 0193.",
        "Travel insurance: Wayfarer Travel Cover, policy WTC-2024-661873, 24-hour assistance +44 161 496 0555.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Home insurance policy summary (ODT, hand-written ODF).
# ---------------------------------------------------------------------------------------------
INS_TITLE = "Halden Mutual Home Insurance: Policy Summary"
INS_SECTIONS: list[tuple[str, list[str]]] = [
    ("Policy details", [
        "Policyholder: Elena Marsh. Insured address: Flat 3, 27 Linden Crescent, Eastbury EB2 5LN.",
        "Policy number: HM-4471-2290-B.",
        "Period of cover: 5 April 2024 to 4 April 2025.",
        "Premium: £312.48 a year, paid by direct debit in 12 monthly instalments of £26.04.",
    ]),
    ("Contents cover", [
        "Your contents are covered up to £45,000.",
        "The most we will pay for any single item is £2,000 unless it is listed on the schedule.",
        "Valuables (jewellery, watches, art) are covered up to £10,000 in total.",
        "Listed item: engagement ring, valued at £3,400.",
        "Tenant's liability: cover up to £5,000 for damage to the landlord's fixtures and fittings that you "
        "are legally responsible for.",
    ]),
    ("Optional extras you have chosen", [
        "Personal possessions away from the home, anywhere in the world for up to 60 days a year: up to £3,000.",
        "Bicycle cover: one bicycle, a Riverside Tour 500, up to £750, including theft away from the home "
        "when it is locked to an immovable object.",
        "Home emergency cover: not chosen.",
        "Accidental damage to contents: not chosen.",
    ]),
    ("Excesses", [
        "Compulsory excess: £150 for each claim.",
        "Voluntary excess chosen: £100, added to the compulsory excess.",
        "Escape of water claims: £350 excess instead of the compulsory excess.",
        "Bicycle claims: £50 excess.",
    ]),
    ("What is not covered", [
        "Loss or damage while the home is unoccupied for more than 60 consecutive days.",
        "Theft by anyone you have let the home to, or by a lodger, unless there was forced entry.",
        "Wear and tear, gradual deterioration, and damage by moths, vermin or pets.",
        "Mechanical or electrical breakdown.",
    ]),
    ("Making a claim", [
        "Call the claims line on 0800 046 7731 (24 hours a day, 7 days a week) or use the Halden Mutual app.",
        "Report theft, attempted theft or vandalism to the police within 48 hours and get a crime reference "
        "number.",
        "Tell us about a claim within 30 days of the incident.",
    ]),
    ("Cancelling your policy", [
        "You can cancel within 14 days of receiving your documents (the cooling-off period) and get a full "
        "refund if you have not made a claim.",
        "After that you can cancel at any time; we will refund the premium for the unused period less a "
        "£25 administration fee.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Garden notes (Markdown).
# ---------------------------------------------------------------------------------------------
GARDEN_MD = """\
# Garden notes

Shared rear garden at Linden Crescent, plus my allotment plot 14B at Millbrook Allotments.
Notes to self so I stop forgetting what worked.

## Raised beds

- Three raised beds on the allotment, each 1.2 m by 2.4 m and 30 cm deep.
- Filled in April 2023 with a 60:40 mix of topsoil and peat-free compost (about 0.9 cubic metres per bed).
- Rotation: bed 1 roots, bed 2 brassicas, bed 3 beans and peas. Move everything one bed along each year.
- Top up each bed with 5 cm of compost every autumn.

## Tomatoes

- Varieties: 'Sungold' (cherry, best flavour) and 'Gardener's Delight'. 'Moneymaker' was bland, don't bother.
- Sow indoors on the windowsill around 15 March, 1 cm deep.
- Plant out in the greenhouse in early May, outdoors only after 20 May (last frost here).
- Space plants 45 cm apart. Pinch out side shoots weekly on cordon types.
- Once the first truss has set, feed weekly with tomato feed: 20 ml in a 4.5 litre watering can.
- Stop the plants by pinching out the top in late August, after 5 trusses.

## Sowing calendar

- February: chillies indoors, broad beans in pots.
- March: tomatoes indoors, early potatoes ('Charlotte') chitting on the windowsill.
- April: carrots and beetroot direct in bed 1; plant potatoes around 10 April.
- May: runner beans outside after the last frost; courgettes plant out late May.
- August: sow spring cabbage; order garlic.
- October: plant garlic cloves 15 cm apart, 2.5 cm deep.

## Fruit trees

- Apple 'Egremont Russet' on M26 rootstock, planted November 2021 in the back garden. Prune in February
  while dormant.
- Plum 'Victoria' on the allotment: prune only in July (summer) to avoid silver leaf disease.
- Feed both with a handful of general fertiliser (about 70 g per square metre) in March.
- The apple needs a pollination partner: the neighbour's Bramley seems to do the job.

## Lawn

- Mowing height: 5 cm in spring and autumn, 4 cm in summer. Never take off more than a third at once.
- Feed in April with spring lawn feed (35 g per square metre) and again in September with autumn feed.
- Scarify and overseed the bare patch by the shed in mid-September.

## Compost

- Two bays, 1 m square each. Turn the heap every 3 weeks from spring to autumn.
- Aim for roughly 2 parts browns (cardboard, dry leaves) to 1 part greens (peelings, grass).
- No cooked food, meat or cat litter.
- Ready in about 9 to 12 months; sieve before using it on the beds.

## Pests and problems

- Slugs: beer traps, and nematodes watered on in mid-April when the soil is above 5 degrees C.
- Cabbage white butterflies: net brassicas with 7 mm mesh from May.
- Blight on the outdoor tomatoes in August 2023: remove affected leaves at once; grow 'Crimson Crush' outdoors
  (blight-resistant) next time.
- Blackfly on the broad beans: pinch out the tips once the first pods form.
"""

# ---------------------------------------------------------------------------------------------
# 6. Boiler and router notes (plain text). Headings are lines underlined with = or -.
# ---------------------------------------------------------------------------------------------
HOME_TECH_TXT = """\
HOME TECH NOTES - FLAT 3, 27 LINDEN CRESCENT
============================================

Written by Elena, January 2024, from the manuals and from what the engineers told me.


Boiler: Vantex Combi 28i
------------------------

The boiler is in the kitchen, in the tall cupboard to the left of the window. Serial number
VX28-2019-004417, installed 2019.

Pressure: with the heating off and the system cold, the gauge should read between 1.2 and 1.5
bar. If it is below 1.0 bar, top up with the filling loop (the silver braided hose under the
boiler): open both taps slowly until the needle reaches 1.3 bar, then close both taps fully.

Reset: if the boiler locks out, hold the RESET button for 5 seconds. Do not reset more than
three times in a row; call the engineer instead.

Annual service: every September. Engineer: Kestrel Heating, Dan Kestrel, 01632 960 418.
Last service 18 September 2023 (next due September 2024).


Heating and hot water settings
------------------------------

Heating schedule, weekdays: 06:30 to 08:30 and 17:00 to 22:00.
Heating schedule, weekends: 08:00 to 22:30.
Room thermostat (hallway): 19.5 degrees C during the day, 16 degrees C overnight.
Hot water temperature on the boiler dial: 55 degrees C.
Radiator bleed key: in the kitchen drawer with the batteries.


Boiler fault codes
------------------

E119: water pressure too low. Top up using the filling loop, then reset.
E133: no ignition or gas supply interrupted. Check the gas meter and that the gas tap under the
boiler is open, then reset. If it happens again, call Kestrel Heating.
E168: fan fault. Do not reset repeatedly; call the engineer.
A flashing blue light with no code: the frost protection is running. Normal in cold weather.


Broadband: Northlink Hub 6
--------------------------

Router is on the bookshelf in the living room, next to the master phone socket.
Package: Northlink Full Fibre 500, 500 Mbps download and 75 Mbps upload.
Account number NL-30418827. Contract started 1 July 2023, minimum term 24 months, so it ends
30 June 2025. Monthly price £38.00.
Router admin page: http://192.168.1.254, admin password on the sticker on the back of the hub.


Wi-Fi networks
--------------

Main network name: MarshHome (one name for both 2.4 GHz and 5 GHz).
Main Wi-Fi password: lantern-orbit-42
Guest network name: MarshGuest
Guest Wi-Fi password: bluebell2024 (guest network turns itself off after 24 hours).
Smart plugs and the printer are on the main network.


Restarting and resetting the router
-----------------------------------

Restart (fixes most problems): switch off at the back, wait 30 seconds, switch on again. The light
turns solid white in about 3 minutes when it is working.
Factory reset (last resort: wipes the Wi-Fi names and passwords back to the sticker): press the
pinhole reset button with a paperclip for 15 seconds while the hub is on.
Light colours: solid white = working; flashing orange = no internet connection; red = hardware fault.


Support contacts
----------------

Northlink support: 0345 600 4417 (8am to 9pm every day), or the Northlink app.
Fault reference from the outage in November 2023: NL-F-227301.
"""

# ---------------------------------------------------------------------------------------------
# 7. Gym membership page (HTML, as saved from a browser, with nav and footer boilerplate).
# ---------------------------------------------------------------------------------------------
GYM_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your membership", [
        "Member: Elena Marsh. Membership number: PI-208817.",
        "Plan: Off-Peak Plus, £29.50 per month by direct debit, collected on the 3rd of each month.",
        "Home club: Pulse &amp; Iron Eastbury Riverside. Start date: 3 June 2024.",
        "Minimum term: 6 months, ending 2 December 2024.",
    ]),
    ("Membership plans", [
        "Off-Peak: weekdays 10:00 to 16:00 and all weekend, £22.00 per month.",
        "Off-Peak Plus: as Off-Peak, plus classes and 2 guest passes a month, £29.50 per month.",
        "Anytime: all opening hours, all classes and 4 guest passes a month, £41.00 per month.",
        "Changing plan: upgrades apply straight away; downgrades apply from your next collection date.",
    ]),
    ("Opening hours", [
        "Monday to Friday: 06:00 to 22:00.",
        "Saturday and Sunday: 08:00 to 20:00.",
        "Bank holidays: 09:00 to 17:00. Closed on 25 and 26 December and on 1 January.",
        "The gym floor closes 15 minutes before the club closes.",
    ]),
    ("Classes and bookings", [
        "Classes can be booked in the app up to 7 days ahead.",
        "Cancel at least 2 hours before the class starts, or a £3 late-cancellation fee is charged.",
        "Arriving more than 5 minutes late may mean losing your place to someone on the waiting list.",
    ]),
    ("Freezing your membership", [
        "You can freeze your membership for 1 to 3 months in any 12-month period.",
        "A freeze costs £5 per month and must be requested at least 7 days before your next collection date.",
        "Medical freezes with a doctor's note are free and do not count towards the 3 months.",
    ]),
    ("Cancelling your membership", [
        "After the minimum term you can cancel by giving 30 days' notice through the app or in writing to "
        "the club.",
        "Cancelling during the minimum term: you pay the remaining months of the minimum term.",
        "If you move more than 25 miles from any Pulse &amp; Iron club, you can cancel with 30 days' notice "
        "even during the minimum term, with proof of address.",
    ]),
    ("Guests", [
        "Guests must be 18 or over, bring photo ID and be signed in by you at reception.",
        "Each guest can visit no more than 3 times in a calendar month.",
    ]),
    ("Lockers and valuables", [
        "Day lockers take a 4-digit code you choose. Bring your own padlock for the bench lockers.",
        "All lockers are emptied at closing time each night; items left are kept at reception for 14 days.",
    ]),
    ("Code of conduct", [
        "Wipe down equipment after use. Wear clean indoor trainers on the gym floor.",
        "Members aged 16 and 17 may use the gym after an induction; under-16s are not admitted.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Family history booklet (EPUB 3, hand-written).
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "The Marsh Family: A Short History"
BOOK_AUTHOR = "Rosalind Marsh"
# (chapter heading, [(subheading or None, [paragraphs])])
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Chapter 1: From the Cornish Mines", [
        (None, [
            "This little book was put together by Rosalind Marsh in 2019 for the family reunion at "
            "Weston-super-Mare, from parish registers, census returns and the stories Grandma Edith told.",
        ]),
        ("Thomas Marsh, tin miner", [
            "Our story starts with Thomas Marsh, born on 3 May 1871 in St Just, Cornwall, the son of a "
            "blacksmith. He went down the Levant mine at the age of 12 and worked there for nearly thirty years.",
            "In 1894 Thomas married Jane Pascoe, a bal maiden who broke ore at the surface of the same mine. "
            "They had seven children, of whom five lived to be adults.",
        ]),
        ("Leaving Cornwall", [
            "When the price of tin collapsed, the family left St Just in 1908 and moved to Camborne, where "
            "Thomas found work at a foundry making mining machinery.",
        ]),
    ]),
    ("Chapter 2: Bristol and the Railway", [
        (None, [
            "Arthur Marsh, the youngest son of Thomas and Jane, was born in Camborne on 11 August 1902.",
            "In 1923 Arthur moved to Bristol to work as a booking clerk for the Great Western Railway at "
            "Temple Meads station. He lodged at 9 Cotham Vale with a Mrs Hardy, who fed him, he said, on "
            "nothing but pilchards.",
            "By 1936 Arthur had become a station inspector, and he stayed with the railway for 41 years, "
            "retiring in 1964.",
        ]),
    ]),
    ("Chapter 3: Edith Comes to England", [
        (None, [
            "Edith Ferreira was born in Porto, Portugal, on 22 January 1921, the daughter of a cork merchant "
            "who traded with Bristol. She came to England in 1938 to study English and stayed when war broke "
            "out the next year.",
        ]),
        ("The war years", [
            "During the war Arthur served in the RAF as ground crew at RAF Waddington in Lincolnshire, "
            "from 1940 to 1945. Edith worked as a translator for the Ministry of Information in Bristol.",
        ]),
        ("Marriage", [
            "Arthur and Edith met at a dance at the Grand Spa Hotel in Clifton in 1945 and married at "
            "St Mary Redcliffe on 6 April 1946. They set up home at 14 Chandos Road, Redland, where they "
            "lived for the rest of their lives. They had two children, Margaret (born 1949) and "
            "David (born 1958).",
        ]),
    ]),
    ("Chapter 4: The Later Generations", [
        (None, [
            "Margaret Marsh trained as a nurse at the Bristol Royal Infirmary and emigrated to Auckland, "
            "New Zealand, in 1974.",
        ]),
        ("David and Susan", [
            "David Marsh, Arthur and Edith's son, became a civil engineer. He married Susan Hale, a "
            "primary-school teacher from Bath, on 9 June 1984.",
            "David and Susan have two children: Thomas (Tom), born 2 March 1987, named after his "
            "great-great-grandfather, and Elena, born 17 October 1990, named in part after Grandma Edith.",
        ]),
        ("Keeping the story going", [
            "The family papers, including Thomas Marsh's mine wage book and Edith's Portuguese passport, are "
            "kept by David in a green tin trunk. Please send corrections and photographs to Rosalind.",
        ]),
    ]),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, TRIP_TITLE, TRIP_SECTIONS, author=PERSON, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, INS_TITLE, INS_SECTIONS, generator="bench/docs_qa/make.py",
                      creator=PERSON, date="2024-04-05T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in GYM_SECTIONS:
        sections.append(f'    <section>\n      <h2>{heading}</h2>\n'
                        + "".join(f"      <p>{p}</p>\n" for p in paras) + "    </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0052)https://members.pulseandiron.example/account/terms -->
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>My membership &amp; terms | Pulse &amp; Iron Fitness</title>
  <link rel="stylesheet" href="./My membership_files/site.css">
  <script>window.dataLayer = window.dataLayer || []; function gtag(){{dataLayer.push(arguments);}}</script>
  <style>.promo-banner{{background:#e4002b;color:#fff}}</style>
</head>
<body>
  <div class="promo-banner">Summer offer: join today from just £19.99 a month and pay no joining fee! Ends Sunday.</div>
  <header>
    <a class="logo" href="/">Pulse &amp; Iron Fitness</a>
    <nav>
      <ul>
        <li><a href="/clubs">Find a club</a></li>
        <li><a href="/classes">Classes</a></li>
        <li><a href="/timetable">Timetable</a></li>
        <li><a href="/personal-training">Personal training</a></li>
        <li><a href="/join">Join now</a></li>
        <li><a href="/account">My account</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <h1>My membership and terms</h1>
{chr(10).join(sections)}
  </main>
  <aside class="related">
    <p>Popular right now: HIIT 45, Spin Express, Yoga Flow. Personal training from £35 a session.</p>
  </aside>
  <footer>
    <p>Pulse &amp; Iron Fitness Ltd, registered in England no. 09912044. Registered office: 40 Quay Street, Eastbury EB1 4RR.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/cookies">Cookies</a> | <a href="/careers">Careers</a> | <a href="/contact">Contact us</a></p>
    <p>&copy; 2024 Pulse &amp; Iron Fitness. All rights reserved.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2019-08-01",
                       uid="urn:uuid:6f1c2a4e-0b7d-4f43-9a51-3c2e8d7b9a10")


DOCS = {
    "tenancy_agreement.pdf": lambda p: write_pdf(p, LEASE_TITLE, LEASE_PAGES, "Residential lease"),
    "car_manual_excerpt.pdf": lambda p: write_pdf(p, MANUAL_TITLE, MANUAL_PAGES, "Owner's manual"),
    "portugal_itinerary.docx": write_docx,
    "home_insurance_summary.odt": write_odt,
    "garden_notes.md": lambda p: p.write_text(GARDEN_MD, encoding="utf-8"),
    "boiler_and_router.txt": lambda p: p.write_text(HOME_TECH_TXT, encoding="utf-8"),
    "gym_membership.html": write_html,
    "family_history.epub": write_epub,
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, writer in DOCS.items():
        writer(OUT / name)
        print(f"{name}: {(OUT / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
