"""Russian inflection helpers used to write questions."""

from dagster_project.core.common.russian import inflect_phrase, verb_form


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
