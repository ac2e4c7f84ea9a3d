"""Labelled pairs (old fact, new fact, expected relation) for ``app.core.memory.relate``.

Labels:
* ``merge``     – the new text says the same fact again (a re-phrasing): reinforce the old one.
* ``supersede`` – same subject, new value: the old fact is no longer true.
* ``separate``  – both can be true: another person/pet/thing, another attribute of the same
  person, a multi-valued subject (allergies, languages, hobbies), or unrelated.

How the sets were made, in order (the labels were never changed after a set was scored):

1. ``FIRST_HELD_OUT`` was written first, before any rule existed; then ``DEV``. The rules
   were designed on ``DEV`` alone (100 %); ``FIRST_HELD_OUT`` then scored **85.7 %** (30/35)
   at its only blind look (3 supersedes judged separate, 2 re-phrasings judged supersede).
2. Its failures ("I got a new phone", "My new boss is Priya", "June 3rd", "by profession") were
   general gaps, so it became tuning data. ``SECOND_HELD_OUT`` was written *before* those fixes
   and scored **70.0 %** (28/40) at its blind look — all 12 errors were "separate" (missed
   merges/supersedes), none a wrong supersede or merge.
3. Its general failures (plural stems, "X is where I live", "I have a dog called Rex",
   "is called X" vs "is X") were fixed too, and ``HELD_OUT`` was written before that round and
   never tuned on: **97.5 %** (39/40) at its one look, the number the slow test guards.

So the blind numbers are 85.7 %, 70.0 % and 97.5 % (84.3 % pooled, 97/115). The later sets were
written by someone who knew the earlier rules, so they are not independent draws: expect
~85 % on new phrasings, with the misses going to "separate". ``python -m bench.relate_eval``
prints the table.
"""

from __future__ import annotations

from typing import Literal

Label = Literal["merge", "supersede", "separate"]
Case = tuple[str, str, Label]

DEV: list[Case] = [  # tuned on
    # supersede: same subject, new value
    ("My sister lives in Lisbon.", "My sister moved to Porto.", "supersede"),
    ("My favourite colour is green.", "My favourite colour is blue now.", "supersede"),
    ("I work at Acme as a nurse.", "I have a new job at Globex.", "supersede"),
    ("I drive a blue Honda Civic.", "I drive a black Ford Focus now.", "supersede"),
    ("We moved to Leeds last year.", "We live in York now.", "supersede"),
    ("I live in London.", "I now live in Paris.", "supersede"),
    ("My cat is 3 years old.", "My cat is 4 now.", "supersede"),
    ("My favourite band is Radiohead.", "My favourite band these days is Arctic Monkeys.", "supersede"),
    ("My doctor is Dr. Smith.", "My new doctor is Dr. Jones.", "supersede"),
    ("My son is in year 3.", "My son started year 4.", "supersede"),
    ("I weigh 80 kg.", "I weigh 76 kg now.", "supersede"),
    ("My manager is Tom.", "My manager is now Sarah.", "supersede"),
    ("My phone number is 07700 900123.", "My new phone number is 07700 900456.", "supersede"),
    ("My brother works at a bank.", "My brother got a job at a bakery.", "supersede"),
    ("I work at Acme.", "I started working at Initech last month.", "supersede"),
    # separate: another person / pet / thing, or another attribute of the same one
    ("My brother lives in Lisbon.", "My sister moved to Porto.", "separate"),
    ("My cat is called Luna.", "My dog is called Max.", "separate"),
    ("My mum lives in Cardiff.", "My dad lives in Swansea.", "separate"),
    ("My son is 10.", "My daughter is 6.", "separate"),
    ("My wife works as a teacher.", "I work as a nurse.", "separate"),
    ("My sister drives a Fiat.", "I drive a Honda.", "separate"),
    ("My brother is a doctor.", "My brother lives in Rome.", "separate"),
    # separate: same topic, both true
    ("I'm allergic to shellfish.", "I'm allergic to cats.", "separate"),
    ("I speak Spanish.", "I speak German.", "separate"),
    ("I like cooking.", "I like running.", "separate"),
    ("I play piano.", "I play tennis.", "separate"),
    ("I have a cat.", "I have a bike.", "separate"),
    ("My favourite colour is green.", "My favourite food is pizza.", "separate"),
    ("I'm lactose intolerant.", "I'm allergic to nuts.", "separate"),
    # merge: the same fact re-phrased
    ("My sister lives in Lisbon.", "My sister is living in Lisbon now.", "merge"),
    ("I work at Acme as a nurse.", "I'm a nurse at Acme.", "merge"),
    ("My cat is called Luna.", "My cat's name is Luna.", "merge"),
    ("I live in Leeds.", "I'm based in Leeds.", "merge"),
    ("I drive a blue Honda Civic.", "My car is a blue Honda Civic.", "merge"),
    ("My favourite colour is green.", "Green is my favourite colour.", "merge"),
    ("I'm allergic to shellfish.", "I have a shellfish allergy.", "merge"),
    ("My husband is called David.", "My husband's name is David.", "merge"),
    # unrelated
    ("I drive a blue Honda Civic.", "I have a dentist appointment on Tuesday.", "separate"),
    ("My sister lives in Lisbon.", "I love Portuguese food.", "separate"),
]

