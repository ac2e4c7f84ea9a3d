"""Build docs-QA set M (README.md beside this file): its six documents into docs/ and questions.json.

Set M is a held-out test set written by a separate writer, independent of sets A to L: a household in
Serangoon, Singapore (amounts written "S$51,230.00", "$1,288++" and "$20"; dd/mm/yyyy and written dates;
times written "2.30pm", "8.10am" and "1130 hrs"; HDB, CPF, MediSave, MediShield Life, IRAS stamp duty,
town council S&CC, PayNow and GIRO; phone numbers in an obviously fictional 555 block: mobiles
9555 01xx, landlines 6555 01xx). Six documents, one per format: PDF, DOCX, EPUB, Markdown, HTML and
plain text. Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-l && /tmp/docqa-venv-l/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-l/bin/python bench/docs_qa/set_m/make.py

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
PERSON = "Goh Siew Ling"
PARTNER = "Alvin Koh Jun Wei"
ADDRESS = "Blk 235 Serangoon Avenue 3, #09-118, Singapore 550235"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author="Studio Teak Interior Pte. Ltd.",
                              creator="bench/docs_qa/set_m/make.py")

RENO = "renovation_contract.pdf"
CNY = "cny_reunion_plan.docx"
KNEE = "mum_knee_operation.epub"
MOVE = "moving_house.md"
FERRY = "bintan_booking.html"
WAKE = "pa_funeral_notes.txt"

# ---------------------------------------------------------------------------------------------
# 1. Renovation contract for the resale HDB flat (PDF, reportlab), 6 forced pages
# ---------------------------------------------------------------------------------------------
RENO_TITLE = "Studio Teak Interior: Renovation Contract STI/Q/26-0873"
RENO_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", "Renovation Quotation and Contract"),
        ("p", "Quotation and contract no. STI/Q/26-0873. Date: 5 October 2026."),
        ("h2", "1. Parties"),
        ("p", f"The owners: Mr {PARTNER} (NRIC ending 412F) and Mdm {PERSON} (NRIC ending 088C), of {ADDRESS} "
              "(the premises)."),
        ("p", "The contractor: Studio Teak Interior Pte. Ltd., 21 Ubi Crescent #03-07, Singapore 408580, UEN "
              "201955501K. HDB-registered renovation contractor, registration no. HB-09-5551E. CaseTrust "
              "accredited."),
        ("h2", "2. The premises and the scope"),
        ("p", "A 4-room resale HDB flat of 92 square metres: living and dining, kitchen, three bedrooms and two "
              "bathrooms. The owners collect the keys on 28 October 2026."),
        ("p", "The works are hacking and masonry, wet works and tiling, vinyl flooring, carpentry, electrical and "
              "plumbing works, painting, and a final clean. Air-conditioning, curtains, loose furniture and "
              "appliances are not part of this contract."),
        ("p", "The contractor will apply to HDB for the renovation permit for the works that need one (hacking "
              "of the kitchen wall and the bathroom floors) and will display the renovation notice at the main "
              "door for the whole of the works."),
    ],
    [  # page 2
        ("h2", "3. Hacking and masonry"),
        ("p", "Hack the non-structural wall between the kitchen and the dining area, and make good: S$2,800.00. "
              "Hack the existing floor and wall tiles of both bathrooms and dispose of the debris: S$3,600.00. "
              "HDB renovation permit no. HDB/RP/26/555318."),
        ("h2", "4. Wet works and tiling"),
        ("p", "Waterproofing membrane to both bathroom floors, with a 48-hour ponding test: S$1,200.00."),
        ("p", "Bathroom floor and wall tiles, 300 x 600 mm porcelain, supply and lay: S$6,400.00 for both "
              "bathrooms. Kitchen floor overlay with 600 x 600 mm homogeneous tiles, 95 sq ft at S$9.50 psf: "
              "S$902.50."),
        ("h2", "5. Vinyl flooring"),
        ("p", "5 mm SPC vinyl flooring in the living and dining area and all three bedrooms, laid over the existing "
              "floor, 720 sq ft at S$5.20 psf: S$3,744.00. Skirting in matching colour: S$680.00."),
        ("p", "The owners choose the shade from the showroom samples by 20 October 2026. Vinyl cannot be laid in "
              "the kitchen or the bathrooms."),
    ],
    [  # page 3
        ("h2", "6. Carpentry"),
        ("p", "Kitchen bottom cabinets, 14 ft run at S$260 per foot-run: S$3,640.00. Kitchen top cabinets, 12 ft "
              "run at S$190 per foot-run: S$2,280.00. Quartz countertop, 14 ft, with an undermount sink cut-out: "
              "S$3,150.00."),
        ("p", "Master bedroom wardrobe, 8 ft wide, full height, with sliding doors: S$3,360.00. Shoe cabinet at "
              "the entrance, 5 ft: S$1,150.00. Study table with a top shelf in the common bedroom: S$980.00."),
        ("p", "All carpentry in 18 mm plywood with laminate; soft-close hinges and drawer runners throughout."),
        ("h2", "7. Electrical and plumbing"),
        ("p", "Rewiring of the whole flat by a licensed electrical worker, with a new distribution board: "
              "S$3,900.00. 14 new power points at S$95 each: S$1,330.00. 10 LED downlights at S$45 each: "
              "S$450.00."),
        ("p", "New kitchen sink tap and two basin taps, supply and install: S$720.00. Storage water heater "
              "installation (the heater is supplied by the owners): S$280.00."),
        ("h2", "8. Painting and cleaning"),
        ("p", "Paint the whole flat, walls and ceilings, 2 coats of Nippon Odourless: S$1,650.00. Final chemical "
              "wash and clean before handover: S$450.00."),
    ],
    [  # page 4
        ("h2", "9. Contract sum"),
        ("p", "Subtotal of sections 3 to 8: S$42,666.50. Less the package discount: S$1,666.50. Net: S$41,000.00. "
              "GST at 9%: S$3,690.00. Contract sum: S$44,690.00."),
        ("h2", "10. Payment"),
        ("p", "10% on signing this contract (S$4,469.00); 40% when hacking starts (S$17,876.00); 35% when the "
              "carpentry is installed (S$15,641.50); 10% on completion (S$4,469.00); and a final 5% (S$2,234.50), "
              "paid 30 days after handover if all defects reported at handover are fixed."),
        ("p", "Pay by PayNow to UEN 201955501K, quoting STI0873, or by cheque to Studio Teak Interior Pte. Ltd. "
              "The contractor does not take cash. Any variation must be agreed in writing and priced before the "
              "work is done."),
        ("h2", "11. Programme and working hours"),
        ("p", "Works start on 2 November 2026 and will be complete by 28 December 2026 (8 weeks)."),
        ("p", "Hacking and drilling only from 9am to 5pm, Monday to Friday, as HDB requires. Other works from 9am "
              "to 6pm, Monday to Saturday. No works on Sundays or public holidays."),
        ("p", "If the works are late through the contractor's fault, the contractor will pay the owners S$50 for "
              "each day of delay, up to S$2,000 in all."),
    ],
    [  # page 5
        ("h2", "12. Warranty"),
        ("p", "General workmanship: 12 months from handover. Waterproofing of the bathroom floors: 5 years. "
              "Carpentry carcass and laminate: 3 years. Soft-close hinges and runners: the manufacturer's 10 "
              "years. Electrical works: 12 months."),
        ("p", "Defects reported within 7 days of handover will be fixed within 14 days. The warranty does not "
              "cover damage from misuse, flooding caused by others or changes made by other contractors."),
        ("h2", "13. The owners' obligations"),
        ("p", "The owners will give the contractor the keys and access during working hours, keep water and "
              "electricity connected, and choose all finishes by 20 October 2026."),
        ("p", "The owners will inform their immediate neighbours before the works start. The contractor will "
              "protect the lift and the corridor and clear the debris daily."),
        ("p", "A set of keys lent to the contractor will be returned at handover."),
    ],
    [  # page 6
        ("h2", "14. Cancellation"),
        ("p", "If the owners cancel before the works start, the contractor keeps the deposit paid on signing. "
              "If they cancel after the works start, they pay for the work done and materials ordered, plus 15% "
              "of the value of the works not yet done."),
        ("h2", "15. Disputes"),
        ("p", "The parties will first try to settle a dispute through mediation by the Consumers Association of "
              "Singapore. A claim up to S$20,000 may go to the Small Claims Tribunals."),
        ("h2", "16. Contacts"),
        ("p", "Designer: Ms Jasmine Ong, 9555 0141. Site supervisor: Mr Abdul Rahman, 9555 0147. Office: "
              "6555 0160 (Monday to Friday, 9.30am to 6.30pm)."),
        ("p", f"Signed for the contractor: Ms Jasmine Ong, Director. Signed by the owners: {PARTNER} and "
              f"{PERSON}, on 5 October 2026."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Chinese New Year reunion dinner and visiting plan (DOCX, python-docx)
# ---------------------------------------------------------------------------------------------
CNY_TITLE = "Chinese New Year 2027: Reunion Dinner and Visiting Plan"
CNY_SECTIONS: list[tuple[str, list[str]]] = [
    ("The dates", [
        "Reunion dinner on Chinese New Year's Eve, Friday 5 February 2027. Day 1 is Saturday 6 February, "
        "Day 2 is Sunday 7 February.",
        "This is our first CNY in the Serangoon flat, and the first since Pa passed away. As we are in the "
        "mourning year, Alvin's side will not go house-visiting and will not put up red decorations; relatives "
        "are welcome to come and see Ma instead.",
        "Plan written by Siew Ling. Last updated 28/11/2026.",
    ]),
    ("Reunion dinner", [
        "Jade Harbour Restaurant, Level 3, Novena Square. Second seating, 8.00pm to 10.30pm (the first seating "
        "is 5.30pm to 7.30pm, too early for Kenneth).",
        "Booking ref JH-0205-117, under Koh, for 12 people: a table for 10 plus 2, with a baby chair for Isaac "
        "and a table near the entrance for Mum's walking frame.",
        "Prosperity Set for 10 at $1,288++, and 2 extra persons at $118++ each. Yu sheng is included.",
        "Deposit of $300 paid by PayNow on 12/11/2026. Estimated bill with service charge and GST: $1,827.28, "
        "shared by Alvin, Kenneth and Irene.",
    ]),
    ("Who is coming", [
        "Ma; Mum (Siew Ling's mother, Mdm Lee Ah Lian, two and a half weeks after her knee operation); Alvin, "
        "Siew Ling and Ethan; Kenneth, Joanne, Chloe (8) and Ryan (5); Irene, Marcus and baby Isaac.",
        "12 in all. Kenneth drives Ma and Mum there and back.",
    ]),
    ("Visiting plan", [
        "Day 1 (Saturday): 10.00am, lo hei and lunch at Ma's flat in Bishan with Alvin's side. 3.30pm, "
        "Siew Ling's side: Auntie Mabel's house in Pasir Ris, then dinner there.",
        "Day 2 (Sunday): our open house (see below).",
        "Day 3 (Monday 8 February): rest day. Ethan goes back to school on Tuesday.",
    ]),
    ("Ang bao", [
        "Ethan's cousins (Chloe, Ryan and Isaac): $20 each.",
        "Other children of relatives and friends: $10 each, about 30 packets.",
        "Ma and Mum: $388 each.",
        "The estate cleaner and the security guard: $8 each.",
        "Budget for ang bao: $1,250 in all.",
        "New notes pre-booked online: collect from the bank's pop-up ATM at NEX from 18 January 2027.",
    ]),
    ("Goodies and orders", [
        "Bak kwa: 2 kg sliced from Loong Kee at $72 per kg, order no. 0417. Collect on Saturday 30 January 2027 "
        "between 10am and 1pm. No delivery during the CNY period.",
        "Pineapple tarts: 4 tubs at $26.80 from Auntie Rosalind (home baker), paid $107.20 by PayNow; she "
        "delivers on 1 February.",
        "Mandarin oranges: 2 boxes, to buy at the Serangoon market on 3 February.",
    ]),
    ("Our open house", [
        "Sunday 7 February 2027, 2pm to 6pm, at our new flat. About 25 guests.",
        "Buffet from Makan Box Catering for 25 pax at $16.90 per pax before GST, delivery $30. Order "
        "MBC-77152; delivered by 1.30pm.",
        "Spring cleaning on Sunday 31 January, all hands.",
    ]),
    ("Jobs", [
        "Alvin: collect the bak kwa and the new notes, and book the car park for the open house guests.",
        "Siew Ling: ang bao packets, the caterer and the restaurant. Ethan: stick the packets and help clean.",
        "Irene: brings the yu sheng crackers and sauce for Day 1 lunch.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Mum's knee operation: notes and plans (EPUB 3)
# ---------------------------------------------------------------------------------------------
KNEE_TITLE = "Mum's Knee Operation: Notes and Plans"
KNEE_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("The operation", [
        ("What and when", [
            "Mum (Mdm Lee Ah Lian, 72) is having a total knee replacement of her left knee.",
            "Surgery on Tuesday 19 January 2027. Register at the Admission Office, Level 1, at 6.30am. The "
            "operation should start at about 9.00am and take 2 to 3 hours.",
        ]),
        ("Hospital and doctor", [
            "Kallang Valley Hospital, Orthopaedic Surgery. Surgeon: Dr Benjamin Tan Wei Jie.",
            "Ward 7B, class B1 (4-bedded, air-conditioned). We chose B1 because her Shield plan covers up to "
            "class B1.",
        ]),
    ]),
    ("Before the operation", [
        ("Pre-op assessment", [
            "Tuesday 5 January 2027 at 9.30am, Clinic 3B: blood tests, ECG and a chest X-ray, and a talk with "
            "the anaesthetist. Allow about 3 hours.",
        ]),
        ("Medicines to stop", [
            "Aspirin: stop 7 days before the operation, so the last tablet is on 11 January.",
            "Fish oil: stop 14 days before.",
            "Blood pressure pill (amlodipine): keep taking it, including on the morning of the operation with a "
            "sip of water.",
        ]),
        ("Fasting", [
            "No food after midnight on the night before. Plain water is allowed until 4.00am.",
        ]),
    ]),
    ("Paying for it", [
        ("Estimated bill", [
            "The financial counsellor estimated S$16,800 for a B1 ward and a 4-day stay. In a class A ward it "
            "would be about S$24,500. Financial counselling was done on 8 December 2026.",
        ]),
        ("MediShield Life and her Shield plan", [
            "Her Integrated Shield plan (with MediShield Life inside it) pays the bill after a deductible of "
            "S$2,500 and co-insurance of 10% of the rest. She has no rider.",
            "So Mum pays about S$3,930: the S$2,500 deductible plus S$1,430 of co-insurance.",
        ]),
        ("MediSave", [
            "Mum's MediSave balance: S$9,870 (as at November 2026). Her share of the bill comes from her MediSave "
            "first; Siew Ling can use her own MediSave for the rest, as it is for a parent.",
            "Deposit at admission: S$500 by NETS, taken off the final bill.",
        ]),
    ]),
    ("After the operation", [
        ("In hospital", [
            "A stay of 4 to 5 days. Physiotherapy starts the day after the operation, walking with a frame.",
            "Visiting hours: 12 noon to 8.30pm, at most 2 visitors at the bed at a time.",
        ]),
        ("Going home", [
            "Mum will stay with us in Serangoon for the first 6 weeks.",
            "Walking frame rented from CareMart at S$45 a month (deposit S$50). Commode chair bought for S$89. "
            "Ice pack for the knee, 20 minutes at a time.",
        ]),
        ("Physio and follow-up", [
            "Outpatient physiotherapy at the hospital's Rehab Centre twice a week, on Tuesdays and Fridays, for "
            "8 weeks: S$68 a session before subsidy.",
            "Follow-up with Dr Tan: 2 February 2027 at 10.40am (wound check, 2 weeks after) and 16 March 2027 at "
            "2.15pm (X-ray, 8 weeks after). The stitches dissolve on their own.",
            "No driving for 6 weeks (Mum doesn't drive, but Kenneth asked). No kneeling or squatting for 3 months.",
        ]),
    ]),
    ("Numbers and roster", [
        ("Phone numbers", [
            "Ward 7B: 6555 0172. Orthopaedic clinic appointments: 6555 0178. Rehab Centre: 6555 0185. "
            "CareMart: 6555 0193. Kelvin (my brother): 9555 0124.",
        ]),
        ("Who does what", [
            "Siew Ling takes leave from 19 to 22 January. Kelvin stays with Mum on the first night in hospital.",
            "Kelvin brings Mum to the Tuesday physio; Siew Ling does the Fridays.",
        ]),
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Moving house checklist (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
MOVE_MD = """\
# Our move to Serangoon: checklist and notes

