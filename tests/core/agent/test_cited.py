"""Answers from the user's documents (agent/cited.py): the model proposes, the passage must hold it,
the reply names the page; nothing found is said so; passages never pass for what the user said."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.agent.loop import Agent
from app.core.documents.extract import extract
from app.core.documents.library import Library
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.store import NewMemory
from app.core.settings import Settings
from tests.core.agent.library_agent import BIG, ask, library_agent, markdown
from tests.core.documents import builders


def test_an_answer_a_passage_holds_is_said_with_its_page_and_listed_in_the_receipt(bank: MemoryBank,
                                                                                  tmp_path: Path) -> None:
    agent, backend = library_agent(bank, tmp_path, lambda p: "You must give two months written notice [2]."
                            if "passages of my documents" in p else "Hello.")
    done = ask(agent, "How much notice do I have to give under my lease?")
    assert done.reply == "You must give two months written notice (lease.pdf, p. 2)."
    assert [h.source for h in done.cited] == ["lease.pdf, p. 2"] and backend.aside_slots == ["documents"]
    [message] = [m for m in agent.conversations.messages(done.conversation_id) if m.role == "assistant"]
    assert [(line.kind, line.source, line.page) for line in message.receipt.passages] == [("passage", "lease.pdf, p. 2", 2)]
    assert message.receipt.memories == ()  # a passage is never replayed as something the user said


def test_a_value_the_passage_gives_of_something_else_is_not_an_answer(bank: MemoryBank, tmp_path: Path) -> None:
    agent, _ = library_agent(bank, tmp_path, lambda p: "The penalty for breaking the lease is 260 pounds [3]."
                      if "passages of my documents" in p else "Hello.")
    done = ask(agent, "What's the penalty if I break the lease?")
    assert done.reply == "I couldn't find that in your documents." and done.cited == ()


def test_an_answer_that_only_says_the_question_back_is_not_one(bank: MemoryBank, tmp_path: Path) -> None:
    """"The booking reference for your pottery class is" with no reference was said, cited (set C)."""
    agent, _ = library_agent(bank, tmp_path, lambda p: "The notice you have to give under your lease is [2]."
                      if "passages of my documents" in p else "Hello.")
    done = ask(agent, "How much notice do I have to give under my lease?")
    assert done.reply == "I couldn't find that in your documents." and done.cited == ()


def test_a_question_naming_a_document_by_its_file_name_is_not_answered_with_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    """No passage is close enough, but the question names kitchen_refit_quote.md by two of its words:
    the documents are asked, not the model's general knowledge (set C)."""
    quote = markdown(tmp_path, "kitchen_refit_quote.md", "# Scope of work\n\nNew oak worktops, 38 mm thick.\n")
    data = ProfileData(bank)
    Library(data.documents, read=extract).add([quote])
    backend = ScriptedBackend(reply=lambda p: "Yes, the quote includes replacing the boiler [1]."
                              if "passages of my documents" in p else "Yes, kitchen quotes usually cover the boiler.",
                              n_params=BIG)
    done = ask(Agent(data, backend, Settings(docs_threshold=0.99)), "Does the kitchen quote include replacing the boiler?")
    assert done.reply == "I couldn't find that in your documents.", done.reply


def test_a_thing_of_the_users_a_file_or_passage_names_is_not_answered_with_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    """No passage is close enough; "the shamba" is a file's name, "the caterer's" a passage's word: general
    answers invented "$10,000" and "123-456-7890" (set L). A general question is still answered."""
    lease = markdown(tmp_path, "shamba_lease.md", "# Rent\n\nKSh 15,000 an acre a year, paid by M-Pesa.\n")
    budget = markdown(tmp_path, "wedding_budget.md", "# Suppliers\n\nMama Mboga Caterers, deposit paid.\n")
    data = ProfileData(bank)
    Library(data.documents, read=extract).add([lease, budget])
    backend = ScriptedBackend(reply=lambda p: "Not in the documents." if "passages of my documents" in p
                              else "It is $10,000, call 123-456-7890.", n_params=BIG)
    agent = Agent(data, backend, Settings(docs_threshold=0.99))
    for question in ("How much is the shamba worth?", "What's the caterer's phone number?"):
        assert ask(agent, question).reply == "I couldn't find that in your documents.", question
    assert ask(agent, "How much is a flight to Mombasa?").reply == "It is $10,000, call 123-456-7890."


