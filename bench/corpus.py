"""Synthetic everyday memories: distractors for recall_eval, bulk rows for recall_speed.

Deterministic (seeded) so every run sees the same corpus. Each template is a
kind of thing people tell an assistant over months; the slots make them
differ. They talk about other people, places and things than the facts in
``recall_eval/facts.py``, the way a real memory store is mostly unrelated to
any one question.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

PEOPLE = ["Marta", "Jorge", "Kenji", "Olivia", "Farid", "Chloe", "Bruno", "Aisha", "Pedro", "Hannah", "Ivan",
          "Lena", "Mateo", "Yuki", "Noah", "Zara", "Emil", "Sofia", "Dmitri", "Nadia", "Oscar", "Julia", "Rafael",
          "Elif", "Tariq", "Clara", "Hugo", "Amara", "Felix", "Ingrid"]
PLACES = ["the bakery on Rua Augusta", "the new ramen bar", "the library", "the farmers market", "the co-working space",
          "the riverside park", "the old cinema", "the climbing gym", "the hardware store", "the train station",
          "the Thai place downtown", "the museum of modern art", "the community garden", "the bike shop",
          "the pharmacy", "the post office", "the bookshop café", "the swimming pool", "the airport", "the town hall"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "the weekend",
        "last night", "this morning", "yesterday afternoon"]
ITEMS = ["a new umbrella", "light bulbs", "a phone charger", "printer ink", "a yoga mat", "batteries", "a kettle",
         "running socks", "a desk lamp", "olive oil", "a birthday card", "coffee beans", "a bike lock",
         "a rain jacket", "houseplant soil", "a frying pan", "noise-cancelling headphones", "a notebook"]
TOPICS = ["the quarterly budget", "the website redesign", "the tax return", "the school fundraiser",
          "the kitchen renovation", "the team offsite", "the car service", "the electricity tariff",
          "the holiday rota", "the book club pick", "the broken fence", "the conference talk",
          "the insurance claim", "the new hire onboarding", "the garden shed", "the podcast episode"]
FILMS = ["a documentary about octopuses", "an old western", "a French comedy", "a space thriller",
         "a Korean drama", "a nature series", "a heist movie", "a stand-up special", "a cooking show"]
DISHES = ["lentil soup", "a Thai green curry", "homemade pizza", "grilled sardines", "a big salad",
          "shakshuka", "pancakes", "vegetable lasagne", "tacos", "a lemon cake", "dumplings"]
ADJECTIVES = ["great", "a bit boring", "surprisingly good", "too long", "really funny", "disappointing", "lovely"]
CITIES = ["Madrid", "Ghent", "Krakow", "Lyon", "Seville", "Tallinn", "Bologna", "Utrecht", "Valencia", "Bergen"]
BILLS = ["water", "phone", "internet", "electricity", "council tax", "streaming", "gas"]

TEMPLATES = [
    "Had lunch with {person} at {place} on {day}.",
    "Bought {item} at {place} for {price} euros.",
    "Reminder: call {person} about {topic}.",
    "Watched {film} with {person} {day}; it was {adj}.",
    "Meeting notes: discussed {topic} with {person} and {person2}.",
    "Need to pick up {item} before {day}.",
    "{person} is visiting from {city} next month.",
    "Cooked {dish} for dinner {day}; {person} said it was {adj}.",
    "Paid the {bill} bill, {price} euros.",
    "Read an article about {topic} {day}.",
    "Went for a {n} km walk along {place} {day}.",
    "{person} recommended trying {dish} at {place}.",
    "Lent {item} to {person}; get it back by {day}.",
    "Booked a table at {place} for {n} people on {day}.",
    "{person} changed jobs and now works near {place}.",
    "Left {item} at {person}'s flat {day}.",
    "Sent {person} the notes about {topic}.",
    "{person} and {person2} are organising a trip to {city}.",
    "The queue at {place} was {adj} {day}.",
    "Found out that {place} closes early on {day2}s.",
    "{person} asked for feedback on {topic} by {day}.",
    "Tried {dish} at {place} {day}, it was {adj}.",
]


def memories(count: int, seed: int = 7) -> Iterator[str]:
    """``count`` distinct memory texts."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < count:
        text = _fill(rng.choice(TEMPLATES), rng)
        if text not in seen:
            seen.add(text)
            yield text


def _fill(template: str, rng: random.Random) -> str:
    person, person2 = rng.sample(PEOPLE, 2)
    day2 = rng.choice(DAYS[:7])
    return template.format(
        person=person, person2=person2, place=rng.choice(PLACES), day=rng.choice(DAYS), day2=day2,
        item=rng.choice(ITEMS), price=rng.randint(3, 400), topic=rng.choice(TOPICS), film=rng.choice(FILMS),
        dish=rng.choice(DISHES), adj=rng.choice(ADJECTIVES), city=rng.choice(CITIES), bill=rng.choice(BILLS),
        n=rng.randint(2, 12),
    )
