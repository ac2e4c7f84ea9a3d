"""A correction made inside a sentence is read as the user meant it (dev split #G, leanne)."""

import pytest

from app.core.memory.restated import settled


@pytest.mark.parametrize(("said", "meant"), [
    ("Parents evening for Mason is on Tuesday at 5.40, no wait it's Thursday not Tuesday, I just checked the letter.",
     "Parents evening for Mason is on Thursday at 5.40, I just checked the letter."),
    ("Mason's football is Saturday mornings at 9 at Hollins Park, no wait they moved it to Sunday, same time, same place.",
     "Mason's football is Sunday mornings at 9 at Hollins Park, same time, same place."),
    ("I work as a receptionist at a dental practice, Monday, Tuesday, no sorry, Monday, Wednesday and Friday, part time.",
     "I work as a receptionist at a dental practice, Monday, Wednesday and Friday, part time."),
    ("Lily has a nut allergy, peanuts, no sorry, it's tree nuts actually, peanuts are fine, the allergist confirmed it.",
     "Lily has a nut allergy, tree nuts, peanuts are fine, the allergist confirmed it."),
    ("So it's me and the two kids, Mason who's 8, no wait, he turned 9 last week, god, and Lily who's 5.",
     "So it's me and the two kids, Mason who's 9, god, and Lily who's 5."),
    ("Her op is on the 3rd, no wait the 10th of March.", "Her op is on the 10th of March."),
    ("The wedding is in May, no wait, June, on the 14th.", "The wedding is in June, on the 14th."),
    ("gf Tash bday 12 may. no wait 21 may lol she'd kill me", "gf Tash bday 21 may."),  # split #H, rhys
    ("My English class is on Monday evening, ah no sorry, Tuesday evening. Monday is Arif swimming.",
     "My English class is on Tuesday evening. Monday is Arif swimming."),
    ("Christmas budget is £150 per kid, no hang on, £120, I'm being strict this year.",
     "Christmas budget is £120 per kid, I'm being strict this year."),
    ("mum's 60th is sat 9/8 in peckham, no wait 16/8, chioma just txtd the group chat",  # #K: kept as "sat 9/16"
     "mum's 60th is sat 16/8 in peckham, chioma just txtd the group chat"),
    ("lan tourney in hanley on the 8th nah wait the 9th, me n reece signed up",  # #K: "nah wait" too
     "lan tourney in hanley on the 9th, me n reece signed up"),
    ("Tuva starts barnehage on the 2nd of September, nei vent, the 9th, they pushed the intake back.",  # #M
     "Tuva starts barnehage on the 9th of September, they pushed the intake back."),
    ("I shall move the lessons to Wednesday afternoons, no, I beg your pardon, Thursday afternoons.",  # #M
     "I shall move the lessons to Thursday afternoons."),
    # held-out #P: each value the correction says ("Thurs 2pm"), after "eh sorry not Wed lah"; "I tell a lie"
    ("My ah ma check-up at Tan Tock Seng is next Wed 10.30am... eh sorry not Wed lah, clinic call say change to Thurs "
     "2pm. Aiyo.", "My ah ma check-up at Tan Tock Seng is next Thurs 2pm. Aiyo."),
    ("Parents evening is on Tuesday at 5.40, no wait it's Thursday at 6.", "Parents evening is on Thursday at 6."),
    ("I owe the vet £86 no I tell a lie it was £68 I have got the bill here", "I owe the vet £68."),
])
def test_the_corrected_value_replaces_the_one_taken_back(said: str, meant: str) -> None:
    assert settled(said) == meant


@pytest.mark.parametrize("said", [
    "I'm free, no wait, I'm busy all week.",  # no value of a kind, and no short item before the cue
    "No wait, that's wrong.",  # the cue opens the sentence: a correction of an earlier message
    "I sat down, no wait, I stood.",
    "I'll see mum on Friday, then work. No wait, I'm off that day.",  # a new sentence may say anything
    "Mason's football is on Saturday mornings at 9.",  # nothing taken back
])
def test_a_correction_it_cannot_read_leaves_the_words_as_they_were(said: str) -> None:
    assert settled(said) == said


@pytest.mark.parametrize(("said", "meant"), [
    ("Jordan's football is Thursday nights — no hang on, Tuesdays, they changed it after half term",
     "Jordan's football is Tuesday nights, they changed it after half term"),
    ("Practice mtg moved: Thurs 07:30 — sorry, 07:45. Bev just emailed.", "Practice mtg moved: Thurs 07:45. Bev just emailed."),
    ("college is mondays now no wait its wednesdays", "college is wednesdays now."),
])
def test_a_dash_a_bare_sorry_before_a_value_and_an_unpunctuated_no_wait_are_read(said: str, meant: str) -> None:
    assert settled(said) == meant


@pytest.mark.parametrize("said", ["I'm running late, sorry, the bus broke down.", "I mean it, no more cake"])
def test_an_apology_is_not_a_correction(said: str) -> None:
    assert settled(said) == said


@pytest.mark.parametrize(("said", "meant"), [
    ("Flying in from Lagos on the 22nd. No, 23rd. Checked the ticket.", "Flying in from Lagos on the 23rd. Checked the ticket."),
    ("Party is Saturday, no, Sunday.", "Party is Sunday."),
    ("Elmarie has put me down for 40 boerewors rolls, no wait, she just sent a voice note, it's 60 now.",
     "Elmarie has put me down for 60 boerewors rolls."),  # the value a clause on (#L)
    ("Driving theory test booked for 14th march at 10:20 wait no 11:20 i just checked the email.",
     "Driving theory test booked for 14th march at 11:20."),  # (#L, ruby)
])
def test_a_bare_no_before_a_value_takes_the_value_back(said: str, meant: str) -> None:
    assert settled(said) == meant


@pytest.mark.parametrize("said", ["I have two kids. No, I am not married.", "Bins on Tuesday. No recycling this week."])
def test_a_bare_no_before_anything_else_is_an_answer_not_a_correction(said: str) -> None:
    assert settled(said) == said
