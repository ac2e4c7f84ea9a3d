"""The turn router, the focus check, the small-model voice and the claims guard (issue: a voice for
every turn). Each route and each refusal has its own case; the scripted model shows who spoke."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from app.core.agent.claims import ClaimFilter, claim_about_user, persona_claim, stock_claim
from app.core.agent.focus import focus, holds, says_it
from app.core.agent.loop import Agent
from app.core.agent.read_ahead import read_ahead
from app.core.agent.route import ROUTES, route
from app.core.agent.textspeak import spelled_out
from app.core.agent.voice import Kept, acknowledge, greet, not_told, second_person, thank
from app.core.llm.fake import ScriptedBackend
from app.core.memory.bank import MemoryBank
from app.core.memory.data import ProfileData
from app.core.memory.store import NewMemory
from app.core.settings import Settings
from app.core.turn_events import TurnDone
from app.core.types import Recall

BENCH = Path(__file__).resolve().parents[3] / "bench" / "voice"


@pytest.mark.parametrize(("text", "expected"), [
    ("My sister Ana moved to Lisbon.", "statement"),
    ("Hi, I'm Priya and I run marathons.", "statement"),
    ("I'm vegetarian now — any ideas for dinner?", "mixed"),
    ("What's my cat called?", "ask_user"),
    ("remind me what I'm allergic to", "ask_user"),
    ("What did you just say?", "ask_conversation"),
    ("How do I stop slugs eating my lettuce?", "request"),
    ("Write a haiku about rain.", "request"),
    ("Good morning, Hearth!", "greeting"),
    ("Thanks, that helped!", "thanks"),
    ("sound", "thanks"),  # British slang, after a request was answered
    ("Ha, that'll do nicely.", "thanks"),
    ("Remember that my locker code is 4411.", "remember"),
    ("Forget what I said about Tom.", "forget"),
    ("note: book the train", "note"),
    # a request named by what is to be made, without a verb; text-speak modals; "how I can …"
    ("Need a rota for calving season. Me, Siobhan, Oisín. Two weeks.", "mixed"),
    ("Email to the co-op. Milk collection missed Tuesday. Firm but polite.", "request"),
    ("Three stretches for the lower back. Nothing fancy.", "request"),
    ("Sunita's birthday falls on 22nd November; I would like a short poem in English for her card.", "mixed"),
    ("mum's bday is 3rd march and shes turning 45, what shd i get her thats under £30", "mixed"),
    ("How I can say no to extra work politely? Give me example sentence.", "request"),
    ("I need a new car.", "statement"),
    ("I would like a dog someday.", "statement"),
    ("It's raining. Write me a poem.", "request"),
    ("Need short letter to a supplier. Asphalt delivery 3 weeks late.", "request"),
    ("5 tips against black pod disease.", "request"),
    ("our anniversary is next saturday, gimme 5 ideas for a surprise", "mixed"),
    # someone the user told about, without "my"
    ("What are the twins called?", "ask_user"),
    # text-speak question words
    ("wat shift am i on now", "ask_user"),
    ("wats tash's surname", "ask_user"),
    ("tash bday is 9 march, shes into plants, giv me 6 gift ideas under 40 quid", "mixed"),
    ("what's imran's wife called?", "ask_user"),
    # Scots (held-out split #O, hamish): his requests were answered "You haven't told me that yet"
    ("Could ye write me a wee letter tae the harbour master? The ladder on the north pier is rotten.", "request"),
    ("I still keep a wee creel boat in the harbour, the mooring's £340 a year. Gie's a list o' things I'll need.",
     "mixed"),
    ("how auld's the dug?", "ask_user"),
    # small talk after a hello keeps nothing; hellos and thanks in Samoan and Tagalog (#O)
    ("Mornin. Dreich day here, rain comin in sideways.", "greeting"),
    ("Aye, it's me again.", "greeting"),
    ("Good morning. I hope you are well.", "greeting"),
    ("Malo! Hope you're good, bro.", "greeting"),
    ("Chur, fa'afetai!", "thanks"),
    ("Salamat po! Ang galing mo.", "thanks"),
    ("Morning! Rain again, my roof is leaking.", "statement"),
    ("Rain stopped play at the cricket, the lads were gutted.", "statement"),
    # a thank-you's word on the reply or on Hearth keeps nothing (#O: "I'll remember that me are very patient")
    ("Thank you, dear. You are very patient with me.", "thanks"),
    ("Thank you. I will practise them.", "thanks"),
    ("Thanks. I will send it to my sister tomorrow.", "statement"),
    ("Thank you po, sige I'll try the adobo one.", "thanks"),  # "I'll keep in mind that po, sige you'll try …"
    # held-out #P: thanks kept as statements ("Noted: very useful, thank me."), hellos in patois and Welsh
    ("Very useful, thank you.", "thanks"),
    ("well thank you very much that is very kind of you", "thanks"),
    ("thank you bach you are very good to an old woman", "thanks"),
    ("Thank you lah, you very steady.", "thanks"),
    ("Yes man, tank yuh bredda.", "thanks"),
    ("diolch yn fawr that is lovely", "thanks"),
    ("Mawnin! Bless up.", "greeting"),
    ("good morning it is pouring down here again", "greeting"),
    ("Hi again, Hui Ling here.", "greeting"),
    ("hello again it is Myfanwy", "greeting"),
    ("Wah gwaan, a mi again, Delroy.", "greeting"),
    ("Hi, Hui Ling here, my stall is at Old Airport Road.", "statement"),
    ("whens ah ma's check up again", "ask_user"),  # a grandmother in Singlish (#P: answered as a request)
    ("Thank you, you are very good to my mother.", "statement"),
    ("What does the doctor recommend for a cold?", "request"),
    ("what is the oldest choir music?", "request"),
    # what the user must do is advice; what they take is a fact they told
    ("What things I must bring in the hand luggage for a 13 hours flight?", "request"),
    ("What do I take for blood pressure?", "ask_user"),
    # a parent named as a name is the user's; "a dad" is anyone's
    ("What was the name of the hospice that looked after dad?", "ask_user"),
    ("Is it normal for a new dad to feel tired?", "request"),
])
def test_each_route(text: str, expected: str) -> None:
    assert route(text).route == expected


def test_the_router_set_dev_split_is_routed_right_and_both_splits_are_labelled() -> None:
    """The dev split was tuned on (in-sample); the test split is measured by bench/voice/router.py."""
    rows = {split: [json.loads(line) for line in (BENCH / f"router_{split}.jsonl").read_text().splitlines() if line]
            for split in ("dev", "test")}
    assert len(rows["dev"]) + len(rows["test"]) >= 300 and {r["route"] for r in rows["test"]} == set(ROUTES)
    right = sum(route(r["text"]).route == r["route"] for r in rows["dev"])
    assert right / len(rows["dev"]) >= 0.95


@pytest.mark.parametrize(("question", "sentence", "answers"), [
    ("What's my cat called?", "I have a cat called Pixel.", True),
    ("Where does my sister live?", "My brother lives in Leeds.", False),  # another relative
    ("What's my blood type?", "I have type 2 diabetes.", False),  # half the focus
    ("How old is my daughter?", "Ivy loves dinosaurs.", False),  # no number
    ("How old is my daughter?", "Ivy is six.", True),  # through People & things
    ("What is my favourite film?", "My favourite drink is tea.", False),
    ("Which football club do I support?", "I support Middlesbrough football club.", True),
    ("How old is my wife?", "Funmi and I are celebrating 18 years of marriage.", False),  # a number, not an age
    ("How old is my wife?", "Funmi is 44.", True),
    ("When is my birthday?", "Kenji's birthday is on 14 August.", False),  # someone else's
    ("Where does my sister live?", "My sister Ana lives in Lisbon.", True),  # lives ~ live
    ("What's the name of the studio I work for?", "I'm a designer at a small game studio in Fukuoka.", False),
    ("What's my mother's name?", "My mother lives in Abeokuta.", False),  # a name, but not hers
    ("What's my hedgehog called?", "Our hedgehog Tawashi.", True),
    ("What's my wife's name?", "Funmi, my wife, sells fabric.", True),
    ("Which herb do I hate?", "I can't stand coriander.", True),  # hate ~ can't stand (herb: below)
    ("Where is my brother studying?", "My brother is doing a master's in Melbourne.", True),
    ("Where do I live these days?", "My best friend Priya lives in Manchester.", False),  # hers, not mine
    ("Where do I live these days?", "Moved to Harrogate with my husband last month.", True),
    ("What does my wife do for a living?", "My wife Funmi still lives in our old house.", False),  # a job, not "live"
    ("What does my wife do for a living?", "My wife Funmi is a nurse.", True),
    ("How long is my commute?", "The commute is 45 minutes by train.", True),
    ("How long have I been climbing?", "I climbed my first 7a after 40 tries.", False),  # no duration said
    ("Which of my knees is the bad one?", "I've got a dodgy left knee.", True),  # "bad" is a common word
])
def test_a_sentence_is_quoted_only_when_it_holds_the_questions_focus(question, sentence, answers) -> None:
    people = {"daughter": ["Ivy"], "wife": ["Funmi"]}
    assert holds(sentence, focus(question, ["Ivy"]), score=0.5, sure_at=0.45,
                 people=lambda rel: [n for r in rel for n in people.get(r, [])]) is answers


def test_a_pet_may_be_named_by_its_kind_but_a_person_never_by_meaning() -> None:
    def close(first, second):  # dog ~ greyhound, sister ~ brother: as a real embedder scores them
        pairs = {("dog", "greyhound"), ("sister", "brother")}
        return np.array([[0.9 if (a, b) in pairs else 0.0 for b in second] for a in first])

    assert holds("We adopted a rescue greyhound called Luna.", focus("What is my dog called?"), score=0.5,
                 sure_at=0.45, similar=close)
    assert not holds("My brother lives in Leeds.", focus("Where does my sister live?"), score=0.5, sure_at=0.45,
                     similar=close)
    assert holds("We got a dog last month, a Rottweiler puppy, the children named him Bruno.",
                 focus("What's the dog called?"), score=0.5, sure_at=0.45, similar=close)


def test_a_category_is_named_by_a_word_close_enough_but_not_by_a_word_already_used() -> None:
    scores = {("health", "diabetes"): 0.48, ("car", "driving"): 0.72, ("car", "test"): 0.33, ("database", "postgres"): 0.49}

    def close(first, second):  # MiniLM's cosines of these words
        return np.array([[scores.get((a, b), 0.0) for b in second] for a in first])

    def answers(question: str, sentence: str, names: tuple[str, ...] = ()) -> bool:
        return holds(sentence, focus(question, names), score=0.5, sure_at=0.45, similar=close)

    assert answers("What health condition do I have?", "I have type 2 diabetes.")
    assert not answers("What pet do I have?", "I have type 2 diabetes.")
    assert answers("Which database did we decide on?", "we decided to use postgres")
    # "driving" stands for "drive": it can't stand for "car" too
    assert not answers("What car does Marek drive?", "Marek passed his driving test yesterday!", ("Marek",))


def test_the_acknowledgement_says_what_was_kept_in_the_users_words() -> None:
    message = "Hi, I'm Priya. I'm training for the Berlin marathon in September and my cat Miso hates the vacuum."
    kept = [Kept("I'm Priya.", "new"), Kept("I'm training for the Berlin marathon in September.", "new"),
            Kept("My cat Miso hates the vacuum.", "new")]
    reply = acknowledge(message, kept, "Priya")
    assert reply.startswith("Nice to meet you, Priya!")
    assert "you're training for the Berlin marathon in September and your cat Miso hates the vacuum" in reply
    known = acknowledge("I live in Porto.", [Kept("I live in Porto.", "known")])
    assert "you live in Porto" in known and "already" in known
    assert "private" in acknowledge("I live in Porto.", [Kept("", "private")])
    assert second_person("I told you my plan") == "you told me your plan"


def test_a_value_corrected_in_the_sentence_is_acknowledged_as_corrected() -> None:
    message = "The Hendersons' wedding is on the 12th, no sorry the 14th, I've even got it wrong on the whiteboard."
    reply = acknowledge(message, [Kept(message, "new")])
    assert "the 14th" in reply and "12th" not in reply
    texter = "mum's 60th is sat 9/8 in peckham, no wait 16/8, chioma just txtd the group chat"
    assert "16/8" in (said := acknowledge(texter, [Kept(texter, "new")])) and "9/8" not in said


def test_an_aside_to_the_listener_is_not_said_back() -> None:
    """#J: "married 38 years this March if you can believe it" came back "if me can believe it"."""
    married = "We live in Whitley Bay, married 38 years this March if you can believe it."
    assert acknowledge(married, [Kept(married, "new")]).count("believe") == 0
    assert "it was raining" in acknowledge("It was, you know, raining.", [Kept("It was, you know, raining.", "new")])
    assert "know what" in acknowledge("I know what you know.", [Kept("I know what you know.", "new")])  # not an aside


