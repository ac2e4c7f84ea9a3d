"""What a document question asks for (agent/answer_kinds.py), from set D's never-answerable questions
(read after its run): the nearest value of another kind is no answer."""

from __future__ import annotations

from pathlib import Path

from app.core.agent.answer_kinds import (has_the_shape_asked, measures_what_was_asked, money_as_written,
                                         names_another_document)
from app.core.memory.bank import MemoryBank
from app.core.agent.measures import number_in
from tests.core.agent.library_agent import ask, library_agent, markdown


def test_an_address_a_number_or_a_date_asked_for_must_be_in_the_answer() -> None:
    assert not has_the_shape_asked("Eilidh Grant, 07700 900 786.", "What's the email address for the junior coach?")
    assert has_the_shape_asked("Write to juniors@ochilcurling.org.uk.", "What's the email address for the junior coach?")
    assert not has_the_shape_asked("The frame number is stamped under the bottom bracket.",
                                   "What's the frame number of my e-bike?")
    assert has_the_shape_asked("It is WX-2291-B.", "What's the frame number of my e-bike?")
    assert not has_the_shape_asked("The Mixed Pairs is in February.", "What date is the Mixed Pairs?")
    assert has_the_shape_asked("The Mixed Pairs is in February.", "When is the Mixed Pairs?")  # a month is a when
    assert has_the_shape_asked("It's the tall one by the gate.", "Which key opens the shed?")  # no shape asked


def test_a_sum_of_money_must_be_written_so_in_the_passage() -> None:
    passage = "Weight: 23.5 kg (size M). Price new: £2,199."
    assert not money_as_written("The e-bike cost $23.5 kg.", passage)
    assert money_as_written("It cost £2,199.", passage) and money_as_written("It cost £ 2,199.", passage)
    assert money_as_written("It weighs 23.5 kg.", passage)  # no money said


def test_a_sum_or_a_time_in_another_countrys_writing_is_read_as_one() -> None:
    """Set J (Pretoria): rand written "R3 150", times "16h00"; "allowed to charge" asks no price."""
    assert has_the_shape_asked("R3 150 per month", "How much are Lerato's school fees per month?")
    assert not has_the_shape_asked("Rates go up every year.", "How much are the school fees?")
    assert money_as_written("R3 150 per month", "Grade 6: R3 150 a month") and \
        not money_as_written("R950 a year", "Service: R905 a year")
    assert has_the_shape_asked("Between 23h00 and 05h00.", "During which hours is the battery allowed to charge?")
    assert number_in("16:00", "Monday to Friday, 07h30 to 16h00") and not number_in("16:00", "07h30 to 15h00")
    assert not has_the_shape_asked("It is 4816.", "What's the alarm technician's phone number?")
    assert has_the_shape_asked("Call 012 555 0139.", "What's the alarm technician's phone number?")
    assert has_the_shape_asked("(614) 555-0119.", "What number do I call for the furnace?")


def test_what_the_question_calls_its_own_must_be_what_the_passage_is_about() -> None:
    energy = "Your account number is GLE-3306718-42. Tariff: Fix to October 2026."
    others = {"mortgage_offer.pdf"}
    question = "What's our mortgage account number?"
    assert names_another_document(question, "energy_tariff.html", f"energy_tariff.html {energy}", others)
    assert not names_another_document("What's our energy account number?", "energy_tariff.html",
                                      f"energy_tariff.html {energy}", others)
    # "the village show" is not owned: Gran's wins are in the holiday plan, not village_cookbook.epub
    assert not names_another_document("How many times has Gran won the village show?", "holiday_plan.docx",
                                      "Gran has won the show eleven times.", {"village_cookbook.epub"})


def test_another_documents_account_number_is_not_found_in_the_app(bank: MemoryBank, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    markdown(folder, "energy_tariff.md", "# Your account\n\nYour account number is GLE-3306718-42.\n")
    markdown(folder, "mortgage_offer.md", "# The loan\n\nThe loan is £218,500 over 25 years at a fixed rate.\n")
    agent, _ = library_agent(bank, tmp_path, lambda p: "The mortgage account number is GLE-3306718-42 [1]."
                      if "passages of my documents" in p else "Hello.", document=folder)
    assert ask(agent, "What's our mortgage account number?").reply == "I couldn't find that in your documents."


def test_how_many_asks_for_a_count_not_an_amount_of_something() -> None:
    """Set E: "How many does Nana's brown bread serve?" (never said) was answered "450 ml buttermilk"."""
    assert not measures_what_was_asked("450 ml buttermilk", "How many does Nana's brown bread serve?")
    assert measures_what_was_asked("It serves 8.", "How many does the cake serve?")
    assert measures_what_was_asked("28 days", "How many days' notice do I give?")
    assert measures_what_was_asked("2 guest passes a month", "How many guest passes do we get?")
    assert measures_what_was_asked("300 g raspberries", "How many raspberries go into the cranachan?")  # set D
    assert measures_what_was_asked("17 rolls of the 170 mm wool", "How many rolls of mineral wool do we need?")


def test_a_height_a_time_or_a_price_is_answered_with_a_figure() -> None:
    # set I: each gave no figure at all
    assert not has_the_shape_asked("Plants like sunflowers have to go on the north side of the plot.",
                                   "Above what height do plants like sunflowers have to go on the north side?")
    assert not has_the_shape_asked("The earliest is Thursday.", "What's the earliest I can drag the trash cans out?")
    assert not has_the_shape_asked("The tech quoted you with a 7.5 microfarad rating.", "What did the tech quote us?")
    assert has_the_shape_asked("The tech quoted $165.", "What did the tech quote us?")
    assert has_the_shape_asked("There is no fee for the first visit.", "What's the fee for the first visit?")
    assert has_the_shape_asked("Prune it in February.", "What time of year should I prune the apple?")
