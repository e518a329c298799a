"""Which language a text is in, what it is called, and how a citation says "page" in it.

Pure and small on purpose: the question's language is guessed from its script (CJK,
Arabic, Hebrew, Cyrillic, Greek, Thai, Devanagari, Hangul) and, for Latin script,
from its most common short words; a question too short to tell is English. The
answer itself is written by the model in that language (or in the one a job asks
for); quotes stay verbatim in their source's language, and only the labels that
deepref writes (p., slide, §) follow the report's language.
"""

from __future__ import annotations

import re
from collections import Counter

NAMES = {
    "ar": "Arabic",
    "bg": "Bulgarian",
    "ca": "Catalan",
    "cs": "Czech",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "es": "Spanish",
    "fa": "Persian",
    "fi": "Finnish",
    "fr": "French",
    "he": "Hebrew",
    "hi": "Hindi",
    "hu": "Hungarian",
    "id": "Indonesian",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "nl": "Dutch",
    "no": "Norwegian",
    "pl": "Polish",
    "pt": "Portuguese",
    "ro": "Romanian",
    "ru": "Russian",
    "sv": "Swedish",
    "th": "Thai",
    "tr": "Turkish",
    "uk": "Ukrainian",
    "ur": "Urdu",
    "vi": "Vietnamese",
    "zh": "Chinese",
}
RTL = frozenset({"ar", "fa", "he", "ur"})

# (page, pages, slide, slides): "{}" is the number or range
LOCATOR_LABELS: dict[str, tuple[str, str, str, str]] = {
    "en": ("p. {}", "pp. {}", "slide {}", "slides {}"),
    "fr": ("p. {}", "p. {}", "diapositive {}", "diapositives {}"),
    "de": ("S. {}", "S. {}", "Folie {}", "Folien {}"),
    "es": ("p. {}", "pp. {}", "diapositiva {}", "diapositivas {}"),
    "it": ("p. {}", "pp. {}", "diapositiva {}", "diapositive {}"),
    "pt": ("p. {}", "pp. {}", "diapositivo {}", "diapositivos {}"),
    "nl": ("p. {}", "pp. {}", "dia {}", "dia's {}"),
    "ru": ("с. {}", "с. {}", "слайд {}", "слайды {}"),
    "uk": ("с. {}", "с. {}", "слайд {}", "слайди {}"),
    "pl": ("s. {}", "s. {}", "slajd {}", "slajdy {}"),
    "ja": ("{}頁", "{}頁", "スライド{}", "スライド{}"),
    "zh": ("第{}页", "第{}页", "幻灯片{}", "幻灯片{}"),
    "ko": ("{}쪽", "{}쪽", "슬라이드 {}", "슬라이드 {}"),
    "ar": ("ص. {}", "ص. {}", "شريحة {}", "الشرائح {}"),
    "he": ("עמ' {}", "עמ' {}", "שקופית {}", "שקופיות {}"),
    "fa": ("ص. {}", "ص. {}", "اسلاید {}", "اسلایدها {}"),
}

_SCRIPTS = [
    (re.compile(r"[\u3040-\u30ff]"), "ja"),  # kana: Japanese, even among kanji
    (re.compile(r"[\uac00-\ud7af]"), "ko"),
    (re.compile(r"[\u4e00-\u9fff]"), "zh"),
    (re.compile(r"[\u0590-\u05ff]"), "he"),
    (re.compile(r"[\u0600-\u06ff]"), "ar"),
    (re.compile(r"[\u0400-\u04ff]"), "ru"),
    (re.compile(r"[\u0370-\u03ff]"), "el"),
    (re.compile(r"[\u0e00-\u0e7f]"), "th"),
    (re.compile(r"[\u0900-\u097f]"), "hi"),
]
_PERSIAN = re.compile(r"[پچژگ]")
_UKRAINIAN = re.compile(r"[іїєґ]", re.I)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_COMMON = {
    "en": _words("the of and to in is what how which are was for does do why with on by that this"),
    "fr": _words(
        "le la les des du de est et en que qui quel quelle quels comment pourquoi une un dans sur pour au aux"
    ),
    "de": _words("der die das und ist ein eine wie was welche warum den dem des mit von zu nicht im auf für"),
    "es": _words("el la los las de del y es que qué cómo cuál cuáles por para un una en con se"),
    "it": _words("il lo la gli le di del della e è che come quale quali perché un una in con per"),
    "pt": _words("o a os as de do da e é que como qual quais por para um uma em com não"),
    "nl": _words("de het een en is van wat hoe welke waarom in op met voor niet zijn"),
}


def guess(text: str) -> str:
    """A text's language code, from its script or its common words; "en" when unsure."""
    counts = Counter({code: n for pattern, code in _SCRIPTS if (n := len(pattern.findall(text)))})
    if counts:
        if counts.get("ja"):
            return "ja"
        code = counts.most_common(1)[0][0]
        if code == "ar" and _PERSIAN.search(text):
            return "fa"
        if code == "ru" and _UKRAINIAN.search(text):
            return "uk"
        return code
    words = re.findall(r"[^\W\d_]+", text.lower())
    scores = {code: sum(w in common for w in words) for code, common in _COMMON.items()}
    best = max(scores, key=lambda c: (scores[c], c == "en"))
    return best if scores[best] > 0 else "en"


def code_of(language: str | None) -> str:
    """``"fr"``, ``"fr-CA"``, ``"French"`` or ``"français"`` → ``"fr"`` (a name it does
    not know is kept, lower-cased, for the model to read)."""
    if not language:
        return ""
    value = language.strip()
    primary = value.split("-")[0].split("_")[0].lower()
    if primary in NAMES:
        return primary
    for code, name in NAMES.items():
        if name.lower() == value.lower():
            return code
    return value.lower()


def name_of(code: str) -> str:
    """What the model is told: "French" for "fr"; an unknown value as given."""
    return NAMES.get(code, code)


def locator_label(language: str, kind: str, number: str, several: bool) -> str:
    page, pages, slide, slides = LOCATOR_LABELS.get(code_of(language) or "en", LOCATOR_LABELS["en"])
    form = (pages if several else page) if kind == "page" else (slides if several else slide)
    return form.format(number)
