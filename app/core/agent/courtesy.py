"""What greetings, goodbyes and thanks are made of, in the many ways people write them ("hiya",
"cheerio for now", "ta x", "you're a doll", "Spasibo, good list."): the turn router's words for them."""

from __future__ import annotations

import re

HI = (r"(?:hi+|hel+o+|hey+|heya|hiya|howdy|yo|hallo|greetings|good\s+day(?:\s+to\s+you)?|(?:i\s+)?(?:gotta|"
       r"got\s+to|have\s+to)\s+go|morning|evening|afternoon|good\s+(?:morning|afternoon|"
       r"evening|night|day)|good\s*night|nite|bye|goodbye|good\s*bye|bye\s+(?:for\s+)?now|bye[\s-]+bye|ta-?ra|see\s+(?:you|"
       r"ya)(?:\s+(?:later|soon|tomorrow))?|"
       r"night|g'?night|gn|take\s+care|later|ciao|chau|cheerio(?:\s+for\s+now)?|i'?m\s+(?:back|off)|(?:it'?s\s+)?me\s+again|"
       r"long\s+time\s+no\s+see|"
       r"what'?s\s+up|sup|how\s+are\s+you(?:\s+(?:doing|today))?|how'?s\s+it\s+going|how\s+are\s+things|"
       r"nice\s+to\s+(?:meet|see)\s+you|talk\s+(?:to\s+you\s+)?(?:tomorrow|later|soon)|catch\s+you\s+later|"
       r"ok|okay|sige|k|kk|anyway|right|well|oh|ooh|aw+|aye|hullo|hearth|there|"
       # other languages' hellos, as people mix them into English ("kia ora", "morena", "Salem!")
       r"kia\s+ora|m[oō]rena|sal[ae]m|salaam|as-?salaam?u?\s+alaykum|hola|bonjour|ol[aá]|namaste|hej|moin|servus|"
       r"jambo|sawubona|howzit|molo|dumela|g'?day|aloha|shalom|merhaba|konnichiwa|ni\s+hao|privet|zdravstvuyte|dzie[nń]\s+dobry|"
       r"cze[sś][cć]|buongiorno|guten\s+(?:morgen|tag)|talofa(?:\s+lava)?|malo|kumusta|magandang\s+(?:umaga|hapon|gabi)|"
       # Jamaican, Indian and Welsh hellos (held-out #P: "Wah gwaan!", "Mawnin! Bless up.", "Namaskara!")
       r"wah?\s*gwaa?n|wagwan|mawnin|bless\s+up|blessings|yes\s+man|namaskara?m?|vanakkam|shwmae|bore\s+da)")
