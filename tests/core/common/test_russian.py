"""Russian inflection helpers used to write questions."""

from dagster_project.core.common.russian import adjectival, inflect_phrase, token_nominative, verb_form


def test_russian_inflection_helpers():
    assert inflect_phrase("Анна Соколова", "accs") == "Анну Соколову"
    assert inflect_phrase("Олег Мельников", "ablt") == "Олегом Мельниковым"
    assert (
        inflect_phrase("Каменногорский металлургический комбинат", "accs") == "Каменногорский металлургический комбинат"
    )
    assert inflect_phrase("губернатор Северореченской области", "datv") == "губернатору Северореченской области"
    assert inflect_phrase("Санкт-Петербург", "loct") == "Санкт-Петербурге"
    assert inflect_phrase("Роман Тихонов", "accs", person=True) == "Романа Тихонова"
    assert inflect_phrase("Тверская область", "loct") == "Тверской области"
    assert inflect_phrase("Северореченская областная больница", "accs") == "Северореченскую областную больницу"
    assert verb_form("открыть", "femn") == "открыла"
    assert verb_form("возглавлять", "masc") == "возглавляет"


def test_an_oblique_adjective_returns_to_the_nominative_of_its_head_nouns_gender():
    loc = {"Case": "Loc", "Gender": "Masc", "Number": "Sing"}
    assert token_nominative("Каменногорском", "ADJ", loc, "masc") == "Каменногорский"  # pymorphy: only a noun
    gen = {"Case": "Gen", "Gender": "Masc", "Number": "Sing"}
    assert token_nominative("Тихоморского", "ADJ", gen, "masc") == "Тихоморский"  # guessed, so not «-ой»
    assert token_nominative("Лесного", "ADJ", gen, "masc") == "Лесной"  # a dictionary «-ой» stays
    assert adjectival("Тихоморской") and not adjectival("Бережанска")
