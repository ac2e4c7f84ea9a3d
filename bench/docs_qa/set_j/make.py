"""Build docs-QA set J (README.md beside this file): its six documents into docs/ and questions.json.

Set J is a held-out test set written by a separate writer, independent of sets A to I: a household in
Pretoria, South Africa (rand amounts such as R6 842.17, day/month/year dates such as 14/12/2026, 24-hour
times written the South African way such as 07h30, and phone numbers in an obviously fictional
555 01xx block after real-looking area and mobile prefixes). Six documents, one per format: PDF,
DOCX, ODT, Markdown, HTML and plain text. Run with a private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv-j && /tmp/docqa-venv-j/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv-j/bin/python bench/docs_qa/set_j/make.py

Every text is written below, and so is every question. The output is byte-for-byte deterministic:
reportlab runs in invariant mode (../writers.py), every zip container (DOCX, ODT) is rewritten with
fixed timestamps, and questions.json is dumped with a fixed layout.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
PERSON = "Nomvula Dlamini"
PARTNER = "Johan Pretorius"
ADDRESS = "14 Jacaranda Lane, Lynnwood Glen, Pretoria, 0081"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PARTNER, creator="bench/docs_qa/set_j/make.py")

# ---------------------------------------------------------------------------------------------
# 1. Vehicle finance (instalment sale) agreement (PDF, reportlab), 6 forced pages
# ---------------------------------------------------------------------------------------------
CAR_TITLE = "Highveld Motor Finance: Instalment Sale Agreement HMF-7730418"
CAR_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", CAR_TITLE),
        ("p", "This agreement is a large credit agreement under the National Credit Act, 34 of 2005. Quote "
              "issued on 08/12/2026; agreement signed on 14/12/2026."),
        ("h2", "1. The parties"),
        ("p", f"Credit provider: Highveld Motor Finance, a division of Highveld Bank Limited (registered credit "
              f"provider NCRCP 40912). Purchaser: {PARTNER}, {ADDRESS}. Client number: 5520914. Mobile: "
              "082 555 0116."),
        ("p", f"Second contact person: {PERSON} (spouse), mobile 083 555 0117."),
        ("h2", "2. The vehicle"),
        ("p", "Make and model: 2025 Stanton Veldra 1.5T Comfort, five-door SUV. Colour: Glacier White. "
              "Registration number: KX 47 PW GP. VIN: SVD5VELDRA0441872. Engine number: ST15T-220931."),
        ("p", "Condition: demonstrator. Odometer at delivery: 3 412 km. Supplying dealer: Menlyn Motor City "
              "(dealer code 40917), Atterbury Road, Pretoria. Delivery date: 18/12/2026."),
        ("p", "The vehicle comes with the manufacturer's 5-year or 90 000 km service plan and a 7-year or "
              "200 000 km warranty, both counted from the first registration on 02/05/2025."),
    ],
    [  # page 2
        ("h2", "3. Price and amount financed"),
        ("p", "Cash price of the vehicle (including VAT at 15%): R489 900.00."),
        ("p", "Less cash deposit: R50 000.00. Less trade-in allowance for the 2016 Ravello Sedan 1.4 "
              "(registration HG 21 MT GP): R95 000.00. The trade-in was valued at R102 000.00 by the dealer "
              "but settled at R95 000.00 after the hail damage was found."),
        ("p", "Initiation fee (added to the loan): R1 207.50. Licence and registration: R1 450.00."),
        ("p", "Principal debt (amount financed): R347 557.50."),
        ("h2", "4. Interest, term and instalments"),
        ("p", "Interest rate: 12.75% a year, linked to the prime lending rate (prime plus 1.25%). If prime "
              "changes, the rate and instalment change from the next instalment."),
        ("p", "Term: 72 months. Monthly instalment: R6 842.17, which includes the monthly service fee of "
              "R69.00. The first instalment is due on 01/02/2027 and the last on 01/01/2033."),
        ("p", "Residual (balloon) payment: R146 970.00, which is 30% of the cash price, due with the last "
              "instalment. Total amount repayable, including the balloon: R639 606.24."),
    ],
    [  # page 3
        ("h2", "5. How you pay"),
        ("p", "Instalments are collected by debit order from your Highveld Bank cheque account ending 6631 on "
              "the 1st of every month. If the 1st falls on a weekend or public holiday, we collect on the next "
              "business day."),
        ("p", "A returned (unpaid) debit order costs a fee of R150.00 each time, and we will try to collect "
              "again on the 15th. Arrears carry default interest at the agreement rate plus 2%."),
        ("h2", "6. Paying off early"),
        ("p", "You may settle the agreement at any time. Ask for a settlement quote; it is valid for "
              "10 business days. Because this is a large agreement, you must give 90 days' notice of early "
              "settlement, or pay an early settlement charge of up to three months' interest instead."),
        ("p", "You may also pay extra amounts into the account at any time without a charge; extra payments "
              "lower the capital and the interest."),
        ("h2", "7. Statements"),
        ("p", "We send a statement every month by email and an annual statement each March. A copy of a "
              "statement older than 12 months costs R35.00."),
    ],
    [  # page 4
        ("h2", "8. Insurance"),
        ("p", "You must keep the vehicle comprehensively insured for its full retail value for the whole term, "
              "with Highveld Motor Finance noted as the interested party. Your insurer: Karoo Direct, policy "
              "KD-2290417. If the insurance lapses, we may insure the vehicle ourselves and add the premium to "
              "your account."),
        ("p", "Credit life cover: R189.40 a month, paid to Karoo Life separately by debit order. It settles "
              "the balance if the purchaser dies or becomes permanently disabled."),
        ("p", "Deposit protection (shortfall) cover: R114.00 a month, optional, declined."),
        ("h2", "9. Tracking device"),
        ("p", "A vehicle tracking device must be fitted within 7 days of delivery and kept active for the "
              "whole term. The dealer fitted a Trakwise unit on delivery (subscription R179.00 a month, paid "
              "to Trakwise)."),
        ("h2", "10. Ownership"),
        ("p", "Highveld Motor Finance owns the vehicle until you have paid everything due, including the "
              "balloon. You become the owner only after settlement; the registration "
              "papers (the NATIS document) are released within 21 days of the final payment."),
    ],
    [  # page 5
        ("h2", "11. Using the vehicle"),
        ("p", "You may not sell, lend, hire out or alter the vehicle without our written consent. You must "
              "have it serviced as the service plan requires."),
        ("p", "Taking the vehicle out of South Africa (for example to Botswana, Namibia, Lesotho or Eswatini) "
              "needs a letter of authority from us. The letter costs R350.00, is valid for 30 days, and must be "
              "requested at least 5 business days before you travel."),
        ("h2", "12. Default"),
        ("p", "If you are in arrears, we will first send you a notice under section 129 of the National Credit "
              "Act. If you have not paid or made an arrangement within 10 business days of that notice, we may "
              "go to court to cancel the agreement and repossess the vehicle."),
        ("p", "You may also ask a debt counsellor for help; the notice will give their details."),
        ("h2", "13. Rate and costs"),
        ("p", "The initiation fee of R1 207.50 and the monthly service fee of R69.00 are the maximums the "
              "National Credit Act allows for this agreement. The annual percentage rate of charge, with fees, "
              "is 13.31%."),
    ],
    [  # page 6
        ("h2", "14. Cooling-off"),
        ("p", "Because this agreement was signed at the dealer's premises, no cooling-off right applies. The "
              "purchaser may still cancel within 5 business days of signing if the vehicle has not yet been "
              "delivered; a cancellation fee of R2 500.00 then applies."),
        ("h2", "15. Contacts"),
        ("p", "Customer care: 0860 555 0121 (Monday to Friday 08h00 to 17h00, Saturday 08h00 to 12h00). "
              "Settlement quotes and letters of authority: 0860 555 0124. Email: vehicles@highveldbank.example."),
        ("p", "Dealer sales executive: Ruan Botha, 082 555 0135."),
        ("h2", "16. Signatures"),
        ("p", f"Signed at Pretoria on 14/12/2026 by {PARTNER} (purchaser) and by Lindiwe Khumalo for "
              "Highveld Motor Finance. Witness: Ruan Botha."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Domestic worker's contract of employment (DOCX, python-docx)
# ---------------------------------------------------------------------------------------------
WORKER_TITLE = "Contract of Employment: Domestic Worker (Grace Mahlangu)"
WORKER_SECTIONS: list[tuple[str, list[str]]] = [
    ("Parties and start date", [
        f"Employer: {PERSON}, {ADDRESS}. Mobile: 083 555 0117.",
        "Employee: Grace Mahlangu, of Mamelodi East. Mobile: 072 555 0181.",
        "Grace started working for the employer on 01/03/2023. This updated contract takes effect on "
        "01/03/2026 and replaces the first contract of 01/03/2023.",
        "Next of kin in an emergency: her son, Tshepo Mahlangu, 072 555 0182.",
    ]),
    ("Job description", [
        "Grace is employed as a housekeeper: cleaning the house, laundry and ironing, preparing the "
        "children's lunch, and looking after the children (Lerato and Sipho) after school until a parent is home.",
        "The big wash is on Mondays and Thursdays; ironing on Tuesdays. Windows are cleaned once a month, "
        "inside only.",
        "Grace is not expected to do garden work; the garden service (Tuesdays) does that.",
    ]),
    ("Hours of work", [
        "Ordinary hours: Monday to Friday, 07h30 to 16h00, with a lunch break from 12h30 to 13h30. That is "
        "42.5 hours a week.",
        "Grace does not work on Saturdays, Sundays or public holidays unless she agrees to, and then it is paid "
        "as set out under Overtime.",
    ]),
    ("Wages", [
        "Monthly wage: R5 720.00 from 01/03/2026 (it was R5 400.00 until the end of February 2026).",
        "The wage is paid by EFT into Grace's account on the 25th of each month, or on the last working day "
        "before the 25th if it falls on a weekend. A payslip is given each month.",
        "The wage is reviewed each year in March; this year's increase was 6%.",
        "Transport allowance: R650.00 a month, paid with the wage. Airtime allowance: R150.00 a month.",
    ]),
    ("Overtime and babysitting", [
        "Overtime on weekdays is paid at one and a half times the hourly rate (R33.75 an hour ordinary, "
        "R50.63 overtime). Work on a Sunday or a public holiday is paid at double the rate, R67.50 an hour.",
        "Evening babysitting by agreement: R80.00 an hour, with a lift home or an Uber paid by the employer "
        "after 21h00.",
    ]),
    ("Leave", [
        "Annual leave: 15 working days a year on full pay, usually taken over December and January.",
        "Sick leave: 30 days in every 36-month cycle. A medical certificate is needed for more than two days "
        "in a row.",
        "Family responsibility leave: 5 days a year.",
        "Maternity leave: 4 consecutive months, unpaid by the employer; Grace may claim from the UIF.",
    ]),
    ("UIF and bonus", [
        "The employer is registered for UIF (reference 2254471/8). 1% of the wage (R57.20) is deducted each "
        "month and the employer adds another 1% (R57.20), paid to the UIF by the 7th of the following month.",
        "Christmas bonus: one month's wage, paid with the November wage.",
    ]),
    ("Ending the contract", [
        "Either party may end the contract by giving notice in writing. Notice is one week during the first "
        "six months of employment, two weeks after six months but less than a year, and four weeks after one "
        "year.",
        "When the contract ends Grace will receive a certificate of service and any leave pay owing.",
    ]),
    ("Signatures", [
        f"Signed at Pretoria on 26/02/2026 by {PERSON} (employer) and Grace Mahlangu (employee). Witness: "
        f"{PARTNER}.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 3. Solar installation handover and warranty (ODT, hand-written ODF XML)
# ---------------------------------------------------------------------------------------------
SOLAR_TITLE = "SunVeld Energy: Solar Installation Handover and Warranty Certificate"
SOLAR_SECTIONS: list[tuple[str, list[str]]] = [
    ("Installation details", [
        f"Client: {PERSON} and {PARTNER}, {ADDRESS}. Job number: SV-26-0822.",
        "Installer: SunVeld Energy (Pty) Ltd, Silverton, Pretoria. Installation completed on 22/08/2026; "
        "handover and commissioning on 24/08/2026.",
        "Electrical certificate of compliance (CoC) number: ECOC-TS-88217, issued by SunVeld's registered "
        "electrician, Kagiso Ndlovu.",
    ]),
    ("System summary", [
        "Solar panels: 10 Helion 550 W monocrystalline panels (5.5 kWp in total), on the north-facing roof "
        "at a tilt of 26 degrees.",
        "Inverter: Voltarra HX8, an 8 kW hybrid inverter, mounted in the garage.",
        "Battery: one Voltarra LFP 10.24 kWh lithium iron phosphate battery, next to the inverter.",
        "Backed-up circuits (the essentials board): lights, plugs, fridge, Wi-Fi router, gate motor and alarm. "
        "Not backed up: the geyser, the stove, the oven and the pool pump.",
    ]),
    ("Price and payment", [
        "Total price: R168 500.00 including VAT.",
        "Deposit of 50% (R84 250.00) paid on 29/07/2026; balance of R84 250.00 paid on 26/08/2026.",
        "A R1 500.00 discount was given because the installation date moved from 15/08/2026.",
    ]),
    ("Warranties", [
        "Panels: 12-year product warranty, and a 25-year performance warranty of at least 80% of rated output.",
        "Inverter: 10-year manufacturer's warranty, registered in the client's name.",
        "Battery: 10-year warranty or 6 000 cycles, whichever comes first, provided the battery is not "
        "discharged below 10%.",
        "Workmanship (SunVeld's own installation work, including mounting, cabling and roof penetrations): "
        "2 years from 24/08/2026.",
        "All warranty claims go through SunVeld, not the manufacturers.",
    ]),
    ("Settings we left you with", [
        "The inverter is set to keep a battery reserve of 30% for load-shedding during winter (May to August) "
        "and 20% for the rest of the year.",
        "Grid charging of the battery is on between 23h00 and 05h00 only.",
        "The geyser runs from the grid on a timer, 10h00 to 14h00.",
    ]),
    ("Grid registration", [
        "The system is registered with the City of Tshwane as a small-scale embedded generator (SSEG "
        "application number TSH-SSEG-2026-04417), approved on 11/09/2026. It does not feed power back to the "
        "grid; export is blocked in the inverter settings.",
    ]),
    ("Looking after the system", [
        "Clean the panels twice a year, before and after winter, with a soft brush and plain water. Do not use "
        "a pressure washer or soap.",
        "Keep the inverter's air vents clear; it needs 30 cm of space on each side.",
        "An annual maintenance visit costs R950.00 (not included in the price).",
    ]),
    ("Faults and support", [
        "Check the SunVeld Live app first. An orange light on the inverter means a warning; a red light means a "
        "fault that switches the inverter off.",
        "Support line: 012 555 0139 (weekdays 08h00 to 16h30). After hours, WhatsApp 082 555 0140.",
        "Call-out fee for problems not covered by a warranty: R650.00, plus R480.00 an hour on site.",
        "We aim to visit within 2 working days of a fault report.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. School fees and the school year: the parents' notes (Markdown, written verbatim)
# ---------------------------------------------------------------------------------------------
SCHOOL_MD = """\
# Lynnwood Ridge Primary 2027: our notes on fees and the school year

