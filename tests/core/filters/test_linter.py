"""The question linter: each reason code with a sentence of our own that produces it, and the
well-formed counterpart that must pass."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from dagster_project.core.filters.linter import (
    ANSWER_IN_QUESTION,
    ANSWER_NOT_IN_TEXT,
    CONDITION_REDUNDANT,
    FRAGMENT_ANSWER,
    INCOMPLETE_SET,
    MISSING_OBJECT,
    NOT_UNIQUE,
    OTHER_ACQUISITION,
    OTHER_DEAL_PARTY,
    PLAN_AS_DONE,
    QUESTION_WORD_TYPE,
    RELATIVE_TIME,
    UNGRAMMATICAL,
    GoldTexts,
    answer_findings,
    condition_findings,
    lint,
    question_findings,
    reason_codes,
    truncated_name_findings,
)
from dagster_project.core.filters.question_grammar import fragment_problem, is_date, is_quantity, looks_like_person


def codes(findings) -> set[str]:
    return {f.code for f in findings}


@pytest.mark.parametrize(
    "question",
    [
        "Сколько забил нападающий Иван Петров?",  # no counted noun
        "Когда подписал губернатор Михаил Орлов?",  # a transitive verb without its object
        "Где построила компания «Мостострой»?",
        "Какой завод открыл цех и модернизировал?",  # the second predicate lost its object
    ],
)
def test_missing_object(question):
    assert MISSING_OBJECT in codes(question_findings(question))


@pytest.mark.parametrize(
    "question",
    [
        "Сколько голов забил нападающий Иван Петров?",
        "Сколько стоит новый мост через Волгу?",
        "На сколько выросла выручка завода «Волга»?",
        "Когда подписал указ губернатор Михаил Орлов?",
        "Какой клуб выиграл у клуба «Метеор»?",  # used without an object in sports news
        "Кого назначил министром губернатор? Назовите всех.",
        "Что открыла компания, которую возглавляет Мария Иванова?",
    ],
)
def test_questions_with_their_objects_pass(question):
    assert question_findings(question) == []


@pytest.mark.parametrize(
    "question",
    [
        # a legal form and its quoted name are the subject after the object, not the object's genitive
        "К какой компании подало иск ООО «Гранит»?",
        "С каким комбинатом подписало соглашение АО «Ольшанский бетон»?",
        # a capitalized name the dictionary does not know is never a verb («-строй» reads as an imperative)
        "Кто возглавляет город, в котором базируется Заречстрой?",
        # «человек» after «на посту» is the subject of the relative clause's antecedent, not «постов людей»
        "Кого сменил на посту человек, который возглавляет компанию «Нива»?",
        # verbs news uses without an object: «преподаёт в университете», «форум прошёл в Твери»
        "В каком университете преподаёт Анна Котова?",
        "Где прошёл форум «Ольшанск-Инвест»?",
    ],
)
def test_template_questions_whose_object_is_there_pass(question):
    assert MISSING_OBJECT not in codes(question_findings(question))


@pytest.mark.parametrize(
    "question",
    [
        "Кто забил в прошлом сезоне за клуб «Метеор»?",
        "Где пройдёт следующая встреча министров?",
        "Что открыли вчера в Твери?",
        "Какой завод построили в этом году в Твери?",
        "Сколько школ отремонтировали за последние три года?",
    ],
)
def test_relative_time(question):
    assert RELATIVE_TIME in codes(question_findings(question))


@pytest.mark.parametrize(
    "answer",
    ["ООО СК Кварцит", "МУП Ольшанский водоканал", "Корпорация развития Ольшанской области (КРО", "ООО «СК «Кварц»"],
)
def test_names_that_lost_their_quotes_or_break_off_are_fragments(answer):
    assert FRAGMENT_ANSWER in codes(answer_findings("Что выиграло конкурс?", [answer]))


def test_names_with_their_quotes_and_brackets_whole_are_no_fragments():
    for answer in ["ООО «СК «Кварц»»", "Управление логистики АО «Искра»", "Ольшанский университет (ОГУ)", "ОГУ"]:
        assert FRAGMENT_ANSWER not in codes(answer_findings("Что выиграло конкурс?", [answer])), answer


def test_absolute_time_is_not_relative():
    assert RELATIVE_TIME not in codes(question_findings("Какой матч сентября 2025 года провёл клуб «Метеор»?"))


@pytest.mark.parametrize(
    "answer",
    ["в 2019 году", "2019 году", "итогам конкурса", "17", "пяти заводам", "20 лучшим врачам", "Тверской области"],
)
def test_fragment_answers(answer):
    assert fragment_problem(answer) is not None
    assert FRAGMENT_ANSWER in codes(answer_findings("Что сообщила пресс-служба?", [answer]))


@pytest.mark.parametrize(
    "answer",
    ["2019 год", "пять заводов", "Тверская область", "12 млн рублей", "15 %", "три победы", "«Волга»",
     "Мария Иванова", "12 мая 2025 года"],
)  # fmt: skip
def test_full_nominal_answers(answer):
    assert fragment_problem(answer) is None


def test_answer_kinds():
    assert is_date("12 мая") and is_date("2024 год") and is_date("начало октября") and not is_date("25 лет")
    assert not is_date("Последний матч сентября")
    assert is_quantity("девять самолётов") and is_quantity("1,4 млрд рублей") and not is_quantity("Тверь")
    assert looks_like_person("Мария Иванова") is True
    assert looks_like_person("компания «Мостострой»") is False
    assert looks_like_person("Северный завод") is False


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Кто построил мост через Волгу?", "компания «Мостострой»"),
        ("С кем подписал соглашение завод «Волга»?", "Тверской банк"),
        ("Когда открылся музей в Твери?", "Тверь"),
        ("Где прошёл фестиваль «Белые ночи»?", "12 мая"),
        ("Сколько рабочих мест создал завод?", "Тверь"),
        ("Что возглавил губернатор?", "Мария Иванова"),
    ],
)
def test_question_word_must_fit_the_answer(question, answer):
    assert QUESTION_WORD_TYPE in codes(answer_findings(question, [answer]))


def test_question_word_fits():
    assert answer_findings("Кто возглавил областную больницу?", ["Мария Иванова"]) == []
    assert answer_findings("Когда открылся музей в Твери?", ["12 мая"]) == []
    assert answer_findings("Где прошёл фестиваль «Белые ночи»?", ["Тверь"]) == []


def test_answer_in_question():
    assert ANSWER_IN_QUESTION in codes(answer_findings("Какой завод модернизировал завод «Волга»?", ["Волга"]))


@pytest.mark.parametrize(
    "question",
    [
        "Кто выступил с в Твери?",  # two prepositions
        "С кем встретился губернатор в?",  # dangling preposition
        "Какой клуб сыграл с стадионом «Арена»?",  # с before a consonant cluster is со
        "В сколько матчах победил клуб «Метеор»?",
        "Как называется школа, которая окончила Мария Иванова?",  # two subjects
    ],
)
def test_ungrammatical(question):
    assert UNGRAMMATICAL in codes(question_findings(question))


def test_conditions_named():
    one_predicate = condition_findings("Какой театр находится в Твери?", None)
    assert CONDITION_REDUNDANT in codes(one_predicate)
    facts = json.dumps(["Мария Иванова | возглавлять | Театр драмы", "Театр драмы | выступить в | Тверь"])
    assert condition_findings("Какой театр возглавляет Мария Иванова и выступил в Твери?", facts) == []
    unnamed = condition_findings("Какой театр возглавляет Мария Иванова и выступил на гастролях?", facts)
    assert [f.code for f in unnamed] == [CONDITION_REDUNDANT]


def test_two_conditions_by_one_relation_share_its_predicate():
    # «посетил Казань и комбинат» names two visits with one verb; each place must still be named
    facts = json.dumps(["Марина Крылова | посетить | Казань", "Марина Крылова | посетить | Каменский комбинат"])
    assert condition_findings("Кто посетил Казань и Каменский комбинат?", facts) == []
    one_named = condition_findings("Кто посетил Казань?", facts)
    assert [f.code for f in one_named] == [CONDITION_REDUNDANT]


ARTICLES = pd.DataFrame(
    [{"article_id": "a1", "title": "Новый мост в Твери",
      "text": "Компания «Мостострой» построила новый мост через Волгу в Твери. Мост открыла Мария Иванова."}]
)  # fmt: skip


def _qa(question: str, answer: str, *, kind: str = "simple", article_ids=("a1",)) -> dict:
    return {"qa_id": question, "subgraph_id": "s", "type": kind, "question": question, "answer": answer,
            "answer_items": [answer], "article_ids": list(article_ids), "generator": "test",
            "triples_text": "[]"}  # fmt: skip


def test_lint_table_checks_the_gold_texts():
    qa = pd.DataFrame([
        _qa("Кто открыл мост через Волгу в Твери?", "Мария Иванова"),
        _qa("Где построила мост компания «Мостострой»?", "Самара"),
        _qa("Где построила мост компания «Мостострой»?", "Тверь", article_ids=("missing",)),
    ])  # fmt: skip
    qa.loc[2, "qa_id"] = "third"
    table = lint(qa, ARTICLES).set_index("qa_id")
    assert list(table.columns) == ["score", "verdict", "reason"]
    first = table.loc["Кто открыл мост через Волгу в Твери?"]
    assert first["verdict"] == "pass" and first["score"] == 1.0
    second = table.loc["Где построила мост компания «Мостострой»?"]
    assert second["verdict"] == "fail" and reason_codes(second["reason"]) == [ANSWER_NOT_IN_TEXT]
    assert "gold articles not found: missing" in table.loc["third", "reason"]


def test_persons_are_typed_by_the_gold_texts():
    # «Мостострой» is an organization in the text, so «Кто» does not fit it
    qa = pd.DataFrame([_qa("Кто построил новый мост через Волгу?", "Мостострой")])
    reason = lint(qa, ARTICLES)["reason"].iloc[0]
    assert QUESTION_WORD_TYPE in reason_codes(reason)


def test_a_quoted_name_in_an_oblique_case_is_a_fragment():
    # After a noun or a legal form the quoted name stays nominative; «с «Бергранита»» inflects it.
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Суд взыскал долг с подрядчика",
        "text": "Арбитражный суд взыскал 12 млн рублей с ООО «Бергранит». Представитель «Бергранита» "
                "обжалует решение. Мэрия расторгла контракт с «Бергранитом».",
    }])  # fmt: skip
    qa = pd.DataFrame([
        _qa("С какой компании взыскал средства арбитражный суд?", "Бергранита"),
        _qa("С какой компании суд взыскал 12 млн рублей?", "Бергранит"),
    ])  # fmt: skip
    table = lint(qa, articles).set_index("qa_id")
    oblique = table.loc["С какой компании взыскал средства арбитражный суд?", "reason"]
    assert reason_codes(oblique) == [FRAGMENT_ANSWER] and "«бергранит»" in oblique
    assert table.loc["С какой компании суд взыскал 12 млн рублей?", "verdict"] == "pass"


def test_a_surname_that_is_also_a_common_noun_stays_with_its_first_name():
    # «Лебедь», «Пресняк» are nouns to the dictionary; after a first name they are surnames
    for question in ["Какой комитет возглавляет Константин Лебедь?", "Какую филармонию возглавляет Ольга Пресняк?"]:
        assert question_findings(question) == [], question


def test_an_adjective_the_dictionary_also_knows_as_a_surname_still_wants_its_noun_to_agree():
    # «Журавецкая» is an adjective and a surname: the answer's head «районной больницы» is oblique
    assert fragment_problem("Ольшанецкая районной больницы") is not None
    assert fragment_problem("Ольшанецкая районная больница") is None


def test_a_place_name_in_o_is_a_noun_phrase():
    for answer in ["Вересково", "Бородино"]:
        assert fragment_problem(answer) is None, answer


def test_a_name_whose_adjective_agrees_with_its_last_word_is_owned_by_nobody_else():
    # the last word is the head in the nominative, not a genitive of some unnamed owner
    for answer in ["Верхнесольский округ", "Омшанский муниципальный округ"]:
        assert truncated_name_findings([answer], GoldTexts(ARTICLES), lambda _: False) == [], answer
    for answer in ["Финансовое управление администрации", "Управление образования районной администрации"]:
        assert codes(truncated_name_findings([answer], GoldTexts(ARTICLES), lambda _: False)) == {FRAGMENT_ANSWER}


def test_a_town_in_the_genitive_is_a_fragment_when_the_texts_write_its_nominative():
    # «в Ольшанге» lemmatized as a feminine «Ольшанга»; the texts also write «Ольшанг» itself
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Форум в Ольшанге", "text": "В Ольшанге прошёл форум «Дон-Инвест»."},
        {"article_id": "a2", "title": "Мэр Ольшанга",
         "text": "Город Ольшанг отметил юбилей. Мэр Ольшанга поздравил жителей."},
    ])  # fmt: skip
    qa = pd.DataFrame([
        _qa("Где прошёл форум «Дон-Инвест»?", "Ольшанга"),
        _qa("Где прошёл форум «Дон-Инвест»? ", "Ольшанг"),
    ])  # fmt: skip
    table = lint(qa, articles).set_index("qa_id")
    genitive = table.loc["Где прошёл форум «Дон-Инвест»?", "reason"]
    assert FRAGMENT_ANSWER in reason_codes(genitive) and "«Ольшанг»" in genitive
    assert FRAGMENT_ANSWER not in reason_codes(table.loc["Где прошёл форум «Дон-Инвест»? ", "reason"])


def test_a_set_that_leaves_out_a_listed_partner_is_incomplete():
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Мэрия выбрала подрядчиков",
        "text": "Мэрия Бережанска заключила контракты с компаниями «Альфа», «Бета» и «Гамма». "
                "Жители Ольховки, Заречья и Соснового Бора ждут ремонта дорог. "
                "Директор «Альфы» Анна Иванова посетила Заречье.",
    }])  # fmt: skip
    facts = json.dumps([f"Мэрия Бережанска | заключить контракт с | {name}" for name in ("Альфа", "Бета")])
    incomplete = _qa("С какими компаниями мэрия Бережанска заключила контракты?", "Альфа, Бета", kind="set")
    incomplete.update(answer_items=["Альфа", "Бета"], triples_text=facts)
    # Заречье is listed with other places in a sentence that is not about Анна Иванова's visits
    visits = json.dumps(["Анна Иванова | посетить | Заречье", "Анна Иванова | посетить | Бережанск"])
    visited = _qa("Какие города посетила Анна Иванова?", "Заречье, Бережанск", kind="set")
    visited.update(qa_id="visited", answer_items=["Заречье", "Бережанск"], triples_text=visits)
    table = lint(pd.DataFrame([incomplete, visited]), articles).set_index("qa_id")
    reason = table.loc["С какими компаниями мэрия Бережанска заключила контракты?", "reason"]
    assert INCOMPLETE_SET in reason_codes(reason) and "«Гамма»" in reason
    assert INCOMPLETE_SET not in reason_codes(table.loc["visited", "reason"])


def test_an_answer_another_sentence_also_gives_is_not_unique():
    # «Метеор» beat «Сосна» too, so «Какой клуб выиграл у клуба «Сосна»?» has two answers; nobody
    # but «Заря» beat «Кедр» («Метеор» only played it), and a former head is not the current one.
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Хоккей",
         "text": "Хоккейный клуб «Заря» выиграл у клуба «Сосна» со счётом 3:1. "
                 "Клуб «Заря» выиграл у клуба «Кедр» со счётом 2:0."},
        {"article_id": "a2", "title": "Итоги тура",
         "text": "В другом матче клуб «Метеор» выиграл у клуба «Сосна» со счётом 4:2. "
                 "Клуб «Метеор» сыграл с клубом «Кедр» вничью. "
                 "Завод «Искра» возглавляет Иван Петров. Ранее завод «Искра» возглавлял Олег Смирнов."},
    ])  # fmt: skip
    rows = []
    for rival in ("Сосна", "Кедр"):
        row = _qa(f"Какой клуб выиграл у клуба «{rival}»?", "Заря")
        row["triples_text"] = json.dumps([f"Заря | выиграть у | {rival}"], ensure_ascii=False)
        rows.append(row)
    head = _qa("Кто возглавляет завод «Искра»?", "Иван Петров", article_ids=("a2",))
    head["triples_text"] = json.dumps(["Иван Петров | возглавлять | Искра"], ensure_ascii=False)
    table = lint(pd.DataFrame(rows + [head]), articles).set_index("qa_id")
    reason = table.loc["Какой клуб выиграл у клуба «Сосна»?", "reason"]
    assert reason_codes(reason) == [NOT_UNIQUE] and "«Метеор»" in reason
    assert table.loc["Какой клуб выиграл у клуба «Кедр»?", "verdict"] == "pass"
    assert table.loc["Кто возглавляет завод «Искра»?", "verdict"] == "pass"


def test_an_organization_question_does_not_fit_a_town():
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Новый глава",
        "text": "Главой Ольховки стал Пётр Гусев. Жители Ольховки ждут ремонта дорог. "
                "Завод «Искра» возглавляет Анна Волкова.",
    }])  # fmt: skip
    qa = pd.DataFrame([
        _qa("Какую организацию возглавляет Пётр Гусев?", "Ольховка"),
        _qa("Какой город возглавляет Пётр Гусев?", "Ольховка"),
        _qa("Какую организацию возглавляет Анна Волкова?", "Искра"),
    ])  # fmt: skip
    table = lint(qa, articles).set_index("qa_id")
    assert reason_codes(table.loc["Какую организацию возглавляет Пётр Гусев?", "reason"]) == [QUESTION_WORD_TYPE]
    assert table.loc["Какой город возглавляет Пётр Гусев?", "verdict"] == "pass"
    assert table.loc["Какую организацию возглавляет Анна Волкова?", "verdict"] == "pass"


def test_a_name_cut_short_or_unquoted():
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Фонд поддержки науки выдал гранты",  # a headline shortens the name
        "text": "Фонд поддержки науки Тверской области выдал гранты. Фонд поддержки науки отобрал 12 проектов. "
                "Департамент культуры мэрии Твери возглавляет Нина Орлова. "
                "Управление образования администрации города возглавляет Ян Ким. "
                "МКУ «Управление капитального строительства» Твери возглавляет Лев Орлов. "
                "В Твери верфь «Буревестник» спустила на воду сухогруз «Ладога». Фонд защиты природы выдал гранты.",
    }])  # fmt: skip
    qa = pd.DataFrame([
        _qa("Какой фонд выдал гранты?", "Фонд поддержки науки"),  # the texts first say «... Тверской области»
        _qa("Какой фонд выдал гранты в Твери?", "Фонд защиты природы"),
        _qa("Какой департамент возглавляет Нина Орлова?", "Департамент культуры мэрии"),
        _qa("Что возглавляет Нина Орлова?", "Департамент культуры мэрии Твери"),
        _qa("Что возглавляет Ян Ким?", "Управление образования администрации города"),  # of which city?
        _qa("Что выдало гранты?", "Фонд поддержки науки Тверской области"),  # a place with its own adjective
        _qa("Кто выдал гранты?", "Правительство области"),  # of which region?
        _qa("Что возглавляет Лев Орлов?", "Управление капитального строительства"),  # of Tver
        _qa("Какой сухогруз спустила на воду Верфь Буревестник?", "Ладога"),
        _qa("Какой сухогруз спустила на воду верфь «Буревестник»?", "Ладога"),
        _qa("Какой фонд выдал гранты в Тверской области?", "Фонд  защиты природы"),
    ])  # fmt: skip
    table = lint(qa, articles).set_index("qa_id")
    assert reason_codes(table.loc["Какой фонд выдал гранты?", "reason"]) == [FRAGMENT_ANSWER]
    assert table.loc["Какой фонд выдал гранты в Твери?", "verdict"] == "pass"
    assert reason_codes(table.loc["Какой департамент возглавляет Нина Орлова?", "reason"]) == [FRAGMENT_ANSWER]
    assert table.loc["Что возглавляет Нина Орлова?", "verdict"] == "pass"
    assert reason_codes(table.loc["Что возглавляет Ян Ким?", "reason"]) == [FRAGMENT_ANSWER]
    assert table.loc["Что выдало гранты?", "verdict"] == "pass"
    assert FRAGMENT_ANSWER in reason_codes(table.loc["Кто выдал гранты?", "reason"])
    assert reason_codes(table.loc["Что возглавляет Лев Орлов?", "reason"]) == [FRAGMENT_ANSWER]
    assert reason_codes(table.loc["Какой сухогруз спустила на воду Верфь Буревестник?", "reason"]) == [UNGRAMMATICAL]
    assert table.loc["Какой сухогруз спустила на воду верфь «Буревестник»?", "verdict"] == "pass"
    assert FRAGMENT_ANSWER in reason_codes(table.loc["Какой фонд выдал гранты в Тверской области?", "reason"])


def test_another_resident_of_the_city_or_another_contract_partner_is_a_second_answer():
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Выставка",
         "text": "Компания «Искра» из Самары показала новый станок. "
                 "Компания «Волна» подписала соглашение с самарской компанией «Гранит». "
                 "Клуб «Метеор» из Самары выиграл у клуба «Заря»."},
        {"article_id": "a3", "title": "Хоккей", "text": "Омский «Иртыш» проиграл дома клубу «Сокол». "
                                                        "Клуб «Иртыш» сменил тренера. Клуб «Вега» из Омска победил."},
        {"article_id": "a2", "title": "Порт",
         "text": "Клуб «Северный» заключил договор с компанией «Мост». "
                 "Клуб «Северный» подписал контракт с компанией «Причал»."},
    ])  # fmt: skip
    rows = []
    for question, answer, fact in [
        ("Какая компания базируется в Самаре?", "Искра", "Искра | базироваться в | Самара"),
        ("Какой клуб базируется в Самаре?", "Метеор", "Метеор | базироваться в | Самара"),
        ("Какой клуб базируется в Омске?", "Вега", "Вега | базироваться в | Омск"),
        ("С какой компанией подписал контракт клуб «Северный»?", "Причал", "Северный | подписать контракт с | Причал"),
    ]:
        row = _qa(question, answer, article_ids=("a3",) if "Омск" in question else ("a1", "a2"))
        row["triples_text"] = json.dumps([fact], ensure_ascii=False)
        rows.append(row)
    table = lint(pd.DataFrame(rows), articles).set_index("qa_id")
    city = table.loc["Какая компания базируется в Самаре?", "reason"]
    assert reason_codes(city) == [NOT_UNIQUE] and "«Гранит»" in city  # «самарской компанией»
    assert table.loc["Какой клуб базируется в Самаре?", "verdict"] == "pass"  # the only club from Samara
    assert "«Иртыш»" in table.loc["Какой клуб базируется в Омске?", "reason"]  # «клуб «Иртыш»» elsewhere
    partner = table.loc["С какой компанией подписал контракт клуб «Северный»?", "reason"]
    assert reason_codes(partner) == [NOT_UNIQUE] and "«Мост»" in partner  # a договор concluded is a contract signed


def test_a_sum_to_pay_is_not_unique_when_the_ruling_orders_another_payment():
    # a court awards compensation and costs: «Сколько рублей обязана выплатить клиника?» has two answers
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Суд по иску пациента",
         "text": "Суд обязал клинику «Здоровье» выплатить пациенту 300 тысяч рублей компенсации морального "
                 "вреда. Кроме того, клиника должна возместить 45 тыс. рублей судебных расходов."},
        {"article_id": "a2", "title": "Суд по иску поставщика",
         "text": "Арбитражный суд взыскал с завода «Искра» 1,2 млн рублей долга. "
                 "Годом ранее завод получил выручку 80 млн рублей."},
    ])  # fmt: skip
    clinic = _qa("Сколько рублей обязана выплатить клиника «Здоровье»?", "300 тысяч рублей")
    plant = _qa("Сколько рублей взыскал суд с завода «Искра»?", "1,2 млн рублей", article_ids=("a2",))
    table = lint(pd.DataFrame([clinic, plant]), articles).set_index("qa_id")
    reason = table.loc[clinic["qa_id"], "reason"]
    assert NOT_UNIQUE in reason_codes(reason) and "45 тыс. рублей" in reason
    # a sum in a sentence about no payment (revenue) is no second answer
    assert NOT_UNIQUE not in reason_codes(table.loc[plant["qa_id"], "reason"])


def test_a_town_in_the_middle_of_a_chain_is_no_organization():
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Губернатор в Ольховке",
        "text": "Главой Ольховки стал Пётр Гусев. Губернатор Иван Котов посетил Ольховку. "
                "Завод «Искра» возглавляет Анна Волкова. Завод «Искра» посетил министр Олег Рябов.",
    }])  # fmt: skip
    town = _qa("Кто посетил организацию, которую возглавляет Пётр Гусев?", "Иван Котов", kind="mh")
    town["triples_text"] = json.dumps(["Пётр Гусев | возглавлять | Ольховка", "Иван Котов | посетить | Ольховка"],
                                      ensure_ascii=False)  # fmt: skip
    plant = _qa("Кто посетил организацию, которую возглавляет Анна Волкова?", "Олег Рябов", kind="mh")
    plant["triples_text"] = json.dumps(["Анна Волкова | возглавлять | Искра", "Олег Рябов | посетить | Искра"],
                                       ensure_ascii=False)  # fmt: skip
    table = lint(pd.DataFrame([town, plant]), articles).set_index("qa_id")
    assert QUESTION_WORD_TYPE in reason_codes(table.loc[town["qa_id"], "reason"])
    assert QUESTION_WORD_TYPE not in reason_codes(table.loc[plant["qa_id"], "reason"])


def test_a_deal_the_texts_report_without_its_verb_is_another_answer():
    # «Договор подписан» after «А поставит ... для Б» is a deal of А and Б; «соглашением компании и
    # института» names its parties by their class nouns; a loan paper is a loan, not a deal.
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Завод «Искра» нашёл партнёров",
         "text": "Компания «Волна» подписала соглашение с заводом «Искра». "
                 "Компания «Волна» подписала соглашение с заводом «Маяк»."},
        {"article_id": "a2", "title": "Датчики для «Искры»",
         "text": "Стартап «Зенит» поставит датчики давления для завода «Искра». "
                 "Договор на сумму 5 млн рублей подписан 3 марта в Твери."},
        {"article_id": "a3", "title": "Кредит для «Маяка»",
         "text": "Банк «Северный» выдал кредит заводу «Маяк» на 90 млн рублей. "
                 "Кредитный договор подписан 5 марта."},
        {"article_id": "a4", "title": "Лаборатория в институте",
         "text": "Компания «Прибой» передала стенд институту «Гидромаш». "
                 "Передача предусмотрена соглашением компании и института, подписанным в мае."},
    ])  # fmt: skip
    rows = []
    for question, answer, fact in [
        ("Какая компания подписала соглашение с заводом «Искра»?", "Волна", "Волна | подписать соглашение с | Искра"),
        ("Какая компания подписала соглашение с заводом «Маяк»?", "Волна", "Волна | подписать соглашение с | Маяк"),
        ("С какой компанией подписал соглашение институт «Гидромаш»?", "Волна",
         "Волна | подписать соглашение с | Гидромаш"),
    ]:
        row = _qa(question, answer)
        row["triples_text"] = json.dumps([fact], ensure_ascii=False)
        rows.append(row)
    table = lint(pd.DataFrame(rows), articles).set_index("qa_id")
    supplier = table.loc["Какая компания подписала соглашение с заводом «Искра»?", "reason"]
    assert reason_codes(supplier) == [OTHER_DEAL_PARTY] and "«Зенит»" in supplier
    assert table.loc["Какая компания подписала соглашение с заводом «Маяк»?", "verdict"] == "pass"
    institute = table.loc["С какой компанией подписал соглашение институт «Гидромаш»?", "reason"]
    assert reason_codes(institute) == [OTHER_DEAL_PARTY] and "«Прибой»" in institute


def test_whoever_approves_a_settlement_is_no_party_to_it():
    # «Суд утвердил мировое соглашение между А и Б»: the court approves, А and Б are the parties
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Стороны договорились",
         "text": "Арбитражный суд Ольшанской области утвердил мировое соглашение между ООО «Гранит» и "
                 "ООО «Базальт». Ранее компания «Гранит» подписала соглашение с компанией «Базальт»."},
    ])  # fmt: skip
    row = _qa("С какой компанией подписала соглашение компания «Гранит»?", "Базальт")
    row["triples_text"] = json.dumps(["Гранит | подписать соглашение с | Базальт"], ensure_ascii=False)
    reason = lint(pd.DataFrame([row]), articles)["reason"].iloc[0]
    assert OTHER_DEAL_PARTY not in reason_codes(reason), reason


def test_a_company_that_joined_the_buyers_group_was_bought_too():
    # «в группу банка вошла компания «Опора»»: the bank bought «Опора» as well (the class noun
    # «банк» stands for the article's one bank); «Маяк» only joined a list, not a group.
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Банк «Восход» купил лизинговую компанию",
         "text": "Банк «Восход» купил лизинговую компанию «Ладья». "
                 "Это вторая сделка банка за год: весной в группу банка вошла страховая компания «Опора»."},
        {"article_id": "a2", "title": "Завод сменил владельца",
         "text": "Холдинг «Сталь» купил завод «Маяк». Завод «Маяк» вошёл в список лучших работодателей."},
    ])  # fmt: skip
    rows = []
    for question, answer, fact in [
        ("Какую компанию купил банк «Восход»?", "Ладья", "Восход | купить | Ладья"),
        ("Какой завод купил холдинг «Сталь»?", "Маяк", "Сталь | купить | Маяк"),
    ]:
        row = _qa(question, answer, article_ids=("a1",) if answer == "Ладья" else ("a2",))
        row["triples_text"] = json.dumps([fact], ensure_ascii=False)
        rows.append(row)
    table = lint(pd.DataFrame(rows), articles).set_index("qa_id")
    bank = table.loc["Какую компанию купил банк «Восход»?", "reason"]
    assert reason_codes(bank) == [OTHER_ACQUISITION] and "«Опора»" in bank
    assert table.loc["Какой завод купил холдинг «Сталь»?", "verdict"] == "pass"


def test_a_set_question_asks_in_the_plural_and_names_things_with_vse():
    articles = pd.DataFrame([{
        "article_id": "a1", "title": "Итоги тура",
        "text": "Клуб «Заря» выиграл у клуба «Сосна». Клуб «Метеор» тоже выиграл у клуба «Сосна». "
                "Мария Иванова и Пётр Гусев посетили Тверь.",
    }])  # fmt: skip
    rows = []
    for question, items in [
        ("Какой клуб выиграл у клуба «Сосна»? Назовите все варианты.", ["Заря", "Метеор"]),
        ("Какие клубы выиграли у клуба «Сосна»? Назовите всех.", ["Заря", "Метеор"]),
        ("Какие клубы выиграли у клуба «Сосна»? Назовите все варианты.", ["Заря", "Метеор"]),
        ("Кто посетил Тверь? Назовите всех.", ["Мария Иванова", "Пётр Гусев"]),
    ]:
        row = _qa(question, ", ".join(items), kind="set")
        row["answer_items"] = items
        rows.append(row)
    table = lint(pd.DataFrame(rows), articles).set_index("qa_id")
    singular = table.loc["Какой клуб выиграл у клуба «Сосна»? Назовите все варианты.", "reason"]
    assert reason_codes(singular) == [UNGRAMMATICAL] and "singular" in singular
    animate = table.loc["Какие клубы выиграли у клуба «Сосна»? Назовите всех.", "reason"]
    assert reason_codes(animate) == [UNGRAMMATICAL] and "«Назовите всех»" in animate
    assert table.loc["Какие клубы выиграли у клуба «Сосна»? Назовите все варианты.", "verdict"] == "pass"
    assert table.loc["Кто посетил Тверь? Назовите всех.", "verdict"] == "pass"


def test_a_plan_the_texts_announce_is_not_a_fact_done():
    articles = pd.DataFrame([
        {"article_id": "a1", "title": "Порт расширится",
         "text": "Компания «Причал» построит склад в Твери. Компания «Причал» планирует открыть офис в Самаре."},
        {"article_id": "a2", "title": "Склад готов", "text": "Компания «Мост» построила склад в Самаре."},
    ])  # fmt: skip
    rows = []
    for question, answer, fact, article in [
        ("Где построила склад компания «Причал»?", "Тверь", "Причал | построить склад в | Тверь", "a1"),
        ("Где открыла офис компания «Причал»?", "Самара", "Причал | открыть офис в | Самара", "a1"),
        ("Где построит склад компания «Причал»?", "Тверь", "Причал | построить склад в | Тверь", "a1"),
        ("Где построила склад компания «Мост»?", "Самара", "Мост | построить склад в | Самара", "a2"),
    ]:
        row = _qa(question, answer, article_ids=(article,))
        row["triples_text"] = json.dumps([fact], ensure_ascii=False)
        rows.append(row)
    table = lint(pd.DataFrame(rows), articles).set_index("qa_id")
    assert reason_codes(table.loc["Где построила склад компания «Причал»?", "reason"]) == [PLAN_AS_DONE]
    assert reason_codes(table.loc["Где открыла офис компания «Причал»?", "reason"]) == [PLAN_AS_DONE]
    assert table.loc["Где построит склад компания «Причал»?", "verdict"] == "pass"
    assert table.loc["Где построила склад компания «Мост»?", "verdict"] == "pass"