def test_greetings_thanks_and_not_told_use_only_what_was_said() -> None:
    assert "Priya" in greet("Hello!", "Priya") and "Priya" not in greet("Hello!")
    assert greet("good night!").startswith(("Good night", "Sleep well"))
    assert thank("thanks!", "Ana").endswith(("Ana!", "Ana."))
    assert "where your sister lives" in not_told("Where does my sister live?")
    assert "your blood type" in not_told("What's my blood type?")
    assert "how old you are" in not_told("How old am I?")


def test_the_guard_drops_persona_and_ungrounded_claims_and_keeps_advice() -> None:
    assert persona_claim("As a chemistry teacher, I love this.") and persona_claim("Welcome to our class!")
    assert persona_claim("I have a beagle named Pixel.") and not persona_claim("As an AI, I can't taste food.")
    known = "my cat Miso hates the vacuum cleaner"
    assert claim_about_user("You're using a vacuum cleaner to clean your cat's litter box!", known)
    assert not claim_about_user("Your cat Miso hates the vacuum cleaner.", known)  # the user's own words back
    assert not claim_about_user("If you're tired, rest.", known) and not claim_about_user("You could try rice.", known)
    guard = ClaimFilter(known)
    pieces = [guard.feed(w + " ") for w in "Sounds fun. You're a chemistry teacher. Try rice.".split(" ")]
    assert "".join(pieces) + guard.finish() == "Sounds fun. Try rice. " and guard.dropped == ["You're a chemistry teacher."]


def test_the_guard_drops_stock_sentences_untrue_of_this_conversation() -> None:
    assert stock_claim("I'm sorry for the misunderstanding, but as a digital assistant, I don't have the ability.", "")
    assert stock_claim("Your message is correct, and I'll provide a more accurate response.", "")
    assert stock_claim("I'm sorry for your loss, but here is a recipe.", "any ideas for dinner?")
    assert not stock_claim("I'm sorry for your loss.", "my wife Margaret passed away in 2019")  # it was told
    assert not stock_claim("As an AI assistant, I can suggest three ideas.", "") and not stock_claim("Try rice.", "")
    guard = ClaimFilter("any ideas for dinner?")
    reply = "I'm sorry for the confusion, but as an AI assistant, I can't cook. Try a lentil curry."
    assert guard.feed(reply) + guard.finish() == "Try a lentil curry."


def _turn(agent: Agent, text: str, **kwargs) -> TurnDone:
    done = list(agent.run_turn(text, **kwargs))[-1]
    assert isinstance(done, TurnDone)
    return done


def _proposed(bank: MemoryBank, reply: str, question: str) -> TurnDone:
    """``question`` asked in a new conversation of a 3B model that proposes ``reply``."""
    backend = ScriptedBackend(reply=reply, n_params=3_000_000_000)
    return _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), question, new=True)


def test_a_small_model_speaks_only_for_requests(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="Try a lentil curry. As a chef, I love it.")
    agent = Agent(ProfileData(bank), backend, Settings())
    told = _turn(agent, "My daughter Ivy is six.", new=True)
    assert backend.prompts == [] and "your daughter Ivy is six" in told.reply
    assert told.stats.answer.route == "statement"
    assert {"ttft_ms", "tokens_per_s"} <= set(told.stats.timings)  # the same stats as a streamed reply
    asked = _turn(agent, "How old is my daughter?", new=True)
    assert backend.prompts == [] and "“My daughter Ivy is six.”" in asked.reply
    never = _turn(agent, "What's my blood type?", new=True)
    assert backend.prompts == [] and "haven't told me" in never.reply and "“" not in never.reply
    mixed = _turn(agent, "I'm vegetarian now — any ideas for dinner?", new=True)
    assert mixed.reply.startswith(("Got it", "Noted", "Thanks", "I'll keep")) and "you're vegetarian now" in mixed.reply
    assert mixed.reply.endswith("\n\nTry a lentil curry.") and mixed.stats.answer.claims_dropped
    assert _turn(agent, "Hello!", new=True).reply.startswith(("Hi", "Hello"))
    assert len(backend.prompts) == 1  # only the request in the mixed message reached the model


