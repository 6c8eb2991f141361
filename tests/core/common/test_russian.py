"""Russian inflection helpers used to write questions."""

from dagster_project.core.common.russian import adjectival, inflect_phrase, lemmas, token_nominative, verb_form


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


def test_an_adjective_of_a_name_takes_the_case_of_its_head_noun():
    from dagster_project.core.common.russian import parse_document, span_nominative

    # the tagger reads the unknown «Тихоморской» as a nominative; it agrees with «больницы», a genitive
    doc = parse_document("Врач Тихоморской краевой клинической больницы Артём Кушнарёв выступил.")
    tokens = [t for t in doc.sents[0].tokens if t.text in {"Тихоморской", "краевой", "клинической", "больницы"}]
    for token in tokens:
        token.feats = {**token.feats, "Case": "Nom"} if token.text == "Тихоморской" else token.feats
    assert span_nominative(tokens, "ORG") == "Тихоморская краевая клиническая больница"


def test_an_adjective_before_an_abbreviation_takes_the_gender_of_its_head_word():
    from dagster_project.core.common.russian import abbreviation_gender, parse_document, span_nominative

    # «УФАС» is an «управление», «ЦРБ» a «больница»: the dictionary knows neither
    doc = parse_document("Руководитель Тихоморского УФАС Олег Сизов и главврач Заречной ЦРБ выступили.")
    tokens = doc.sents[0].tokens
    assert span_nominative(tokens[1:3], "ORG") == "Тихоморское УФАС"
    assert span_nominative([t for t in tokens if t.text in {"Заречной", "ЦРБ"}], "ORG") == "Заречная ЦРБ"
    # and an abbreviation in capitals does not decline: the dictionary's guess «КТМА» is no nominative
    rector = parse_document("Документ подписал ректор КТМУ Лидия Гусева.").sents[0].tokens
    assert span_nominative([t for t in rector if t.text == "КТМУ"], "ORG") == "КТМУ"
    genders = [abbreviation_gender(w) for w in ("ГКУ", "ООО", "УФНС", "ЦБК", "УШВЗ")]
    assert genders == ["neut", "neut", "neut", "masc", None]


def test_the_remembering_analyzer_reads_as_pymorphy3_and_hands_out_its_own_lists():
    import pymorphy3

    from dagster_project.core.common.russian import morph

    plain = pymorphy3.MorphAnalyzer()
    for word in ["Орловой", "стали", "Верхнеозёрска", "ВТУ", "5км"]:
        first = morph().parse(word)
        assert [(p.word, str(p.tag), p.normal_form, p.score) for p in first] == [
            (p.word, str(p.tag), p.normal_form, p.score) for p in plain.parse(word)
        ]
        first.clear()  # a caller's list is its own
        assert morph().parse(word)


def test_an_unknown_adjective_has_one_lemma_in_every_case():
    # «Тихоморского» alone reads like «морского»; its nominative is «Тихоморский»
    assert lemmas("Тихоморского института") == lemmas("Тихоморский институт") == ["тихоморский", "институт"]
    assert lemmas("Приозёрной больницы")[0] == lemmas("Приозёрный")[0] == "приозерный"


def test_a_known_adjective_keeps_its_stressed_ending():
    assert lemmas("морского порта") == ["морской", "порт"]
    assert lemmas("Лесного")[0] == "лесной"


def test_yo_comes_back_only_to_another_form_of_the_same_word():
    from dagster_project.core.common.russian import restore_yo

    assert restore_yo("Ковалев", "Ковалёва") == "Ковалёв"
    assert restore_yo("зеленый парк", "зелёного парка") == "зелёный парк"
    assert restore_yo("Голубые озера", "Голубых озёр") == "Голубые озёра"
    # a word that only starts like the word with «ё» keeps its «е»
    assert restore_yo("фестиваль ледяных скульптур Белый лед", "фестиваля ледяных скульптур «Белый лёд»") == (
        "фестиваль ледяных скульптур Белый лёд"
    )
    assert restore_yo("Петр Петров", "Пётр Петров") == "Пётр Петров"


def test_a_name_keeps_its_own_capitals_in_the_nominative():
    # companies write their names in camel case; the nominative of «АкваРемСтроя» is spelled as they do
    assert token_nominative("АкваРемСтроя", "PROPN", {"Case": "Gen", "Number": "Sing"}) == "АкваРемСтрой"
    assert token_nominative("Сибмостстроя", "PROPN", {"Case": "Gen", "Number": "Sing"}) == "Сибмостстрой"


def test_a_surname_takes_its_first_names_gender():
    from dagster_project.core.common.russian import parse_document, span_nominative

    # the tagger reads «Ромашина» alone as a woman's nominative; after «Евгения», a man's accusative
    doc = parse_document("Тимур Батыров сменил на посту Евгения Ромашина.")
    tokens = [t for t in doc.sents[0].tokens if t.text in {"Евгения", "Ромашина"}]
    assert span_nominative(tokens, "PER") == "Евгений Ромашин"
