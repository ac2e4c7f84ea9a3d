"""Build the documents of docs-QA set C (README.md beside this file) into docs/.

Set C is a held-out test set written by a separate writer, independent of sets A and B. Run with
the private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv && /tmp/docqa-venv/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv/bin/python bench/docs_qa/set_c/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
The writers are adapted from set B's make.py; the content is new.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
OUT = HERE / "docs"
PERSON = "Owen Pritchard"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_c/make.py")
PARTNER = "Mei Pritchard"
ADDRESS = "22 Tanner's Row, Millbrook, Cresswell CR4 9QT"

# ---------------------------------------------------------------------------------------------
# 1. Car lease (PDF, reportlab), 8 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
LEASE_TITLE = "Northgate Vehicle Leasing: Personal Contract Hire Agreement"
LEASE_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", LEASE_TITLE),
        ("p", "Agreement number: NVL-PCH-880341. Date of this agreement: 14 March 2025."),
        ("h2", "The hirer"),
        ("p", f"{PERSON}, {ADDRESS}. Date of birth: 8 October 1984."),
        ("h2", "The owner"),
        ("p", "Northgate Vehicle Leasing Ltd, Beacon House, Quayside, Cresswell CR1 3LN. The owner keeps "
              "ownership of the vehicle at all times. This is a hire agreement: you will never own the vehicle."),
        ("h2", "The vehicle"),
        ("p", "Solano Vireo 1.5 Hybrid Estate, automatic, five doors, colour Slate Grey metallic. "
              "Registration: CR25 HVT. Supplying dealer: Brook Motors, Station Road, Millbrook."),
        ("p", "The vehicle is supplied with two keys, a locking wheel nut key and a tyre repair kit. "
              "It has no spare wheel."),
    ],
    [  # page 2
        ("h2", "1. Term of hire"),
        ("p", "1.1 The hire starts on the day the vehicle is delivered, expected to be 2 April 2025, and "
              "lasts for 36 months."),
        ("p", "1.2 The agreement ends on 1 April 2028 unless it is ended earlier under section 8."),
        ("h2", "2. Rentals"),
        ("p", "2.1 Initial rental: £1,947.60, equal to six monthly rentals, payable on delivery."),
        ("p", "2.2 Then 35 monthly rentals of £324.60 each. Each monthly rental is made up of £286.20 for "
              "the vehicle and £38.40 for the maintenance package in section 5."),
        ("p", "2.3 Rentals are collected by direct debit on the 1st of each month, starting on 1 May 2025."),
        ("p", "2.4 Arrangement fee: £249, collected with the initial rental. All amounts include VAT."),
    ],
    [  # page 3
        ("h2", "3. Mileage"),
        ("p", "3.1 Your annual mileage allowance is 8,000 miles, which gives a contract mileage of "
              "24,000 miles over the term."),
        ("p", "3.2 If the vehicle has covered more than the contract mileage when it is returned, you will "
              "pay an excess mileage charge of 9.4p per mile for the vehicle and a further 1.6p per mile "
              "for the maintenance package, plus VAT."),
        ("p", "3.3 No refund is given for miles not used."),
        ("p", "3.4 You may ask us to change the mileage allowance once in each year of the term. Your "
              "rentals will then be recalculated."),
        ("h2", "4. Using the vehicle"),
        ("p", "4.1 You must not use the vehicle for hire or reward, for driving tuition, or for any kind "
              "of motor sport."),
        ("p", "4.2 Towing is allowed only with a towbar fitted by our approved supplier."),
    ],
    [  # page 4
        ("h2", "4. Using the vehicle (continued)"),
        ("p", "4.3 Taking the vehicle abroad: you must ask us for a VE103 vehicle on hire certificate at "
              "least 14 days before you travel. We charge £45 for each certificate."),
        ("p", "4.4 The vehicle must not be kept outside the United Kingdom for more than 90 days in any "
              "12 months."),
        ("p", "4.5 You must tell us within 7 days if you change your address, and at once if the vehicle "
              "is stolen or seized."),
        ("h2", "Delivery"),
        ("p", "The vehicle will be delivered to the hirer's home address between 8 am and 6 pm on the "
              "agreed day. The driver will need to see your photocard driving licence. The vehicle will "
              "have no more than 50 miles on the odometer at delivery."),
    ],
    [  # page 5
        ("h2", "5. Maintenance package"),
        ("p", "5.1 Your rentals include our maintenance package. It pays for routine servicing, MOT tests, "
              "replacement tyres, brake pads and discs, and wiper blades."),
        ("p", "5.2 The vehicle must be serviced every 12 months or 10,000 miles, whichever comes first, "
              "at a garage we approve. Book services through the Northgate Maintenance line on "
              "0345 302 7716."),
        ("p", "5.3 Tyres are replaced when the tread depth reaches 3 mm. The legal minimum is 1.6 mm."),
        ("p", "5.4 Breakdown cover with Roadside Rescue is included for the whole term, at home and on the "
              "road. Call 0800 917 3345, 24 hours a day."),
        ("p", "5.5 The maintenance package does not cover damage, punctures caused by misuse, or "
              "topping up screenwash."),
    ],
    [  # page 6
        ("h2", "6. Insurance"),
        ("p", "6.1 You must keep the vehicle insured on a fully comprehensive policy for the whole term, "
              "with Northgate Vehicle Leasing Ltd noted on the policy as the owner."),
        ("p", "6.2 The policy excess must not be more than £1,000."),
        ("p", "6.3 Guaranteed asset protection (GAP) insurance was offered and declined."),
        ("h2", "7. Damage and fair wear and tear"),
        ("p", "7.1 When the vehicle is returned it will be inspected against the BVRLA fair wear and tear "
              "guide. You will pay for damage beyond fair wear and tear."),
        ("p", "7.2 Scratches of up to 25 mm are acceptable if the primer or bare metal is not showing."),
        ("p", "7.3 Dents of up to 10 mm are acceptable if there are no more than two on any one panel and "
              "the paint is not broken."),
        ("p", "7.4 Chips in the windscreen are acceptable only outside the driver's line of sight."),
    ],
    [  # page 7
        ("h2", "8. Ending the agreement early"),
        ("p", "8.1 You may end this agreement early by giving us 28 days' written notice."),
        ("p", "8.2 If you do, you must pay an early termination charge equal to 50% of the rentals that "
              "remain unpaid, plus any arrears and any charges under section 7."),
        ("p", "8.3 If you die during the term, no early termination charge is payable by your estate."),
        ("h2", "9. Late payment"),
        ("p", "9.1 If a rental is not paid on time we will charge a late payment fee of £30."),
        ("p", "9.2 We will also charge interest on the overdue amount at 4% a year above the Bank of "
              "England base rate until it is paid."),
        ("p", "9.3 If two rentals remain unpaid, we may end the agreement and collect the vehicle."),
    ],
    [  # page 8
        ("h2", "10. At the end of the agreement"),
        ("p", "10.1 We will collect the vehicle from your home within 10 working days of the end date. "
              "Our collection agent will contact you to arrange a day."),
        ("p", "10.2 You must return both keys, the locking wheel nut key and the service record. "
              "Each missing key will be charged at £275."),
        ("p", "10.3 Remove all personal belongings and any private number plate before collection."),
        ("h2", "11. Contacting us"),
        ("p", "Customer Services: 0345 302 7700, Monday to Friday 8:30 am to 6 pm."),
        ("p", "Maintenance and servicing: 0345 302 7716. Breakdown (Roadside Rescue): 0800 917 3345."),
        ("p", "Signed for Northgate Vehicle Leasing Ltd by Tamsin Holloway, Contracts Manager, 14 March 2025."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Travel insurance policy (PDF, reportlab), 7 pages.
# ---------------------------------------------------------------------------------------------
TRAVEL_TITLE = "Harbourline Annual Multi-Trip Travel Insurance: Schedule and Policy Wording"
TRAVEL_PAGES: list[list[tuple[str, str]]] = [
    [  # 1
        ("h1", TRAVEL_TITLE),
        ("h2", "Your policy schedule"),
        ("p", "Policy number: HLT-AMT-4471902."),
        ("p", f"Policyholder: {PERSON}, {ADDRESS}."),
        ("p", f"Insured persons: {PERSON} (41), {PARTNER} (39) and Rowan Pritchard (9)."),
        ("p", "Period of insurance: 1 May 2025 to 30 April 2026."),
        ("p", "Geographical area: Area 2, Europe (including the Canary Islands, Madeira and the "
              "Mediterranean islands)."),
        ("p", "Cover level: Plus, with winter sports cover. Excess waiver: not purchased."),
        ("p", "Premium: £142.35, including Insurance Premium Tax."),
    ],
    [  # 2
        ("h2", "Important information"),
        ("p", "Each trip can last up to 31 days. If a trip lasts longer, there is no cover for any part of it."),
        ("p", "Winter sports are covered for up to 17 days in total in the period of insurance."),
        ("p", "Trips within the United Kingdom are covered only if you have booked at least 2 nights in "
              "paid accommodation."),
        ("p", "All insured persons must have been under 70 at the start of the period of insurance."),
        ("p", "Cancellation cover starts on the date your schedule is issued; all other cover starts when "
              "you leave home for a trip."),
        ("h2", "Medical conditions"),
        ("p", "You must tell us about any medical condition you have been treated for in the last 5 years. "
              "Call our medical screening line on 0330 660 1284. We may charge an extra premium or "
              "exclude the condition."),
    ],
    [  # 3
        ("h2", "Summary of cover"),
        ("p", "Limits are per insured person. An excess of £75 per person applies to each claim under "
              "the sections marked with an asterisk (*)."),
        ("p", "Cancellation and curtailment*: up to £3,000."),
        ("p", "Emergency medical and repatriation expenses*: up to £10,000,000."),
        ("p", "Hospital benefit: £25 for each complete 24 hours in hospital abroad, up to £500."),
        ("p", "Missed departure: up to £750."),
        ("p", "Travel delay: £20 for each full 12 hours of delay, up to £200."),
        ("p", "Personal belongings and baggage*: up to £1,500. Single article limit £250. Valuables "
              "limit £300 in total."),
        ("p", "Delayed baggage: £50 for each full 12 hours, up to £250."),
        ("p", "Personal money*: up to £300, of which cash is limited to £250 (£50 for anyone under 16)."),
        ("p", "Passport and travel documents: up to £250."),
        ("p", "Personal liability: up to £2,000,000."),
        ("p", "Gadget cover (phones, tablets, laptops) is not included at Plus level."),
    ],
    [  # 4
        ("h2", "Section 1: Cancellation and cutting short your trip"),
        ("p", "We will pay for your unused travel and accommodation costs if you have to cancel or cut "
              "short your trip because you, a travelling companion or a close relative dies, is injured "
              "or falls ill, or if your home is badly damaged by fire, flood or burglary within 7 days "
              "before you leave."),
        ("p", "We do not pay if you simply decide not to travel, or if your tour operator or airline "
              "cancels (claim from them first)."),
        ("h2", "Section 2: Emergency medical expenses"),
        ("p", "We will pay necessary and reasonable costs of emergency medical treatment abroad, and of "
              "bringing you home if our medical team agree it is needed."),
        ("p", "You must call Harbourline Emergency Assistance on +44 1632 480 900 before you are admitted "
              "to hospital, or if outpatient costs will be more than £500. The line is open 24 hours."),
        ("p", "In EU countries, take your Global Health Insurance Card (GHIC). If you use it, we will "
              "waive the medical excess."),
    ],
    [  # 5
        ("h2", "Section 3: Personal belongings and baggage"),
        ("p", "We will pay for your belongings that are lost, stolen or damaged during your trip, after "
              "an amount for wear and tear."),
        ("p", "You must report any loss or theft to the local police within 24 hours and get a written "
              "report. If an airline loses or damages your bag, get a Property Irregularity Report at "
              "the airport before you leave it."),
        ("p", "Valuables (jewellery, watches, cameras and binoculars) are not covered if they are left "
              "unattended, or if they are checked into the hold."),
        ("h2", "Section 4: Delayed baggage"),
        ("p", "If your checked baggage is delayed on the outward journey for at least 12 hours, we will pay "
              "for essential replacement items. Keep your receipts and a written confirmation from the "
              "airline of how long the delay was."),
    ],
    [  # 6
        ("h2", "Section 5: Winter sports"),
        ("p", "Your own ski equipment: up to £400. Hired ski equipment: up to £200."),
        ("p", "Ski pack (lift pass, ski school, equipment hire) you could not use because of illness or "
              "injury: up to £350."),
        ("p", "Piste closure: £35 for each full day that all lifts at your resort are closed because of "
              "lack of snow, up to £280."),
        ("p", "Off-piste skiing is covered only if you are with a qualified guide."),
        ("p", "We do not cover heli-skiing, ski jumping, ski racing or skiing against the advice of the "
              "local ski school or resort authorities."),
        ("h2", "Section 6: Activities"),
        ("p", "Activities covered with no extra premium include snorkelling, kayaking on inland waters, "
              "trekking below 2,500 metres and cycling (not BMX or downhill)."),
        ("p", "Scuba diving is covered to a depth of 18 metres if you hold a recognised qualification "
              "and dive with a qualified instructor."),
    ],
    [  # 7
        ("h2", "General exclusions"),
        ("p", "We will not pay claims arising from you being under the influence of alcohol or drugs, "
              "from travel to a country the Foreign, Commonwealth and Development Office advises against "
              "all travel to, or from a medical condition you did not tell us about."),
        ("h2", "Making a claim"),
        ("p", "Claims line: 0330 660 1290, Monday to Friday 9 am to 5 pm. Please tell us about a claim "
              "within 31 days of your return home."),
        ("p", "Send original receipts, police reports and booking invoices with your claim form."),
        ("h2", "Cancelling this policy"),
        ("p", "You may cancel within 14 days of receiving your documents and get a full refund, if you "
              "have not travelled or made a claim. After that, no refund is given."),
        ("p", "This policy is arranged by Harbourline Insurance Services Ltd and underwritten by "
              "Calverton General Insurance plc."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Kitchen refit quotation (DOCX, python-docx).
# ---------------------------------------------------------------------------------------------
KIT_TITLE = "Quotation: Kitchen Refit at 22 Tanner's Row"
KIT_SECTIONS: list[tuple[str, list[str]]] = [
    ("Customer and quotation details", [
        f"Customer: {PERSON} and {PARTNER}, {ADDRESS}.",
        "Quotation number: AJK-Q-2291. Date: 6 January 2025. This quotation is valid for 30 days.",
        "Surveyed by Lewis Garner of Ashdown Joinery & Kitchens on 19 December 2024.",
    ]),
    ("Scope of work", [
        "Remove and dispose of the existing kitchen units, worktops, wall tiles and flooring.",
        "Supply and fit 14 units in Shaker style, painted Mist Blue, with brushed brass handles.",
        "Supply and fit 38 mm solid oak worktops and a new island of 1800 mm by 900 mm with a 300 mm "
        "breakfast bar overhang on one side.",
        "Move the sink 1.5 metres to sit under the window, with a new boiling-water tap.",
    ]),
    ("Appliances", [
        "We supply and fit an induction hob, and an extractor hood: a Corvale 90 cm chimney hood.",
        "The customer supplies the integrated dishwasher, the double oven and the fridge freezer; "
        "we fit them at no extra cost.",
        "The old gas hob will be disconnected and the supply capped by a Gas Safe registered engineer.",
    ]),
    ("Electrical work", [
        "Install 6 new double sockets, including 2 with USB charging on the island.",
        "Install under-cabinet LED strip lighting and 4 ceiling downlights on a dimmer switch.",
        "All electrical work is certified by our NICEIC approved electrician.",
    ]),
    ("Tiling and flooring", [
        "Splashback: sage green metro tiles, 75 by 150 mm, laid in a herringbone pattern behind the hob.",
        "Flooring: Harbour Oak luxury vinyl tile, 18 square metres, including the utility area.",
    ]),
    ("Price and payment schedule", [
        "Total price for the work described: £18,460 including VAT.",
        "Deposit on acceptance: 20% (£3,692).",
        "Second payment when the units are fitted: 50% (£9,230).",
        "Final payment on completion: 30% (£5,538), due within 7 days of our invoice.",
        "Any extra work you ask for will be priced in writing before it is done.",
    ]),
    ("Timetable", [
        "Start date: Monday 3 March 2025. We expect the work to take 3 weeks.",
        "The oak worktops are templated once the base units are in and are fitted 7 to 10 working days later.",
        "Working hours: 8:00 am to 4:30 pm, Monday to Friday. Your kitchen will be out of use, so we will "
        "set up a temporary sink in the utility room.",
    ]),
    ("Guarantees and care", [
        "Our workmanship is guaranteed for 5 years. Cabinets carry the manufacturer's 10 year guarantee.",
        "Oil the oak worktops every 3 months during the first year, and every 6 months after that. We leave "
        "a tin of Danish oil for the first coat.",
    ]),
    ("Cancellation", [
        "You may cancel within 14 days of accepting this quotation for a full refund of the deposit.",
        "After 14 days, the deposit is non-refundable because the units will have been ordered.",
    ]),
    ("Contact", [
        "Lewis Garner, project manager: 07700 900 418.",
        "Office: 01632 960 733, Unit 7, Ropewalk Yard, Millbrook CR4 2EF.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Choir committee minutes (ODT, hand-written ODF XML).
# ---------------------------------------------------------------------------------------------
CHOIR_TITLE = "Millbrook Community Choir: Committee Meeting Minutes, 11 February 2025"
CHOIR_SECTIONS: list[tuple[str, list[str]]] = [
    ("Present and apologies", [
        f"Present: Harriet Vance (chair), {PARTNER} (secretary), Douglas Reid (treasurer), "
        "Simon Achterberg (musical director) and Lorna Quayle (librarian).",
        "Apologies: Frances Lyle.",
        "The meeting was held at Millbrook Methodist Hall and began at 6:30 pm.",
    ]),
    ("Minutes of the last meeting", [
        "The minutes of the meeting of 14 January 2025 were agreed as a true record.",
    ]),
    ("Treasurer's report", [
        "The bank balance on 31 January 2025 was £4,318.27.",
        "Subscriptions for the spring term have been received from 41 of our 46 members.",
        "Hall hire has gone up to £52 per rehearsal from January. Hire of the Fauré scores cost £186.",
    ]),
    ("Spring concert", [
        "The spring concert will be on Saturday 5 April 2025 at 7:30 pm in St Michael's Church, Millbrook. "
        "Doors open at 7:00 pm.",
        "Programme: Fauré's Requiem and a first half of English part songs. The soloists will be "
        "Eluned Morgan-Price (soprano) and Tobias Fenn (baritone).",
        "Tickets: £14 for adults, £10 for concessions, and free for under-16s.",
        "The dress rehearsal will be on Friday 4 April at 6:30 pm in the church.",
    ]),
    ("Rehearsals", [
        "Rehearsals continue on Tuesdays from 7:45 pm to 9:30 pm at Millbrook Methodist Hall.",
        "An extra sectional for tenors and basses will be held on Thursday 20 March at 7:30 pm.",
        "There will be no rehearsal on 18 February (half term).",
    ]),
    ("Subscriptions", [
        "Subscriptions will stay at £95 a term, or £270 if paid for the whole year in advance.",
        "The student rate stays at £45 a term.",
    ]),
    ("Summer trip", [
        "The committee agreed a coach trip to sing evensong at Wells Cathedral on Saturday 21 June.",
        "The cost will be £28 per person. A coach deposit of £150 has already been paid.",
    ]),
    ("Any other business", [
        "Lorna Quayle asked members to return all borrowed music folders by the end of March.",
        "Frances Lyle has agreed to continue as safeguarding officer.",
    ]),
    ("Date of next meeting", [
        "Tuesday 11 March 2025 at 6:30 pm, at the chair's house, 9 Orchard Lane. "
        "The meeting closed at 8:05 pm.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Camping trip plan (Markdown).
# ---------------------------------------------------------------------------------------------
CAMP_MD = """\
# Pembrokeshire camping, August 2025