def test_a_small_model_sees_only_the_exchanges_it_wrote_not_hearths_acknowledgements(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="Rain on the roofs.")
    agent = Agent(ProfileData(bank), backend, Settings())
    told = _turn(agent, "My wife Funmi sells fabric at Balogun market.", new=True)
    conversation = told.conversation_id
    _turn(agent, "Write a short poem about rain in Lagos.", conversation_id=conversation)
    _turn(agent, "Now one about the sun.", conversation_id=conversation)
    assert len(backend.prompts) == 2  # a short line after a request goes on with it: the model answers
    assert told.reply not in backend.prompts[1]  # a 135M model copies what it is shown
    assert "Write a short poem about rain in Lagos." in backend.prompts[1]  # its own exchange stays


def test_a_short_line_after_a_request_goes_on_with_it_unless_it_tells_something() -> None:
    assert route("Now one about the sun.").route == "statement"
    assert route("Now one about the sun.", follows_request=True).route == "request"
    assert route("My sister lives in Leeds.", follows_request=True).route == "statement"
    assert route("Funmi will love it.", ["Funmi"], follows_request=True).route == "statement"
    assert route("ok", follows_request=True).route == "statement"
    assert route("Hilux needs tyres too. course it does.", follows_request=True).route == "statement"
    assert route("mrcp pt1 booked 14/10. terrified.", follows_request=True).route == "statement"
    assert route("Shorter, and less formal.", follows_request=True).route == "request"
    assert route("whereabouts do i live").route == "ask_user"
    assert route("What is it I do for a living again?").route == "ask_user"  # not advice: "is it"
    assert route("What is it I should pack?").route == "request"
    assert route("Who's the lady retiring at work?").route == "ask_user"  # the user's own work
    assert route("Who should I invite from work?").route == "request"
    assert route("whats the dogs name").route == "ask_user"  # no apostrophe
    assert route("whats cians surname").route == "ask_user"
    assert route("whats the new landlord called").route == "ask_user"  # someone in the user's life, by name
    assert route("whats the song called").route == "request"
    assert route("what does tunde do for work").route == "ask_user"  # a texter's lower-case name (#K)
    assert route("What does a plumber do for work?").route == "request"
    assert route("who's sam").route == "ask_user"  # a bare lower-case name (#L)
    assert route("what's Sister Jacobs' first name").route == "ask_user"  # a name ending in s (#L)
    assert route("What's Charles Dickens' best novel?").route == "request"
    assert route("who's winning").route == "request" and route("Who is Taylor Swift?").route == "request"
    assert route("grandson's name").route == "ask_user"  # a terse writer's question with no verb (#F)
    assert route("whens jas's bday").route == "ask_user"
    assert route("his name").route == "statement"
    # held-out #P: a question with its question word last, or a bare noun and what of it, is asked
    for asked in ("my stall where ah", "Jun Wei how old already", "my hubby do what work", "tolk when", "cat name",
                  "ah ma check up at which hospital ah", "Vos deadline"):
        assert route(asked).route == "ask_user", asked
    assert route("my stall where ah").asked == ("where my stall?",)  # asked of in the usual order
    assert route("what is my husband doing?").asked == ("what does my husband do for a living?",)  # Indian English
    assert route("what is Tom doing this weekend?").asked == ("what is Tom doing this weekend?",)
    assert route("ah ma check up at which hospital ah").asked == ("ah ma check up at which hospital ah",)
    for said in ("I don't know where", "you know what", "my niece is the one who sings", "Vos deadline 10/12",
                 "first name", "your name"):
        assert route(said).route != "ask_user", said
    assert route("what breed is biscuit", ["Biscuit"]).route == "ask_user"  # a known name, lower-case
    assert route("The letter is too formal.", follows_request=True).route == "request"
    assert route("Thanks! Now one about the moon.", follows_request=True).route == "request"
    assert route("Bara brith. Ingredients. The wife's lost her card.").asked == ("Ingredients.",)  # #G, gwilym
    assert route("The recipe was lovely.").route == "statement"
    # split #H, winifred: a formal request was acknowledged as a statement
    assert route("I should be grateful if you would provide me with a recipe for a proper Victoria sponge.").route \
        == "request"
    assert route("My son would provide the cake if we asked.").route == "statement"
    # split #I, tracy: a thing to make named with "a list of", after "Also"
    assert route("Also a list of things to pack for a teenager going on a school trip abroad").route == "request"
    assert route("A list of things I love: rain, tea.").route == "statement"
    # someone in the user's life named by a role of two words (#N): not a general answer ("the Depot Manager")
    assert route("what's the depot manager called").route == "ask_user"
    assert route("what's the capital of France called").route == "request"
    # a number told, asked with "must I" (#L, marietjie): not advice
    assert route("how many boerewors rolls must I bring").route == "ask_user"
    assert route("What things I must bring in the hand luggage?").route == "request"
    # … and "Can you do me a …" naming someone known was taken for a question about them
    assert route("Can you do me a revision timetable for Jordan for the two weeks before", ["Jordan"]).route == "request"


@pytest.mark.parametrize("message", ["Thank you, very nicely written.", "ok. thanks.", "Good. Bye.", "Grand.",
                                     "Perfect. You're a doll. Bye now!", "Spasibo, good list.", "k thx",
                                     "Much obliged.", "Thank you very much, is very useful.",
                                     "Thanks, that's perfect, off to get a few hours' sleep now.",
                                     "You have been most obliging. Good afternoon.",
                                     "I am much obliged to you.",  # #J: kept as "you are much obliged to me"
                                     "Dankie, that's lekker.", "Takk skal du ha.", "Tusen takk!"])  # #L, #M: "Noted: takk …"
def test_thanks_with_a_word_on_the_reply_is_thanks_even_after_a_request(message: str) -> None:
    """After a request these went on with it: a goodbye drew a casserole recipe (held-out split #E)."""
    assert route(message, follows_request=True).route == "thanks"
    assert route(message).route == "thanks"


def test_thanks_that_tells_something_is_still_kept() -> None:
    assert route("Thank you, I will try on Saturday.", follows_request=True).route == "statement"
    assert route("I am obliged to leave early on Fridays.").route == "statement"
    assert route("Thanks, my son is off to work now.").route == "statement"
    assert route("good morning! the tomatoes finally started ripening").route == "statement"


def test_a_greeting_with_an_aside_on_the_time_of_day_is_a_greeting() -> None:
    """"I'll keep in mind that (well, your morning, it's 4pm)." (dev split #G, ngozi)"""
    assert route("Morning! (well, my morning, it's 4pm)").route == "greeting"
    assert route("Hiya! (I moved to Leeds last week)").route == "statement"


def test_a_name_and_here_introduces_the_user() -> None:
    """"Hiya, Tracy here, our Jordan set this up for me" was acknowledged as "I'll keep in mind that
    Tracy here, your Jordan set this up for you" (split #I)."""
    from app.core.agent.voice import introduced_name

    message = "Hiya, Tracy here, our Jordan set this up for me"
    assert introduced_name(message) == "Tracy"
    assert introduced_name("Mum here, she says hi") == introduced_name("Rain here today") == ""
    said = acknowledge(message, [Kept("Tracy here, our Jordan set this up for me", "new")], name="Tracy")
    assert said.startswith("Nice to meet you, Tracy!") and "Tracy here" not in said and "Jordan" in said


def test_a_name_alone_after_a_greeting_introduces_the_user() -> None:
    """"Hi. Helena. 5 min between pts so will be brief." was acknowledged as "I'll keep in mind that
    helena. 5 min between pts so will be brief." (split #I)."""
    from app.core.agent.voice import introduced_name

    message = "Hi. Helena. 5 min between pts so will be brief."
    assert introduced_name(message) == "Helena"
    assert introduced_name("Hi. Sorry. Busy day.") == introduced_name("Helena. Hi.") == ""
    assert introduced_name("Bonjour! Hello. I try this assistant.") == ""  # a second greeting (#J: "Nice to meet you, Hello!")
    said = acknowledge(message, [Kept("Helena. 5 min between pts so will be brief.", "new")], name="Helena")
    assert said.startswith("Nice to meet you, Helena!") and "Helena." not in said and "5 min" in said


def test_thanks_and_goodbye_in_one_message_are_answered_with_both() -> None:
    assert "take care" in thank("Thanks, that's perfect, off to get a few hours' sleep now.").casefold() or \
        "bye" in thank("Thanks, that's perfect, off to get a few hours' sleep now.").casefold()
    assert "bye" in thank("Perfect. You're a doll. Bye now!").casefold() or \
        "take care" in thank("Perfect. You're a doll. Bye now!").casefold()
    assert "bye" not in thank("Thanks, that helped.").casefold()


def test_a_larger_model_is_not_asked_about_what_the_user_never_said(bank: MemoryBank) -> None:
    """No sentence holds the question's focus (a brother is not a sister): Hearth says so itself, and
    the model, which would guess, is not asked."""
    backend = ScriptedBackend(reply="Your sister lives in Leeds.", n_params=3_000_000_000)
    bank.add(NewMemory(text="My brother lives in Leeds.", kind="fact"))
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "Where does my sister live?", new=True)
    assert done.reply == "You haven't told me where your sister lives yet." and backend.prompts == []