FIRST_HELD_OUT: list[Case] = [  # written first; 85.7 % blind, then tuned on
    # supersede
    ("I live in Manchester.", "We moved to Bristol in March.", "supersede"),
    ("My favourite food is sushi.", "These days my favourite food is ramen.", "supersede"),
    ("I work as a teacher.", "I'm a software engineer now.", "supersede"),
    ("My car is a red Toyota Corolla.", "I drive a grey Tesla Model 3 now.", "supersede"),
    ("My phone is an iPhone 12.", "I got a new phone, a Pixel 8.", "supersede"),
    ("My daughter is 7 years old.", "My daughter just turned 8.", "supersede"),
    ("I'm 34 years old.", "I turned 35 last week.", "supersede"),
    ("My boss is called Martin.", "My new boss is Priya.", "supersede"),
    ("My partner's name is Sam.", "My partner is called Alex.", "supersede"),
    ("My wifi password is tulip42.", "I changed my wifi password to maple77.", "supersede"),
    ("I work at Acme as a nurse.", "I started working at St Mary's Hospital.", "supersede"),
    ("My dentist is Dr. Lee.", "I switched to a new dentist, Dr. Patel.", "supersede"),
    # separate: another person / pet / thing, or another attribute
    ("My brother lives in Berlin.", "My cousin moved to Munich.", "separate"),
    ("My dog is called Biscuit.", "My cat is called Pepper.", "separate"),
    ("My son plays football.", "My daughter plays tennis.", "separate"),
    ("My mother's birthday is in May.", "My father's birthday is in October.", "separate"),
    ("My husband works at Google.", "I work at Microsoft.", "separate"),
    ("My car is a blue Honda Civic.", "My wife drives a white Volvo.", "separate"),
    ("My sister is a lawyer.", "My sister lives in Dublin.", "separate"),
    # separate: same topic, both true
    ("I'm allergic to penicillin.", "I'm allergic to peanuts.", "separate"),
    ("I speak French.", "I speak Japanese a little.", "separate"),
    ("I like hiking.", "I like jazz music.", "separate"),
    ("I play the guitar.", "I play chess on weekends.", "separate"),
    ("I have two cats.", "I have a dog named Rex.", "separate"),
    ("I'm vegetarian.", "I don't eat mushrooms.", "separate"),
    ("My favourite colour is green.", "My favourite film is Alien.", "separate"),
    # merge
    ("I'm allergic to peanuts.", "I have a peanut allergy.", "merge"),
    ("My dog is called Biscuit.", "My dog's name is Biscuit.", "merge"),
    ("I live in Leeds.", "I'm living in Leeds.", "merge"),
    ("I work as a nurse.", "I'm a nurse by profession.", "merge"),
    ("My favourite colour is blue.", "Blue is my favourite colour.", "merge"),
    ("I drive a Honda Civic.", "My car is a Honda Civic.", "merge"),
    ("My birthday is on 3 June.", "My birthday is June 3rd.", "merge"),
    ("My wife is called Maria.", "My wife's name is Maria.", "merge"),
    # unrelated
    ("I have a meeting with the bank on Friday.", "My favourite colour is blue.", "separate"),
]