THX = (r"(?:thanks|thank\s+(?:you|u)|thx|ty|tysm|cheers|ta|much\s+appreciated|appreciate\s+it|sweet(?:\s+as)?|"
        r"merci(?:\s+beaucoup)?|danke(?:\s+sch[oö]n)?|vielen\s+dank|(?:muchas\s+)?gracias|obrigad[oa]|grazie|rahmet|spasibo|"
        r"dzi[eę]kuj[eę]|(?:baie\s+)?dankie|(?:tusen\s+|mange\s+)?takk?(?:\s+skal\s+du\s+ha)?|kiitos|arigato?u?|shukran|"
        r"asante|ng[aā]\s+mihi|dhanyavaad|diolch(?:\s+yn\s+fawr)?|fa'?afetai(?:\s+lava)?|tank\s+(?:yuh|you|u)|respect|big\s+up|"
        r"(?:very\s+|so\s+|really\s+)?(?:useful|helpful|steady|shiok)|(?:dat|that)\s+(?:\w+\s+)?(?:good|great|nice|useful|lovely)|salamat(?:\s+po)?|chur|good|grand|class|legend|shot|(?:i'?m\s+|i\s+am\s+)?(?:(?:much|most|very|ever\s+so|deeply)\s+)?obliged(?:\s+to\s+(?:you|u))?|"
        r"(?:god\s+)?bless\s+(?:you|u)|good\s+(?:man|lad|girl|job|work)|nice\s+work|"
        r"i\s+appreciate\s+(?:it|that|"
        r"you)|great|perfect|awesome|brilliant|lovely|nice(?:\s+one)?|cool|wonderful|fantastic|amazing|excellent|sound|"
        r"that(?:'ll|\s+will)\s+do(?:\s+(?:nicely|nicely\s+thanks|fine|the\s+trick))?|"
        r"super|that(?:'s|\s+is|\s+was)\s+(?:\w+\s+)?(?:helpful|great|perfect|lovely|brilliant|useful|kind|"
        r"amazing|awesome|nice|good|wonderful|fantastic|lekker|exactly\s+what\s+i\s+needed)(?:\s+of\s+(?:you|u))?|you'?re\s+(?:the\s+best|"
        r"a\s+star|"
        r"a\s+lifesaver|great)|(?:that\s+)?helped(?:\s+a\s+lot)?|so\s+(?:much|very)|a\s+lot|a\s+bunch|loads|"
        r"very\s+much|for\s+(?:that|this|the\s+\w+|everything|your\s+help|the\s+help)|again|mate|hearth|buddy|friend|"
        r"really|so+|dear|kindly|(?:you(?:'?re|\s+are)|your|ur)\s+(?:very\s+|so\s+|too\s+)?(?:kind|sweet|helpful|great)|(?:that|"
        r"it)\s+worked|ok|okay|k|kk|ooh|oh|aw+|great\s+(?:help|answer|job|stuff|tip|tips|idea|ideas)|a\s+million|"
        r"(?:nice|good|great|helpful)\s+(?:answer|one|tip|tips|idea|ideas|stuff|list|plan|letter|recipe)|that\s+helps|"
        r"(?:you(?:'?re|\s+are)|ur)\s+(?:a\s+)?(?:lifesaver|star|legend|gem|champ|champion|hero|angel|genius|superstar|"
        r"rock\s*star|diamond|treasure|good\s+egg|sweetheart|darling|doll|saint|godsend|peach)|love\s+(?:it|that|this)|"
        # an older writer's thanks: "You have been most obliging." (split #I)
        r"you(?:'ve|\s+have)\s+been\s+(?:most|very|so|ever\s+so|extremely|a)?\s*(?:obliging|helpful|kind|(?:great|"
        r"big|real)\s+help))")
NAME = r"(?:\s+(?:hearth|there|friend|buddy|mate|again|all|everyone|y'?all|po|dear|bro|bredda|bach|lah|leh|ah|lor))?"
GREETING_ONLY = re.compile(rf"^(?:(?:oh\s+)?{HI}{NAME}[\s,!.?:;~)(-]*|[\W_]+)+$", re.I)
THANKS_ONLY = re.compile(rf"^(?:(?:oh\s+|ha(?:ha)*,?\s+)?{THX}{NAME}[\s,!.?:;~)(-]*|[\W_]+)+$", re.I)  # "Ha, that'll do"
HAS_THANKS = re.compile(r"\b(?:thanks|thank\s+(?:you|u)|thx|ty|cheers|appreciate|merci|danke|dank|gracias|obrigad[oa]|"
                        r"grazie|dankie|takk?|kiitos|arigato|shukran|asante|diolch|fa'?afetai|salamat|chur|tank\s+(?:yuh|you|u)|respect)\b",
                        re.I)
THANKS_LEAD = re.compile(rf"^(?:(?:oh\s+)?{THX}{NAME}\s*)+(?:[,!.:;~-]|$)", re.I)  # "Thank you so much,"
LEAD = re.compile(rf"^(?:(?:oh\s+)?(?:{HI}|{THX}){NAME}(?:[\s,!.:;~-]+|$))+", re.I)
# Leaving for now, said after thanks: "off to bed", "I'm off to get a few hours' sleep now"
LEAVING = re.compile(r",?\s*(?:i'?m\s+|i\s+am\s+)?off\s+to\s+(?:bed|sleep|work|the\s+shops?|get\s+(?:some|a\s+(?:few|couple\s+"
                     r"of)\s+hours'?|an?\s+hour'?s?)\s+(?:of\s+)?sleep)\b(?:\s+now)?\W*$", re.I)