Siew Ling's notes. Last updated 27/11/2026.

## The new flat

Blk 235 Serangoon Avenue 3, #09-118, Singapore 550235. A 4-room resale flat, 92 sqm, lease started in
1988, so about 61 years left.

Completion and key collection at HDB Hub, Toa Payoh: Wednesday 28 October 2026 at 2.30pm. Bring both our
NRICs.

## Money for the purchase

| Item | Amount | Notes |
| --- | --- | --- |
| Resale price | S$628,000 | agreed with the sellers in August |
| Option fee | S$1,000 | paid 14/08/2026 |
| Option exercise fee | S$4,000 | paid 28/08/2026 |
| Cash over valuation | S$15,000 | cash only, no CPF |
| Buyer's stamp duty | S$13,440 | paid to IRAS within 14 days of exercising the option |
| Conveyancing lawyer | S$2,180 | Lim & Partners |
| Proximity Housing Grant | S$30,000 | we live within 4 km of Ma in Bishan |

## Leaving the rented flat

Blk 318 Hougang Avenue 5, #05-233. Rent S$2,800 a month. Landlord: Mr Teo.

The tenancy ends on 15 January 2027. We gave 2 months' notice by letter on 10 November 2026.

Joint inspection with Mr Teo: Friday 15 January 2027 at 11.00am. The aircon must be serviced before
then and we hand back 3 sets of keys. The deposit of S$5,600 comes back within 14 days after handover.