def test_a_larger_models_proposal_is_read_in_a_slot_of_its_own_without_the_window(bank: MemoryBank) -> None:
    """The examples are the same every time (their KV cache is kept apart); the window isn't in that
    prompt, so a question doesn't make the conversation's cache read its window again."""
    backend = ScriptedBackend(reply=lambda p: "Your sister lives in Leeds." if "My question" in p else "1. Rice.",
                              n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    told = _turn(agent, "My sister lives in Leeds with her two boys.", new=True)
    _turn(agent, "Give me a recipe for rice.", conversation_id=told.conversation_id)
    asked = _turn(agent, "Where does my sister live?", conversation_id=told.conversation_id)
    assert asked.reply == "Your sister lives in Leeds." and backend.aside_slots == ["proposal"]
    assert "Give me a recipe for rice." not in backend.prompts[-1] and "Jo lives in Leeds" in backend.prompts[-1]


def test_reading_ahead_reads_exactly_the_head_the_next_request_sends(bank: MemoryBank) -> None:
    """What read_ahead puts in the model's cache is a prefix of the next prompt, so the request reads
    only its own message (a head that differed by one character would be read again)."""
    backend = ScriptedBackend(reply=lambda p: "Your sister lives in Leeds." if "My question" in p else "1. Rice.",
                              n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    told = _turn(agent, "My sister lives in Leeds with her two boys.", new=True)
    _turn(agent, "Where does my sister live?", conversation_id=told.conversation_id)
    read_ahead(agent, told.conversation_id)
    _turn(agent, "Give me a recipe for rice.", conversation_id=told.conversation_id)
    assert "Where does my sister live?" in backend.prefilled[-1]
    assert backend.prompts[-1].startswith(backend.prefilled[-1]) and len(backend.prompts[-1]) > len(backend.prefilled[-1])


def test_an_answer_from_a_line_a_later_one_corrects_is_said_from_the_later_one(bank: MemoryBank) -> None:
    """Shown both, the model may pick the older line; Hearth says the correction instead."""
    bank.add(NewMemory(text="Every Wednesday evening I sing in my choir at the Philharmonic.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="My choir rehearsals have moved to Thursday evenings now.", kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply="You sing in your choir on Wednesday evenings.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "Which evening do I sing in my choir?", new=True)
    assert "Thursday" in done.reply and "Wednesday" not in done.reply, done.reply
    assert "moved to Thursday evenings" in backend.prompts[-1]  # the model was shown the correction


def test_an_answer_giving_the_value_a_later_line_says_not_is_said_from_the_later_line(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="i go bouldering 3 times a week at a gym in bangsar, currently stuck on v4",
                       kind="fact", created_at=1_000))
    bank.add(NewMemory(text="oh and its v5 not v4, i sent a v5 last month i forgot", kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply=lambda p: "You're stuck on v4." if "stuck" in p.rsplit("My question", 1)[-1]
                              else "You're climbing grade 4.", n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    stuck = _turn(agent, "which grade am i stuck on at bouldering?", new=True)
    assert "v5" in stuck.reply and "stuck on v4" not in stuck.reply, stuck.reply
    # … and a value the line says is no longer so holds no answer, even in the line that says so
    assert "4" not in _turn(agent, "what grade am i climbing?", new=True).reply


def test_where_someone_lives_is_not_answered_from_a_trip(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="Easter changed. Not Lofoten. Going to Svalbard, Longyearbyen now, the town by the glacier.",
                       kind="episode"))
    backend = ScriptedBackend(reply="You live in Longyearbyen.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), "Which town do we live in now?", new=True)
    assert backend.aside_slots == ["proposal"]  # the model proposed it
    assert "Longyearbyen" not in done.reply, done.reply
    assert says_it("My sister is in Leeds with her boys.", focus("Where does my sister live?"))


def test_a_correction_of_something_else_does_not_replace_a_right_answer(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="I sing alto in a ladies' choir, practice is Thursday nights.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Choir practice has been moved to Wednesdays now.", kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply="You sing alto.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "What part do I sing in the choir?", new=True)
    assert done.reply == "You sing alto."


def test_a_correction_that_keeps_what_is_asked_does_not_replace_the_answer(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="Ellie's got a gymnastics competition in Perth on the 22nd of June.", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="So Ellie's competition got moved to Stirling, same date though thank goodness.",
                       kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply=lambda p: "Ellie's competition is in Perth." if "Where" in p.rsplit("My question", 1)[-1]
                              else "Ellie's competition is on the 22nd of June.", n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    assert _turn(agent, "What date is Ellie's competition on?", new=True).reply == \
        "Ellie's competition is on the 22nd of June."
    assert "Stirling" in _turn(agent, "Where is Ellie's competition?", new=True).reply


def test_a_model_that_says_not_said_beside_the_answer_is_asked_again_with_that_line_alone(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="Our son, Rupert, is reading history at Durham.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Rupert's graduation is on the 14th of July.", kind="fact", created_at=2_000))

    def reply(prompt: str) -> str:
        shown = prompt.rsplit("What I told you before", 1)[-1].count('- "')
        return "Not said." if shown > 1 else "Your son is reading history."

    backend = ScriptedBackend(reply=reply, n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), "What is my son reading at Durham?",
                 new=True)
    assert done.reply == "Your son is reading history.", done.reply
    assert backend.aside_slots == ["proposal", "proposal"]


def test_a_model_that_answers_from_a_line_not_about_what_is_asked_is_asked_again_with_the_closest(
        bank: MemoryBank) -> None:
    """"You'll be home by then so makaka-attend ako!" for "when's my flight home again?" (#O, precious):
    the line it came from is not about the flight; the one about the flight is asked of alone."""
    bank.add(NewMemory(text="Good news, my leave got approved! My flight home to Manila is on March 16th.", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="Also Migo's moving-up ceremony is on March 22, and I'll be home by then so makaka-attend "
                            "ako!", kind="fact", created_at=2_000))

    def reply(prompt: str) -> str:
        shown = prompt.rsplit("What I told you before", 1)[-1].count('- "')
        return "You'll be home by then so makaka-attend ako!" if shown > 1 else "You fly home on March 16th."

    backend = ScriptedBackend(reply=reply, n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), "when's my flight home again?", new=True)
    assert "16th" in done.reply and "makaka" not in done.reply, done.reply
    assert backend.aside_slots == ["proposal", "proposal"]


def test_a_later_line_with_another_number_for_the_same_thing_is_the_answer(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="savin for a house deposit, got 6200 so far, need like 15k", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="deposit pot's at 7400 now", kind="fact", created_at=2_000))
    done = _proposed(bank, "You got 6200 saved for the deposit.", "how much i got saved for the deposit")
    assert "7400" in done.reply and "6200" not in done.reply, done.reply


def test_a_newer_line_about_the_same_one_with_another_number_is_the_answer(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="We keep a spaniel named Bramble. She is 6 years old.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Bramble celebrated her 7th birthday on Saturday.", kind="fact", created_at=2_000))
    done = _proposed(bank, "Bramble is 6 years old.", "How old is Bramble now?")
    assert "7th birthday" in done.reply and "6" not in done.reply, done.reply


def test_a_later_line_with_a_date_does_not_replace_an_answer_that_gives_a_time(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="FY2 at LRI. AMU til aug then A&E. on nights this wk 20:00-08:30 x4", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="update: not going to A&E in aug after all, swapped w/ a mate -> geris from 6/8.",
                       kind="fact", created_at=2_000))
    done = _proposed(bank, "Nights start at 20:00.", "what time do my nights start")
    assert "20:00" in done.reply and "6/8" not in done.reply, done.reply  # #K
    bank.add(NewMemory(text="My ouma turns 90 on 12 July, a braai at my sister Elmarie's plot outside Stellenbosch.", kind="fact",
                       created_at=3_000))
    bank.add(NewMemory(text="Big news, ouma's party moved: Elmarie says it's now on 19 July, because the plot floods.", kind="fact",
                       created_at=4_000))
    turning = ScriptedBackend(reply="Ouma is turning 90.", n_params=3_000_000_000)
    age = _turn(Agent(ProfileData(bank), turning, Settings(threshold=0.0)), "how old is ouma turning", new=True).reply
    assert "90" in age and "19 July" not in age, age  # #L: an age is not replaced by a date
    plot = ScriptedBackend(reply="Elmarie's plot is outside Stellenbosch.", n_params=3_000_000_000)
    where = _turn(Agent(ProfileData(bank), plot, Settings(threshold=0.0)), "where is Elmarie's plot", new=True).reply
    assert "Stellenbosch" in where, where  # … nor a place by a line that moves only a date


