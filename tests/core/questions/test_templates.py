"""Schema question templates: exact questions per relation and direction."""

from __future__ import annotations

import pytest

from dagster_project.core.common.abbreviations import LEGAL_FORMS
from dagster_project.core.common.russian import with_preposition_vowels
from dagster_project.core.extraction.schema import SCHEMA, extract_schema_triplets
from dagster_project.core.extraction.triplets import triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets
from dagster_project.core.graph.rdf import GraphIndex, NodeInfo, entity_iri, load_store, relation_iri, write_graph
from dagster_project.core.graph.subgraphs import Subgraph
from dagster_project.core.questions.templates import (
    QuestionError,
    ask_object,
    ask_subject,
    conjunction,
    counted_noun,
    description,
    generate_question,
    kind_noun,
    relative_clause,
)

SOKOLOVA = NodeInfo("Анна Соколова", "PER")
NOSOV = NodeInfo("Пётр Носов", "PER")
WIND = NodeInfo("Северный ветер", "ORG", "компания")
BANK = NodeInfo("Окский", "ORG", "банк")
FUND = NodeInfo("Исток", "ORG", "фонд")
UNIVERSITY = NodeInfo("Волжский технический университет", "ORG", "университет")
KAZAN = NodeInfo("Казань", "LOC")
CENTER = NodeInfo("сервисный центр в Заречье", "OTHER", "центр")
SHIP = NodeInfo("Фёдор Шаляпин", "OTHER", "теплоход")
CONTEST = NodeInfo("Молодые учёные", "OTHER", "конкурс")
POST = NodeInfo("министр транспорта Пермского края", "OTHER", "должность")
DAY = NodeInfo("10 ноября 2025 года", "DATE")
HARVEST = NodeInfo("85 тысяч тонн пшеницы", "NUM")