SECOND_HELD_OUT: list[Case] = [  # 70.0 % blind, then tuned on
    # supersede
    ("I live in Glasgow.", "I've just moved to Edinburgh.", "supersede"),
    ("My favourite season is autumn.", "Spring is my favourite season now.", "supersede"),
    ("I work at Tesco.", "I got a job at Sainsbury's.", "supersede"),
    ("I drive a Volkswagen Golf.", "I sold the Golf and bought a Mazda MX-5.", "supersede"),
    ("My son is 5.", "My son turned 6 yesterday.", "supersede"),
    ("My girlfriend is called Emma.", "My girlfriend's name is Chloe.", "supersede"),
    ("My email is jo@example.com.", "My new email address is jo.smith@mail.com.", "supersede"),
    ("I'm a student at Leeds University.", "I now work as a data analyst.", "supersede"),
    ("My daughter goes to Oakfield Primary.", "My daughter started at Greenhill Secondary school.", "supersede"),
    ("My landlord is Mr Brown.", "Our landlord is now Mrs Green.", "supersede"),
    ("I have a Samsung phone.", "My phone is an iPhone 15 now.", "supersede"),
    ("My gym is PureGym on Main Street.", "I go to the Virgin Active gym now.", "supersede"),
    ("I cycle to work.", "I take the bus to work now.", "supersede"),
    ("My husband works night shifts.", "My husband works days now.", "supersede"),
    ("I'm 41.", "I'm 42 now.", "supersede"),
    # separate: another person / pet / thing
    ("My sister is called Ana.", "My niece is called Ana.", "separate"),
    ("My son lives in Bath.", "My daughter lives in Bath.", "separate"),
    ("My dog is 4 years old.", "My cat is 2 years old.", "separate"),
    ("My wife is a doctor.", "My daughter is a doctor.", "separate"),
    ("I work at Acme.", "My brother works at Acme.", "separate"),
    ("My grandmother lives in Cork.", "My grandfather lives in Galway.", "separate"),
    ("My car is a Ford Fiesta.", "My bike is a Raleigh.", "separate"),
    # separate: same topic, both true
    ("I'm allergic to dust.", "I'm allergic to pollen.", "separate"),
    ("I speak Italian.", "I'm learning Portuguese.", "separate"),
    ("I love rock climbing.", "I love baking bread.", "separate"),
    ("I have a sister.", "I have two brothers.", "separate"),
    ("My favourite drink is coffee.", "My favourite dessert is tiramisu.", "separate"),
    ("I play the violin.", "I play badminton on Thursdays.", "separate"),
    ("I'm diabetic.", "I'm allergic to latex.", "separate"),
    ("I volunteer at a food bank.", "I work at a library.", "separate"),
    ("I live in Leeds.", "My office is in Manchester.", "separate"),
    # merge
    ("My dog's name is Rex.", "I have a dog called Rex.", "merge"),
    ("I work at the hospital as a porter.", "I'm a porter at the hospital.", "merge"),
    ("I live in Cardiff.", "Cardiff is where I live.", "merge"),
    ("My favourite film is Alien.", "Alien is my favourite film.", "merge"),
    ("I'm allergic to wasps.", "I have a wasp allergy.", "merge"),
    ("My son is called Leo.", "My son's name is Leo.", "merge"),
    ("I drive a Toyota Yaris.", "I've got a Toyota Yaris.", "merge"),
    ("I'm vegan.", "I follow a vegan diet.", "merge"),
    # unrelated
    ("I have a dentist appointment on Monday.", "My sister lives in Lisbon.", "separate"),
]

