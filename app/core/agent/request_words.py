"""The words a request to an assistant is made of: "Could you write …", "… please", "I would be
grateful if you could help me write …", a thing to make named without a verb ("Email to the co-op.",
"Three stretches for the lower back."), a terse writer's one word ("Ingredients."). The turn router's."""

from __future__ import annotations

import re

REQUEST_START = re.compile(
    r"^\W*(?:quick\s+one\W+)?(?:please\s+|pls\s+|kindly\s+|"
    r"(?:can|could|would|will)\s+(?:you|u)\s+|i\s+(?:need|want|would\s+like|'d\s+like)\s+(?:you\s+to\s+|some\s+|a\s+|"
    r"help|ideas|tips|advice)|i'?m\s+looking\s+for|i\s+wonder|i\s+was\s+wondering|let'?s\s+|lets\s+|"
    r"what\s+about|how\s+about)?(?:write|give|gimme|make|list|suggest|recommend|explain|describe|help|show|translate|"
    r"summari[sz]e|tell|draft|compose|create|plan|find|calculate|convert|compare|name|generate|brainstorm|"
    r"rewrite|fix|check|proofread|teach|define|recap|outline|come\s+up|think\s+of|pick|choose|play|sing|"
    r"imagine|pretend|quiz|convince|cheer|say|count|spell|read|sum|add\s+up|solve|guess|rhyme|continue|finish|"
    r"remind\s+me\s+(?:to|how)|walk\s+me|talk\s+me|"
    r"do\s+(?:me|us)\s+(?:an?|some|the)|put\s+together|knock\s+up|whip\s+up|rustle\s+up|jot\s+down|"  # "Can you do me a …" (#I)
    r"any\s+(?:good|decent|nice|great|easy|quick|cheap|fun)\b|any\s+(?:tips|ideas|advice|suggestions|"
    r"recommendations|thoughts|recipes)|(?:best|quickest|easiest)\s+way)\b", re.I)
PLEASE_AT_END = re.compile(r"\b(?:please|pls|plz)(?:\W*$|\s*,)|^\W*(?:please|pls|plz|kindly)\b", re.I)
# A request inside a sentence: "I would be grateful if you could help me write …"
REQUEST_INSIDE = re.compile(r"\b(?:if\s+(?:you|u)\s+(?:could|can|would)|(?:could|can|would|will)\s+(?:you|u))\s+"
                            r"(?:please\s+|kindly\s+|be\s+so\s+kind\s+as\s+to\s+)?(?:help\s+me|write|draft|give\s+me|make\s+me|"
                            r"explain|suggest|recommend|provide|send|find|tell\s+me\s+how|do\s+(?:me|us)\s+(?:a|an|some)|"
                            r"put\s+together)\b|"
                            # a run-on writer's request at the end: "… wat else can leopard geckos eat need a list",
                            # "… for mums present write him a msg askin for it" (split #J)
                            r"\b(?:need|want)\s+(?:a|an|some)\s+(?:list|recipe|plan|ideas|tips)\W*$|"
                            r"\b(?:write|send|text|draft)\s+(?:him|her|them|me|us)\s+(?:a|an)\s+(?:msg|message|text|email|"
                            r"e-mail|letter|note|card)\b", re.I)
# What a person asks an assistant to make, named without a verb: "Need a rota for calving season.",
# "Email to the co-op.", "Three stretches for the lower back.", "I would like a short poem for her card."
MADE = (r"(?:poem|email|e-mail|letter|note|message|text|card|speech|toast|story|essay|list|checklist|rota|"
        r"schedule|timetable|itinerary|plan|recipe|menu|summary|draft|template|script|caption|reply|response|"
        r"cover\s+letter|packing\s+list|shopping\s+list|workout|routine)")
MADE_MANY = (r"(?:stretches|exercises|recipes|meals|ideas|tips|phrases|sentences|ways|books|questions|names|songs|"
             r"games|activities|snacks|dishes|gifts|options|examples|words|jokes|quotes|steps)")
COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+few|some|a\s+couple\s+of)"
REQUEST_NOUN = re.compile(
    rf"^\W*(?:(?:i\s+)?(?:need|want|would\s+like|'d\s+like|d\s+like)\s+(?:(?:a|an|some|{COUNT})\s+)?(?:[\w-]+\s+){{0,3}}"
    rf"(?:{MADE}|{MADE_MANY})\b|(?:a\s+|an\s+)?(?:(?:short|quick|polite|formal|simple|funny|brief|firm)\s+)*"
    rf"{MADE}\s+(?:to|for|about|on|asking|telling|saying)\b|{COUNT}\s+(?:[\w-]+\s+){{0,2}}{MADE_MANY}\s+(?:for|to|"
    rf"on|about|against|with|i\s+can|we\s+can|that)\b|(?:a\s+)?(?:(?:short|quick|simple)\s+)?(?:check)?list\s+of\s+"
    rf"(?:things|stuff|ideas)\s+(?:to|for|i\s+(?:need|should))\b)", re.I)  # "Also a list of things to pack for …" (split #I)
# A terse writer's request in a word: "Bara brith. Ingredients." (dev split #G, gwilym)
BARE_REQUEST = re.compile(r"^\W*(?:the\s+)?(?:ingredients|recipe|method|directions|instructions|steps)(?:\s+please)?\W*$",
                          re.I)
