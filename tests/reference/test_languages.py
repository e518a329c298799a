"""The question's language, language names, and citation labels in the answer's language."""

from __future__ import annotations

import pytest

from deepref.reference.languages import code_of, guess, locator_label, name_of
from deepref.reference.locators import Locator


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("When did the La Rance tidal power station open?", "en"),
        ("Quelle est la plus grande centrale marémotrice du monde ?", "fr"),
        ("Wie funktioniert ein Gezeitenkraftwerk und was kostet es?", "de"),
        ("¿Cuál es la central mareomotriz más grande del mundo?", "es"),
        ("Qual è la più grande centrale mareomotrice del mondo?", "it"),
        ("ランス潮汐発電所はいつ運転を開始しましたか？", "ja"),
        ("世界上最大的潮汐电站是哪一座？", "zh"),
        ("세계에서 가장 큰 조력 발전소는 어디입니까?", "ko"),
        ("متى افتتحت محطة رانس لطاقة المد والجزر؟", "ar"),
        ("بزرگترین نیروگاه جزر و مدی جهان کجاست؟ چگونه کار می‌کند", "fa"),
        ("מתי נפתחה תחנת הכוח של ראנס?", "he"),
        ("Когда открылась приливная электростанция Ранс?", "ru"),
        ("42?", "en"),
    ],
)
def test_guess(text, code):
    assert guess(text) == code


def test_code_of_takes_codes_regions_and_names():
    assert code_of("fr") == code_of("fr-CA") == code_of("French") == code_of("FRENCH") == "fr"
    assert code_of("pt_BR") == "pt" and code_of(None) == "" and code_of("Klingon") == "klingon"
    assert name_of("ja") == "Japanese" and name_of("klingon") == "klingon"


def test_page_and_slide_labels_follow_the_language():
    assert Locator("page", 17, 17, "17", "17").text == "p. 17"
    assert Locator("page", 17, 18, "17", "18").text == "pp. 17–18"
    assert Locator("page", 17, 17, "17", "17", language="de").text == "S. 17"
    assert Locator("page", 2, 3, "2", "3", language="ja").text == "2–3頁"
    assert Locator("page", 5, 5, "5", "5", language="ar").text == "ص. 5"
    assert Locator("slide", 4, 4, "4", "4", language="fr").text == "diapositive 4"
    assert Locator("section", 0, 0, "Méthodes › Échantillon", language="fr").text == "§ Méthodes › Échantillon"
    assert Locator("page", 1, 1, "xii", "xii", language="zz").text == "p. xii"  # unknown: English labels
    assert locator_label("pt-BR", "slide", "2–3", True) == "diapositivos 2–3"


def test_a_locator_keeps_its_language_through_its_dict():
    loc = Locator("page", 2, 2, "2", "2", language="ja")
    assert Locator.from_dict(loc.to_dict()) == loc and loc.to_dict()["text"] == "2頁"
    assert "language" not in Locator("page", 2, 2, "2", "2").to_dict()  # English results look as before