def test_the_small_model_quotes_the_closest_sentence_with_its_source(bank: MemoryBank, tmp_path: Path) -> None:
    agent, backend = library_agent(bank, tmp_path, "I am a small model.", n_params=135_000_000)
    agent.similar = lambda first, second: __import__("numpy").array(  # type: ignore[method-assign]
        [[0.9 if "notice" in s else 0.1 for s in second]])
    done = ask(agent, "How much notice do I have to give under my lease?")
    assert done.reply.startswith("lease.pdf, p. 2 says: “") and "two months written notice" in done.reply
    assert backend.aside_slots == []


def test_memory_answers_first_and_a_general_request_is_not_turned_into_a_document_search(bank: MemoryBank,
                                                                                        tmp_path: Path) -> None:
    bank.add(NewMemory(text="My sister Jo lives in Leeds.", kind="fact"))

    def reply(prompt: str) -> str:
        if "passages of my documents" in prompt:
            return "Not in the documents."
        return "Jo lives in Leeds." if "My question" in prompt else "1. Rice.\n2. Beans."

    agent, backend = library_agent(bank, tmp_path, reply)
    assert ask(agent, "Where does my sister live?").reply == "Jo lives in Leeds."
    assert "documents" not in backend.aside_slots
    assert ask(agent, "Write me a shopping list for a rice dish").reply == "1. Rice.\n2. Beans."


def test_an_answer_about_something_the_documents_dont_name_is_not_found_never_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    router = markdown(tmp_path, "router.md",
                       "# Router\nThe Wi-Fi password is bluebell2024, printed on the back of the router.\n")

    def reply(prompt: str) -> str:
        if "passages of my documents" in prompt:
            return "The Wi-Fi password at the Porto guesthouse is bluebell2024 [1]."
        return "The password is guest123."  # what a model guesses when asked outright

    agent, _ = library_agent(bank, tmp_path, reply, document=router)
    done = ask(agent, "What's the Wi-Fi password at the Porto guesthouse?")
    assert "bluebell2024" not in done.reply and "guest123" not in done.reply, done.reply


def test_a_fact_question_about_the_users_own_thing_is_not_answered_with_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    manual = markdown(tmp_path, "manual.md",
                       "# Oil\nThe car takes 4.2 litres of 0W-20 engine oil when the filter is changed.\n")
    agent, _ = library_agent(bank, tmp_path, lambda p: "Not in the documents." if "passages of my documents" in p
                      else "The top speed is 150 miles per hour.", document=manual)
    assert ask(agent, "What's the car's top speed?").reply == "I couldn't find that in your documents."
    assert ask(agent, "How do I make pancakes?").reply == "The top speed is 150 miles per hour."  # a request
    # (a word before the thing: "the new car" is the car; set J got "20 miles per gallon")
    assert ask(agent, "What's the top speed of the new car?").reply == "I couldn't find that in your documents."


def test_a_fact_question_about_a_thing_named_by_its_initials_is_not_answered_with_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    hvac = markdown(tmp_path, "hvac.md", "# Equipment covered\nThe AC is a 3-ton unit installed in 2014.\n")
    agent, _ = library_agent(bank, tmp_path, lambda p: "Not in the documents." if "passages of my documents" in p
                             else "The AC's refrigerant was last recharged on December 15, 2023.", document=hvac)
    assert ask(agent, "When was the AC's refrigerant last recharged?").reply == "I couldn't find that in your documents."


def test_whether_the_users_own_thing_has_something_is_not_answered_with_a_general_guess(
        bank: MemoryBank, tmp_path: Path) -> None:
    gym = markdown(tmp_path, "gym.md", "# Opening hours\nThe gym opens at 6am on weekdays and 8am at weekends.\n")
    agent, _ = library_agent(bank, tmp_path, lambda p: "Not in the documents." if "passages of my documents" in p
                      else "Yes, the gym has a swimming pool.", document=gym)
    assert ask(agent, "Does the gym have a swimming pool?").reply == "I couldn't find that in your documents."
    assert ask(agent, "What is the best way to learn to swim?").reply == "Yes, the gym has a swimming pool."