Nomvula's notes from the January fee statement, the parents' letter and the WhatsApp group, so we stop
asking each other. Lerato is in Grade 6 in 2027 and Sipho is in Grade 2. Updated 20/01/2027.

## School fees for 2027

- School fees are R34 650 a year per child for 2027 (R32 400 in 2026).
- We pay over 11 months, February to December: R3 150 a month for each child, by debit order on the 3rd.
- If we paid the whole year by 31 January there was a 5% discount; we didn't this year.
- Second-child discount: 10% off Sipho's fees, so his are R2 835 a month.
- Our family account number at the school is LRP-0448.

## The January fee statement

- Balance brought forward from 2026: R0.00 (paid up).
- Stationery pack: Lerato R1 280, Sipho R960, both charged on the January statement.
- Grade 6 camp deposit for Lerato: R750 (the camp itself costs R2 600, balance due by 30 April).
- Total due on the January statement: R2 990.

## Term dates 2027

- Term 1: 13 January to 27 March.
- Term 2: 8 April to 26 June.
- Term 3: 21 July to 2 October.
- Term 4: 12 October to 8 December.
- Grade 6 camp at Hartbeespoort: 5 to 7 May.

## School day and aftercare

- Gates open at 07h00; school starts at 07h40.
- Grade 2 ends at 12h30 on Mondays to Thursdays and at 12h00 on Fridays. Grade 6 ends at 13h45 (12h30 on Fridays).
- Aftercare runs until 17h30. Sipho goes every day: R1 850 a month.
- Late collection from aftercare: R100 for every 15 minutes after 17h30.