def test_a_correction_of_another_value_in_the_same_message_leaves_the_answer_alone(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="Diego has soccer Tuesdays and Thursdays at 5:15, Paloma has ballet Mondays at 4:30 and swim "
                            "on Saturdays at 9.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Diego's soccer moved, it's now Tuesdays and Thursdays at 6:00 instead of 5:15.", kind="fact",
                       created_at=2_000))
    def reply(prompt: str) -> str:
        return "Paloma swims on Saturdays at 9." if "Paloma" in prompt.rsplit("My question", 1)[-1] else \
            "Diego's soccer is at 5:15."
    agent = Agent(ProfileData(bank), ScriptedBackend(reply=reply, n_params=3_000_000_000), Settings(threshold=0.0))
    swim = _turn(agent, "what day does Paloma swim", new=True).reply
    assert "Saturdays" in swim and "6:00" not in swim, swim  # #L: the soccer line had replaced it
    soccer = _turn(agent, "what time is Diego's soccer now", new=True).reply
    assert "6:00" in soccer, soccer  # the line it does correct still does


def test_a_fact_question_about_a_thing_the_user_has_is_not_answered_with_a_general_guess(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="I keep an allotment up on the top field, leeks and runner beans mainly.", kind="fact"))
    bank.add(NewMemory(text="I'm allergic to chicken.", kind="fact"))
    backend = ScriptedBackend(reply=lambda p: "Not said." if "My question" in p else "It is £120 a year.",
                              n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings(threshold=0.9))  # nothing recalled
    reply = _turn(agent, "How much is the allotment rent a year?", new=True).reply
    assert "120" not in reply and "haven't told me" in reply, reply
    assert _turn(agent, "How long does the chicken need in the oven?", new=True).reply == "It is £120 a year."
    # a thing the user told of in their own story is theirs too: a general answer invented "9 PM" (#K)
    bank.add(NewMemory(text="Theres a lan tourney at the gaming cafe on the 9th, me n reece signed up.", kind="fact"))
    bank.add(NewMemory(text="The sun was out all day.", kind="fact"))
    assert "haven't told me" in _turn(agent, "what time does the lan start", new=True).reply
    assert _turn(agent, "What time does the sun set in June?", new=True).reply == "It is £120 a year."
    # … and a thing told of with what the question asks of it: a general answer gave the date (#N, idris)
    bank.add(NewMemory(text="The vet's coming for the ewes on the 6th.", kind="fact"))
    assert "haven't told me" in _turn(agent, "what time is the vet coming", new=True).reply
    assert _turn(agent, "What time is the vet open on Sundays?", new=True).reply == "It is £120 a year."
    # … and a thing of someone they told of: a general answer said "Theo's car is a 17" (#N, skye)
    bank.add(NewMemory(text="n theo (17) has his driving test fri @ 10.40, hes sooo stressed.", kind="fact"))
    assert "haven't told me" in _turn(agent, "whats theo's car", new=True).reply
    assert _turn(agent, "what's today's date in Paris?", new=True).reply == "It is £120 a year."


def test_a_question_in_text_speak_is_not_kept_as_something_the_user_said(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(reply="Not said.", n_params=3_000_000_000), Settings())
    _turn(agent, "wat do i do for a livin", new=True)
    _turn(agent, "wats tash's surname? She's a hairdresser.", new=True)
    assert [m.text for m in bank.list()] == ["She's a hairdresser."]


def test_a_question_keeps_only_what_it_asks() -> None:
    assert route("Remind me what I do for a living, I'm having one of those days").asked == \
        ("Remind me what I do for a living",)
    assert focus("What does my other half do for work again?").content == ()  # "other half" is who, not what
    assert focus("when does my brother get here").content == ()  # "here" asks nothing (#M, obinna)


def test_a_later_memory_repeating_the_answer_is_no_correction_of_it(bank: MemoryBank) -> None:
    """The message's episode says the chosen sentence again beside "She is now five": not a correction."""
    bank.add(NewMemory(text="We adopted our daughter, Anaya, in 2021.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="We adopted our daughter, Anaya, in 2021. She is now five and attends a pre-school.",
                       kind="episode", created_at=2_000))
    backend = ScriptedBackend(reply="You adopted Anaya in 2021.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "When did we adopt Anaya?", new=True)
    assert done.reply == "You adopted Anaya in 2021."


def test_which_thing_answered_by_a_thing_of_that_kind_says_it_was_not_named(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="My son Martín lives in Madrid, he is a chef in a restaurant there.", kind="fact"))
    backend = ScriptedBackend(reply=lambda p: "Martín works at a restaurant in Madrid." if "Which restaurant" in p
                              else "Martín lives in Madrid.", n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    done = _turn(agent, "Which restaurant does Martín work at?", new=True)
    assert done.reply.startswith("You haven't told me which restaurant Martín works at — only that Martín works at "
                                 "a restaurant in Madrid"), done.reply
    assert _turn(agent, "Which city does Martín live in?", new=True).reply == "Martín lives in Madrid."


def test_a_question_without_my_about_what_was_told_is_answered_from_memory_else_as_a_request(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="Every Wednesday evening I sing in a choir at the Philharmonic.", kind="fact"))
    bank.add(NewMemory(text="i love old choir music from the baroque era", kind="fact"))

    def reply(prompt: str) -> str:
        if "My question: Which evening is choir practice?" in prompt:
            return "Wednesday evening."
        return "Not said." if "My question" in prompt else "Gregorian chant is among the oldest."

    backend = ScriptedBackend(reply=reply, n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings())
    choir = _turn(agent, "Which evening is choir practice?", new=True)
    assert choir.reply == "Wednesday evening." and backend.aside_slots == ["proposal"]
    oldest = _turn(agent, "what is the oldest choir music?", new=True)
    assert oldest.reply == "Gregorian chant is among the oldest." and backend.aside_slots == ["proposal", "proposal"]


def test_a_larger_model_answers_requests_with_the_routes_instruction(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="1. Wrist circles.\n2. Shoulder rolls.\n3. Easy traverses.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "Give me three warm-ups for climbing", new=True)
    assert done.reply == "1. Wrist circles.\n2. Shoulder rolls.\n3. Easy traverses."
    assert "Do what my message asks, completely" in backend.prompts[0]


def test_a_message_that_asks_not_to_be_kept_keeps_nothing(bank: MemoryBank) -> None:
    backend = ScriptedBackend(reply="I'm sorry for your loss.")
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "My PIN hint is my dog's birthday. Please don't keep this.", new=True)
    assert done.reply in ("All right — I won't keep that.", "Understood: I haven't kept any of that.")
    assert bank.list() == [] and backend.prompts == [] and done.written == ()


def test_not_told_says_what_was_asked_in_a_whole_phrase() -> None:
    assert "what your dog is called" in not_told("What's my dog called?")
    assert "what you are allergic to" in not_told("What am I allergic to?")
    assert "who your diss supervisor is" in not_told("who's my diss supervisor")  # not "who your diss is supervisor"
    assert "Where" not in not_told("Where I come from?")  # not "I don't know Where you come from"
    again = not_told("what do i do for a living again")
    assert "what you do for a living" in again and "living again" not in again
    assert "where your brother is studying" in not_told("Where is my brother studying?")
    assert "what time Jakey's parents evening is" in not_told("what time is Jakey's parents evening")  # #H
    assert "what time your dental appointment is" in not_told("what time is my dental appointment")  # #M
    assert "when your brother is due" in not_told("when is my brother due")
    assert "what Sophie's husband is called" in not_told("what is Sophie's husband called")  # #N
    assert "what time your train is tomorrow" in not_told("what time is my train tomorrow")


def test_what_was_said_last_about_the_same_thing_is_quoted(bank: MemoryBank) -> None:
    agent = Agent(ProfileData(bank), ScriptedBackend(), Settings(), clock=iter(range(1_000, 2_000, 10)).__next__)
    _turn(agent, "Tobi wants to study medicine.", new=True)
    _turn(agent, "Tobi wants to study computer science now.", new=True)
    asked = _turn(agent, "What does Tobi want to study?", new=True)
    assert "computer science" in asked.reply and "medicine" not in asked.reply


@pytest.mark.parametrize(("sentence", "claim"), [
    ("Lean forward slightly and reach for your cat's head.", False),  # an instruction names the user's things
    ("Slowly bend your knees until you are in a squat position.", False),
    ("Then, gently pet your cat on its back.", False),
    ("Your cat loves the vacuum cleaner.", True),  # tells the user about their life
    ("Since your wife is a chef, she cooks dinner.", True),
    ("You're using a vacuum cleaner to clean your cat's litter box!", True),
])
def test_instructions_are_not_claims_about_the_users_life(sentence: str, claim: bool) -> None:
    """A 1.5B model's stretches came out as "…reach for Hold it gently…": whole instructions dropped."""
    from app.core.agent.claims import claim_about_user

    assert claim_about_user(sentence, "Give me three stretches. I have a cat called Pixel.") is claim