def test_a_passages_heading_says_what_its_numbers_are_about() -> None:
    """Set B (read after its run): "Bake … for 55 minutes" under "Banana bread" answers "How long does the
    banana bread need in the oven?"; a possessive name in the question is the name ("Pepper's")."""
    from app.core.agent.cited import QUESTION_NAME, _values_in_context

    passage = "Use 3 very ripe bananas.\n\nBake in a 900 g (2 lb) loaf tin at 180°C (160°C fan) for 55 minutes."
    question = "How long does the banana bread need in the oven?"
    assert not _values_in_context("It needs 55 minutes.", passage, question)
    assert _values_in_context("It needs 55 minutes.", passage, question, "Banana bread")
    assert _values_in_context("It needs 55 minutes.", passage, question, "Victoria sponge") is False
    assert QUESTION_NAME.findall("What's the excess on Pepper's insurance?") == ["Pepper"]


def test_an_amount_of_another_kind_than_asked_is_no_answer() -> None:
    from app.core.agent.answer_kinds import measures_what_was_asked

    assert not measures_what_was_asked("The spin speed for towels is about 14 minutes.",
                                       "What spin speed should I use for towels?")
    assert measures_what_was_asked("Use 1,200 rpm.", "What spin speed should I use for towels?")
    assert measures_what_was_asked("£14.50 per child, paid by 31 October.", "How much is Isla's museum trip?")
    assert not measures_what_was_asked("The excess is 3 months.", "What's the excess on Pepper's insurance?")
    assert measures_what_was_asked("Two months' notice.", "How much notice do I give?")  # no kind asked


def test_a_name_asked_as_an_owner_need_not_be_in_the_passage_but_a_place_must() -> None:
    from app.core.agent.cited import _names_there
    from app.core.types import PassageHit

    trip = PassageHit(1, 1, "school_letter.html", "/x", "The trip costs £14.50 per child.", None,
                      "Trip to the Corinium Museum", 0.5)
    assert _names_there("How much is Isla's museum trip?", trip)
    assert not _names_there("How much is the trip to the Ashmolean Museum?", trip)


def test_an_answer_of_someone_elses_thing_is_refused() -> None:
    """Set E: "What's Sinéad's mobile number?" was answered with Niamh's; the tyre pressure for Fionn's
    bike from the section on Ciarán's."""
    from app.core.agent.cited import _another_owner
    from app.core.types import PassageHit

    def section(heading: str) -> PassageHit:
        return PassageHit(1, 1, "notes.md", "/x", "Tyres: 75 psi front, 80 psi rear.", None, heading, 0.5)

    assert _another_owner("Niamh's mobile number is 087 615 2290", "What's Sinéad's mobile number?", section("Contacts"))
    assert _another_owner("75 psi front", "What's the tyre pressure for Fionn's bike?", section("Ciarán's road bike"))
    assert not _another_owner("75 psi front", "What's the tyre pressure for Fionn's bike?", section("Fionn's bike"))
    assert not _another_owner("75 psi front", "What's the tyre pressure on the road bike?", section("Ciarán's road bike"))
    assert not _another_owner("It's £14.50", "How much is Isla's museum trip?", section("Museum trip"))
    assert not _another_owner("Sinéad Rossiter's registration number is CM-3318", "What's Sinéad's registration number?",
                              section("Who this agreement is between"))  # set E: the whole name is hers
    assert not _another_owner("20% after Bracken's 8th birthday", "Once Bracken's older, what share do we pay?",
                              section("Excess"))  # set D: "Once" is no one's name


def test_the_documents_we_is_its_writer_unless_the_question_speaks_of_we(bank: MemoryBank, tmp_path: Path) -> None:
    """Set C (read after its run): "give us 28 days' written notice" is the leasing company's "us"; said
    by Hearth it was refused as the user's voice. It is now "them", or "you" when the user asked as "we"."""
    from app.core.agent.cited import said_to_you

    lease = builders.pdf(tmp_path / "car_lease.pdf", [
        "Ending the agreement early. You may end this agreement early by giving us 28 days' written notice.",
        "Late payment. If a rental is not paid on time we will charge a late payment fee of 30 pounds."])
    agent, _ = library_agent(bank, tmp_path, lambda p: "You have to give us 28 days' written notice [1]."
                      if "passages of my documents" in p else "Hello.", document=lease)
    reply = ask(agent, "How much notice do I have to give if I hand the car back early?").reply
    assert reply == "You have to give them 28 days' written notice (car_lease.pdf, p. 1)."
    assert said_to_you("The number to ring if one of us is in hospital is 0330.",
                       "Who do we ring if one of us ends up in hospital?") == \
        "The number to ring if one of you is in hospital is 0330."
    assert said_to_you("We charge £45 for each certificate.", "How much is the certificate?") == \
        "They charge £45 for each certificate."