## Lift club

- We drive on Mondays and Wednesdays; the Naidoos drive on Tuesdays and Thursdays; Fridays alternate, and it is our turn on the first Friday of the term.
- Priya Naidoo's number: 082 555 0158.
- Pick-up point in the afternoon is the side gate on Glenwood Road.

## Extramurals

- Lerato: swimming on Tuesdays at 14h15 (R480 a term) and netball on Thursdays at 14h00 (R350 a term).
- Sipho: chess club on Wednesdays at 13h00 (R220 a term).
- Swimming gala: 19 February, from 15h00.

## Uniform and contacts

- The uniform shop is open on Tuesdays and Thursdays from 07h15 to 09h00.
- Lerato needs a new blazer (R895); Sipho's winter tracksuit is R640.
- School office: 012 555 0151. Finance office (fees): 012 555 0152. Aftercare: 012 555 0153.
- Sipho's class teacher: Mrs Van Wyk. Lerato's class teacher: Mr Mokoena.
"""

# ---------------------------------------------------------------------------------------------
# 5. Pet insurance policy page (HTML, browser-saved, boilerplate around <main>)
# ---------------------------------------------------------------------------------------------
PET_SECTIONS: list[tuple[str, list[str]]] = [
    ("Your pets", [
        "Biltong: Jack Russell Terrier, male, born 03/2021, microchip 977200008814417.",
        "Mielie: domestic shorthair cat, female, born 11/2018, microchip 977200003390216.",
    ]),
    ("Your plan and premiums", [
        "Plan: Pawprint Essential Plus, cover from 01/06/2024.",
        "Monthly premium: Biltong R389.00, Mielie R245.00. Total monthly premium: R634.00, collected by debit "
        "order on the 1st.",
        "Premiums go up each year on 1 June; the increase this year was 8.5%.",
    ]),
    ("Limits and co-payments", [
        "Annual limit: R40 000 per pet per policy year for illness and accidents.",
        "Co-payment: Biltong 10% of each claim. Mielie 20% of each claim, because she was older than 5 when "
        "cover started.",
        "Hospitalisation is covered up to R15 000 per incident, within the annual limit.",
    ]),
    ("Waiting periods", [
        "Accidents: no waiting period after the first 48 hours of cover.",
        "Illness: 30 days from the start of cover.",
        "Cruciate ligament and hip dysplasia: 6 months from the start of cover.",
    ]),
    ("Routine care benefit", [
        "R1 200 per pet per policy year for vaccinations, deworming, tick and flea treatment and sterilisation. "
        "The co-payment does not apply to routine care.",
        "This year you have used R640.00 of Biltong's routine care benefit and R0.00 of Mielie's.",
    ]),
    ("Your claims", [
        "Claim PP-55102 (Biltong, bite wound, Lynnwood Vet Clinic, 14/09/2026): R3 460.00 claimed, R3 114.00 "
        "paid on 22/09/2026 after the 10% co-payment.",
        "Claim PP-56877 (Mielie, bladder infection, 02/11/2026): R1 980.00 claimed, in review.",
    ]),
    ("How to claim", [
        "Send the vet's invoice and the claim form within 90 days of the treatment. We pay approved claims "
        "within 5 working days into your bank account, or directly to the vet if you ask.",
        "Claims line: 0861 555 0147. Email: claims@pawprintcover.example.",
    ]),
    ("Not covered", [
        "Conditions that existed before cover started, breeding and pregnancy, grooming, and behaviour "
        "training.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 6. Alarm, armed response and gate notes (plain text, underlined headings)
# ---------------------------------------------------------------------------------------------
ALARM_TXT = """\
Alarm, armed response and gate: house notes
===========================================