## Movers

Swift Ant Movers, Mr Bala, 9555 0152. Saturday 9 January 2027, arriving 8.00am at Hougang.

A 3-ton lorry and 4 men: S$1,350 for up to 5 hours, then S$90 for each extra hour. 40 boxes delivered
free a week before; bubble wrap extra.

## Utilities and services

- Electricity and water: open the SP account at least 3 working days before moving in (we chose
  6 January 2027). Security deposit S$70 with GIRO.
- Gas: turn-on appointment on 7 January 2027, between 9am and 1pm.
- Town council S&CC charges: S$78.50 a month, by GIRO.
- Season parking for the car: S$110 a month from 1 January 2027, applied on the Parking.sg app.

## Change of address

Report the new address online to ICA within 28 days of moving; it updates our NRICs and most government
agencies. Then tell the banks, the insurers, Ethan's school and the car workshop.

## Appliances

Fridge S$1,899 and washing machine S$989, delivered on Friday 8 January 2027 between 2pm and 6pm.
The storage water heater (S$339) goes to the contractor to install.

## Contacts

Town council: 6555 0133. Swift Ant Movers office: 6555 0150. Lim & Partners: 6555 0138.
"""

# ---------------------------------------------------------------------------------------------
# 5. Bintan weekend booking confirmation (HTML, browser-saved page)
# ---------------------------------------------------------------------------------------------
FERRY_SECTIONS: list[tuple[str, list[str]]] = [
    ("Booking summary", [
        "Booking reference: IH-7K2Q55. Booked on 14/11/2026 by Goh Siew Ling.",
        "Bintan Island, Indonesia: ferry and resort, 2 nights, Friday 18 December to Sunday 20 December 2026.",
    ]),
    ("Travellers", [
        "Goh Siew Ling (adult), Alvin Koh Jun Wei (adult), Ethan Koh Yu Heng (child, age 11).",
    ]),
    ("Outbound ferry", [
        "Friday 18 December 2026. Tanah Merah Ferry Terminal, Singapore to Bandar Bentan Telani, Bintan.",
        "Departs 8.10am (Singapore time). Arrives 8.05am (Indonesia time, 1 hour behind Singapore).",
        "Bintan Link Ferries, Emerald class. Seats are given at check-in.",
    ]),
    ("Return ferry", [
        "Sunday 20 December 2026. Bandar Bentan Telani to Tanah Merah Ferry Terminal.",
        "Departs 4.30pm (Indonesia time). Arrives 6.25pm (Singapore time).",
    ]),
    ("At the terminal", [
        "The check-in counter closes 60 minutes before departure. Please arrive 90 minutes before.",
        "Baggage allowance: 20 kg per person. Show this booking and your passports at counter B.",
    ]),
    ("Your resort", [
        "Pantai Serai Resort and Spa, Lagoi, Bintan. Deluxe Sea View room with a king bed and an extra bed for "
        "the child.",
        "Check-in from 2.00pm. Check-out by 12.00pm. Breakfast for 3 included daily.",
        "Free resort shuttle from the ferry terminal, about 20 minutes. Resort credit of S$30 per room per stay.",
    ]),
    ("Price breakdown", [
        "Ferry: 2 adults at S$78 and 1 child at S$62: S$218.00.",
        "Fuel surcharge and terminal fees: S$39 per person: S$117.00.",
        "Resort: 2 nights at S$340: S$680.00. Extra bed: 2 nights at S$45: S$90.00.",
        "Total paid: S$1,105.00, by Visa card ending 4417.",
    ]),
    ("Cancellation and changes", [
        "Free cancellation until 4 December 2026, 11.59pm. After that, 50% of the total is charged. No refund "
        "within 72 hours of departure or for a no-show.",
        "Date or name changes: S$25 per person per change, plus any difference in fare.",
    ]),
    ("Before you go", [
        "Each passport must be valid for at least 6 months from the date you arrive in Indonesia.",
        "Complete the arrival card and customs declaration online within 3 days before you travel.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Pa's funeral: arrangements and records (plain text, written verbatim)
# ---------------------------------------------------------------------------------------------
WAKE_TXT = """\
Pa's funeral: arrangements and records
======================================