def test_a_passages_file_name_says_what_it_is_about_and_whole_pounds_are_as_written() -> None:
    """Set C: "The agreement ends on 1 April 2028" answers "What date does the car lease finish?" in
    car_lease_agreement.pdf (not in choir_minutes.odt); "£14.00" is "£14" where the passage says "£14"."""
    from types import SimpleNamespace

    from app.core.agent.cited import _values_in_context, as_written

    passage = "1.1 The hire starts on 2 April 2025. 1.2 The agreement ends on 1 April 2028 unless ended earlier."
    question = "What date does the car lease finish?"
    assert _values_in_context("It finishes on 1 April 2028.", passage, question, name="car_lease_agreement.pdf")
    assert not _values_in_context("It finishes on 1 April 2028.", passage, question, name="choir_minutes.odt")
    shown = [SimpleNamespace(text="Tool kit from the tutor: £14. Total paid: £203.00.")]
    assert as_written("£14.00, and £203.00 in all.", shown) == "£14, and £203.00 in all."  # type: ignore[arg-type]


def test_an_acronym_in_the_question_is_the_name_the_passage_writes_out() -> None:
    """Set C: "Which OS map do I need?" is answered by a passage about the Ordnance Survey map."""
    from types import SimpleNamespace

    from app.core.agent.cited import _names_there

    hit = SimpleNamespace(text="Take the Ordnance Survey Explorer map OL13.", heading="Maps", name="walks.epub")
    other = SimpleNamespace(text="Take a good map and a compass.", heading="Maps", name="walks.epub")
    question = "Which OS map do I need for the walks?"
    assert _names_there(question, hit) and not _names_there(question, other)  # type: ignore[arg-type]


def test_a_sections_heading_naming_what_was_asked_holds_its_values_but_not_a_heading_of_kinds() -> None:
    """Set D: "Check-in from 4 pm" under "The cottage" answers when we can get into the cottage; the
    "Useful numbers" section holds every phone number, not the one for claims."""
    from app.core.agent.cited import _values_in_context

    cottage = "Quoyburn Cottage, Stenness. Check-in from 4 pm. Check-out by 10 am on the Saturday."
    question = "From what time can we get into the cottage on arrival day?"
    assert _values_in_context("From 4 pm.", cottage, question, "The cottage", "holiday_plan.docx")
    assert not _values_in_context("From 4 pm.", cottage, question, "Budget", "holiday_plan.docx")
    numbers = "Vet video line: 0800 048 7731. Lost dog line: 0345 266 1000."
    assert not _values_in_context("It is 0800 048 7731.", numbers, "What phone number do I use to claim on the pet "
                                  "insurance?", "Useful numbers", "summary.odt")


def test_a_whole_owners_name_need_not_be_on_the_page_and_according_to_is_said_as_the_source(
        bank: MemoryBank, tmp_path: Path) -> None:
    """Set D: "£395" for "Kirsty Baird's fee" is on a page that says "Fee payable to your mortgage
    adviser: £395"; "According to the manual, …" is no word of the page: the source is said after it."""
    from app.core.agent.cited import _names_there
    from app.core.types import PassageHit

    fees = PassageHit(1, 1, "offer.pdf", "/x", "6.4 Fee payable to your mortgage adviser: £395.", 3, None, 0.5)
    assert _names_there("How much was Kirsty Baird's fee for arranging the mortgage?", fees)
    assert not _names_there("How much was the fee Kirsty Baird charged?", fees)
    agent, _ = library_agent(bank, tmp_path, lambda p: "According to the lease, you must give two months written "
                             "notice [2]." if "passages of my documents" in p else "Hello.")
    reply = ask(agent, "How much notice do I have to give under my lease?").reply
    assert reply == "You must give two months written notice (lease.pdf, p. 2)."


def test_a_passage_that_speaks_only_of_the_kind_of_value_asked_does_not_answer() -> None:
    from app.core.agent.cited import _of_its_topic
    from app.core.types import PassageHit

    pump = PassageHit(1, 1, "heat_pump_guide.pdf", "/x", "The room thermostat is set to a comfortable temperature of 20 °C.",
                      3, None, 0.5)
    assert not _of_its_topic("What temperature do I cook the spiced beef at in the oven?", pump)
    assert _of_its_topic("What temperature is the thermostat set to?", pump)
    assert _of_its_topic("What temperature?", pump)  # nothing asked but the kind: nothing to hold