def test_not_told_keeps_a_hyphenated_relative_and_their_name_whole() -> None:
    assert "what your daughter-in-law Dana does for work" in not_told("What does my daughter-in-law Dana do for work?")
    assert "what your son Tobi studies" in not_told("What does my son Tobi study?")


@pytest.mark.parametrize(("message", "expected"), [
    ("Kindly draft a formal email to a client: the container is delayed by four days.", "request"),
    ("packing list for 6 weeks at a summer camp pls, hot weather and hand luggage only", "request"),
    ("My publisher paid me late again. I would be grateful if you could help me write a complaint.", "mixed"),
    ("I told my boss I could write the report.", "statement"),
    ("My sister asked if you could come.", "statement"),
])
def test_polite_and_terse_requests_are_requests(message: str, expected: str) -> None:
    """A new writer's requests (issue 30's test split) were acknowledged as things to remember."""
    assert route(message).route == expected


@pytest.mark.parametrize(("message", "expected"), [
    ("They've moved it to Mondays because the hall's got a slimming club on Fridays, which I might go to an' all",
     "statement"),  # #J: "which I might go to …" was asked back as a question
    ("My sister lives in Leeds, where I grew up, and we met a man who I like a lot", "statement"),
    ("I have two offers, which should I take?", "mixed"),
    ("I need a new car, which one is best?", "mixed"),
])
def test_a_relative_clause_is_not_a_question(message: str, expected: str) -> None:
    assert route(message).route == expected


def test_the_clock_answers_what_the_date_is_but_not_the_date_of_something_told() -> None:
    from app.core.agent.tools import detect_intent

    assert detect_intent("what's the date?") == "now" and detect_intent("What's the time now?") == "now"
    assert detect_intent("What's the date of the choir concert?") is None
    assert detect_intent("What day is the whist now?") is None  # the whist's day, told by the user
    assert detect_intent("What day is it today?") == "now"


def test_a_line_that_says_the_answers_numbers_again_and_one_more_does_not_replace_it(bank: MemoryBank) -> None:
    """Held-out split #D (reg): "I'm 72, retired … in 2015 after 38 years" is not a correction of
    "You retired in 2015 after 38 years" for having 72 too."""
    bank.add(NewMemory(text="Retired from the railways in 2015 after 38 years as a signalman.", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="Bit about me then, I'm 72, retired from the railways in 2015 after 38 years as a signalman.",
                       kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply="You retired from the railways in 2015 after 38 years as a signalman.",
                              n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), "When did I retire?", new=True)
    assert done.reply == "You retired from the railways in 2015 after 38 years as a signalman.", done.reply


def test_a_where_question_is_answered_only_from_a_memory_that_says_what_it_asks(bank: MemoryBank) -> None:
    bank.add(NewMemory(text="The wife and I have been in Whitby ever since we married, she's Maureen.", kind="fact"))
    done = _proposed(bank, "Maureen volunteers at Whitby.", "Where does Maureen volunteer?")
    assert "Whitby" not in done.reply and "haven't told me" in done.reply, done.reply


def test_an_age_said_later_in_words_corrects_the_one_before(bank: MemoryBank) -> None:
    """"now she is six" after "Mariam is five": the later age is said, not the model's older one (#E)."""
    bank.add(NewMemory(text="Children are two. Yusuf is nine years, Mariam is five.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Yesterday was birthday of Mariam, now she is six!", kind="fact", created_at=2_000))
    done = _proposed(bank, "Mariam is five years old.", "How old is Mariam?")
    assert "six" in done.reply and "five" not in done.reply and "Yesterday" not in done.reply, done.reply


def test_a_relative_at_a_sentences_start_is_not_taken_for_a_name(bank: MemoryBank) -> None:
    """"Mum finally said yes …" made "Mum" a known name, and (case aside) the question "whats my mum's
    name" then asked about someone called Mum (#F)."""
    bank.add(NewMemory(text="My mum's called bisi.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Mum finally said yes, we're calling her mochi.", kind="fact", created_at=2_000))
    done = _proposed(bank, "Your mum's name is Bisi.", "whats my mum's name")
    assert done.reply == "Your mum's name is Bisi.", done.reply


def test_where_someone_is_stationed_is_where_they_were_moved(bank: MemoryBank) -> None:
    """"stationed", like "live" and "work", is said in other words ("they moved him out to San Diego"; #E)."""
    bank.add(NewMemory(text="Travis called — well, turns out he's not in Norfolk at all anymore, they moved him out "
                            "to San Diego last week and he didn't tell his mama till it was done, typical.", kind="fact"))
    done = _proposed(bank, "Travis is stationed in San Diego now.", "Where's Travis stationed these days?")
    assert "San Diego" in done.reply, done.reply


def test_a_correction_that_doesnt_say_whom_it_is_about_answers_for_whom_it_corrects(bank: MemoryBank) -> None:
    """#D (fiona): "swimming lessons are Sunday mornings now" after Jack's Saturday lessons."""
    bank.add(NewMemory(text="Jack is 8, he has swimming lessons on Saturday mornings at the leisure centre.",
                       kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Also swimming lessons are Sunday mornings now, the Saturday class got cancelled.",
                       kind="fact", created_at=2_000))
    done = _proposed(bank, "Jack has swimming lessons on Sunday mornings now.",
                     "When does Jack have his swimming lessons?")
    assert done.reply == "Jack has swimming lessons on Sunday mornings now.", done.reply


def test_a_question_with_a_condition_before_it_is_one_question_not_a_statement() -> None:
    """Set B: "If we move and take the mortgage with us, how long …?" was kept as "if you move…"."""
    from app.core.agent.route import route

    routed = route("If we move and take the mortgage with us, how long do we have to complete on the new one?")
    assert routed.stated == () and routed.route != "mixed"
    assert route("I moved to Leeds, what should I see?").stated == ("I moved to Leeds",)


def test_a_name_only_a_memory_writes_makes_the_question_one_about_the_users_life(bank: MemoryBank) -> None:
    """"what does Kev do for work" after "flatshare w/ Kev": routed as a request, the model's general
    answer invented his job ("Kev works as a software developer"; dev split #G, arjun)."""
    backend = ScriptedBackend(reply="Kev works as a software developer.", n_params=3_000_000_000)
    bank.add(NewMemory(text="live in Bristol, flatshare w/ Kev in Easton. rent is £850/mo which is a crime tbh",
                       kind="fact"))
    done = _turn(Agent(ProfileData(bank), backend, Settings()), "what does Kev do for work", new=True)
    assert "software developer" not in done.reply and "haven't told me" in done.reply


def test_a_later_line_giving_another_date_replaces_the_answer_with_no_word_shared(bank: MemoryBank) -> None:
    """"Hip's moved. 10th of March now." shares no word with "when's the wife's operation" (#G, gwilym)."""
    bank.add(NewMemory(text="The wife's having her hip done. 3rd of March. Glangwili hospital.", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="Hip's moved. 10th of March now. Surgeon's off.", kind="fact", created_at=2_000))
    done = _proposed(bank, "The wife's hip is being done on March 3rd.", "when's the wife's operation")
    assert "10th" in done.reply and "3rd" not in done.reply, done.reply