@pytest.mark.parametrize(
    ("relation", "subject", "obj", "object_question", "subject_question"),
    [
        (
            "heads",
            SOKOLOVA,
            WIND,
            "Какую компанию возглавляет Анна Соколова?",
            "Кто возглавляет компанию «Северный ветер»?",
        ),
        (
            "formerly_headed",
            NOSOV,
            BANK,
            "Какой банк ранее возглавлял Пётр Носов?",
            "Кто ранее возглавлял банк «Окский»?",
        ),
        ("founded", NOSOV, FUND, "Какой фонд основал Пётр Носов?", "Кто основал фонд «Исток»?"),
        (
            "appointed_to",
            SOKOLOVA,
            POST,
            "На какую должность назначена Анна Соколова?",
            "Кто назначен на должность министра транспорта Пермского края?",
        ),
        (
            "resigned_from",
            NOSOV,
            POST,
            "С какого поста ушёл в отставку Пётр Носов?",
            "Кто ушёл в отставку с поста министра транспорта Пермского края?",
        ),
        (
            "works_at",
            NOSOV,
            UNIVERSITY,
            "В каком университете работает Пётр Носов?",
            "Кто работает в Волжском техническом университете?",
        ),
        (
            "member_of",
            BANK,
            FUND,
            "В состав какого фонда входит банк «Окский»?",
            "Какой банк входит в состав фонда «Исток»?",
        ),
        (
            "won_against",
            WIND,
            BANK,
            "У какого банка выиграла компания «Северный ветер»?",
            "Какая компания выиграла у банка «Окский»?",
        ),
        (
            "won",
            WIND,
            CONTEST,
            "Какой конкурс выиграла компания «Северный ветер»?",
            "Какая компания выиграла конкурс «Молодые учёные»?",
        ),
        (
            "received_grant_from",
            WIND,
            FUND,
            "От какого фонда получила грант компания «Северный ветер»?",
            "Какая компания получила грант от фонда «Исток»?",
        ),
        (
            "opened",
            WIND,
            CENTER,
            "Какой центр открыла компания «Северный ветер»?",
            "Какая компания открыла сервисный центр в Заречье?",
        ),
        (
            "built",
            WIND,
            SHIP,
            "Какой теплоход построила компания «Северный ветер»?",
            "Какая компания построила теплоход «Фёдор Шаляпин»?",
        ),
        (
            "commissioned",
            WIND,
            CENTER,
            "Какой центр ввела в эксплуатацию компания «Северный ветер»?",
            "Какая компания ввела в эксплуатацию сервисный центр в Заречье?",
        ),
        ("visited", SOKOLOVA, KAZAN, "Какой город посетила Анна Соколова?", "Кто посетил Казань?"),
        (
            "took_part_in",
            WIND,
            CONTEST,
            "В каком конкурсе приняла участие компания «Северный ветер»?",
            "Какая компания приняла участие в конкурсе «Молодые учёные»?",
        ),
        (
            "took_part_in",
            SOKOLOVA,
            CONTEST,
            "В каком конкурсе приняла участие Анна Соколова?",
            "Кто принял участие в конкурсе «Молодые учёные»?",
        ),
        (
            "signed_agreement_with",
            WIND,
            UNIVERSITY,
            "С каким университетом подписала соглашение компания «Северный ветер»?",
            "Какая компания подписала соглашение с Волжским техническим университетом?",
        ),
        (
            "signed_contract_with",
            BANK,
            NOSOV,
            "С кем подписал контракт банк «Окский»?",
            "Какой банк подписал контракт с Петром Носовым?",
        ),
        (
            "lent_to",
            BANK,
            WIND,
            "Какой компании выдал кредит банк «Окский»?",
            "Какой банк выдал кредит компании «Северный ветер»?",
        ),
        (
            "sued",
            BANK,
            WIND,
            "К какой компании подал иск банк «Окский»?",
            "Какой банк подал иск к компании «Северный ветер»?",
        ),
        ("took_place_in", CONTEST, KAZAN, "Где прошёл конкурс «Молодые учёные»?", "Какой конкурс прошёл в Казани?"),
        ("succeeded", SOKOLOVA, NOSOV, "Кого сменила на посту Анна Соколова?", "Кто сменил на посту Петра Носова?"),
        # careers: a past job keeps its past, a post one is relieved of is asked with «от какой должности»
        (
            "worked_at",
            SOKOLOVA,
            UNIVERSITY,
            "В каком университете ранее работала Анна Соколова?",
            "Кто ранее работал в Волжском техническом университете?",
        ),
        (
            "dismissed_from",
            SOKOLOVA,
            POST,
            "От какой должности освобождена Анна Соколова?",
            "Кто освобождён от должности министра транспорта Пермского края?",
        ),
    ],
)
def test_questions_per_relation_and_direction(relation, subject, obj, object_question, subject_question):
    assert ask_object(relation, subject, obj) == object_question
    assert ask_subject(relation, subject, obj) == subject_question


def test_dates_and_quantities_are_asked_with_when_and_how_many():
    assert ask_object("took_place_on", CONTEST, DAY) == "Когда прошёл конкурс «Молодые учёные»?"
    assert ask_object("harvested", WIND, HARVEST) == "Сколько тонн пшеницы собрала компания «Северный ветер»?"
    assert counted_noun("4,5 мегаватта") == "мегаватт"
    with pytest.raises(QuestionError):
        ask_subject("harvested", WIND, HARVEST)  # a tonnage does not pick out who harvested it


def test_who_is_only_for_people():
    for relation in SCHEMA.values():
        if "person" not in relation.subject_types and relation.asks_subject:
            subject = CONTEST if "event" in relation.subject_types else BANK
            obj = KAZAN if "place" in relation.object_types else WIND
            assert not ask_subject(relation.id, subject, obj).startswith("Кто")


def test_description_of_a_bridge():
    assert description("opened", WIND, True, CENTER, "accs") == "компанию, которая открыла сервисный центр в Заречье"
    assert description("heads", WIND, False, SOKOLOVA, "ablt") == "компанией, которую возглавляет Анна Соколова"
    assert description("signed_agreement_with", UNIVERSITY, False, WIND, "nomn") == (
        "университет, с которым подписала соглашение компания «Северный ветер»"
    )


