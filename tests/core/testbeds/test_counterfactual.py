"""The answer is replaced in every inflected form, and the new name takes the case of the old one."""

import random

import pandas as pd

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


def test_without_a_descriptor_a_substitute_is_of_the_same_kind_or_there_is_none():
    names = ["Сопкинская городская больница", "Хвойногорская районная больница", "Бергранит", "Рысь",
             "К мэрия Бережанска", "Бережанский морской порт"]  # fmt: skip
    triplets = world_triplets().head(0).reindex(range(len(names)))
    triplets = triplets.assign(subject=names, canonical_subject=names, subject_type="ORG", subject_descriptor="")
    texts = ["ООО «Бергранит» и АО «Рысь» подписали договор. Мэрия Бережанска довольна."]
    catalog = EntityCatalog.from_triplets(triplets, texts=texts)
    hospitals = catalog.substitutes("Сопкинская городская больница", set())
    assert [e.name for e in hospitals] == ["Хвойногорская районная больница"]  # a hospital for a hospital
    assert [e.name for e in catalog.substitutes("Бергранит", set())] == ["Рысь"]  # a quoted name for a quoted one
    assert catalog.substitutes("Бережанский морской порт", set()) == []  # no other port: no counterfactual


def test_a_preposition_decides_an_ambiguous_case():
    text = "Поставщики приехали из Казани. В Казани тепло, а к Казани ведёт трасса."
    rewritten, count = replace_answer(text, "Казань", Entity("Новосибирск", "LOC"))
    assert count == 3
    assert rewritten == "Поставщики приехали из Новосибирска. В Новосибирске тепло, а к Новосибирску ведёт трасса."


def test_an_entity_keeps_the_descriptor_the_texts_use_most():
    triplets = world_triplets()
    extra = triplets[triplets["canonical_subject"] == "Каравай"].assign(subject_descriptor="")
    catalog = EntityCatalog.from_triplets(pd.concat([extra, triplets, extra]))
    assert catalog.get("Каравай").descriptor == "хлебозавод"


def test_quoted_names_are_those_a_text_writes_after_an_opening_quote():
    from dagster_project.core.testbeds.counterfactual import _written_after_a_quote

    rng = random.Random(3)
    for _ in range(200):
        text = "".join(rng.choice("аб «»\"\n") for _ in range(rng.randint(0, 40)))
        keys = {"".join(rng.choice("аб ") for _ in range(rng.randint(0, 4))) for _ in range(6)}
        expected = {key for key in keys if f"«{key}" in text or f'"{key}' in text}
        assert _written_after_a_quote(keys, text) == expected
