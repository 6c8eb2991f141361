"""The answer is replaced in every inflected form, and the new name takes the case of the old one."""

from dagster_project.core.testbeds.counterfactual import Entity, EntityCatalog, replace_answer
from dagster_project.core.testbeds.text import item_forms, item_lemmas, mentions_any, occurs, tokenize
from tests.core.testbeds.world import world_triplets

SOKOLOVA = Entity("Анна Соколова", "PER")
ERSHOVA = Entity("Нина Ершова", "PER")


def test_a_person_is_replaced_in_every_case_and_by_surname_alone():
    text = (
        "Анна Соколова возглавляет компанию. Встреча с Анной Соколовой прошла в Казани. "
        "Соколова заявила, что Анне Соколовой нравится город."
    )
    rewritten, count = replace_answer(text, "Анна Соколова", ERSHOVA, SOKOLOVA)
    assert count == 4
    assert rewritten == (
        "Нина Ершова возглавляет компанию. Встреча с Ниной Ершовой прошла в Казани. "
        "Ершова заявила, что Нине Ершовой нравится город."
    )
    assert not mentions_any(tokenize(rewritten), item_forms("Анна Соколова"))


def test_an_organization_keeps_the_case_of_every_word_and_quoted_names_stay_nominative():
    text = "Кредит выдан Заречной мебельной фабрике. Клуб «Ледокол» выиграл у «Ледокола»."
    hospital = Entity("Северореченская областная больница", "ORG")
    rewritten, _ = replace_answer(text, "Заречная мебельная фабрика", hospital)
    assert rewritten.startswith("Кредит выдан Северореченской областной больнице.")
    rewritten, count = replace_answer(text, "Ледокол", Entity("Кедр", "ORG", "клуб"))
    assert count == 2 and rewritten.endswith("Клуб «Кедр» выиграл у «Кедра».")
    assert occurs(tokenize(rewritten), item_lemmas("Кедр")) and not occurs(tokenize(rewritten), item_lemmas("Ледокол"))


def test_substitutes_share_type_kind_and_gender():
    catalog = EntityCatalog.from_triplets(world_triplets())
    companies = {e.name for e in catalog.substitutes("Северный ветер", avoid=set())}
    assert "Полярный путь" in companies and "Каравай" not in companies and "Северный ветер" not in companies
    women = {e.name for e in catalog.substitutes("Анна Соколова", avoid={"нина ершова"})}
    assert women == {"Вера Полякова"}
    assert catalog.substitutes("Тверь", avoid=set()) == []  # not a named entity of the graph