def test_conjunction_of_two_conditions():
    facts = [("signed_agreement_with", True, UNIVERSITY), ("opened", True, CENTER)]
    assert conjunction(WIND, facts) == (
        "Какая компания подписала соглашение с Волжским техническим университетом и открыла сервисный центр в Заречье?"
    )
    # one relation twice: the verb is said once
    same_verb = [("visited", True, KAZAN), ("visited", True, NodeInfo("Пермь", "LOC"))]
    assert conjunction(SOKOLOVA, same_verb) == "Кто посетил Казань и Пермь?"
    twice = [("signed_agreement_with", True, UNIVERSITY), ("signed_agreement_with", True, BANK)]
    assert conjunction(WIND, twice) == (
        "Какая компания подписала соглашение с Волжским техническим университетом и с банком «Окский»?"
    )
    mixed = [("heads", False, SOKOLOVA), ("opened", True, CENTER)]
    assert conjunction(WIND, mixed) == (
        "Как называется компания, которую возглавляет Анна Соколова и которая открыла сервисный центр в Заречье?"
    )


def test_graph_carries_the_schema_relation_and_questions_come_from_it(tmp_path):
    text = (
        "Генеральный директор компании «Северный ветер» Анна Соколова посетила Казань. "
        "Компания «Северный ветер» открыла сервисный центр в Заречье."
    )
    raw = triplets_frame(extract_schema_triplets("a1", text, "2025-11-14"))
    facts = normalize_triplets(raw, {})
    path = tmp_path / "graph.nq"
    write_graph(facts, path)
    index = GraphIndex.from_store(load_store(path))
    assert {frame.schema for frame in index.relations.values()} == {"heads", "visited", "opened"}
    (opened,) = facts[facts["relation"] == "opened"].itertuples()
    (heads,) = facts[facts["relation"] == "heads"].itertuples()
    company, center = entity_iri(opened.subject_key).value, entity_iri(opened.object_key).value
    person = entity_iri(heads.subject_key).value
    opened_iri = relation_iri(opened.relation_key).value
    heads_iri = relation_iri(heads.relation_key).value
    simple = Subgraph("simple", ((company, opened_iri, center),), (center,))
    assert generate_question(simple, index).question == "Какой центр открыла компания «Северный ветер»?"
    multihop = Subgraph(
        "mh", ((person, heads_iri, company), (company, opened_iri, center)), (center,), bridge=company, anchor=person
    )
    qa = generate_question(multihop, index)
    assert qa.question == "Какой центр открыла компания, которую возглавляет Анна Соколова?"
    assert qa.answer == "сервисный центр в Заречье"


TECHNOGRAD = NodeInfo("Техноград", "ORG", "компания")
COURT = NodeInfo("Арбитражный суд Пермского края", "ORG", "суд")
SHIPYARD = NodeInfo("Волга", "ORG", "судоверфь")
CARGO_SHIP = NodeInfo("Иван Петров", "OTHER", "сухогруз")
FORUM = NodeInfo("Северореченский инвестиционный форум", "OTHER", "форум")


@pytest.mark.parametrize(
    ("relation", "subject", "obj", "object_question", "subject_question"),
    [
        (
            "ruled_against",
            COURT,
            TECHNOGRAD,
            "Против какой компании вынес решение Арбитражный суд Пермского края?",
            "Какой суд вынес решение против компании «Техноград»?",
        ),
        (
            "launched_vessel",
            SHIPYARD,
            CARGO_SHIP,
            "Какой сухогруз спустила на воду судоверфь «Волга»?",
            "Какая судоверфь спустила на воду сухогруз «Иван Петров»?",
        ),
        (
            "held",
            FUND,
            FORUM,
            "Какой форум провёл фонд «Исток»?",
            "Какой фонд провёл Северореченский инвестиционный форум?",
        ),
        (
            "holds_position",
            NodeInfo("Марина Крылова", "PER"),
            NodeInfo("министр экономики Северореченской области", "OTHER", "должность"),
            "Кем является Марина Крылова?",
            "Кто является министром экономики Северореченской области?",
        ),
        (
            "coaches",
            NodeInfo("Елена Васнецова", "PER"),
            NodeInfo("Сокол", "ORG", "клуб"),
            "Какой клуб тренирует Елена Васнецова?",
            "Кто тренирует клуб «Сокол»?",
        ),
        (
            "opened",
            NodeInfo("Олег Мельников", "PER"),
            FORUM,
            "Какой форум открыл Олег Мельников?",
            "Кто открыл Северореченский инвестиционный форум?",
        ),
    ],
)
def test_questions_for_new_entity_relations(relation, subject, obj, object_question, subject_question):
    assert ask_object(relation, subject, obj) == object_question
    assert ask_subject(relation, subject, obj) == subject_question


