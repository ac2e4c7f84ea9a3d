"""Build the documents of docs-QA set B (README.md beside this file) into docs/.

Set B is a held-out test set written by a separate writer, independent of set A (one level up).
Run with the private generation venv, never the app's:
    python3 -m venv /tmp/docqa-venv && /tmp/docqa-venv/bin/pip install reportlab python-docx pypdf
    /tmp/docqa-venv/bin/python bench/docs_qa/set_b/make.py

Every text is written below. The output is byte-for-byte deterministic: reportlab runs in
invariant mode, and every zip container (DOCX, ODT, EPUB) is rewritten with fixed timestamps.
The ODT and the EPUB are written by hand with zipfile (ODF/OPF XML), so no ODF library is needed.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
OUT = HERE / "docs"
PERSON = "Daniel Okoro"
# the document writers every set shares (../writers.py; this runs as a script)
_spec = importlib.util.spec_from_file_location("docs_qa_writers", HERE.parent / "writers.py")
writers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers)
write_pdf = functools.partial(writers.write_pdf, author=PERSON, creator="bench/docs_qa/set_b/make.py")
PARTNER = "Hannah Okoro"
ADDRESS = "11 Sorrel Close, Hadley Vale, Westmoor WM3 8DJ"

# ---------------------------------------------------------------------------------------------
# 1. Mortgage offer (PDF, reportlab), 9 pages. One inner list per page; each page is forced.
# ---------------------------------------------------------------------------------------------
MORT_TITLE = "Fernbridge Building Society: Mortgage Offer"
MORT_PAGES: list[list[tuple[str, str]]] = [
    [  # page 1
        ("h1", MORT_TITLE),
        ("p", "Offer reference: FBS-MO-5527193. Date of this offer: 3 June 2024."),
        ("h2", "Applicants"),
        ("p", f"{PERSON} and {PARTNER}, currently of Flat 9, Weaver's Court, Westmoor WM1 4HS."),
        ("h2", "The property"),
        ("p", f"{ADDRESS}: a three-bedroom semi-detached house. Tenure: freehold."),
        ("h2", "Summary of this offer"),
        ("p", "Purchase price: £342,500. Amount of loan: £274,000 (before fees are added). "
              "Loan to value: 80%. Mortgage term: 30 years."),
        ("p", "Product: 5 Year Fixed Rate (product code FX5-80-H)."),
        ("p", "This offer is valid until 2 December 2024. If the mortgage has not completed by then, "
              "the offer will lapse and you will need to apply again."),
    ],
    [  # page 2
        ("h2", "1. Your product"),
        ("p", "1.1 Your interest rate is fixed at 4.39% a year until 31 July 2029 (the fixed rate period)."),
        ("p", "1.2 After the fixed rate period ends, interest will be charged at our Standard Variable "
              "Rate (SVR), currently 7.24% a year, for the rest of the term. The SVR can go up or down."),
        ("p", "1.3 Interest is calculated daily and charged monthly."),
        ("h2", "2. Repayment method"),
        ("p", "2.1 The whole loan is on a capital and interest (repayment) basis. Provided you make every "
              "payment in full and on time, the loan will be repaid by the end of the term."),
        ("p", "2.2 The mortgage term is 30 years (360 monthly payments), starting from the date of completion."),
        ("h2", "3. Amount of the loan"),
        ("p", "3.1 The amount of the loan is £274,000. You have asked us to add the product fee of £999 "
              "to the loan, so the total amount borrowed is £274,999."),
    ],
    [  # page 3
        ("h2", "4. What you will need to pay each month"),
        ("p", "4.1 Your first payment will be collected in the month after completion. It will include "
              "interest from the completion date to the end of that month, and will be higher than your "
              "usual monthly payment."),
        ("p", "4.2 During the fixed rate period: 59 monthly payments of £1,375.58."),
        ("p", "4.3 After the fixed rate period, at the current SVR: 300 monthly payments of £1,858.21."),
        ("p", "4.4 Payments are collected by direct debit. You have chosen the 15th of each month as your "
              "payment date. You can change it to any date from the 1st to the 28th by calling us."),
        ("h2", "5. Overall cost"),
        ("p", "5.1 The total amount you will have to pay back, if interest rates do not change, is "
              "£640,318.62. This includes the amount borrowed, interest and fees."),
        ("p", "5.2 The annual percentage rate of charge (APRC) is 6.3%."),
    ],
    [  # page 4
        ("h2", "6. Fees"),
        ("p", "6.1 Product fee: £999, added to the loan (see section 3)."),
        ("p", "6.2 Valuation fee: £0. We have paid for the standard mortgage valuation."),
        ("p", "6.3 Funds transfer fee: £25, charged on completion to send the money to your solicitor by CHAPS."),
        ("p", "6.4 Mortgage exit fee: £95, payable when the mortgage is repaid in full."),
        ("p", "6.5 Broker fee: £395, paid by you directly to Ashcombe Mortgage Advisers. This fee is not "
              "paid to us."),
        ("h2", "7. Fees if you fall behind"),
        ("p", "7.1 Arrears fee: £35 for each month in which your account is in arrears by at least one "
              "full monthly payment."),
        ("p", "7.2 Returned direct debit fee: £15."),
    ],
    [  # page 5
        ("h2", "8. Early repayment charges"),
        ("p", "8.1 If you repay all or part of the loan during the fixed rate period, beyond the overpayment "
              "allowance in section 9, you will pay an early repayment charge on the amount repaid, as follows:"),
        ("p", "Until 31 July 2025: 5%. From 1 August 2025 to 31 July 2026: 4%. From 1 August 2026 to "
              "31 July 2027: 3%. From 1 August 2027 to 31 July 2028: 2%. From 1 August 2028 to 31 July "
              "2029: 1%."),
        ("p", "8.2 No early repayment charge applies after 31 July 2029."),
        ("p", "8.3 No early repayment charge applies if you move house and transfer the loan to a new "
              "property (see section 10)."),
        ("h2", "9. Overpayments"),
        ("p", "9.1 During the fixed rate period you can overpay up to 10% of the balance outstanding on "
              "1 January each calendar year without an early repayment charge."),
        ("p", "9.2 Unused allowance cannot be carried over into the next calendar year."),
        ("p", "9.3 Overpayments will reduce your monthly payment unless you ask us to shorten the term instead."),
    ],
    [  # page 6
        ("h2", "10. Moving home (porting)"),
        ("p", "10.1 This product is portable. If you move, you can apply to transfer it to your new home, "
              "subject to our lending criteria at that time."),
        ("p", "10.2 The new mortgage must complete within 3 months of the redemption of this one. The "
              "early repayment charge is refunded once the new loan completes."),
        ("h2", "11. Payment holidays and missed payments"),
        ("p", "11.1 Payment holidays are not available during the fixed rate period."),
        ("p", "11.2 If you think you may miss a payment, contact our Customer Support team as soon as "
              "possible on 0300 123 9087."),
        ("h2", "12. Further borrowing"),
        ("p", "12.1 You can apply for further borrowing once you have made 6 monthly payments."),
        ("p", "12.2 Any further borrowing will be on the product and rate available at that time."),
    ],
    [  # page 7
        ("h2", "13. The valuation"),
        ("p", "13.1 Our valuer, Marlow &amp; Pike Surveyors, inspected the property on 21 May 2024 and "
              "valued it at £345,000."),
        ("p", "13.2 The valuer estimated the cost of rebuilding the house at £298,000. The valuation is "
              "for our lending purposes only and is not a survey."),
        ("h2", "14. Insurance"),
        ("p", "14.1 You must have buildings insurance in place from the day of exchange of contracts."),
        ("p", "14.2 The sum insured must be at least the rebuilding cost in section 13.2, and the policy "
              "must cover fire, flood, storm and subsidence."),
        ("p", "14.3 Contents insurance and life insurance are recommended but are not conditions of this offer."),
    ],
    [  # page 8
        ("h2", "15. Conditions of the offer"),
        ("p", "15.1 The property must be your main residence. You must not let the property without our "
              "written consent."),
        ("p", "15.2 Your solicitor must confirm that the property has good and marketable title and that "
              "the boiler was installed with a valid building regulations certificate."),
        ("p", "15.3 The loan will not be released until your solicitor has sent us a certificate of title."),
        ("h2", "16. Your solicitor"),
        ("p", "16.1 Greaves &amp; Holt LLP, 5 Abbey Row, Westmoor WM1 2PL. Conveyancer: Priya Shah, "
              "telephone 01632 961 204."),
        ("p", "16.2 The same firm acts for us in this transaction."),
    ],
    [  # page 9
        ("h2", "17. Contacting us"),
        ("p", "17.1 Customer Support: 0300 123 9087, Monday to Friday 8am to 8pm and Saturday 9am to 1pm."),
        ("p", "17.2 Post: Fernbridge Building Society, Fernbridge House, Canal Street, Westmoor WM2 6AA."),
        ("h2", "18. Complaints"),
        ("p", "18.1 If you are unhappy with our service, contact us first. If we have not resolved your "
              "complaint within 8 weeks, you can refer it to the Financial Ombudsman Service free of charge."),
        ("h2", "19. Acceptance"),
        ("p", "19.1 You do not need to sign this offer. Your solicitor will ask you to sign the mortgage deed "
              "before completion."),
        ("p", "Issued on behalf of Fernbridge Building Society by Martin Cole, Mortgage Underwriter, 3 June 2024."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 2. Washing machine manual (PDF, reportlab), 5 pages.
# ---------------------------------------------------------------------------------------------
WASH_TITLE = "Aldwick WM8140 Washing Machine: User Manual"
WASH_PAGES: list[list[tuple[str, str]]] = [
    [  # 1
        ("h1", WASH_TITLE),
        ("p", "8 kg load, 1400 rpm. Read this manual before using the machine and keep it for future reference."),
        ("h2", "Safety"),
        ("p", "Children under 3 years must be kept away from the machine unless continuously supervised. "
              "Do not open the detergent drawer while the machine is draining."),
        ("h2", "Installation"),
        ("p", "Before first use, remove the 4 transport bolts from the back of the machine and fit the "
              "plastic covers supplied. Keep the bolts: they must be refitted if the machine is moved."),
        ("p", "Water supply pressure must be between 0.1 and 1 MPa. Connect the inlet hose to a cold-water tap only."),
        ("p", "The top of the drain hose must be between 60 cm and 100 cm above the floor."),
    ],
    [  # 2
        ("h2", "Programme table"),
        ("p", "Cottons: up to 90°C, maximum load 8 kg, about 3:29 (h:min) at 40°C."),
        ("p", "Eco 40-60: maximum load 8 kg, about 3:48. The most efficient programme for normally soiled "
              "cotton that can be washed at 40°C or 60°C."),
        ("p", "Synthetics: up to 60°C, maximum load 4 kg, about 1:52 at 40°C."),
        ("p", "Wool / Hand Wash: up to 30°C, maximum load 2 kg, about 0:58."),
        ("p", "Quick 15': 20°C, maximum load 2 kg, 15 minutes. For lightly soiled items only."),
        ("p", "Duvet: up to 60°C, one single or double duvet of up to 2.5 kg, about 2:10."),
        ("p", "Rinse + Spin: about 0:20. Spin Only: about 0:14."),
        ("p", "Times shown are for the default temperature and spin speed and will change with the load."),
    ],
    [  # 3
        ("h2", "Options and controls"),
        ("p", "Delay End: press Delay End to choose when the programme finishes, in steps of 1 hour, up "
              "to 24 hours ahead."),
        ("p", "Child Lock: press and hold Temp and Spin together for 3 seconds to lock the buttons. Do the "
              "same again to unlock them."),
        ("p", "Door lock: the door stays locked while the machine is running and unlocks about 2 minutes "
              "after the programme ends."),
        ("p", "Adding a garment: press Start/Pause. If the water level and temperature allow it, the "
              "door unlocks after about 30 seconds."),
        ("h2", "Detergent drawer"),
        ("p", "Compartment I: pre-wash detergent. Compartment II: main wash detergent (powder or liquid). "
              "Compartment marked with a flower: fabric softener; do not fill above the MAX line."),
    ],
    [  # 4
        ("h2", "Cleaning and care"),
        ("p", "Drain pump filter: clean it every 3 months, or if the machine does not drain. It is behind "
              "the small flap at the bottom right of the front panel. Put a shallow tray underneath and "
              "unscrew the filter anticlockwise."),
        ("p", "Drum Clean: run the Drum Clean programme (90°C, empty drum, no detergent) once a month to "
              "prevent odours."),
        ("p", "Detergent drawer: pull it out fully by pressing the release tab and rinse it under a warm "
              "tap every 2 months."),
        ("p", "Door seal: wipe the rubber seal dry after the last wash of the day and leave the door ajar."),
        ("p", "Inlet hose filter: check it once a year for limescale and grit."),
    ],
    [  # 5
        ("h2", "Error codes"),
        ("p", "E10: no water is coming in. Check that the tap is turned on and the inlet hose is not kinked."),
        ("p", "E21: the machine cannot drain. Clean the drain pump filter and check the drain hose."),
        ("p", "E40: the door is not closed properly. Close it firmly and restart the programme."),
        ("p", "E52: motor fault. Switch off at the socket, wait 10 minutes and try again; if the code "
              "returns, call Aldwick Customer Care."),
        ("h2", "Warranty and service"),
        ("p", "Your machine is guaranteed for 2 years from the date of purchase. The motor is guaranteed "
              "for 10 years (parts only)."),
        ("p", "Aldwick Customer Care: 0345 266 1180. Have the model number and the 12-digit serial "
              "number from the label inside the door ready."),
    ],
]

# ---------------------------------------------------------------------------------------------
# 3. Employment contract (DOCX, python-docx).
# ---------------------------------------------------------------------------------------------
JOB_TITLE = "Statement of Main Terms of Employment"
JOB_SECTIONS: list[tuple[str, list[str]]] = [
    ("Parties", [
        "Employer: Brightwater Logistics Ltd, Unit 4, Kestrel Park, Westmoor WM5 1TR.",
        f"Employee: {PERSON}, {ADDRESS}.",
    ]),
    ("Job title and duties", [
        "You are employed as a Senior Transport Planner. You report to Rachel Dunmore, Head of Network Planning.",
        "Your main duties are planning delivery routes for the South West network, scheduling drivers, and "
        "preparing the weekly fleet utilisation report.",
    ]),
    ("Start date and probation", [
        "Your employment starts on 2 September 2024. No previous employment counts towards your period of "
        "continuous employment.",
        "The first 6 months are a probationary period, which may be extended by up to 3 months.",
        "During the probationary period either party may end the employment by giving 1 week's notice.",
    ]),
    ("Place of work", [
        "Your normal place of work is Unit 4, Kestrel Park. You may work from home for up to 2 days a week, "
        "by agreement with your manager. Tuesday is a team day, when everyone works in the office.",
    ]),
    ("Pay", [
        "Your basic salary is £38,750 a year, paid monthly in arrears by bank transfer on the 28th of each month.",
        "Salaries are reviewed every April. The first review you are eligible for is in April 2025.",
        "You will receive a car allowance of £3,600 a year, paid monthly with your salary.",
    ]),
    ("Hours of work", [
        "Your normal hours are 37.5 a week, Monday to Friday, with an unpaid lunch break of 30 minutes.",
        "We operate flexitime around core hours of 10:00 to 15:00, when you must be working.",
        "Overtime must be agreed in advance by your manager and is paid at time and a half.",
    ]),
    ("Holidays", [
        "The holiday year runs from 1 January to 31 December.",
        "You are entitled to 25 days' paid holiday a year plus the usual public holidays. After 5 years' "
        "service this rises to 27 days.",
        "You may carry over up to 5 unused days into the next holiday year; they must be taken by 31 March.",
        "Holiday requests must be made at least 4 weeks before the first day off for absences of a week or more.",
    ]),
    ("Sickness absence", [
        "If you are unable to work because of illness, tell your manager by phone by 9:30 am on the first "
        "day of absence.",
        "You may self-certify for absences of up to 7 calendar days. For longer absences you must provide "
        "a fit note from a doctor.",
        "Company sick pay: full basic salary for up to 4 weeks in any rolling 12-month period, then "
        "Statutory Sick Pay only.",
    ]),
    ("Pension", [
        "You will be enrolled in the company's group personal pension with Meridian Workplace Pensions "
        "after 3 months of employment.",
        "The company contributes 5% of your basic salary and you contribute 4%, through salary sacrifice.",
    ]),
    ("Notice", [
        "After the probationary period, you must give 1 month's written notice to end your employment.",
        "After the probationary period, the company will give you 1 month's written notice, rising to 1 week "
        "for each complete year of service if that is longer, up to a maximum of 12 weeks.",
        "The company may pay you in lieu of notice.",
    ]),
    ("Other terms", [
        "Confidentiality: you must not disclose customer or pricing information during or after your employment.",
        "Restriction: for 6 months after leaving you must not approach any customer you dealt with in your "
        "last 12 months of employment.",
        "Disciplinary and grievance procedures are in the Staff Handbook on the intranet.",
        "Signed for Brightwater Logistics Ltd by Sunita Rao, HR Manager, 12 August 2024.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 4. Pension statement (ODT, hand-written ODF XML).
# ---------------------------------------------------------------------------------------------
PEN_TITLE = "Meridian Workplace Pensions: Annual Benefit Statement 2023/24"
PEN_SECTIONS: list[tuple[str, list[str]]] = [
    ("About this statement", [
        "This statement shows the value of your pension pot at 5 April 2024 and an illustration of what you "
        "might get when you retire. It is from your plan with your former employer, Carrow Freight Services.",
    ]),
    ("Your details", [
        f"Name: {PERSON}. Member number: MWP-0715532.",
        "Date of birth: 19 November 1988.",
        "Selected retirement age: 67. You can take your pension from age 57 at the earliest.",
        "Employer: Carrow Freight Services (you left on 30 August 2024; your plan is now a paid-up plan).",
    ]),
    ("Your pension pot", [
        "Value of your pot at 5 April 2024: £41,862.37.",
        "Value of your pot at 5 April 2023: £35,210.90.",
        "Transfer value at 5 April 2024: £41,862.37 (there is no exit charge).",
    ]),
    ("Contributions this year", [
        "Paid by you: £2,640.00. Paid by your employer: £1,980.00. Tax relief added: £660.00.",
        "Total contributions from 6 April 2023 to 5 April 2024: £5,280.00.",
    ]),
    ("How your money is invested", [
        "All of your pot is in the Meridian Lifestyle Growth Fund.",
        "The fund returned 8.2% after charges over the year to 5 April 2024.",
        "From 10 years before your selected retirement age, your money will gradually move into lower-risk "
        "funds.",
    ]),
    ("Charges", [
        "Annual management charge: 0.45% of the value of your pot, taken monthly.",
        "Fund expenses: a further 0.08% a year, included in the fund's price.",
    ]),
    ("What you might get at retirement", [
        "If contributions stopped today, your pot at age 67 might be worth £78,400 in today's money.",
        "That could buy an income of about £3,600 a year, or you could take £19,600 as a tax-free lump sum "
        "and use the rest to buy a smaller income.",
        "These figures are illustrations only and are not guaranteed.",
    ]),
    ("Who gets your pot if you die", [
        f"Your expression of wish form, last updated on 12 March 2021, names {PARTNER} to receive 100%.",
        "Update it online whenever your circumstances change.",
    ]),
    ("Contact us", [
        "Online: my.meridianpensions.example. Phone: 0800 048 5521, Monday to Friday 9am to 5pm.",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 5. Wedding plan (Markdown).
# ---------------------------------------------------------------------------------------------
WEDDING_MD = """\
# Femi & Rosie's wedding: best man notes