Siew Ling's notes for the family. Pa (Koh Beng Huat, 81) passed away at home in Bishan on
3 September 2026. Last updated 20/11/2026.

Registering the death
---------------------

The house-call doctor, Dr Farah Ismail, certified and registered the death the same evening.
Her fee: S$350, paid by PayNow.
Digital death certificate no. DC-2026-5550917, downloaded on 3 September 2026.

The wake
--------

Taoist rites, 3 nights, 4 to 6 September 2026, at the void deck of Blk 104 Bishan Street 12.
Void deck booked through the town council; deposit S$200, refunded on 10 October after they checked
the area.
Visiting hours we told relatives: 10am to 11pm. The family kept watch through the night.

Funeral director
----------------

Everlasting Lotus Funeral Services. Mr Desmond Chia, 9555 0161; 24-hour line 6555 0166.
Serenity Taoist package: S$13,888. It included the casket, the hearse, the tentage, 200 chairs and 24
tables, prayers by priests on 2 nights, the cremation booking and the enlarged photo.
Extras: catering for the second night S$2,450; 50 more chairs S$120.

The funeral day
---------------

Monday 7 September 2026. The cortege left the void deck at 1130 hrs for Mandai Crematorium, Hall 3,
service at 1.30pm.
Cremation fee: S$100.
Ashes collected on 8 September 2026 at 9.00am.