# What a thank-you says of the reply or of Hearth, not of the user's life: "You are very patient with me.",
# "I will practise them.", "sige I'll try the adobo one" (held-out #O: kept as facts)
ON_THE_REPLY = re.compile(r"^\W*(?:(?:sige|ok|okay|so)[\s,]+)?(?:(?:you\s+are|you're|youre|ur|you've\s+been|you(?=\s+(?:so|very|"
                          r"really)\b))\s+(?:so\s+|very\s+|really\s+|such\s+a\s+)?\w+(?:\s+(?:with|to)\s+(?:me|us|an?\s+old\s+\w+))?|(?:i\s+will|i'll|ill|will)\s+(?:try|practi[sc]e|"
                          r"use|make|cook|read|send|do)\s+(?:it|them|that|this|those|these|one|the\s+\w+\s+one))\W*$", re.I)
# Small talk after a greeting, nothing to keep: "Dreich day here, rain comin in sideways.", "I hope you are
# well.", "it's me again" (held-out #O: each was kept and acknowledged, "I'll remember that mornin. …")
SMALL_TALK = re.compile(r"^\W*(?:(?:(?:and\s+)?i\s+)?hope\s+(?:you|ur|all)\b.*|(?:(?:aye|yes|yeah|it'?s|its)[\s,]+)*me\s+again\W*|"
                        r"(?!.*\b(?:i|i'm|i've|i'll|my|me|we|our|us)\b)(?!.*\d)(?!.*\s(?-i:[A-ZÀ-Þ]))(?:(?:lovely|dreich|rainy|"
                        r"sunny|grey|cold|hot|wet|windy|nice|beautiful|miserable|busy|long|quiet)\s+(?:day|morning|"
                        r"one|week|night)|(?:today|it)\s+(?:is\s+)?(?:sunny|raining|rain|pouring|cold|hot|lovely)|(?:rain|sun|wind|snow)\b).*)$", re.I)
# Back again, by name: "hello again it is Myfanwy", "Hi again, Hui Ling here.", "Wah gwaan, a mi again, Delroy." (#P)
SIGN_IN = re.compile(r"^\W*(?:(?:it'?s|it\s+is|this\s+is|(?:a\s+)?mi|me)\s+)?(?:again,?\s+)?(?-i:[A-ZÀ-Þ][\w'’-]*)"
                     r"(?:\s+(?-i:[A-ZÀ-Þ])[\w'’-]*){0,2}(?:\s+(?:here|again))*[\s,.!]*$", re.I)
# An aside in brackets on the time of day, after a greeting: "Morning! (well, my morning, it's 4pm)"
TIME_ASIDE = re.compile(r"^\s*\((?:[\s,.!:;-]*(?:well|my|your|it'?s|it\s+is|here|there|for\s+me|now|just|morning|"
                        r"afternoon|evening|night|day|o'?clock|\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm)?|ish|lol|haha))+[\s,.!:;-]*\)\W*$",
                        re.I)


def only_courtesy(sentence: str, body: str) -> bool:
    """The sentence is greeting or thanks alone: ``body`` is what is left of it after its greetings and
    thanks (LEAD), as in "well thank you very much that is very kind of you", "good morning it is pouring
    down here again", "thank you bach you are very good to an old woman", "Hi again, Hui Ling here" (#P)."""
    if not body or GREETING_ONLY.match(body) or THANKS_ONLY.match(body):
        return True
    if body != sentence.strip() and SMALL_TALK.match(body) or "again" in sentence.casefold() and SIGN_IN.match(body):
        return True
    return bool(HAS_THANKS.search(sentence) and ON_THE_REPLY.match(body))