@pytest.mark.parametrize(
    ("relation", "subject", "amount", "question"),
    [
        (
            "capacity",
            NodeInfo("Степной", "OTHER", "ветропарк"),
            "90 мегаватт",
            "Сколько мегаватт составляет мощность ветропарка «Степной»?",
        ),
        ("cost", CENTER, "3,2 млрд рублей", "Сколько рублей составляет стоимость сервисного центра в Заречье?"),
        (
            "employs",
            NodeInfo("Каравай", "ORG", "хлебозавод"),
            "210 человек",
            "Сколько человек работает на хлебозаводе «Каравай»?",
        ),
        ("employs", BANK, "более 110 сотрудников", "Сколько сотрудников работает в банке «Окский»?"),
        (
            "ordered_to_pay",
            TECHNOGRAD,
            "12 млн рублей",
            "Сколько рублей обязана по решению суда выплатить компания «Техноград»?",
        ),
    ],
)
def test_measures_ask_only_the_amount_with_its_counted_noun(relation, subject, amount, question):
    assert ask_object(relation, subject, NodeInfo(amount, "NUM")) == question
    with pytest.raises(QuestionError):
        ask_subject(relation, subject, NodeInfo(amount, "NUM"))


def test_every_relation_has_a_template():
    samples = {
        "person": SOKOLOVA,
        "organization": BANK,
        "place": KAZAN,
        "event": CONTEST,
        "work": CONTEST,
        "facility": SHIP,
        "position": POST,
        "date": DAY,
        "money": NodeInfo("12 млн рублей", "NUM"),
        "quantity": HARVEST,
    }
    for relation in SCHEMA.values():
        subject = samples[sorted(relation.subject_types)[0]]
        obj = samples[sorted(relation.object_types)[0]]
        assert ask_object(relation.id, subject, obj).endswith("?")
        if relation.asks_subject:
            assert ask_subject(relation.id, subject, obj).endswith("?")


def test_set_questions_are_plural_with_the_partners_shared_class_noun():
    assert ask_subject("took_part_in", WIND, CONTEST, plural=True) == (
        "Какие компании приняли участие в конкурсе «Молодые учёные»?"
    )
    # a singular «Какая организация ...? Назовите всех.» reads as broken Russian
    assert ask_object("signed_agreement_with", WIND, BANK, plural=True) == (
        "С какими банками подписала соглашение компания «Северный ветер»?"
    )
    assert ask_subject("visited", WIND, KAZAN, plural=True) == "Какие компании посетили Казань?"
    assert ask_subject("visited", SOKOLOVA, KAZAN, plural=True) == "Кто посетил Казань?"  # кто has no number


def test_a_legal_form_is_not_the_class_noun_of_a_question():
    contractor = NodeInfo("Бергранит", "ORG", "ООО")
    assert ask_subject("visited", contractor, KAZAN) == "Какая компания посетила Казань?"
    enterprise = NodeInfo("Ольшанский водоканал", "ORG", "МУП")
    assert ask_subject("visited", enterprise, KAZAN) == "Какое предприятие посетило Казань?"
    # every legal form the extractor reads as a class noun has a noun a reader asks with
    for form in LEGAL_FORMS:
        noun = kind_noun(NodeInfo("Ольшанский водоканал", "ORG", form.upper()), "ORG")
        assert noun.lower() != form and noun.islower(), form


def test_a_post_one_holds_is_never_described_by_a_which_clause():
    post = NodeInfo("министр экономики Северореченской области", "OTHER", "должность")
    with pytest.raises(QuestionError):
        description("holds_position", post, False, NodeInfo("Марина Крылова", "PER"), "nomn")


def _set_question(anchor: NodeInfo, relation_id: str, partners: list[NodeInfo]) -> str:
    from dagster_project.core.extraction.schema import SCHEMA as relations
    from dagster_project.core.graph.rdf import RelationFrame

    wording = relations[relation_id].wording
    frame = RelationFrame(relation_id, wording.verb, wording.complement, wording.preposition, wording.case, relation_id)
    nodes = {"urn:a": anchor} | {f"urn:p{i}": partner for i, partner in enumerate(partners)}
    index = GraphIndex(nodes=nodes, relations={"urn:r": frame})
    triples = tuple(("urn:a", "urn:r", f"urn:p{i}") for i in range(len(partners)))
    subgraph = Subgraph("set", triples, tuple(f"urn:p{i}" for i in range(len(partners))), anchor="urn:a")
    return generate_question(subgraph, index).question