Our summer week away with Rowan. Mei booked the site; I'm doing the car and the food. Everything
in one place so we stop asking each other.

## The booking

- Porthgwyn Farm Campsite, near Solva. Booking reference PGF-30918.
- Saturday 9 to Friday 15 August 2025: 6 nights.
- Pitch 27 (grass, in the lower field, near the shower block), with electric hook-up.
- Total £312. Deposit of £60 paid in February; balance paid on 1 July.

## Site rules

- Arrive from 1 pm; leave the pitch by 10:30 am on the last day.
- Quiet time from 10:30 pm to 7 am.
- Electric hook-up is 10 amp, so no kettle and heater at the same time.
- No dogs in the lower field. No fires on the grass (raised fire pits only).
- Gate code 2580#, changed every Saturday.

## Getting there

- About 4 hours 20 minutes from home without stops.
- Leave by 8 am on the Saturday. Stop at Cross Hands for lunch.
- Tyre pressures for the loaded car: 36 psi front, 39 psi rear (the Vireo's door sticker).
- Roof box goes on on Friday night. Its weight limit is 50 kg.

## Packing

- Tent (the big one, 6 berth) plus the spare footprint. 16 pegs plus 8 spare.
- Sleeping bags, three self-inflating mats, camping chairs, the two-ring stove and 2 gas canisters.
- Rowan's wetsuit and body board. Midge spray.

## Meal plan

- Saturday: chilli made at home and frozen.
- Sunday: barbecue (sausages, halloumi, corn).
- Wednesday: eat out at The Ship, Solva. Table booked for 6:15 pm.
- Every morning: porridge, or bacon rolls at weekends.

## Things to do

- Boat trip round Ramsey Island from St Justinian's, Tuesday 12 August at 10:15 am.
  £32 per adult, £18 per child. Be at the lifeboat station 20 minutes early.
- Whitesands beach: low tide on Monday 11 August is at 11:42, high tide at 17:55.
- St Davids Cathedral and the Bishop's Palace (Palace entry £6.50 adults).
- Coast path walk from Solva to Caerfai: about 8 miles, one way; bus 411 back.
"""

# ---------------------------------------------------------------------------------------------
# 6. Care notes for Owen's father (plain text). Headings are lines underlined with = or -.
# ---------------------------------------------------------------------------------------------
DAD_TXT = """\
LOOKING AFTER DAD: NOTES FOR THE FAMILY
=======================================

Gareth Pritchard, 14 Heol y Felin, Millbrook CR4 6BX. Kept by Owen and Mei.
Last updated 2 June 2025. Please keep this up to date if anything changes.


Contacts
--------

GP: Dr Alys Penhale, Brynmawr Road Surgery. Phone 01632 962 551.
Pharmacy: Tanner's Pharmacy, 01632 962 880. They deliver on Thursdays.
Care agency: HomeWell Care, office 01632 964 410 (ask for Bethan, the coordinator).
Out of hours: call 111. Emergencies: 999.
Neighbour with a spare key: Mrs Doreen Watkins at number 12.


Medicines
---------

Morning, with breakfast: amlodipine 5 mg (blood pressure) and metformin 500 mg.
Evening, with his meal: metformin 500 mg and atorvastatin 20 mg.
Paracetamol for his knee if needed: 2 tablets, at least 4 hours apart, no more than 8 in 24 hours.
Repeat prescription: order every 28 days through the surgery app. Next order due 19 June.
The blister packs are in the top kitchen cupboard, left of the cooker.


Carers' visits
--------------

Weekdays: morning 8:15 am (45 minutes), lunch 12:30 pm (30 minutes), evening 6:45 pm (30 minutes).
Weekends: morning and evening only. Mei or Owen does Saturday and Sunday lunch.
Carers write in the blue folder on the hall table after every visit.


Getting in
----------

Key safe to the left of the back door. Code 4071.
The front door sticks; lift the handle while you turn the key.


Daily routine and food
----------------------

Type 2 diabetes: no sugary drinks. He is allowed one biscuit with his afternoon tea.
Likes porridge with banana for breakfast. Main meal at 5:30 pm.
Walks with his frame indoors and a stick in the garden. In bed by 10 pm.
Hearing aids: size 312 batteries, change both every Monday.


Appointments
------------

Diabetes review with the practice nurse: Tuesday 17 June 2025 at 10:40 am.
Eye screening: Wednesday 2 July 2025 at 2:15 pm, Cresswell Hospital Eye Unit. He can't drive after
the drops, so someone must take him.
Podiatry: every 8 weeks at home. Next visit 24 June.


Equipment and paperwork
-----------------------

Pendant alarm: Lifeline, monitored by Cresswell Council. Test it on the first of each month.
Stairlift: serviced once a year by Ascendo; next service due September 2025.
Blue Badge number CR-BB-77215, expires 30 November 2026.
Power of attorney (health and finance): Owen and his sister Carys, registered in March 2024.
"""

# ---------------------------------------------------------------------------------------------
# 7. Pottery course booking (HTML, saved from the learning centre's website, with boilerplate).
# ---------------------------------------------------------------------------------------------
POT_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your booking", [
        "Booking reference: MALC-BK-60217. Booked on 3 February 2025 by Mei Pritchard.",
        "Payment received in full by card. A receipt has been sent to your email address.",
    ]),
    ("Course details", [
        "Beginners' Wheel Throwing (course code CER-104). Tutor: Joanna Teague.",
        "8 weekly sessions on Wednesdays, 6:30 pm to 9:00 pm, from 26 February to 16 April 2025.",
        "The class is limited to 10 learners, with one wheel each.",
    ]),
    ("Where to go", [
        "Room C4, the Clayworks building. Use the entrance on Foundry Street; the main reception is "
        "closed in the evening.",
        "Parking is free after 6 pm in the staff car park behind the Clayworks.",
    ]),
    ("Fees", [
        "Course fee: £168.00. Materials fee: £35.00, which includes 12.5 kg of clay, glazes and firing.",
        "Total paid: £203.00. Extra clay can be bought in class at £6 per bag.",
    ]),
    ("What to bring", [
        "An apron or old clothes, an old towel and closed-toe shoes. Please keep your nails short.",
        "A basic tool kit can be bought from the tutor for £14, or borrowed in class.",
    ]),
    ("Firing and collecting your work", [
        "Pieces are bisque fired after the first few weeks, then glazed and fired again.",
        "Collect your finished pieces from the Clayworks office within 4 weeks of the last session. "
        "Work that is not collected by then will be recycled.",
    ]),
    ("Cancellations and refunds", [
        "If you cancel at least 10 days before the first session, we will refund the course fee and "
        "the materials fee in full. After that, no refund can be given.",
        "Missed sessions cannot be made up or refunded. If we cancel the course, you will get a full refund.",
    ]),
    ("Questions about this course", [
        "Call the course office on 01632 965 240 (Monday to Thursday, 10 am to 7 pm) or email "
        "ceramics@millbrook-learning.example.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Walking guide (EPUB). Chapters are h1, walks are h2.
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Ten Walks from Millbrook"
BOOK_AUTHOR = "Idris Lewis"
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Chapter 1: Before You Set Out", [
        (None, [
            "These walks were checked on foot in the spring of 2023. Paths change, so take the map "
            "and not only this book.",
        ]),
        ("Maps and grading", [
            "All ten walks are on Ordnance Survey Explorer map OL13.",
            "Walks are graded Easy, Moderate or Hard. Hard walks involve more than 400 metres of ascent "
            "or rough ground without a clear path.",
        ]),
        ("Buses and parking", [
            "The X43 bus from Millbrook to the Cefn Gap runs every two hours on weekdays; there is no "
            "Sunday service.",
            "The Weir car park in Millbrook is pay and display: £3.50 for the whole day.",
        ]),
    ]),
    ("Chapter 2: River and Valley Walks", [
        ("Walk 1: Millbrook Weir Circuit", [
            "Easy. 6.5 km, 120 metres of ascent, allow 2 hours.",
            "Start at the Weir car park. Follow the river path upstream to the footbridge at Pont Fach, "
            "cross, and return on the old tramway.",
            "The path by the weir floods after heavy rain; use the lane above instead.",
        ]),
        ("Walk 2: Tanner's Meadow and the Mill Ponds", [
            "Easy. 4 km, almost flat, allow 1 hour 15 minutes. Suitable for pushchairs except for one "
            "kissing gate.",
            "Kingfishers are often seen at the second mill pond in early morning.",
        ]),
    ]),
    ("Chapter 3: Hill Walks", [
        ("Walk 3: Cefn Ridge", [
            "Hard. 14 km, 520 metres of ascent, allow 5 to 6 hours.",
            "The summit trig point is at 612 metres. The ridge is exposed; turn back if the cloud is low.",
            "Start from the Cefn Gap lay-by, which has room for about 8 cars.",
        ]),
        ("Walk 4: Garth Wood and the Quarry", [
            "Moderate. 9 km, 310 metres of ascent, allow 3 hours.",
            "The old quarry edge is unfenced. Keep dogs on leads between March and July because of "
            "ground-nesting birds.",
        ]),
    ]),
    ("Chapter 4: Where to Eat and Drink", [
        ("The Drover's Arms, Cefn Gap", [
            "Food is served from 12 noon to 2:30 pm and from 6 pm to 9 pm. Walkers are asked to leave muddy "
            "boots in the porch.",
        ]),
        ("Nettle and Thyme tea room, Millbrook", [
            "Closed on Mondays. Open 9:30 am to 4 pm on other days. Famous for its bara brith.",
        ]),
    ]),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, KIT_TITLE, KIT_SECTIONS, author="Lewis Garner", modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, CHOIR_TITLE, CHOIR_SECTIONS, generator="bench/docs_qa/set_c/make.py",
                      creator="Mei Pritchard", date="2025-02-12T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in POT_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0071)https://www.millbrook-learning.example/account/bookings/MALC-BK-60217 -->
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Booking confirmation: Beginners' Wheel Throwing | Millbrook Adult Learning Centre</title>
  <link rel="stylesheet" href="./Booking confirmation_files/site.css">
  <script src="./Booking confirmation_files/analytics.js"></script>
  <style>.promo{{background:#7a2e1f;color:#fff;padding:6px;text-align:center}}</style>
</head>
<body>
  <div class="promo">Summer courses now open: save 10% when you book any summer course before 31 May. Evening taster sessions from just £12.</div>
  <header>
    <a class="logo" href="/">Millbrook Adult Learning Centre</a>
    <p class="strap">Learn something new this year</p>
    <nav>
      <ul>
        <li><a href="/courses">All courses</a></li>
        <li><a href="/courses/art-and-craft">Art and craft</a></li>
        <li><a href="/courses/languages">Languages</a></li>
        <li><a href="/fees">Fees and concessions</a></li>
        <li><a href="/visit">Find us</a></li>
        <li><a href="/account">My account</a></li>
      </ul>
    </nav>
  </header>
  <div class="breadcrumb"><a href="/account">My account</a> &gt; <a href="/account/bookings">My bookings</a> &gt; MALC-BK-60217</div>
  <main>
    <article>
      <h1>Booking confirmation: Beginners' Wheel Throwing</h1>
      <p class="lead">Thank you for booking with us. Please keep this page for your records.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>You might also like</h3>
    <ul>
      <li><a href="/courses/cer-210">Intermediate Throwing: 10 weeks, Mondays 7 pm, £189</a></li>
      <li><a href="/courses/cer-150">Hand-building Weekend: Saturday 17 May, 10 am to 4 pm, £75</a></li>
      <li><a href="/courses/art-120">Watercolour for Beginners: 6 weeks, Thursdays, £96</a></li>
    </ul>
    <p>Concessions: 30% off course fees for learners on qualifying benefits. Ask at reception.</p>
  </aside>
  <footer>
    <p>Millbrook Adult Learning Centre, Foundry Street, Millbrook, Cresswell CR4 3HD.</p>
    <p>Reception: 01632 965 200, Monday to Friday 9 am to 5 pm. Run by Cresswell Council, registered charity no. 1107734.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/cookies">Cookies</a> | <a href="/terms">Terms and conditions</a></p>
    <p>&copy; 2025 Millbrook Adult Learning Centre</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2023-06-01",
                       uid="urn:uuid:7c41a0e2-5d9b-4f37-9a18-3e6b2d8f0c55")


DOCS = {
    "car_lease_agreement.pdf": lambda p: write_pdf(p, LEASE_TITLE, LEASE_PAGES, "Personal contract hire agreement"),
    "travel_insurance_policy.pdf": lambda p: write_pdf(p, TRAVEL_TITLE, TRAVEL_PAGES, "Travel insurance policy"),
    "kitchen_refit_quote.docx": write_docx,
    "choir_committee_minutes.odt": write_odt,
    "camping_trip_plan.md": lambda p: p.write_text(CAMP_MD, encoding="utf-8"),
    "dad_care_notes.txt": lambda p: p.write_text(DAD_TXT, encoding="utf-8"),
    "pottery_course_booking.html": write_html,
    "walks_from_millbrook.epub": write_epub,
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, writer in DOCS.items():
        writer(OUT / name)
        print(f"{name}: {(OUT / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