def test_an_either_or_question_is_answered_by_the_choice_the_passage_makes() -> None:
    """Set F: "Does the washing machine go on the hot tap or the cold?" is no yes/no question: the
    question's words may ground the answer, but the choice made must be the passage's."""
    from app.core.agent.cited import _holds
    from app.core.types import PassageHit

    page = PassageHit(1, 1, "washing_machine_manual.pdf", "/x", "2.3 Connect the inlet hose to the cold tap only. "
                      "2.4 Water pressure: from 0.05 MPa to 0.8 MPa.", 1, None, 0.5)
    question = "Does the washing machine go on the hot tap or the cold?"
    assert _holds("The washing machine goes on the cold tap.", page, question, set())
    assert not _holds("The washing machine goes on the hot tap.", page, question, set())
    assert not _holds("Yes, the washing machine goes on the hot tap.", page, "Does the washing machine go on the hot tap?", set())


def _copier(copy: str):
    """A model that says the passages don't answer, then copies ``copy`` when asked for a sentence."""
    return lambda p: copy if "Copy, word for word" in p else (
        "Not in the documents." if "passages of my documents" in p else "Hello.")


def test_when_the_model_finds_no_answer_the_sentence_it_copies_is_quoted_with_its_source(
        bank: MemoryBank, tmp_path: Path) -> None:
    """Set F: "Paracetamol … no more than 4 times in 24 hours" was shown, but the 1.5B model said "Not
    in the documents"; asked to copy the sentence that answers, it found it."""
    agent, backend = library_agent(bank, tmp_path, _copier("by giving two months written notice [2]"))
    done = ask(agent, "How much notice do I have to give to end the tenancy?")
    assert done.reply == ("lease.pdf, p. 2 says: “Ending the tenancy: the tenant may end the tenancy by giving two "
                          "months written notice to the landlord.”")
    assert [h.source for h in done.cited] == ["lease.pdf, p. 2"] and backend.aside_slots == ["documents", "documents"]


@pytest.mark.parametrize("copy", [
    "The late fee is 950 pounds a month [1].",  # made up: in no passage
    "Tenancy agreement. [1]",  # too short to be an answer
    "A holding deposit of 260 pounds was set against the first month's rent. [3]",  # not of what was asked
])
def test_a_copied_sentence_no_passage_holds_or_of_something_else_is_refused(
        bank: MemoryBank, tmp_path: Path, copy: str) -> None:
    agent, _ = library_agent(bank, tmp_path, _copier(copy))
    done = ask(agent, "How much notice do I have to give to end the tenancy?")
    assert done.reply == "I couldn't find that in your documents." and done.cited == ()


def test_a_copy_is_compared_word_for_word_with_case_spacing_and_numbers_in_words_aside() -> None:
    from app.core.agent.cited import _plain

    line = "- Latanoprost eye drops: one drop in each eye at bedtime (the bottle is in the fridge)."
    assert _plain("1 drop in each eye at bedtime (the bottle is in the fridge). ") in _plain(line)
    assert _plain("2 drops in each eye at bedtime") not in _plain(line)


def test_a_copied_sentence_must_say_the_numbers_the_question_says(bank: MemoryBank, tmp_path: Path) -> None:
    """Set F: "What rate would we have got if we'd fixed for 3 years instead of 2?" (never said) got
    "fixed at 4.89% per year for 2 years" quoted."""
    agent, _ = library_agent(bank, tmp_path, _copier("by giving two months written notice [2]"))
    done = ask(agent, "How much notice do I have to give to end the tenancy in the first 6 months?")
    assert done.reply == "I couldn't find that in your documents." and done.cited == ()


def test_a_question_about_the_user_that_neither_memory_nor_the_documents_answer_says_both(
        bank: MemoryBank, tmp_path: Path) -> None:
    """"You haven't told me that yet." alone, beside documents the model could not answer from, read as if
    they were never looked at (set M)."""
    agent, _ = library_agent(bank, tmp_path, lambda p: "Your deposit back is 260 pounds [3]."
                             if "passages of my documents" in p else "Not said.")
    done = ask(agent, "How much do we get back when we move out?")
    assert "haven't told me" in done.reply and "couldn't find it in your documents" in done.reply, done.reply
    assert done.cited == ()