def test_a_set_question_names_its_partners_kind_in_the_plural():
    clubs = [NodeInfo("Старт", "ORG", "клуб"), NodeInfo("Ладога", "ORG", "клуб")]
    assert _set_question(NodeInfo("Сокол", "ORG", "клуб"), "won_against", clubs) == (
        "У каких клубов выиграл клуб «Сокол»?"
    )
    people = [SOKOLOVA, NOSOV]
    assert _set_question(KAZAN, "visited", people).endswith("Назовите всех.")


def test_a_set_of_mixed_kinds_or_of_one_entity_named_twice_is_not_asked():
    with pytest.raises(QuestionError):  # a city and a plant have no common question word
        _set_question(SOKOLOVA, "visited", [KAZAN, NodeInfo("Камский завод", "ORG", "завод")])
    with pytest.raises(QuestionError):  # the city and its administration are one entity named twice
        _set_question(
            NodeInfo("Игорь Белов", "PER"),
            "heads",
            [NodeInfo("Верхнеозёрск", "ORG"), NodeInfo("Администрация Верхнеозёрска", "ORG")],
        )


def _multihop_question(anchor: NodeInfo, first: str, bridge: NodeInfo, second: str, answer: NodeInfo) -> str:
    """(anchor first bridge) then (bridge second answer): the answer is reached through the bridge."""
    from dagster_project.core.extraction.schema import SCHEMA as relations
    from dagster_project.core.graph.rdf import RelationFrame

    frames = {}
    for relation_id in (first, second):
        wording = relations[relation_id].wording
        frames[f"urn:{relation_id}"] = RelationFrame(
            relation_id, wording.verb, wording.complement, wording.preposition, wording.case, relation_id
        )
    index = GraphIndex(nodes={"urn:a": anchor, "urn:b": bridge, "urn:x": answer}, relations=frames)
    triples = (("urn:a", f"urn:{first}", "urn:b"), ("urn:b", f"urn:{second}", "urn:x"))
    return generate_question(Subgraph("mh", triples, ("urn:x",), bridge="urn:b", anchor="urn:a"), index).question


def test_a_measure_names_its_described_owner_with_the_wordings_preposition():
    plant = NodeInfo("Каменногорский металлургический комбинат", "ORG", "комбинат")
    staff = NodeInfo("7 860 человек", "NUM")
    question = _multihop_question(NodeInfo("Ирина Левина", "PER"), "heads", plant, "employs", staff)
    assert question == "Сколько человек работает на комбинате, который возглавляет Ирина Левина?"


def test_a_club_is_asked_as_a_club_and_only_a_place_as_a_town():
    # the beaten side has no class noun of its own: a match result makes it a club, not «организация»
    surf = NodeInfo("Прибой", "ORG", "клуб")
    assert ask_object("won_against", surf, NodeInfo("Рысь", "ORG")) == "У какого клуба выиграл клуб «Прибой»?"
    beaten = [NodeInfo("Старт", "ORG"), NodeInfo("Сокол", "ORG")]
    assert _set_question(NodeInfo("Ладога", "ORG", "клуб"), "won_against", beaten) == (
        "У каких клубов выиграл клуб «Ладога»?"
    )
    assert ask_object("heads", NodeInfo("Сергей Воронин", "PER"), NodeInfo("Заречье", "LOC")) == (
        "Какой город возглавляет Сергей Воронин?"
    )
    assert ask_object("heads", NodeInfo("Сергей Воронин", "PER"), NodeInfo("Рысь", "ORG")) == (
        "Какую организацию возглавляет Сергей Воронин?"
    )
    # a settlement's name ends with its class noun, which the question takes
    village = NodeInfo("Сосновское сельское поселение", "LOC")
    assert ask_object("heads", NodeInfo("Пётр Гаев", "PER"), village) == "Какое поселение возглавляет Пётр Гаев?"