My brother Femi is marrying Rosie Calder. I'm best man. Keeping everything here so Hannah and I
don't have to dig through the group chat.

## The day

- Date: Saturday 14 June 2025.
- Ceremony: St Aldhelm's Church, Kemble, at 1:30 pm.
- Ushers (me, Jonah and Callum) at the church by 12:45 pm to hand out orders of service.
- I hold the rings from the morning; Femi wants them back in my inside pocket, not his.
- Reception: Oakhurst Barn, Ashton Keynes, 4 miles from the church. Drinks from 3:00 pm.

## Timings at the barn

- 3:00 pm: drinks and canapés on the lawn; group photos from 3:20 pm.
- 4:30 pm: guests called to the wedding breakfast.
- Speeches after the meal, at about 6:15 pm: father of the bride, then Femi, then me.
- My speech: keep it under 6 minutes. No ex-girlfriend stories (Rosie's rule).
- 8:00 pm: cake cutting and first dance ("Lovely Day").
- 9:30 pm: evening food (pizza van).
- Carriages at midnight. Coach back to Cirencester leaves at 12:15 am.

## Stag do

- Cardiff, Friday 9 to Sunday 11 May 2025. 12 of us.
- Cost £185 per person: apartment, go-karting on Saturday and the Saturday dinner.
- Deposit of £60 each paid to me by 31 January; rest by 4 April.
- Train from Swindon at 17:42 on the Friday.

## Suits

- Hired from Chalcott Menswear, Cirencester: navy three-piece with a sage green tie.
- Fitting: Saturday 17 May, 11:00 am.
- Collect: Thursday 12 June. Return by 5 pm on Tuesday 17 June or it's £20 a day late fee.
- My sizes: 40R jacket, 34 waist, 32 leg.

## Where we're staying

- The Plough Inn, Kemble: 2 nights, Friday 13 and Saturday 14 June.
- £118 per night including breakfast. Booking reference PLG-44187.
- Check-in from 3 pm, check-out by 11 am. Free cancellation until 14 days before.

## Gift and money

- Gift list at Hartley & Byrne, code CALDER-OKORO. Hannah and I have set aside £150.
- Hen do is Rosie's sister's job, not ours.

## Still to do

- Buy cufflinks for the ushers.
- Confirm the rings are engraved (jeweller said ready 2 June).
- Print the speech in big type (18 point) in case the lights are low.
"""

# ---------------------------------------------------------------------------------------------
# 6. Dog health record (plain text). Headings are lines underlined with = or -.
# ---------------------------------------------------------------------------------------------
DOG_TXT = """\
PEPPER: HEALTH AND CARE RECORD
==============================

Kept by Daniel and Hannah Okoro, 11 Sorrel Close. Last updated September 2024.


About Pepper
------------

Breed: working cocker spaniel (liver and white). Sex: female, spayed on 15 November 2021.
Date of birth: 4 April 2021. Came home with us on 30 May 2021 from a breeder in Devizes.
Microchip number: 977200009123456 (registered with PetLog to Hannah's mobile).
Allergies: chicken (itchy paws). Hypoallergenic food only.


Vaccinations
------------

Primary course: 12 May 2021 and 9 June 2021.
DHP booster (distemper, hepatitis, parvovirus): last given 11 March 2024, lasts three years,
next due March 2027.
Leptospirosis (L4): yearly. Last given 11 March 2024, next due March 2025.
Kennel cough (nasal drops): last given 2 September 2024, lasts 12 months. Needed for Birchwood
Kennels, who want it at least 14 days before a stay.
Rabies: not vaccinated (no trips abroad planned).


Flea, tick and worm treatment
-----------------------------

Flea and tick: NexGard chewable, one a month on the 1st. Dose for 10 to 25 kg dogs.
Worming: Milbemax tablet every 3 months (January, April, July, October).
Lungworm is covered by the Milbemax as long as it is given on time.


Weight and feeding
------------------

Target weight: 13 to 14.5 kg (vet, March 2024).
Weighed 14.8 kg on 11 March 2024, 14.1 kg on 2 September 2024.
Food: Lily's Kitchen fish and salmon (no chicken). 95 g twice a day, at 7 am and 5 pm.
Treats: no more than 10% of her daily food. No grapes, raisins, onions or chocolate.


Vet practice
------------

Hadley Vale Veterinary Centre, 2 Mill Lane. Vet: Dr Anna Pryor.
Phone: 01632 962 350. Opening hours: 8am to 7pm weekdays, 9am to 1pm Saturday.
Out of hours: VetsNow Westmoor, 01632 962 999.
Health plan: Pepper's Pet Club, £16.50 a month, covers boosters, flea and worm treatment and two
check-ups a year.


Insurance
---------

PetGuard Lifetime Plus, policy number PGL-6620981.
Vet fees cover: up to £7,000 per condition per year. Excess: £99 per condition.
From age 8 there is also a 20% co-payment on each claim.
Renews 30 May each year. Premium 2024/25: £31.27 a month.


Medical history
---------------

July 2022: grass seed removed from left ear, under sedation.
January 2024: upset stomach after eating a sock. Bland diet for 3 days; no surgery needed.
Anal glands: expressed at the vet roughly every 6 months.
"""

# ---------------------------------------------------------------------------------------------
# 7. School term letter (HTML, saved from the school website, with boilerplate).
# ---------------------------------------------------------------------------------------------
SCHOOL_SECTIONS: list[tuple[str, list[str]]] = [
    ("Welcome to Year 3", [
        "Dear parents and carers of Willow Class,",
        "Welcome back! I am Miss Halloran, Isla's class teacher this year, and Mr Patel is our teaching "
        "assistant on Monday, Tuesday and Wednesday mornings.",
    ]),
    ("Term dates", [
        "INSET days (school closed to pupils): Monday 2 and Tuesday 3 September.",
        "Term starts for pupils on Wednesday 4 September 2024.",
        "Half term: Monday 28 October to Friday 1 November.",
        "Term ends on Friday 20 December at 1:30 pm.",
        "Spring term starts on Tuesday 7 January 2025 (Monday 6 January is an INSET day).",
    ]),
    ("PE and swimming", [
        "Willow Class has PE on Tuesdays and Thursdays. Please send your child to school in their PE kit on "
        "those days.",
        "Swimming lessons at Westmoor Leisure Centre are on Friday mornings from 13 September for 10 weeks. "
        "Please bring a towel, swimming costume and a swimming hat in a named bag.",
    ]),
    ("Homework and reading", [
        "Homework is given out on Thursdays and should be handed in by the following Tuesday.",
        "Spelling tests are on Fridays, with the new spellings sent home the same day.",
        "Please read with your child at least 5 times a week and sign their reading record.",
    ]),
    ("Trip to the Corinium Museum", [
        "On Thursday 14 November we will visit the Corinium Museum in Cirencester as part of our Romans topic.",
        "The coach leaves school at 9:00 am and will be back by 3:15 pm, so normal collection time applies.",
        "The voluntary contribution is £14.50 per child, paid through ParentPay by Thursday 31 October.",
        "Please send a packed lunch in a disposable bag.",
    ]),
    ("Lunches and clubs", [
        "A hot school lunch costs £2.60 a day for Year 3. Please book meals on ParentPay by the Thursday "
        "before.",
        "Breakfast club runs from 7:45 am in the hall and costs £4.50 a session.",
        "After-school club runs until 5:45 pm and costs £11.00 a session.",
    ]),
    ("Christmas performance", [
        "Years 3 and 4 will perform 'The Nativity Rocks!' on Tuesday 17 December at 2:00 pm and again at 6:00 pm. "
        "Each family can have 3 tickets; ask the office from 2 December.",
    ]),
    ("Reminders", [
        "Please label all clothing and water bottles. We are a nut-free school.",
        "Children should be on the playground by 8:40 am; the gates close at 8:50 am. Collection is at 3:15 pm.",
        "If you have any questions, catch me at the classroom door after school or email year3@hadleyvale.example.",
        "Miss R. Halloran, Year 3 Teacher",
    ]),
]

# ---------------------------------------------------------------------------------------------
# 8. Family cookbook (EPUB 3, hand-written).
# ---------------------------------------------------------------------------------------------
BOOK_TITLE = "Mama Grace's Kitchen: Okoro Family Recipes"
BOOK_AUTHOR = "Grace Okoro"
# (chapter heading, [(subheading or None, [paragraphs])])
BOOK_CHAPTERS: list[tuple[str, list[tuple[str | None, list[str]]]]] = [
    ("Chapter 1: Rice and Stews", [
        (None, [
            "I wrote these down for Daniel and Femi in 2022, because they kept phoning me in the middle of "
            "cooking. Cup measures are the old blue mug, which holds 250 ml.",
        ]),
        ("Party jollof rice", [
            "Serves 8. Blend 4 red peppers, 3 tomatoes, 2 scotch bonnets and 2 onions until smooth.",
            "Fry the blend in 100 ml of oil with 3 tablespoons of tomato purée for 20 minutes, stirring, "
            "until the oil rises to the top.",
            "Add 600 g of washed long-grain rice, 700 ml of chicken stock, 2 bay leaves and 1 teaspoon of "
            "curry powder. Cover with foil and the lid and cook on the lowest heat for 35 minutes without "
            "stirring.",
            "The burnt bit at the bottom is the best part. Do not throw it away.",
        ]),
        ("Beef and spinach stew", [
            "Serves 6. Brown 1 kg of diced stewing beef, then simmer in the pepper blend for 1 hour 30 minutes.",
            "Add 400 g of chopped spinach in the last 10 minutes. Keeps in the freezer for 3 months.",
        ]),
    ]),
    ("Chapter 2: Baking", [
        ("Banana bread", [
            "Use 3 very ripe bananas, 250 g self-raising flour, 100 g soft brown sugar, 75 g melted butter and 2 eggs.",
            "Bake in a 900 g (2 lb) loaf tin at 180°C (160°C fan) for 55 minutes, until a skewer comes out clean.",
        ]),
        ("Puff-puff", [
            "Mix 500 g plain flour, 100 g sugar, 7 g fast-action yeast and 400 ml warm water. Leave to rise for "
            "1 hour, until doubled.",
            "Fry spoonfuls in oil at 170°C for about 3 minutes, turning, until golden. Makes about 40.",
        ]),
        ("Victoria sponge", [
            "Two 20 cm sandwich tins. 200 g each of butter, caster sugar and self-raising flour, and 4 eggs.",
            "Bake at 190°C (170°C fan) for 22 minutes. Fill with raspberry jam and buttercream when cold.",
        ]),
    ]),
    ("Chapter 3: Sunday Dinners", [
        ("Roast chicken", [
            "Roast at 200°C (180°C fan) for 20 minutes per 500 g, plus 20 minutes. Rest for 15 minutes before "
            "carving.",
        ]),
        ("Yorkshire puddings", [
            "140 g plain flour, 4 eggs and 200 ml milk. Rest the batter for 30 minutes.",
            "Heat the oil in a 12-hole tin at 230°C (210°C fan) until smoking, then bake for 20 minutes. "
            "Never open the oven door before 15 minutes.",
        ]),
    ]),
    ("Chapter 4: Jams and Pickles", [
        ("Plum jam", [
            "1 kg of stoned plums, 1 kg of jam sugar and the juice of 1 lemon. Makes about 6 jars.",
            "Boil hard until setting point, 105°C on a sugar thermometer, or until it wrinkles on a cold saucer.",
            "Unopened jars keep for 12 months in a cool, dark cupboard. Once opened, keep in the fridge and "
            "use within 6 weeks.",
        ]),
        ("Pepper chutney", [
            "Leave the jars to mature for at least 4 weeks before opening.",
        ]),
    ]),
]


# =============================================================================================
# Writers
# =============================================================================================

def write_docx(path: Path) -> None:
    writers.write_docx(path, JOB_TITLE, JOB_SECTIONS, author="Sunita Rao", modified_by=PERSON)


def write_odt(path: Path) -> None:
    writers.write_odt(path, PEN_TITLE, PEN_SECTIONS, generator="bench/docs_qa/set_b/make.py",
                      creator="Meridian Workplace Pensions", date="2024-09-20T00:00:00")


def write_html(path: Path) -> None:
    sections = []
    for heading, paras in SCHOOL_SECTIONS:
        sections.append(f'      <section>\n        <h2>{escape(heading)}</h2>\n'
                        + "".join(f"        <p>{escape(p)}</p>\n" for p in paras) + "      </section>")
    html = f"""<!DOCTYPE html>
<!-- saved from url=(0061)https://www.hadleyvale-primary.example/news/year-3-autumn-letter -->
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Year 3 Autumn Term Letter | Hadley Vale Primary School</title>
  <link rel="stylesheet" href="./Year 3 Autumn Term Letter_files/theme.css">
  <script src="./Year 3 Autumn Term Letter_files/cookie-consent.js"></script>
  <style>.alert-strip{{background:#1d4f91;color:#fff;padding:6px}}</style>
</head>
<body>
  <div class="alert-strip">Reception places for September 2025: applications close on 15 January 2025. Open mornings 9 and 16 October, 9:30 am.</div>
  <header>
    <a class="logo" href="/">Hadley Vale Primary School</a>
    <p class="motto">Learning and growing together</p>
    <nav>
      <ul>
        <li><a href="/about">About us</a></li>
        <li><a href="/parents">Parents</a></li>
        <li><a href="/classes">Classes</a></li>
        <li><a href="/news">News and letters</a></li>
        <li><a href="/term-dates">Term dates</a></li>
        <li><a href="/contact">Contact</a></li>
      </ul>
    </nav>
  </header>
  <div class="breadcrumb"><a href="/">Home</a> &gt; <a href="/news">News and letters</a> &gt; Year 3 Autumn Term Letter</div>
  <main>
    <article>
      <h1>Year 3 Autumn Term Letter</h1>
      <p class="posted">Posted on 5 September 2024 by Miss Halloran</p>
{chr(10).join(sections)}
    </article>
  </main>
  <aside class="sidebar">
    <h3>Latest news</h3>
    <ul>
      <li><a href="/news/harvest">Harvest collection for Westmoor Food Bank</a></li>
      <li><a href="/news/flu">Nasal flu vaccinations for all year groups on 8 October</a></li>
      <li><a href="/news/pta">PTA Christmas Fair: Saturday 30 November, 11 am to 2 pm</a></li>
    </ul>
  </aside>
  <footer>
    <p>Hadley Vale Primary School, Mill Lane, Hadley Vale, Westmoor WM3 8AB. Headteacher: Mrs J. Ferris.</p>
    <p>Telephone 01632 963 100. Part of the Westmoor Learning Trust, a company registered in England no. 08123345.</p>
    <p><a href="/privacy">Privacy notice</a> | <a href="/accessibility">Accessibility</a> | <a href="/policies">Policies</a></p>
    <p>&copy; 2024 Hadley Vale Primary School</p>
  </footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")


def write_epub(path: Path) -> None:
    writers.write_epub(path, BOOK_TITLE, BOOK_CHAPTERS, author=BOOK_AUTHOR, language="en", date="2022-12-01",
                       uid="urn:uuid:2b8e5d71-94c3-4a0e-8f26-7d15c0a3e4b9")


DOCS = {
    "mortgage_offer.pdf": lambda p: write_pdf(p, MORT_TITLE, MORT_PAGES, "Mortgage offer"),
    "washing_machine_manual.pdf": lambda p: write_pdf(p, WASH_TITLE, WASH_PAGES, "User manual"),
    "employment_contract.docx": write_docx,
    "pension_statement.odt": write_odt,
    "wedding_best_man_notes.md": lambda p: p.write_text(WEDDING_MD, encoding="utf-8"),
    "pepper_dog_record.txt": lambda p: p.write_text(DOG_TXT, encoding="utf-8"),
    "school_year3_letter.html": write_html,
    "family_cookbook.epub": write_epub,
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, writer in DOCS.items():
        writer(OUT / name)
        print(f"{name}: {(OUT / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