HELD_OUT: list[Case] = [  # 97.5 % blind; never tuned on
    # supersede
    ("My favourite sport is tennis.", "My favourite sport is golf these days.", "supersede"),
    ("I live in a flat in Camden.", "We just moved into a house in Hackney.", "supersede"),
    ("I work for the council.", "I've started a new job at the BBC.", "supersede"),
    ("My cat weighs 4 kg.", "My cat weighs 5 kg now.", "supersede"),
    ("My best friend is Tom.", "My best friend is Jake now.", "supersede"),
    ("I drive a Nissan Micra.", "I drive an electric Kia now.", "supersede"),
    ("My son is 12 years old.", "My son is 13.", "supersede"),
    ("I'm 29 years old.", "I'm 30 now.", "supersede"),
    ("My dentist is in Leeds.", "My dentist is in York now.", "supersede"),
    ("My partner works as a chef.", "My partner is working as a baker now.", "supersede"),
    ("My daughter lives in Oxford.", "My daughter moved to Cambridge.", "supersede"),
    ("I'm a teacher.", "I work as a headteacher now.", "supersede"),
    ("My favourite author is Tolkien.", "Terry Pratchett is my favourite author now.", "supersede"),
    ("My hairdresser is called Lucy.", "My new hairdresser is called Jess.", "supersede"),
    ("I weigh 70 kg.", "I'm down to 65 kg.", "supersede"),
    # separate: another person / pet / thing
    ("My uncle lives in Spain.", "My aunt lives in France.", "separate"),
    ("My dog is a labrador.", "My neighbour's dog is a poodle.", "separate"),
    ("My son is called Tom.", "My brother is called Tom.", "separate"),
    ("I work in Leeds.", "My wife works in Leeds.", "separate"),
    ("My car is red.", "My bike is red.", "separate"),
    ("My sister is 30.", "My brother is 27.", "separate"),
    ("My mum is a nurse.", "My dad is a nurse.", "separate"),
    # separate: same topic, both true
    ("I'm allergic to eggs.", "I'm allergic to ibuprofen.", "separate"),
    ("I speak English and Welsh.", "I speak some Mandarin.", "separate"),
    ("I like football.", "I like swimming.", "separate"),
    ("I have a cat called Tom.", "I have a dog called Bella.", "separate"),
    ("My favourite colour is blue.", "My favourite number is 7.", "separate"),
    ("I collect stamps.", "I collect coins.", "separate"),
    ("I'm afraid of spiders.", "I'm afraid of heights.", "separate"),
    ("I live in Leeds.", "I work in Bradford.", "separate"),
    ("I go swimming on Mondays.", "I go running on Fridays.", "separate"),
    # merge
    ("My mum's name is Susan.", "My mother is called Susan.", "merge"),
    ("I live in Brighton.", "I'm living in Brighton.", "merge"),
    ("I work as an accountant.", "I'm an accountant.", "merge"),
    ("My favourite food is pasta.", "Pasta is my favourite food.", "merge"),
    ("I'm allergic to bee stings.", "I'm allergic to bees.", "merge"),
    ("My cat is called Milo.", "My cat's name is Milo.", "merge"),
    ("I drive a silver Audi A3.", "My car is a silver Audi A3.", "merge"),
    ("My birthday is on the 5th of May.", "My birthday is May 5.", "merge"),
    # unrelated
    ("I have a doctor's appointment on Friday.", "My cat is called Milo.", "separate"),
]

CASES: list[Case] = DEV + FIRST_HELD_OUT + SECOND_HELD_OUT + HELD_OUT