def test_an_institution_named_by_a_common_noun_is_lowercase_inside_a_question():
    city_hall = NodeInfo("Мэрия Бережанска", "ORG")
    contractor = NodeInfo("Бергранит", "ORG", "компания")
    assert ask_object("sued", city_hall, contractor) == "К какой компании подала иск мэрия Бережанска?"
    assert ask_subject("ruled_against", contractor, city_hall).endswith("против мэрии Бережанска?")
    # an adjective-led official name keeps its capital
    court = NodeInfo("Арбитражный суд Тихоморского края", "ORG", "суд")
    assert ask_object("ruled_against", court, contractor) == (
        "Против какой компании вынес решение Арбитражный суд Тихоморского края?"
    )
    # a fund's name is its own: «Фонд развития промышленности» is no description
    fund = NodeInfo("Фонд развития промышленности", "ORG")
    assert ask_object("lent_to", fund, contractor) == "Какой компании выдал кредит Фонд развития промышленности?"
    # a subunit is a common noun too: «лаборатория», «кафедра»
    lab = NodeInfo("Лаборатория морских биоресурсов Тихоморского института", "ORG", "лаборатория")
    assert ask_subject("heads", NodeInfo("Станислав Гордеев", "PER"), lab) == (
        "Кто возглавляет лабораторию морских биоресурсов Тихоморского института?"
    )


def test_an_organization_named_by_one_common_noun_and_no_class_noun_is_quoted():
    studio = NodeInfo("Колокольчик", "ORG")
    assert ask_object("based_in", studio, NodeInfo("Усть-Талица", "LOC")) == "Где базируется «Колокольчик»?"
    # a town is never quoted, nor a name the dictionary does not know
    assert ask_object("based_in", NodeInfo("Бергранит", "ORG"), NodeInfo("Заречье", "LOC")) == (
        "Где базируется Бергранит?"
    )


def test_a_legal_form_before_a_quoted_name_stays_an_uppercase_abbreviation():
    port = NodeInfo("Бережанский морской порт", "ORG", "ао")
    assert ask_subject("visited", SOKOLOVA, port) == "Кто посетил АО «Бережанский морской порт»?"


def test_prepositions_take_their_vowel_before_a_cluster():
    assert with_preposition_vowels("подписала соглашение с стартапом «Кварц-Лаб»") == (
        "подписала соглашение со стартапом «Кварц-Лаб»"
    )
    assert with_preposition_vowels("В Владимире, с «Стартом», с компанией") == "Во Владимире, со «Стартом», с компанией"


def test_a_set_joining_staff_and_director_asks_who_works_there():
    from dagster_project.core.graph.rdf import RelationFrame

    def frame(relation_id: str) -> RelationFrame:
        w = SCHEMA[relation_id].wording
        return RelationFrame(relation_id, w.verb, w.complement, w.preposition, w.case, relation_id)

    institute = NodeInfo("Тихоморский институт океанологии", "ORG", "институт")
    nodes = {"urn:i": institute, "urn:d": NodeInfo("Нина Вершинина", "PER"), "urn:s": SOKOLOVA}
    index = GraphIndex(nodes=nodes, relations={"urn:heads": frame("heads"), "urn:works": frame("works_at")})
    # the director's triple first: the question still asks the relation the other implies
    triples = (("urn:d", "urn:heads", "urn:i"), ("urn:s", "urn:works", "urn:i"))
    subgraph = Subgraph("set", triples, ("urn:d", "urn:s"), anchor="urn:i")
    question = generate_question(subgraph, index).question
    assert question.startswith("Кто работает в ") and question.endswith("Назовите всех.")


TERMINAL = NodeInfo("Южный", "OTHER", "терминал")