The niche
---------

Choa Chu Kang columbarium, niche no. 3-12-0457. Fee: S$1,200.
The plaque with Pa's photo was put up on 2 October 2026.
Qing Ming visit: Saturday 3 April 2027 at 8.00am, before the crowds.

Bai jin
-------

Total condolence money received: S$18,640, counted on 7 September by Kenneth and me.
We gave every visitor a red thread and a sweet in a small envelope.
The obituary in the Chinese paper cost S$1,980.

Costs and sharing
-----------------

Package, extras, doctor, cremation, niche and obituary: S$20,088 in all.
After the bai jin, S$1,448 was left to pay, shared by Alvin, Kenneth and Irene: S$482.67 each.

Pa's estate
-----------

CPF: Pa made a nomination in 2019, so the CPF Board paid his CPF savings of S$84,312.55 to Ma.
The Bishan flat was owned with Ma as joint tenants, so it passes to her.
His bank account in his sole name (S$23,400) is being handled by the Public Trustee, as the estate is
under S$50,000. Application filed on 25 September 2026.
Life insurance: S$30,000 to Ma; claim sent on 21 September 2026.

Prayers after
-------------

49th day prayers: Wednesday 21 October 2026 at 7.30pm, at Ma's flat.
100th day prayers: Friday 11 December 2026 at 7.30pm, at Ma's flat.
"""

# ---------------------------------------------------------------------------------------------
# Questions
# ---------------------------------------------------------------------------------------------
# (id, question, document, page (PDF) or heading (others), answers: canonical first)
QUESTIONS: list[tuple[str, str, str, int | str, list[str]]] = [
    # renovation contract (PDF): pages
    ("reno-01", "What's the renovation contractor's HDB registration number?", RENO, 1, ["HB-09-5551E"]),
    ("reno-02", "What's the HDB permit number for knocking down the kitchen wall?", RENO, 2,
     ["HDB/RP/26/555318"]),
    ("reno-03", "How much are they charging to knock down the wall between the kitchen and dining?", RENO, 2,
     ["S$2,800.00", "2,800", "$2,800"]),
    ("reno-04", "What's the per square foot rate for the vinyl floors?", RENO, 2, ["S$5.20", "$5.20"]),
    ("reno-05", "By when do we have to pick the colour of the floor?", RENO, 2,
     ["20 October 2026", "20/10/2026", "20th October"]),
    ("reno-06", "How much is the stone kitchen counter?", RENO, 3, ["S$3,150.00", "3,150", "$3,150"]),
    ("reno-07", "How many extra sockets are they putting in?", RENO, 3, ["14"]),
    ("reno-08", "How much is painting the whole flat?", RENO, 3, ["S$1,650.00", "1,650", "$1,650"]),
    ("reno-09", "What's the total for the renovation including GST?", RENO, 4,
     ["S$44,690.00", "44,690", "$44,690"]),
    ("reno-10", "How much do we pay the contractor once the cabinets are in?", RENO, 4,
     ["S$15,641.50", "15,641.50"]),
    ("reno-11", "How much did we pay the reno contractor when we signed?", RENO, 4, ["S$4,469.00", "4,469"]),
    ("reno-12", "When is the renovation supposed to be finished?", RENO, 4,
     ["28 December 2026", "28/12/2026", "28th December"]),
    ("reno-13", "What hours are the noisy works like hacking allowed?", RENO, 4,
     ["9am to 5pm", "9 am to 5 pm", "9am-5pm"]),
    ("reno-14", "How much does the contractor owe us per day if the reno runs late?", RENO, 4, ["S$50", "$50"]),
    ("reno-15", "How long is the waterproofing in the bathrooms guaranteed for?", RENO, 5, ["5 years", "five years"]),
    ("reno-16", "If we pull out after the reno has started, what extra percentage do we pay on the unfinished work?",
     RENO, 6, ["15%", "15 percent", "15 per cent"]),
    ("reno-17", "What's the site supervisor's mobile number?", RENO, 6, ["9555 0147", "95550147"]),
    # CNY plan (DOCX): Heading-1 sections
    ("cny-01", "Which day is the reunion dinner this year?", CNY, "The dates",
     ["Friday 5 February 2027", "5 February 2027", "5/2/2027", "05/02/2027", "5th February"]),
    ("cny-02", "What time is our reunion dinner seating?", CNY, "Reunion dinner", ["8.00pm", "8pm", "8 pm", "20:00"]),
    ("cny-03", "What's the booking reference at the restaurant for CNY eve?", CNY, "Reunion dinner", ["JH-0205-117"]),
    ("cny-04", "How much is the set menu for the reunion table before service charge and tax?", CNY, "Reunion dinner",
     ["$1,288++", "$1,288", "1,288"]),
    ("cny-05", "How much deposit did we put down for the reunion dinner?", CNY, "Reunion dinner", ["$300"]),
    ("cny-06", "Roughly what will the reunion dinner bill come to in the end?", CNY, "Reunion dinner",
     ["$1,827.28", "1,827.28", "1,827"]),
    ("cny-07", "How many of us are going for reunion dinner?", CNY, "Who is coming", ["12"]),
    ("cny-08", "What time do we go to Ma's for lo hei on the first day?", CNY, "Visiting plan",
     ["10.00am", "10am", "10 am"]),
    ("cny-09", "When are we going to Auntie Mabel's?", CNY, "Visiting plan", ["3.30pm", "3:30 pm", "3.30 pm"]),
    ("cny-10", "How much goes in the red packets for Ethan's cousins?", CNY, "Ang bao", ["$20"]),
    ("cny-11", "How much are we giving Ma and Mum in their red packets?", CNY, "Ang bao", ["$388"]),
    ("cny-12", "What's the total red packet budget?", CNY, "Ang bao", ["$1,250", "1,250"]),
    ("cny-13", "How much per kilo is the bak kwa?", CNY, "Goodies and orders", ["$72"]),
    ("cny-14", "When do we pick up the bak kwa?", CNY, "Goodies and orders",
     ["Saturday 30 January 2027", "30 January 2027", "30/1/2027", "30/01/2027", "30th January"]),
    ("cny-15", "What did the pineapple tarts cost altogether?", CNY, "Goodies and orders", ["$107.20", "107.20"]),
    ("cny-16", "What hours is our Chinese New Year open house?", CNY, "Our open house",
     ["2pm to 6pm", "2 pm to 6 pm", "2pm-6pm"]),
    ("cny-17", "How much per person is the buffet for the open house?", CNY, "Our open house", ["$16.90", "16.90"]),
    # Mum's knee operation (EPUB): h2 subsections
    ("knee-01", "Which knee is Mum having replaced?", KNEE, "What and when", ["left knee"]),
    ("knee-02", "What date is Mum's operation?", KNEE, "What and when",
     ["19 January 2027", "19/1/2027", "19/01/2027", "19th January"]),
    ("knee-03", "What time does Mum have to check in at the hospital on the day?", KNEE, "What and when",
     ["6.30am", "6:30 am", "6.30 am"]),
    ("knee-04", "What's the name of Mum's surgeon?", KNEE, "Hospital and doctor", ["Dr Benjamin Tan", "Benjamin Tan"]),
    ("knee-05", "Which ward is Mum going to be in?", KNEE, "Hospital and doctor", ["Ward 7B", "7B"]),
    ("knee-06", "When is Mum's pre-surgery check?", KNEE, "Pre-op assessment",
     ["5 January 2027", "5/1/2027", "05/01/2027", "5th January"]),
    ("knee-07", "When does Mum take her last aspirin before the op?", KNEE, "Medicines to stop",
     ["11 January", "11/1/2027", "11/01/2027", "11th January"]),
    ("knee-08", "Until what time can Mum still drink water before surgery?", KNEE, "Fasting",
     ["4.00am", "4am", "4 am"]),
    ("knee-09", "How much did the hospital estimate the knee operation would cost?", KNEE, "Estimated bill",
     ["S$16,800", "16,800", "$16,800"]),
    ("knee-10", "What's the deductible on Mum's insurance for the op?", KNEE, "MediShield Life and her Shield plan",
     ["S$2,500", "2,500", "$2,500"]),
    ("knee-11", "How much of the knee op bill do we end up paying ourselves?", KNEE,
     "MediShield Life and her Shield plan", ["S$3,930", "3,930", "$3,930"]),
    ("knee-12", "How much does Mum have in her MediSave?", KNEE, "MediSave", ["S$9,870", "9,870", "$9,870"]),
    ("knee-13", "What are the visiting hours on Mum's ward?", KNEE, "In hospital",
     ["12 noon to 8.30pm", "12pm to 8.30pm", "noon to 8.30pm"]),
    ("knee-14", "How much is the walking frame rental each month?", KNEE, "Going home", ["S$45", "$45"]),
    ("knee-15", "How much is each physio session before the subsidy?", KNEE, "Physio and follow-up", ["S$68", "$68"]),
    ("knee-16", "When's Mum's first check-up with the surgeon after the op?", KNEE, "Physio and follow-up",
     ["2 February 2027", "2/2/2027", "02/02/2027", "2nd February"]),
    ("knee-17", "What's the number for Mum's ward?", KNEE, "Phone numbers", ["6555 0172", "65550172"]),
    # moving house (Markdown): ## sections
    ("move-01", "When do we collect the keys to the new flat?", MOVE, "The new flat",
     ["28 October 2026", "28/10/2026", "28th October"]),
    ("move-02", "What time is the key collection appointment at HDB?", MOVE, "The new flat",
     ["2.30pm", "2:30 pm", "2.30 pm"]),
    ("move-03", "How many years are left on the flat's lease?", MOVE, "The new flat", ["61 years", "61"]),
    ("move-04", "What did we pay for the flat?", MOVE, "Money for the purchase", ["S$628,000", "628,000", "$628,000"]),
    ("move-05", "How much cash did we have to top up above the valuation?", MOVE, "Money for the purchase",
     ["S$15,000", "15,000", "$15,000"]),
    ("move-06", "How much stamp duty did we pay on the flat?", MOVE, "Money for the purchase",
     ["S$13,440", "13,440", "$13,440"]),
    ("move-07", "How much is the grant for living near Ma?", MOVE, "Money for the purchase",
     ["S$30,000", "30,000", "$30,000"]),
    ("move-08", "What's the monthly rent on the Hougang flat?", MOVE, "Leaving the rented flat",
     ["S$2,800", "2,800", "$2,800"]),
    ("move-09", "When is the handover inspection with the landlord?", MOVE, "Leaving the rented flat",
     ["15 January 2027", "15/1/2027", "15/01/2027", "15th January"]),
    ("move-10", "How much deposit should we get back from the landlord?", MOVE, "Leaving the rented flat",
     ["S$5,600", "5,600", "$5,600"]),
    ("move-11", "Which day are the movers coming?", MOVE, "Movers",
     ["Saturday 9 January 2027", "9 January 2027", "9/1/2027", "09/01/2027", "9th January"]),
    ("move-12", "How much do the movers charge for every hour over the limit?", MOVE, "Movers", ["S$90", "$90"]),
    ("move-13", "How much is the movers' quote for the lorry and crew?", MOVE, "Movers", ["S$1,350", "1,350", "$1,350"]),
    ("move-14", "When is the gas being turned on at the new place?", MOVE, "Utilities and services",
     ["7 January 2027", "7/1/2027", "07/01/2027", "7th January"]),
    ("move-15", "What are the monthly conservancy charges for the new flat?", MOVE, "Utilities and services",
     ["S$78.50", "78.50", "$78.50"]),
    ("move-16", "How long do we have to update our address with ICA after moving?", MOVE, "Change of address",
     ["28 days"]),
    ("move-17", "When are the new fridge and washer being delivered?", MOVE, "Appliances",
     ["Friday 8 January 2027", "8 January 2027", "8/1/2027", "08/01/2027", "8th January"]),
    # Bintan booking (HTML): h2 sections inside <main>
    ("ferry-01", "What's the booking number for our Bintan trip?", FERRY, "Booking summary", ["IH-7K2Q55"]),
    ("ferry-02", "What time does our ferry to Bintan leave Singapore?", FERRY, "Outbound ferry",
     ["8.10am", "8:10 am", "8.10 am", "0810"]),
    ("ferry-03", "What time do we reach Bintan, local time?", FERRY, "Outbound ferry", ["8.05am", "8:05 am", "8.05 am"]),
    ("ferry-04", "Which terminal do we leave Singapore from for Bintan?", FERRY, "Outbound ferry",
     ["Tanah Merah Ferry Terminal", "Tanah Merah"]),
    ("ferry-05", "What time is the ferry back to Singapore?", FERRY, "Return ferry",
     ["4.30pm", "4:30 pm", "4.30 pm", "1630"]),
    ("ferry-06", "What time do we get back into Singapore on Sunday?", FERRY, "Return ferry",
     ["6.25pm", "6:25 pm", "6.25 pm"]),
    ("ferry-07", "How early before the ferry does check-in close?", FERRY, "At the terminal",
     ["60 minutes", "1 hour"]),
    ("ferry-08", "How many kilos of luggage can each of us bring on the ferry?", FERRY, "At the terminal",
     ["20 kg", "20kg"]),
    ("ferry-09", "What's the name of the resort we're staying at in Bintan?", FERRY, "Your resort",
     ["Pantai Serai Resort and Spa", "Pantai Serai"]),
    ("ferry-10", "What time do we have to check out of the resort?", FERRY, "Your resort",
     ["12.00pm", "12pm", "12 noon"]),
    ("ferry-11", "How much resort credit do we get?", FERRY, "Your resort", ["S$30", "$30"]),
    ("ferry-12", "How much was Ethan's ferry ticket?", FERRY, "Price breakdown", ["S$62", "$62"]),
    ("ferry-13", "How much did the whole Bintan trip cost us?", FERRY, "Price breakdown",
     ["S$1,105.00", "1,105", "$1,105"]),
    ("ferry-14", "What's the last day we can cancel the Bintan trip for free?", FERRY, "Cancellation and changes",
     ["4 December 2026", "4/12/2026", "04/12/2026", "4th December"]),
    ("ferry-15", "How much does it cost to change the date of the Bintan booking?", FERRY, "Cancellation and changes",
     ["S$25", "$25"]),
    ("ferry-16", "How much validity do our passports need for the Bintan trip?", FERRY, "Before you go",
     ["6 months", "six months"]),
    ("ferry-17", "How much is the extra bed for Ethan per night?", FERRY, "Price breakdown", ["S$45", "$45"]),
    # Pa's funeral notes (plain text): underlined headings
    ("wake-01", "How much did the doctor who came to the house charge when Pa died?", WAKE, "Registering the death",
     ["S$350", "$350"]),
    ("wake-02", "What's Pa's death certificate number?", WAKE, "Registering the death", ["DC-2026-5550917"]),
    ("wake-03", "Which block's void deck was Pa's wake at?", WAKE, "The wake", ["Blk 104", "104"]),
    ("wake-04", "How much was the town council deposit for the void deck?", WAKE, "The wake", ["S$200", "$200"]),
    ("wake-05", "What were the visiting hours we gave relatives for the wake?", WAKE, "The wake",
     ["10am to 11pm", "10 am to 11 pm", "10am-11pm"]),
    ("wake-06", "How much was the funeral package?", WAKE, "Funeral director", ["S$13,888", "13,888", "$13,888"]),
    ("wake-07", "What's the funeral director's 24-hour number?", WAKE, "Funeral director", ["6555 0166", "65550166"]),
    ("wake-08", "What time was the service at the crematorium?", WAKE, "The funeral day", ["1.30pm", "1:30 pm", "1.30 pm"]),
    ("wake-09", "When did we collect Pa's ashes?", WAKE, "The funeral day",
     ["8 September 2026", "8/9/2026", "08/09/2026", "8th September"]),
    ("wake-10", "What's Pa's niche number at the columbarium?", WAKE, "The niche", ["3-12-0457"]),
    ("wake-11", "When are we going for Qing Ming?", WAKE, "The niche",
     ["Saturday 3 April 2027", "3 April 2027", "3/4/2027", "03/04/2027", "3rd April"]),
    ("wake-12", "How much condolence money did we collect altogether?", WAKE, "Bai jin",
     ["S$18,640", "18,640", "$18,640"]),
    ("wake-13", "How much did each of the siblings have to chip in for the funeral in the end?", WAKE,
     "Costs and sharing", ["S$482.67", "482.67"]),
    ("wake-14", "How much CPF money did Ma get from Pa?", WAKE, "Pa's estate", ["S$84,312.55", "84,312.55"]),
    ("wake-15", "How much was in Pa's own bank account?", WAKE, "Pa's estate", ["S$23,400", "23,400", "$23,400"]),
    ("wake-16", "When are the 100th day prayers for Pa?", WAKE, "Prayers after",
     ["Friday 11 December 2026", "11 December 2026", "11/12/2026", "11th December"]),
    ("wake-17", "How much did the newspaper obituary cost?", WAKE, "Bai jin", ["S$1,980", "1,980", "$1,980"]),
]

# (id, question, note: what was checked by eye and why the question tempts)
NEVER: list[tuple[str, str, str]] = [
    ("never-01", "What colour laminate did we pick for the kitchen cabinets?",
     "The contract lists the carpentry, 'laminate' and 'matching colour' skirting and a 20 October deadline to "
     "choose finishes, but names no colour or laminate code."),
    ("never-02", "What's the interior designer's email address?",
     "The contract has the designer's mobile and the office number and a UEN; no email anywhere."),
    ("never-03", "Which brand is the water heater we bought?",
     "The heater is supplied by the owners (installation S$280 in the contract, S$339 in the moving notes); no "
     "brand or model."),
    ("never-04", "What's the monthly instalment on our housing loan?",
     "The moving notes give the price, fees, stamp duty and grant; no loan, bank or instalment (the only monthly "
     "sums are rent, S&CC and parking)."),
    ("never-05", "What's our car's plate number?",
     "The moving notes have season parking 'for the car' (S$110 a month) and the car workshop; no plate or "
     "vehicle number anywhere."),
    ("never-06", "What's the landlord's phone number for the Hougang flat?",
     "Mr Teo is named with the inspection date and deposit; no number for him (other contacts listed)."),
    ("never-07", "What dishes are in the reunion dinner set menu?",
     "The set's name, price and 'yu sheng is included' are given; no list of courses."),
    ("never-08", "How much is the corkage at the reunion dinner restaurant?",
     "Prices are the set, extra persons, deposit and the estimate; nothing about wine or corkage."),
    ("never-09", "What's Mum's bed number in the ward?",
     "Ward 7B and class B1 (4-bedded) are given; no bed number."),
    ("never-10", "How much will each physio session cost Mum after the subsidy?",
     "Only S$68 a session before subsidy is given; no subsidised price."),
    ("never-11", "What's Mum's NRIC number?",
     "The contract gives the owners' NRIC endings only; Mum's NRIC is nowhere."),
    ("never-12", "What's the name of the anaesthetist for Mum's operation?",
     "The pre-op assessment includes 'a talk with the anaesthetist'; only the surgeon is named."),
    ("never-13", "What's our room number at the Bintan resort?",
     "Room type, bed, check-in and check-out are given; no room number."),
    ("never-14", "What's the Wi-Fi password at the resort?",
     "Resort section lists breakfast, shuttle and credit; no Wi-Fi."),
    ("never-15", "What are our seat numbers on the Bintan ferry?",
     "'Seats are given at check-in' and the class are given; no seat numbers."),
    ("never-16", "How much is a spa treatment at the Bintan resort?",
     "The resort is 'Resort and Spa' and has a S$30 credit; no spa prices."),
    ("never-17", "What did Pa die of?",
     "Date, place, age and the certifying doctor are given; no cause of death."),
    ("never-18", "How much was the casket on its own?",
     "The casket is inside the S$13,888 package; no separate price."),
    ("never-19", "How much bai jin did Alvin's company give?",
     "Only the total (S$18,640) is recorded; no giver's amount."),
    ("never-20", "What's our SP Group account number?",
     "The moving notes give the opening date and the S$70 deposit with GIRO; no account number."),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, CNY_TITLE, CNY_SECTIONS, author=PERSON, modified_by=PERSON)


def write_epub(path: Path) -> None:
    writers.write_epub(path, KNEE_TITLE, KNEE_CHAPTERS, uid="urn:uuid:8d2f4b61-5552-4c3a-a0b7-202612020013",
                       author=PERSON, language="en-SG", date="2026-12-10")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in FERRY_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0058)https://www.islandhop-travel.example/account/booking/7K2Q55 -->
<html lang="en-SG">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Booking IH-7K2Q55 confirmed | IslandHop Travel</title>
  <link rel="stylesheet" href="./Booking IH-7K2Q55 confirmed _ IslandHop Travel_files/site.css">
  <script src="./Booking IH-7K2Q55 confirmed _ IslandHop Travel_files/analytics.js"></script>
</head>
<body>
  <div class="promo-banner">Year-end flash sale: Bintan ferry + 2D1N resort from S$99 per person! Use code ISLAND99 before 30 Nov. <a href="/deals/bintan">Grab it</a></div>
  <header>
    <a class="logo" href="/">IslandHop Travel</a>
    <nav>
      <ul>
        <li><a href="/ferries">Ferries</a></li>
        <li><a href="/resorts">Resorts</a></li>
        <li><a href="/deals">Deals</a></li>
        <li><a href="/account">My bookings</a></li>
        <li><a href="/help">Help</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Your booking is confirmed</h1>
      <p class="lead">Thank you, Siew Ling. A copy of this page has been sent to you. Page saved on 15/11/2026.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Add to your trip</h3>
    <ul>
      <li>Travel insurance from S$12 per person.</li>
      <li>Batam day trip with lunch: S$58 per adult.</li>
      <li>Late check-out until 4pm: S$40 per room, subject to availability.</li>
      <li>Desaru Coast getaways from S$129.</li>
    </ul>
  </aside>
  <footer>
    <p>Hotline: 6555 0100 (daily, 9am to 9pm). For Batam routes, check-in closes 30 minutes before departure.</p>
    <p>IslandHop Travel Pte. Ltd. is a licensed travel agent. Prices in Singapore dollars.</p>
    <p><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></p>
    <p>&copy; 2026 IslandHop Travel Pte. Ltd.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


DOCS = {
    RENO: lambda p: write_pdf(p, RENO_TITLE, RENO_PAGES, "Renovation contract"),
    CNY: write_docx,
    KNEE: write_epub,
    MOVE: lambda p: p.write_text(MOVE_MD, encoding="utf-8"),
    FERRY: write_html,
    WAKE: lambda p: p.write_text(WAKE_TXT, encoding="utf-8"),
}


def main() -> None:
    writers.write_set(HERE, DOCS, writers.questions_json(QUESTIONS, NEVER))


if __name__ == "__main__":
    main()