Johan's notes for the house sitter and for us. Updated 10/10/2026.
Keep this page in the kitchen drawer, not on the fridge.

Armed response
--------------

Company: Sentinel Armed Response, account number SAR-33017.
Monthly fee: R595.00 by debit order on the 1st (up from R560.00 in 2025).
Guard patrol add-on (a vehicle drives past twice a night): R250.00 a month.
Their target response time in Lynnwood Glen is 8 minutes.
Control room (24 hours): 012 555 0177.

The alarm system
----------------

Arming code: 4815.
Duress code (arms/disarms as normal but silently calls the control room): 4816.
To arm for the night (perimeter beams on, inside sensors off), press STAY then the code.
The alarm battery lasts about 8 hours in load-shedding. The panel sends a test signal every 24 hours.

Zones
-----

Zone 1: front door.
Zone 2: lounge and sliding door.
Zone 3: kitchen and scullery.
Zone 4: passage to the bedrooms.
Zone 5: garage.
Zone 6: outdoor beams in the back garden (the dog sets this one off, so it is bypassed when Biltong is out).

Panic buttons
-------------

There is a panic button next to our bed and one on each remote (hold the red button for 3 seconds).
A panic alert sends the armed response even if the alarm is off.

False alarms
------------

Sentinel charges R350.00 for each false alarm after the third in a calendar month.
If you set it off by mistake, phone the control room within 2 minutes and give the password: "Marula".