@pytest.mark.parametrize(
    ("relation", "subject", "obj", "object_question", "subject_question"),
    [
        ("located_in", TERMINAL, KAZAN, "Где находится терминал «Южный»?", "Какой терминал находится в Казани?"),
        (
            "belongs_to",
            TERMINAL,
            WIND,
            "Какой компании принадлежит терминал «Южный»?",
            "Какой терминал принадлежит компании «Северный ветер»?",
        ),
        (
            "invested_in",
            FUND,
            WIND,
            "В какую компанию инвестировал фонд «Исток»?",
            "Какой фонд инвестировал в компанию «Северный ветер»?",
        ),
        (
            "invested_in",
            SOKOLOVA,
            TERMINAL,
            "В какой терминал инвестировала Анна Соколова?",
            "Кто инвестировал в терминал «Южный»?",
        ),
    ],
)
def test_questions_on_places_owners_and_investments(relation, subject, obj, object_question, subject_question):
    assert ask_object(relation, subject, obj) == object_question
    assert ask_subject(relation, subject, obj) == subject_question


def test_a_facility_with_a_place_and_an_owner_makes_a_conjunction():
    facts = [("located_in", True, KAZAN), ("belongs_to", True, WIND)]
    assert conjunction(TERMINAL, facts) == "Какой терминал находится в Казани и принадлежит компании «Северный ветер»?"


def test_questions_on_started_construction():
    assert ask_object("began_building", TECHNOGRAD, TERMINAL) == (
        "К строительству какого терминала приступила компания «Техноград»?"
    )
    assert ask_subject("began_building", TECHNOGRAD, TERMINAL) == (
        "Какая компания приступила к строительству терминала «Южный»?"
    )


def test_a_workplace_noun_that_takes_na_gets_it_everywhere_the_relation_says_v():
    # «работает на судоверфи / на комбинате», not «в судоверфи»: the noun decides, not the relation
    person = NodeInfo("Всеволод Мирошниченко", "PER", "")
    shipyard = NodeInfo("Кречет", "ORG", "судоверфь")
    plant = NodeInfo("Каменногорский металлургический комбинат", "ORG", "")
    institute = NodeInfo("Тихоморский институт океанологии", "ORG", "институт")
    assert ask_object("works_at", person, shipyard) == "На какой судоверфи работает Всеволод Мирошниченко?"
    assert ask_subject("works_at", person, plant) == "Кто работает на Каменногорском металлургическом комбинате?"
    assert ask_subject("works_at", person, institute) == "Кто работает в Тихоморском институте океанологии?"
    assert relative_clause("works_at", shipyard, False, person).split()[:2] == ["на", "которой"]


def test_prepositions_take_their_vowel_before_a_like_cluster():
    signer = NodeInfo("Константин Пильщиков", "PER")
    assert ask_subject("signed_agreement_with", signer, NodeInfo("Всеволод Мирошниченко", "PER")) == (
        "Кто подписал соглашение со Всеволодом Мирошниченко?"
    )
    assert ask_subject("signed_agreement_with", signer, NodeInfo("Сергей Иванов", "PER")) == (
        "Кто подписал соглашение с Сергеем Ивановым?"
    )
    company = NodeInfo("Вектор", "ORG", "компания")
    assert ask_subject("based_in", company, NodeInfo("Владивосток", "LOC")).endswith("во Владивостоке?")
    assert ask_subject("based_in", company, NodeInfo("Вологда", "LOC")).endswith(" в Вологде?")


def test_two_conditions_of_one_relation_with_the_answer_as_object_share_one_verb():
    university = NodeInfo("Бережанский государственный университет", "ORG", "университет")
    facts = [("works_at", False, NodeInfo("Аскольд Ремезов", "PER")), ("works_at", False, SOKOLOVA)]
    assert conjunction(university, facts) == (
        "Как называется университет, в котором работают Аскольд Ремезов и Анна Соколова?"
    )


def test_a_name_after_an_abbreviation_agrees_with_the_abbreviations_head_word():
    # «ГКУ» is an «учреждение», «ООО» an «общество», «ЦРБ» a «больница»: the verb agrees with that
    office = NodeInfo("Дирекция капитального строительства Тихоморской области", "ORG", "гку")  # as the graph has it
    builder = NodeInfo("Кварцевый берег", "ORG", "ООО")
    clause = relative_clause("sued", builder, False, office)
    assert clause == "к которой подало иск ГКУ «Дирекция капитального строительства Тихоморской области»"
    assert ask_object("sued", office, builder).startswith("К какой компании подало иск ГКУ")
    hospital = NodeInfo("Тихоморская ЦРБ", "ORG")
    assert ask_object("sued", hospital, builder).startswith("К какой компании подала иск Тихоморская ЦРБ")