def test_a_later_line_saying_not_a_date_does_not_correct_a_count_that_starts_with_its_digit(bank: MemoryBank) -> None:
    """"Not the 3rd after all — the 6th" negates "3rd", not "340 ewes" (a probe of #N, idris)."""
    bank.add(NewMemory(text="The vet's coming for the ewes on the 3rd, scanning 340 ewes.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="The vet rang. Not the 3rd after all — the 6th, he said.", kind="fact", created_at=2_000))
    done = _proposed(bank, "The vet is scanning 340 ewes.", "how many ewes is the vet scanning")
    assert "340" in done.reply and "rang" not in done.reply, done.reply


def test_what_a_line_about_a_job_since_left_says_is_no_answer_about_now(bank: MemoryBank) -> None:
    """"quit greggs lol, working @ the odeon" leaves "£7.55 an hr" at Greggs, not at the cinema (#N, skye)."""
    bank.add(NewMemory(text="got a sat job @ greggs on wilmslow rd, 9 til 2, £7.55 an hr lol", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="quit greggs lol working @ the odeon in didsbury now, fri nights 5-10, free films!!",
                       kind="fact", created_at=2_000))
    now = _proposed(bank, "You get paid £7.55 an hour at the cinema.", "how much do i get paid at the cinema")
    assert "7.55" not in now.reply and "haven't told" in now.reply, now.reply
    then = _proposed(bank, "You got paid £7.55 an hour at greggs.", "how much did i get paid at greggs")
    assert "7.55" in then.reply, then.reply


def test_the_youngest_is_not_the_eldest(bank: MemoryBank) -> None:
    """"how old's my youngest" was answered "You told me your eldest turns 20 on the 2nd of May" (#O, tavita)."""
    bank.add(NewMemory(text="My eldest is 19, he's doing a building apprenticeship. My youngest is 11, she's all "
                            "about netball.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="My eldest turns 20 on the 2nd of May.", kind="fact", created_at=2_000))
    done = _proposed(bank, "Your youngest turns 20 on the 2nd of May.", "how old's my youngest?")
    assert "20" not in done.reply, done.reply
    eldest = _proposed(bank, "Your eldest turns 20 on the 2nd of May.", "how old's my eldest?")
    assert "20" in eldest.reply, eldest.reply


def test_a_time_is_said_of_the_thing_asked(bank: MemoryBank) -> None:
    """"what time does demo day start" got the board meeting's "Wed 2pm" (held-out #O, teodor)."""
    bank.add(NewMemory(text="board mtg next Wed 2pm. the new round + hiring", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="demo day confirmed — 14th, no wait, 21st, they moved it. 3 min slot, ugh", kind="fact",
                       created_at=2_000))
    done = _proposed(bank, "The demo day starts on Wednesday at 2 PM.", "what time does demo day start")
    assert "2 PM" not in done.reply and "haven't told" in done.reply, done.reply
    board = _proposed(bank, "The board meeting is next Wednesday at 2pm.", "what time's the board mtg")
    assert "2pm" in board.reply, board.reply


def test_a_later_line_naming_the_thing_asked_only_far_from_its_new_number_replaces_nothing(bank: MemoryBank) -> None:
    """"… moved it, it's Mondays now, half seven, because … after the cruise buffet" is about line
    dancing: its one word shared with the question stands 20 words from its number (dev, maureen)."""
    bank.add(NewMemory(text="Now I told you wrong about the cruise, it's not the 12th, it's the 19th of May we sail",
                       kind="fact", created_at=1_000))
    bank.add(NewMemory(text="And another thing, line dancing's been Fridays at the Methodist hall for years but "
                            "they've moved it, it's Mondays now, half seven, because the hall's got a slimming club "
                            "on Fridays, which I might go to an' all after the cruise buffet", kind="fact", created_at=2_000))
    done = _proposed(bank, "You sail on the 19th of May.", "when do we sail on the cruise")
    assert "19th" in done.reply and "Mondays" not in done.reply, done.reply


def test_a_later_line_giving_a_count_in_words_does_not_replace_a_date(bank: MemoryBank) -> None:
    """"… it's now Monday to Thursday, so four writing days" says no date (#M, sigrid)."""
    bank.add(NewMemory(text="Tuva starts barnehage on the 2nd of September, nei vent, the 9th, they pushed the "
                            "whole intake back a week.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Update: barnehage changed Tuva's days, it's now Monday to Thursday, so four writing "
                            "days, hurra.", kind="fact", created_at=2_000))
    done = _proposed(bank, "Tuva starts barnehage on the 9th of September.", "when does Tuva start")
    assert "9th" in done.reply and "Thursday" not in done.reply, done.reply


def test_a_question_of_one_word_the_memories_hold_is_answered_from_them(bank: MemoryBank) -> None:
    """"where's the conference" after "off to a conf in may … it's in Lisbon" and "correction re the
    conf: it's in Porto not Lisbon": a request's general answer gave Lisbon (#G, arjun)."""
    bank.add(NewMemory(text="also off to a conf in may, GopherCon EU, it's in Lisbon i think, 12-16 may", kind="fact",
                       created_at=1_000))
    bank.add(NewMemory(text="correction re the conf: it's in Porto not Lisbon, i misread the site. dates same",
                       kind="fact", created_at=2_000))
    backend = ScriptedBackend(reply="The conference is in Lisbon.", n_params=3_000_000_000)
    done = _turn(Agent(ProfileData(bank), backend, Settings(threshold=0.0)), "where's the conference", new=True)
    assert backend.aside_slots == ["proposal"]  # memory answers it, not a request's general reply
    assert "Porto" in done.reply and "Lisbon" not in done.reply.replace("not Lisbon", ""), done.reply


def test_a_name_said_alone_after_the_sentence_about_the_pet_names_it(bank: MemoryBank) -> None:
    """"We have a cat. Pepper. Grey and fat. Efua chose the name." (#N, yaw)"""
    bank.add(NewMemory(text="We have a cat. Pepper. Grey and fat. Efua chose the name.", kind="fact"))
    done = _proposed(bank, "The cat is called Pepper.", "what's the cat called")
    assert done.reply == "The cat is called Pepper.", done.reply


def test_a_terse_writers_one_word_sentence_holds_an_answer_with_the_next(bank: MemoryBank) -> None:
    """"Amlodipine." was refused: a sentence of one word was no candidate (#G, gwilym)."""
    bank.add(NewMemory(text="Tablets. Amlodipine. One in the morning. For the pressure.", kind="fact"))
    done = _proposed(bank, "Amlodipine.", "what tablet do I take in the morning")
    assert "Amlodipine" in done.reply, done.reply


def test_a_sentence_with_no_subject_holds_an_answer_with_the_one_it_goes_on_from(bank: MemoryBank) -> None:
    """"Emeka, brother, 68. Flying in from Lagos on the 22nd. No, 23rd. …": the place and the day were
    in a sentence that doesn't name him, and "where's Emeka coming from" was not told (#M, obinna)."""
    bank.add(NewMemory(text="Emeka, brother, 68. Flying in from Lagos on the 22nd. No, 23rd. Checked the ticket. "
                            "Lands Manchester 06:40.", kind="fact"))
    done = _proposed(bank, "Emeka is coming from Lagos on the 23rd.", "where's Emeka coming from")
    assert "Lagos" in done.reply and "haven't told" not in done.reply, done.reply


def test_a_proposal_copying_the_users_lines_is_said_as_what_they_told(bank: MemoryBank) -> None:
    """The model copied the memory out instead of answering; it was refused as no answer (#M, obinna)."""
    bank.add(NewMemory(text="Emeka, brother, 68. Flying in from Lagos on the 22nd. No, 23rd. Checked the ticket. "
                            "Lands Manchester 06:40.", kind="fact"))
    done = _proposed(bank, "Emeka, brother, 68. Flying in from Lagos on the 23rd. Checked the ticket. Lands Manchester "
                           "06:40.", "when does my brother get here")
    assert "Emeka, brother, 68. Flying in from Lagos on the 23rd" in done.reply and "haven't told" not in done.reply, done.reply
    # … only when a piece of it says what the question asks of: the time was the lamb's (#N, dimitris)
    bank.add(NewMemory(text="Lamb comes from Hollins Farm, delivery Wednesdays at 7am. Fish is from Pete down in "
                            "Brixham, Tuesdays.", kind="fact"))
    fish = _proposed(bank, "Lamb comes from Hollins Farm, delivery Wednesdays at 7am. Fish is from Pete down in "
                           "Brixham, Tuesdays.", "what time does the fish come")
    assert "7am" not in fish.reply and "haven't told" in fish.reply, fish.reply


def test_a_word_written_capitalised_only_at_a_sentence_start_is_no_name(bank: MemoryBank) -> None:
    """"Café moves to Sundays" made "Café" a name the answer had to say (#M, obinna)."""
    bank.add(NewMemory(text="Repair café at St Chad's, Saturdays 10 till 1. I do small electricals. Kettles, lamps, "
                            "the odd toaster.", kind="fact", created_at=1_000))
    bank.add(NewMemory(text="Café moves to Sundays from next month. Hall's being rewired.", kind="fact", created_at=2_000))
    done = _proposed(bank, "You do small electricals.", "what do I mend at the café")
    assert "small electricals" in done.reply and "haven't told" not in done.reply, done.reply


def test_a_word_only_first_in_a_sentence_is_no_name_when_the_question_writes_it_in_lower_case(bank: MemoryBank) -> None:
    """"what's the vet's name" was told "You told me Vet wants 2 kilos off him." (#M, obinna)."""
    bank.add(NewMemory(text="Dog is Brunel. Staffie, 9. Vet wants 2 kilos off him.", kind="fact"))
    bank.add(NewMemory(text="Café moves to Sundays. Repair café at St Chad's. Hall's being rewired.", kind="fact"))
    backend = ScriptedBackend(reply="The vet's name is Vet.", n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings(threshold=0.0))
    done = _turn(agent, "what's the vet's name", new=True)
    assert "haven't told me" in done.reply and "Vet wants" not in done.reply, done.reply
    recalled = [Recall(m, 0.5, 0.5) for m in bank.list()]
    names = agent.known_names(recalled, "what's the vet's name")
    assert "Vet" not in names and "Café" not in names and {"Brunel", "Chad", "Hall"} <= set(names), names


def test_a_question_about_the_users_own_work_in_another_form_of_the_word_is_not_a_guess(bank: MemoryBank) -> None:
    """"which publisher is the translation for" after "I'm a translator": "HarperCollins" (#M, sigrid)."""
    bank.add(NewMemory(text="I'm a translator, mostly Norwegian crime novels into English.", kind="fact"))
    done = _proposed(bank, "The translation is for HarperCollins.", "which publisher is the translation for")
    assert "HarperCollins" not in done.reply and "haven't told me" in done.reply, done.reply


def test_a_question_about_someones_thing_the_user_told_of_is_not_answered_by_a_guess(bank: MemoryBank) -> None:
    """"what time does ouma's braai start" went to a general answer: "The braai starts on 12 July" (#L)."""
    bank.add(NewMemory(text="My ouma turns 90 on 12 July and the whole family is coming to a braai at my sister "
                            "Elmarie's plot outside Stellenbosch.", kind="fact"))
    done = _proposed(bank, "The braai starts on 12 July.", "what time does ouma's braai start")
    assert "haven't told me" in done.reply and "12 July" not in done.reply, done.reply


def test_news_is_acknowledged_without_its_lead_and_its_reason_draws_no_sympathy() -> None:
    """"I'm sorry. Got it — I'll remember that big news, ouma's party moved …" for a party moved because the
    forecast is terrible; "Congratulations!" for "finally a minute to sit down" (#L, marietjie)."""
    said = "Big news, ouma's party moved: Elmarie says it's now on 19 July, because the forecast for the 12th is terrible."
    reply = acknowledge(said, [Kept(said, "new")])
    assert "sorry" not in reply.casefold() and "big news" not in reply.casefold() and "19 July" in reply, reply
    said = "Ag, finally a minute to sit down with my koffie."
    assert "Congratulations" not in acknowledge(said, [Kept(said, "new")])
    said = "Our flight got cancelled because of the strike."
    assert acknowledge(said, [Kept(said, "new")]).startswith("I'm sorry")


def test_a_long_statement_is_acknowledged_by_its_first_part_without_asides() -> None:
    """Said back whole, a run-on message made an acknowledgement of 40 words (dev split #G, ngozi)."""
    said = ("My brother Chidi lives in Manchester, he's the one who keeps trying to get me to do the Great "
            "Manchester Run with him (not happening, my knees say no).")
    reply = acknowledge(said, [Kept(said, "new")])
    assert reply.endswith("your brother Chidi lives in Manchester.") and "knees" not in reply, reply
    short = "My brother Chidi lives in Manchester, near the canal."
    assert acknowledge(short, [Kept(short, "new")]).endswith("your brother Chidi lives in Manchester, near the canal.")
    assert acknowledge("The venue flooded, so the wedding moved to 21 June.",
                       [Kept("The venue flooded, so the wedding moved to 21 June.", "new")]).startswith("I'm sorry")


def test_what_time_is_not_answered_with_a_day(bank: MemoryBank) -> None:
    """"what time does 5 a side kick off" (never said) got "5 a side kicks off on Tues nights" (split #H, rhys)."""
    bank.add(NewMemory(text="5 a side tues nights if ur wondering why i moan about my knees.", kind="fact"))
    backend = ScriptedBackend(reply="5 a side kicks off on Tues nights.", n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings(threshold=0.0))
    reply = _turn(agent, "what time does my 5 a side kick off", new=True).reply
    assert "haven't told me" in reply and "as side" not in reply, reply
    bank.add(NewMemory(text="Standup is at 9:45 every day.", kind="fact"))
    agent.backend = ScriptedBackend(reply="Standup is at 9:45.", n_params=3_000_000_000)
    assert "9:45" in _turn(agent, "what time is my standup", new=True).reply


def test_who_is_not_answered_by_a_place(bank: MemoryBank) -> None:
    """"Who is doing my cataract operation?" (never said) got "at Harrogate District Hospital" (split #H)."""
    bank.add(NewMemory(text="I am to have a cataract operation on my left eye at Harrogate District Hospital on the "
                            "3rd of March.", kind="fact"))
    backend = ScriptedBackend(reply="You are having a cataract operation at Harrogate District Hospital.",
                              n_params=3_000_000_000)
    agent = Agent(ProfileData(bank), backend, Settings(threshold=0.0))
    assert "Harrogate" not in _turn(agent, "Who is doing my cataract operation?", new=True).reply
    bank.add(NewMemory(text="Mr Okafor is doing my cataract operation.", kind="fact"))
    agent.backend = ScriptedBackend(reply="Mr Okafor is doing it.", n_params=3_000_000_000)
    assert "Okafor" in _turn(agent, "Who is doing my cataract operation?", new=True).reply


@pytest.mark.parametrize(("memory", "proposal", "question", "said"), [
    ("Rosie's allergic to peanuts so everything has to be checked", "Rosie is allergic to peanuts.",
     "what's Rosie allergic to", "peanuts"),
    ("And Jakey's parents' evening is at 5.20 on Thursday, I always get it wrong, 5.20 definitely",
     "Jakey's parents' evening is at 5:20 on Thursday.", "what time is Jakey's parents evening", "5:20"),
])
def test_right_proposals_split_h_refused_are_held(bank: MemoryBank, memory: str, proposal: str, question: str,
                                                  said: str) -> None:
    """Split #H (dev since its run): "Rosie's allergic" read as Rosie's something; "5:20" not in "5.20"."""
    bank.add(NewMemory(text=memory, kind="fact"))
    done = _proposed(bank, proposal, question)
    assert said in done.reply, done.reply


def test_words_given_to_the_user_to_say_in_quotes_are_not_claims() -> None:
    """Split #I: phrases for talking to upset residents came out as '1. "2. "It sounds like Is there …'."""
    guard = ClaimFilter("")
    reply = ('Some phrases:\n1. "I understand you\'re upset, let\'s sort it out together."\n'
             '2. "It sounds like you are worried. Is there anything I can do?"\nYou are a carer at a home.')
    shown = "".join(guard.feed(c) for c in reply) + guard.finish()
    assert '2. "It sounds like you are worried. Is there anything I can do?"' in shown
    assert "I understand you're upset" in shown
    assert guard.dropped == ["You are a carer at a home."]  # outside quotes, still a claim memory doesn't hold


def test_a_question_about_what_is_so_at_the_users_home_or_work_is_about_the_user() -> None:
    """Set F: "What's the Wi-Fi password at home?" (never said) was a general request, answered with
    an invented password."""
    assert route("What's the Wi-Fi password at home?").route == "ask_user"
    assert route("What's the dress code at work?").route == "ask_user"
    assert route("What's a good way to relax at home?").route == "request"  # advice stays advice


def test_a_run_on_writers_request_at_the_end_of_a_statement_is_a_request() -> None:
    """Split #J: three requests inside run-on statements were acknowledged as statements ("Noted: …")."""
    for message in ("noodle wont touch his crickets rn wat else can leopard geckos eat need a list",
                    "our kid deano owes me 30 quid for mums present write him a msg askin for it not too arsey",
                    "we sail on the 12th of May and I'm already worrying so could you do me a list of what I'll need"):
        assert route(message).route == "request", message
    assert route("We need a plan for the garden before spring").route == "statement"


def test_a_code_or_password_of_the_users_own_is_asked_of_what_they_said() -> None:
    """Set G: "What's the code for the garage door keypad?" and "What's the Wi-Fi password for the
    sitter?" (never said) were general requests, answered "1234" and "12345678"."""
    for question in ("What's the code for the garage door keypad?", "What's the Wi-Fi password for the sitter?",
                     "What's my PIN?"):
        assert route(question).route == "ask_user", question
    for question in ("What's the area code for Leeds?", "What's the dress code for a wedding?",
                     "What's the best password manager?", "What's the code of conduct for a jury?"):
        assert route(question).route == "request", question


def test_scots_is_read_as_its_words_but_not_inside_english_ones() -> None:
    assert route("how auld's the dug?").asked == ("how old's the dog?",)
    assert spelled_out("a hearing test at 2 o'clock on the 3rd o' June") == "a hearing test at 2 o'clock on the 3rd of June"
    assert spelled_out("the Wi-Fi code, Tae-kwon-do, and I dug the garden") == "the Wi-Fi code, Tae-kwon-do, and I dug the garden"