Electric fence
--------------

The fence energiser is in the garage, next to the DB board. It runs at about 8 000 volts.
To switch it off for the gardener or the pool man, use the key switch; turn it back on when they leave.
The fence is on its own battery, which lasts about 12 hours.

Gate motor
----------

The gate motor is a Gatewise SL400. Its battery was replaced on 03/06/2026 (R1 150.00).
If the gate gets stuck in load-shedding, unlock the manual release with the small triangular key (on the hook by the back door) and push the gate by hand.
Remote batteries: type 23A, 12 V. Spare remotes cost R320.00 each from Sentinel.
Gate technician: Sipho Zulu, 082 555 0178.

Going away
----------

Tell Sentinel at least 48 hours before a holiday; they add the house to the holiday watch list for free.
Neighbours with a key: the Naidoos at number 16, 082 555 0158.
"""


# =============================================================================================
# Questions: (id, question, doc, page or heading, answers); canonical answer first, verbatim
# =============================================================================================
CAR, WORK, SOLAR = "vehicle_finance_agreement.pdf", "domestic_worker_contract.docx", "solar_installation_warranty.odt"
SCHOOL, PET, ALARM = "school_fees_notes.md", "pet_insurance_policy.html", "alarm_and_armed_response.txt"

QUESTIONS: list[tuple[str, str, str, int | str, list[str]]] = [
    # vehicle finance agreement (PDF): page numbers
    ("car-01", "What's the registration number of the new car?", CAR, 1, ["KX 47 PW GP"]),
    ("car-02", "What did we end up getting for the old Ravello as a trade-in?", CAR, 2, ["R95 000.00", "R95 000", "R95,000"]),
    ("car-03", "What's the monthly car repayment?", CAR, 2, ["R6 842.17", "R6,842.17"]),
    ("car-04", "What interest rate is the car loan at?", CAR, 2, ["12.75%", "12.75 percent"]),
    ("car-05", "How big is the balloon payment at the end of the car finance?", CAR, 2, ["R146 970.00", "R146 970", "R146,970"]),
    ("car-06", "When is the very first car instalment due?", CAR, 2, ["01/02/2027", "1 February 2027"]),
    ("car-07", "How many months is the vehicle finance over?", CAR, 2, ["72 months", "six years"]),
    ("car-08", "How much did the bank actually lend us for the car, fees included?", CAR, 2, ["R347 557.50", "R347,557.50"]),
    ("car-09", "What does the bank charge if the debit order for the car bounces?", CAR, 3, ["R150.00", "R150"]),
    ("car-10", "How long is a settlement figure from Highveld good for?", CAR, 3, ["10 business days", "ten business days"]),
    ("car-11", "How much notice must we give if we want to pay the car off early?", CAR, 3, ["90 days", "90 days' notice"]),
    ("car-12", "How much is the credit life cover on the car loan each month?", CAR, 4, ["R189.40"]),
    ("car-13", "How soon after delivery did the tracker have to be fitted?", CAR, 4, ["within 7 days", "7 days", "seven days"]),
    ("car-14", "What does it cost to get permission to drive the car into Botswana?", CAR, 5, ["R350.00", "R350"]),
    ("car-15", "How long is the cross-border letter for the car valid?", CAR, 5, ["30 days", "thirty days"]),
    ("car-16", "What's the customer care number for the car finance?", CAR, 6, ["0860 555 0121"]),
    ("car-17", "What's the VIN on the Veldra?", CAR, 1, ["SVD5VELDRA0441872"]),
    # domestic worker's contract (DOCX): headings
    ("work-01", "How much is Grace's monthly salary now?", WORK, "Wages", ["R5 720.00", "R5 720", "R5,720"]),
    ("work-02", "What was Grace paid before the increase?", WORK, "Wages", ["R5 400.00", "R5 400", "R5,400"]),
    ("work-03", "On which day of the month do we pay Grace?", WORK, "Wages", ["the 25th", "25th"]),
    ("work-04", "How much do we give Grace for taxi fare each month?", WORK, "Wages", ["R650.00", "R650"]),
    ("work-05", "What time does Grace finish work?", WORK, "Hours of work", ["16h00", "4 pm", "16:00"]),
    ("work-06", "What time is Grace's lunch break?", WORK, "Hours of work", ["12h30 to 13h30", "12h30-13h30"]),
    ("work-07", "How much do we pay Grace an hour if she works on a public holiday?", WORK, "Overtime and babysitting", ["R67.50"]),
    ("work-08", "What's Grace's rate for babysitting in the evening?", WORK, "Overtime and babysitting", ["R80.00 an hour", "R80 an hour", "R80"]),
    ("work-09", "How many days of paid holiday does Grace get a year?", WORK, "Leave", ["15 working days", "15 days", "fifteen"]),
    ("work-10", "How much family responsibility leave is Grace entitled to?", WORK, "Leave", ["5 days", "five days"]),
    ("work-11", "How much is taken off Grace's pay for UIF?", WORK, "UIF and bonus", ["R57.20"]),
    ("work-12", "What's our UIF reference number as Grace's employer?", WORK, "UIF and bonus", ["2254471/8"]),
    ("work-13", "When does Grace get her Christmas bonus?", WORK, "UIF and bonus", ["with the November wage", "November"]),
    ("work-14", "How much notice does Grace have to give if she wants to leave?", WORK, "Ending the contract", ["four weeks", "4 weeks"]),
    ("work-15", "Who do we call if something happens to Grace at work?", WORK, "Parties and start date", ["Tshepo Mahlangu", "her son"]),
    ("work-16", "Which days does Grace do the washing?", WORK, "Job description", ["Mondays and Thursdays", "Monday and Thursday"]),
    ("work-17", "When did Grace originally start with us?", WORK, "Parties and start date", ["01/03/2023", "1 March 2023"]),
    # solar installation warranty (ODT): headings
    ("solar-01", "How long is the inverter under warranty?", SOLAR, "Warranties", ["10-year", "10 years", "ten years"]),
    ("solar-02", "How long does SunVeld guarantee their own installation work?", SOLAR, "Warranties", ["2 years", "two years"]),
    ("solar-03", "What output do the panels promise after 25 years?", SOLAR, "Warranties", ["at least 80%", "80%", "80 percent"]),
    ("solar-04", "How many cycles is the battery warranted for?", SOLAR, "Warranties", ["6 000 cycles", "6000 cycles", "6,000 cycles"]),
    ("solar-05", "How big is our solar battery?", SOLAR, "System summary", ["10.24 kWh"]),
    ("solar-06", "How many solar panels did we get?", SOLAR, "System summary", ["10 Helion", "10 panels", "ten panels"]),
    ("solar-07", "At what angle were the panels put on the roof?", SOLAR, "System summary", ["26 degrees", "26°"]),
    ("solar-08", "What did the whole solar system cost?", SOLAR, "Price and payment", ["R168 500.00", "R168 500", "R168,500"]),
    ("solar-09", "When did we pay the solar deposit?", SOLAR, "Price and payment", ["29/07/2026", "29 July 2026"]),
    ("solar-10", "What battery reserve is kept for load-shedding in winter?", SOLAR, "Settings we left you with", ["30%", "30 percent"]),
    ("solar-11", "During which hours is the battery allowed to charge from Eskom power?", SOLAR, "Settings we left you with", ["between 23h00 and 05h00", "23h00 and 05h00", "23h00 to 05h00"]),
    ("solar-12", "What's the SSEG application number from the City of Tshwane?", SOLAR, "Grid registration", ["TSH-SSEG-2026-04417"]),
    ("solar-13", "How often should the panels be cleaned?", SOLAR, "Looking after the system", ["twice a year"]),
    ("solar-14", "What does SunVeld charge for the yearly service?", SOLAR, "Looking after the system", ["R950.00", "R950"]),
    ("solar-15", "What's the call-out fee if the solar breaks and it's not under warranty?", SOLAR, "Faults and support", ["R650.00", "R650"]),
    ("solar-16", "What's the number for solar support during office hours?", SOLAR, "Faults and support", ["012 555 0139"]),
    # school fees notes (Markdown): headings without the #s
    ("school-01", "How much are Lerato's school fees per month?", SCHOOL, "School fees for 2027", ["R3 150", "R3,150"]),
    ("school-02", "What's Sipho's monthly fee after the sibling discount?", SCHOOL, "School fees for 2027", ["R2 835", "R2,835"]),
    ("school-03", "What are the annual school fees per child this year?", SCHOOL, "School fees for 2027", ["R34 650", "R34,650"]),
    ("school-04", "What discount would we have got for paying the year upfront?", SCHOOL, "School fees for 2027", ["5%", "5 percent"]),
    ("school-05", "What's our account number with the school?", SCHOOL, "School fees for 2027", ["LRP-0448"]),
    ("school-06", "How much was Lerato's stationery?", SCHOOL, "The January fee statement", ["R1 280", "R1,280"]),
    ("school-07", "How much does the whole Grade 6 camp cost?", SCHOOL, "The January fee statement", ["R2 600", "R2,600"]),
    ("school-08", "When do the kids go back after the Easter break?", SCHOOL, "Term dates 2027", ["8 April"]),
    ("school-09", "When does the last term of 2027 end?", SCHOOL, "Term dates 2027", ["8 December"]),
    ("school-10", "What time does Sipho come out of school on a Friday?", SCHOOL, "School day and aftercare", ["12h00"]),
    ("school-11", "What's the fine for fetching Sipho late from aftercare?", SCHOOL, "School day and aftercare", ["R100 for every 15 minutes", "R100"]),
    ("school-12", "How much is aftercare a month?", SCHOOL, "School day and aftercare", ["R1 850", "R1,850"]),
    ("school-13", "Which days do the Naidoos do the school run?", SCHOOL, "Lift club", ["Tuesdays and Thursdays", "Tuesday and Thursday"]),
    ("school-14", "What time is Lerato's swimming?", SCHOOL, "Extramurals", ["14h15"]),
    ("school-15", "How much is netball per term?", SCHOOL, "Extramurals", ["R350"]),
    ("school-16", "What number do I call about the school fees?", SCHOOL, "Uniform and contacts", ["012 555 0152"]),
    ("school-17", "How much is the new blazer?", SCHOOL, "Uniform and contacts", ["R895"]),
    # pet insurance policy page (HTML): headings inside <main>
    ("pet-01", "How much is Biltong's pet insurance a month?", PET, "Your plan and premiums", ["R389.00", "R389"]),
    ("pet-02", "What do we pay in total each month for the pet insurance?", PET, "Your plan and premiums", ["R634.00", "R634"]),
    ("pet-03", "By how much did the pet insurance go up this year?", PET, "Your plan and premiums", ["8.5%", "8.5 percent"]),
    ("pet-04", "What's the most the pet insurance will pay for one pet in a year?", PET, "Limits and co-payments", ["R40 000", "R40,000"]),
    ("pet-05", "What percentage of Mielie's vet bills do we have to pay ourselves?", PET, "Limits and co-payments", ["20%", "20 percent"]),
    ("pet-06", "How much will they pay for one hospital stay?", PET, "Limits and co-payments", ["R15 000", "R15,000"]),
    ("pet-07", "How long did we have to wait before illnesses were covered?", PET, "Waiting periods", ["30 days", "thirty days"]),
    ("pet-08", "What's the waiting period for cruciate ligament problems?", PET, "Waiting periods", ["6 months", "six months"]),
    ("pet-09", "How much is there per pet each year for vaccinations and deworming?", PET, "Routine care benefit", ["R1 200", "R1,200"]),
    ("pet-10", "How much of Biltong's routine care money have we used?", PET, "Routine care benefit", ["R640.00", "R640"]),
    ("pet-11", "How much did we get back for Biltong's bite wound?", PET, "Your claims", ["R3 114.00", "R3 114", "R3,114"]),
    ("pet-12", "What's the claim number for Mielie's bladder infection?", PET, "Your claims", ["PP-56877"]),
    ("pet-13", "How long do we have to send in a vet invoice to claim?", PET, "How to claim", ["90 days", "ninety days"]),
    ("pet-14", "How quickly do they pay out a pet claim once it's approved?", PET, "How to claim", ["5 working days", "five working days"]),
    ("pet-15", "What's the phone number for pet insurance claims?", PET, "How to claim", ["0861 555 0147"]),
    ("pet-16", "What's Mielie's microchip number?", PET, "Your pets", ["977200003390216"]),
    # alarm and armed response notes (plain text): underlined headings
    ("alarm-01", "What's the code to set the alarm?", ALARM, "The alarm system", ["4815"]),
    ("alarm-02", "What code do I punch in if someone forces me to switch the alarm off?", ALARM, "The alarm system", ["4816"]),
    ("alarm-03", "How long does the alarm battery keep going when the power is off?", ALARM, "The alarm system", ["about 8 hours", "8 hours", "eight hours"]),
    ("alarm-04", "How much is armed response a month?", ALARM, "Armed response", ["R595.00", "R595"]),
    ("alarm-05", "What does the extra night patrol cost?", ALARM, "Armed response", ["R250.00", "R250"]),
    ("alarm-06", "What's the Sentinel control room number?", ALARM, "Armed response", ["012 555 0177"]),
    ("alarm-07", "How quickly are the armed response guys supposed to arrive?", ALARM, "Armed response", ["8 minutes", "eight minutes"]),
    ("alarm-08", "Which zone is the garage?", ALARM, "Zones", ["Zone 5"]),
    ("alarm-09", "Which zone do we bypass when the dog is outside?", ALARM, "Zones", ["Zone 6"]),
    ("alarm-10", "How long do I hold the panic button on the remote?", ALARM, "Panic buttons", ["3 seconds", "three seconds"]),
    ("alarm-11", "What's the password to give the control room after a false alarm?", ALARM, "False alarms", ["Marula"]),
    ("alarm-12", "How much is the fine for a false alarm?", ALARM, "False alarms", ["R350.00", "R350"]),
    ("alarm-13", "How long does the electric fence keep working in load-shedding?", ALARM, "Electric fence", ["about 12 hours", "12 hours", "twelve hours"]),
    ("alarm-14", "What batteries go in the gate remotes?", ALARM, "Gate motor", ["23A"]),
    ("alarm-15", "What did the new gate motor battery cost?", ALARM, "Gate motor", ["R1 150.00", "R1 150", "R1,150"]),
    ("alarm-16", "How far ahead must we tell Sentinel we're going on holiday?", ALARM, "Going away", ["at least 48 hours", "48 hours", "two days"]),
    ("alarm-17", "Who's the guy who fixes the gate?", ALARM, "Gate motor", ["Sipho Zulu"]),
]

# (id, question, note: what was checked by eye and why it tempts)
NEVER: list[tuple[str, str, str]] = [
    ("never-01", "What's the excess on our car insurance?",
     "The finance agreement names the insurer (Karoo Direct) and policy number on page 4 but no excess; "
     "tempts with the R150 bounced-debit fee and the R2 500 cancellation fee."),
    ("never-02", "How much did we pay the dealer for the extended warranty on the Veldra?",
     "Page 1 has the manufacturer's 7-year or 200 000 km warranty, included, with no price; no extended "
     "warranty is bought."),
    ("never-03", "What's the fuel consumption of the new car?",
     "The agreement gives the model, engine number and odometer but no fuel figures."),
    ("never-04", "What date is the car's licence disc due for renewal?",
     "Page 2 has a R1 450 licence and registration charge but no renewal date."),
    ("never-05", "How much is Grace's medical aid contribution?",
     "The contract has UIF (1% each) and transport and airtime allowances but no medical aid."),
    ("never-06", "What's Grace's ID number?",
     "The contract gives Grace's mobile, her area and her son's number, but no identity number."),
    ("never-07", "How much does the garden service cost a month?",
     "The contract says the garden service comes on Tuesdays; no price anywhere."),
    ("never-08", "How much money have the solar panels saved us on electricity so far?",
     "The handover has price, warranties and settings but no savings or Eskom/municipal bill figures."),
    ("never-09", "What's the serial number of our inverter?",
     "Model Voltarra HX8 and the CoC number are given, but no serial number."),
    ("never-10", "How much do we get paid for the power we feed back into the grid?",
     "Grid registration says export is blocked: nothing is fed back, and no tariff or credit is given."),
    ("never-11", "What's the Wi-Fi password at home?",
     "The solar doc lists the Wi-Fi router on the essentials board and the alarm notes give codes; no Wi-Fi password."),
    ("never-12", "How much is the school's annual building levy?",
     "The notes have fees, stationery, camp, aftercare and extramurals but no levy."),
    ("never-13", "When is the school's parents' evening?",
     "Term dates, camp and the swimming gala are dated, but there is no parents' evening or meeting."),
    ("never-14", "How much is Sipho's chess tournament entry fee?",
     "Chess club costs R220 a term; there is no tournament."),
    ("never-15", "What time does the lift club leave home in the morning?",
     "Only the afternoon pick-up point (side gate) and the days are given; no morning departure time."),
    ("never-16", "What's our pet insurance policy number?",
     "The page has claim numbers (PP-55102, PP-56877) and microchip numbers but no policy number."),
    ("never-17", "Does the pet insurance cover Biltong's teeth cleaning?",
     "Dental care is not mentioned: routine care lists vaccinations, deworming, tick and flea and sterilisation; "
     "Not covered lists grooming."),
    ("never-18", "What's the vet's phone number?",
     "The pet page names Lynnwood Vet Clinic in a claim and has a claims line, a nav 'Find a vet' link and a "
     "free pet helpline in the sidebar, but no number for the vet."),
    ("never-19", "How much does the house sitter get paid per night?",
     "The alarm notes are written for the house sitter but give no pay; Grace's babysitting rate is R80 an hour."),
    ("never-20", "What's the alarm technician's phone number?",
     "Only the gate technician (Sipho Zulu) and the control room have numbers; no alarm technician is named."),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, WORKER_TITLE, WORKER_SECTIONS, author=PERSON, modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, SOLAR_TITLE, SOLAR_SECTIONS, generator="bench/docs_qa/set_j/make.py",
                      creator="SunVeld Energy", date="2026-08-24T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in PET_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0055)https://www.pawprintcover.example/my-policy/overview -->
<html lang="en-ZA">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>My policy | Pawprint Cover Pet Insurance</title>
  <link rel="stylesheet" href="./My policy _ Pawprint Cover_files/main.css">
  <script src="./My policy _ Pawprint Cover_files/tag-manager.js"></script>
</head>
<body>
  <div class="promo-banner">Summer special: cover your pet from just R99 a month, and your first month is free! Sign up before 31/12/2026. <a href="/quote">Get a quote</a></div>
  <header>
    <a class="logo" href="/">Pawprint Cover</a>
    <p class="strap">Pet insurance for South African families</p>
    <nav>
      <ul>
        <li><a href="/my-policy">My policy</a></li>
        <li><a href="/claims">Claims</a></li>
        <li><a href="/vet-finder">Find a vet</a></li>
        <li><a href="/documents">Policy documents</a></li>
        <li><a href="/profile">My details</a></li>
        <li><a href="/logout">Log out</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>My policy</h1>
      <p class="updated">Policyholder: {PERSON}. Last updated 30/11/2026.</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Did you know?</h3>
    <ul>
      <li>Refer a friend and you both get R250 off your next premium.</li>
      <li>Our Complete plan covers up to R75 000 a year, with no co-payment for pets under 5.</li>
      <li>Accident-only cover from R129 a month for pets older than 9.</li>
    </ul>
    <p>Vet visits after hours? Our 24-hour pet helpline is free: 0861 555 0100.</p>
  </aside>
  <footer>
    <p>New policies: 0861 555 0100. Pawprint Cover, 210 Rivonia Road, Sandton, 2196.</p>
    <p>Pawprint Cover is underwritten by Kudu Insurance Ltd, an authorised financial services provider (FSP 40518). Claims are usually paid within 10 working days.</p>
    <p><a href="/privacy">Privacy (POPIA)</a> | <a href="/complaints">Complaints</a> | <a href="/terms">Terms</a></p>
    <p>&copy; 2026 Pawprint Cover.</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


DOCS = {
    CAR: lambda p: write_pdf(p, CAR_TITLE, CAR_PAGES, "Vehicle instalment sale agreement"),
    WORK: write_docx,
    SOLAR: write_odt,
    SCHOOL: lambda p: p.write_text(SCHOOL_MD, encoding="utf-8"),
    PET: write_html,
    ALARM: lambda p: p.write_text(ALARM_TXT, encoding="utf-8"),
}


def main() -> None:
    writers.write_set(HERE, DOCS, writers.questions_json(QUESTIONS, NEVER))


if __name__ == "__main__":
    main()
