"""A bare class noun that refers back to the one organization the article named with it.

News names a company once («компания «Вектор» открыла завод») and then says «компания»:
«Штаб-квартира компании находится в Казани», «компания подписала контракт». A university, a
court or a mayoralty named in full is then «университет», «суд», «мэрия» («Бережанский
государственный университет ... Университет подписал соглашение»). Such a noun is resolved only
when nothing else could be meant: before it, the article named exactly one organization with that
class noun (as its quoted name's class noun or as the head noun of its name) and no bare quoted
name («Полярный путь» without a class noun) that could be another organization of its kind.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...common.abbreviations import LEGAL_FORMS
from ...common.russian import fold, lemma_key, morph
from .lexicon import (
    ANAPHORIC_CLASS_SYNONYMS,
    CLASS_NOUNS,
    INSTITUTION_NOUNS,
    POSITION_NOUNS,
    TERRITORIAL_BODIES,
    TITLES_IMPLYING_A_BODY,
)
from .relations import ORGANIZATION

# A quoted name right after a word: «компания «Вектор»», «центр «Арматура»».
QUOTED_AFTER = re.compile(r"\s*«([^«»]{1,80})»")
# Modifiers that keep a noun anaphoric: «эта компания», «сама компания».
_ANAPHORIC_MODIFIERS = frozenset({"этот", "данный", "сам", "такой"})
# Bare, these often mean a body the article did not name: «правительство» the country's after a
# region's, «дума» the State Duma.
_NEVER_ANAPHORIC = frozenset({"правительство", "дума"})


def anaphoric_noun(sentence, token) -> bool:
    """A singular organization class noun with no name, modifier or owner of its own."""
    first = token is sentence.tokens[0]
    if token.pos != "NOUN" and not (first and token.pos == "PROPN"):  # the tagger reads «Университет ...» as a name
        return False
    organization = CLASS_NOUNS.get(token.lemma) == ORGANIZATION or token.lemma in INSTITUTION_NOUNS
    organization = organization or token.lemma in ANAPHORIC_CLASS_SYNONYMS  # «вуз», «клиника»
    if not organization or token.lemma in _NEVER_ANAPHORIC:
        return False
    if token.feats.get("Number") != "Sing" or (token.text[:1].isupper() and not first):
        return False
    own = sentence.kids(token, "amod", "nmod", "appos", "flat", "flat:name", "nummod", "det", "compound")
    return all(k.lemma in _ANAPHORIC_MODIFIERS for k in own)


def earlier_namesake(sentence, token, own_name=None) -> tuple[str, str] | None:
    """(name, class noun) of the one organization the article named with this class noun before
    `token`, if no other organization could be meant. `own_name(index, word)`: the organization's
    name a word of the article's sentence `index` heads («университет» in «Бережанский
    государственный университет»), or None."""
    text = sentence.article.text
    # «перевозчик» after «авиакомпания «Х»», «предприятие» after «Каменногорский комбинат»
    kinds = {token.lemma} | ANAPHORIC_CLASS_SYNONYMS.get(token.lemma, frozenset())
    names: dict[str, tuple[str, str]] = {}
    rivals: set[str] = set()
    classed: dict[str, str] = {}  # a quoted name -> the class noun or legal form it was named with
    for index, sent in enumerate(sentence.article.sentences):
        previous = None
        for word in sent.tokens:
            if word.start >= token.start:
                break
            quoted = QUOTED_AFTER.match(text, word.stop)
            if quoted is not None and CLASS_NOUNS.get(word.lemma) == ORGANIZATION:
                classed.setdefault(lemma_key(quoted.group(1).strip()), word.lemma)
            if quoted is not None and "предприятие" in kinds and word.text.lower() in _UNITARY_ENTERPRISES:
                # «МУП «Кремнегорский водоканал»» is a municipal unitary «предприятие» by its legal form
                name = quoted.group(1).strip()
                names.setdefault(fold(name), (name, "предприятие"))
            elif word.lemma in kinds and quoted is not None:
                name = quoted.group(1).strip()
                names.setdefault(fold(name), (name, word.lemma))
            elif word.lemma in kinds and _ends_legal_name(text, word):
                # «АО «Омшанский арматурный завод»» is then «завод»: the head noun of a company's quoted name
                name = _quoted_before(text, word)
                names.setdefault(fold(name), (name, word.lemma))
            elif word.lemma in kinds and own_name is not None:
                name = own_name(index, word)
                if name:
                    names.setdefault(fold(name), (name, word.lemma))
            elif _bare_quoted_organization(sentence, word, previous):
                rivals.add(_quoted_name(text, word))
            elif word.lemma in TITLES_IMPLYING_A_BODY.get(token.lemma, ()):
                rivals.add(word.lemma)  # «Министр строительства ... Пахомов возглавлял ведомство»: his ministry
            previous = word if word.text != "«" else previous
    if len(names) != 1:
        return None
    ((folded, (name, kind)),) = names.items()
    # a bare quoted name in another case is the same one: «для «Северного неба»» after «Северное небо»
    rivals = {r for r in rivals if fold(r) != folded and lemma_key(r) != lemma_key(name)}
    if any(not _of_another_kind(rival, classed, kinds, token.lemma) for rival in rivals):
        return None
    return name, kind


# Legal forms that say «unitary enterprise»: municipal, state, federal state.
_UNITARY_ENTERPRISES = frozenset({"муп", "гуп", "фгуп"})
# Words news uses for any company, whatever its trade: an «ООО «Х»» may be meant by each.
_ANY_COMPANY = frozenset({"компания", "предприятие", "общество", "организация", "фирма"})


def _of_another_kind(rival: str, classed: dict[str, str], kinds: set[str], noun: str) -> bool:
    """A bare quoted name the article introduced before as something else: after «ООО «Таёжный
    бетонный комбинат»» and «ООО «Сибмостстрой-Ярга»», «комбината» can mean only the first (the
    second's name says no «комбинат»); «компании» could mean either."""
    introduced = classed.get(lemma_key(rival))
    if introduced is None or introduced in kinds or noun in _ANY_COMPANY:
        return False
    return not {lemma_key(kind) for kind in kinds} & set(lemma_key(rival).split())


_LEGAL_FORM_BEFORE = re.compile(
    r"(?:^|[\s(])(?:"
    + "|".join(sorted((form.upper() for form in LEGAL_FORMS), key=len, reverse=True))
    + r")\s*«([^«»]{1,80})$"
)


def _ends_legal_name(text: str, word) -> bool:
    """`word` is the last word of a quoted name after a legal form: «АО «Ветлужский завод»»."""
    return text[word.stop : word.stop + 1] == "»" and _LEGAL_FORM_BEFORE.search(text, 0, word.stop) is not None


def _quoted_before(text: str, word) -> str:
    return text[text.rfind("«", 0, word.start) + 1 : word.stop].strip()


def _bare_quoted_organization(sentence, word, previous) -> bool:
    """The first word of a quoted organization's name with no class noun before the quote; a
    quoted remark («Мы откроем ...», — сказал ...) is speech, not a name."""
    span = sentence.article.span_of.get(word.id)
    if not word.text[:1].isupper() or sentence.article.text[word.start - 1 : word.start] != "«":
        return False
    if span is None and _speech(sentence.article.text, word):
        return False
    if span is None and previous is not None and previous.pos == "NOUN":
        return False  # «направление «Техническая эксплуатация ...»»: the name of that noun's thing
    if span is not None and span.type != "ORG":  # a person or a place in quotes is no rival
        return False
    return previous is None or previous.lemma not in CLASS_NOUNS


def _speech(text: str, word) -> bool:
    """A remark in quotes: a dash after it introduces who said it, and a name has no sentence
    punctuation and few words."""
    quoted = _quoted_name(text, word)
    closing = text.find("»", word.start)
    said = closing > 0 and _SAID.match(text, closing + 1) is not None
    return said or any(mark in quoted for mark in ".!?,:;") or len(quoted.split()) > _LONGEST_NAME_WORDS


_SAID = re.compile(r"[,.!?…]?\s*[—–]")
_LONGEST_NAME_WORDS = 6


def _quoted_name(text: str, word) -> str:
    closing = text.find("»", word.start)
    return text[word.start : closing].strip() if closing > 0 else text[word.start : word.stop]


def earlier_full_name(sentence, head, short: str, own_name) -> str | None:
    """The one full name the article gave before `head` to an institution that `short` («Администрация
    округа», «администрация города») shortens; `own_name` as in earlier_namesake."""
    words = _institution_words(short)
    heads = {head.lemma} | ({"мэрия", "администрация"} if head.lemma in {"мэрия", "администрация"} else set())
    names: dict[str, str] = {}
    for index, sent in enumerate(sentence.article.sentences):
        for word in sent.tokens:
            if word.start >= head.start:
                break
            name = own_name(index, word) if word.lemma in heads else None
            if name and shortens(words, _institution_words(name), name):
                names.setdefault(fold(name), name)
    return next(iter(names.values())) if len(names) == 1 else None


def completed_owner(sentence, normal: str, own_name) -> str | None:
    """«Департамент здравоохранения мэрии Бережанска» for «Департамент здравоохранения мэрии» in an
    article that names one city's mayoralty («администрация Бережанска» and «мэрия Бережанска» are
    one body): a name that ends with the genitive of a body that is always someone's takes that
    body's owner from the article; None when the article names no such body or two. `own_name` as
    in earlier_namesake."""
    *head, last = normal.split()
    body = TERRITORIAL_BODIES.get(lemma_key(last)) if head else None
    if body is None:
        return None
    owners: dict[tuple[str, ...], str] = {}
    for index, sent in enumerate(sentence.article.sentences):
        for word in sent.tokens:
            if TERRITORIAL_BODIES.get(word.lemma) != body:
                continue
            name = own_name(index, word)
            tail = name.split()[1:] if name else []
            if (
                tail
                and any(w[:1].isupper() for w in tail)
                and TERRITORIAL_BODIES.get(lemma_key(name.split()[0])) == body
            ):
                owners.setdefault(tuple(w for w in lemma_key(" ".join(tail)).split() if w != "город"), " ".join(tail))
    return f"{normal} {next(iter(owners.values()))}" if len(owners) == 1 else None


def _institution_words(name: str) -> list[str]:
    """Lemmas of a name, a city's «мэрия» read as its «администрация»."""
    return ["администрация" if w == "мэрия" else w for w in lemma_key(name).split()]


# A short name may say «города» where the full name gives the city: «администрация города».
_SETTLEMENT_NOUNS = frozenset({"город"})


def shortens(short: list[str], full: list[str], full_name: str) -> bool:
    """The short name's words are the full name's, in order and ending in the same word, with only
    adjectives of the full name left out; «город» stands for the city's own name. The full name's
    owner may be left out too when it is a named jurisdiction: once a region's body or post is named
    («Законодательное собрание Приморской области», «министр здравоохранения Приморской области»),
    news drops the region («Законодательное собрание», «министр здравоохранения»)."""
    if len(short) > len(full) or short == full:
        return False
    cut = _jurisdiction_owner_start(full, full_name)
    if cut is not None and full[:cut] == short:  # the name itself kept whole: «собрание» is too little
        return True
    return _shortens_in_order(short, full, full_name)


# The jurisdictions a body or a post belongs to, named in the genitive after it.
_JURISDICTION_NOUNS = frozenset("область край округ район республика город".split())


def _jurisdiction_owner_start(full: list[str], full_name: str) -> int | None:
    """Where the trailing genitive owner «Приморской области» (adjectives, then a jurisdiction noun)
    of a full name begins, if one of its words is capitalized (a name, not «области»); None otherwise.
    The part before it must keep a noun of its own after its head («министр здравоохранения», not
    «министр»)."""
    written = full_name.split()
    if len(written) != len(full) or full[-1] not in _JURISDICTION_NOUNS:
        return None
    cut = len(full) - 1
    while cut > 0 and _adjective(full[cut - 1]) and written[cut - 1][:1].isupper():
        cut -= 1
    if cut == len(full) - 1 or cut < 2:
        return None
    return cut


def _shortens_in_order(short: list[str], full: list[str], full_name: str) -> bool:
    if len(short) > len(full) or short == full:
        return False
    proper = {fold(w) for w in full_name.split() if w[:1].isupper()}
    position = 0
    for index, word in enumerate(full):
        last = index == len(full) - 1
        if position < len(short) and (
            word == short[position] or (short[position] in _SETTLEMENT_NOUNS and last and _proper_word(word, proper))
        ):
            position += 1
        elif not _adjective(word) or last:
            return False
    return position == len(short)


def _proper_word(lemma: str, proper: set[str]) -> bool:
    return any(word.startswith(lemma[:4]) for word in proper) and not _adjective(lemma)


@lru_cache(maxsize=100_000)
def _adjective(lemma: str) -> bool:
    """Any adjective reading: «Ольшанский» is also a surname to pymorphy3."""
    return any(p.tag.POS in {"ADJF", "PRTF"} for p in morph().parse(lemma))


# --- personal pronouns ---------------------------------------------------------------------------

PERSONAL_PRONOUNS = {"он": "Masc", "она": "Fem"}
# «на его место», «её предшественник»: the tagger reads a possessive as a determiner of its own lemma.
POSSESSIVE_PRONOUNS = {"его": "Masc", "её": "Fem", "ее": "Fem"}
_SUBJECT_RELS = frozenset({"nsubj", "nsubj:pass"})
_TITLE_RELS = frozenset({"appos", "flat", "flat:name", "nmod"})
# How far back news carries «он» / «она»: a career paragraph says «Он окончил ... С 2021 года он
# работал ...» a few sentences after the name.
_PRONOUN_LOOKBACK = 3


def pronoun_antecedent(sentence, pronoun, people_only: bool = False) -> tuple[int, object] | None:
    """(sentence index, first token of the name) of the person «он», «она», «его», «её» means, or
    None when the article does not say it alone. Read back from the pronoun: the nearest person of
    the pronoun's gender must be the subject of its sentence (or the one person of a sentence with
    no verb: «Кириллу Данилову 44 года»), or the only one of that gender in it; nothing between may
    be another subject of that gender (a name, a title, «компания» for «она»), nor, for a pronoun
    that is no subject («его», «до него»), an organization of that gender; a name of unknown gender
    could be either. `people_only`: what the pronoun does only a person does («сменил на посту»),
    so an inanimate subject («Совет директоров назначил ...») is no rival."""
    if pronoun.pos == "PRON":
        gender = PERSONAL_PRONOUNS.get(pronoun.lemma)
    else:
        gender = POSSESSIVE_PRONOUNS.get(pronoun.lemma) if pronoun.pos == "DET" else None
    if gender is None or pronoun.feats.get("Number", "Sing") != "Sing":
        return None
    article = sentence.article
    # a subject pronoun goes on with the subject before it («Он окончил университет. Почти 20 лет он
    # проработал ...»); «его», «него» may mean any noun of its gender, an organization too
    subject = pronoun.rel in _SUBJECT_RELS
    for index in range(sentence.index, max(0, sentence.index - _PRONOUN_LOOKBACK) - 1, -1):
        tokens = (
            [t for t in sentence.tokens if t.stop <= pronoun.start]
            if index == sentence.index
            else list(article.sentences[index].tokens)
        )
        seen: set[int] = set()
        by_id = {t.id: t for t in tokens}
        heads = {t.id: by_id.get(t.head_id) for t in tokens}
        for token in reversed(tokens):
            span = article.span_of.get(token.id)
            if span is not None and span.type == "PER":
                if id(span) in seen:
                    continue
                seen.add(id(span))
                span_gender = _name_gender(span)
                if span_gender == gender:
                    alone = _alone_of_its_gender(tokens, span, gender, article.span_of, people_only)
                    return (index, span.tokens[0]) if alone or _topic(tokens, span, article.span_of) else None
                if span_gender is None:
                    return None
            elif _rival_subject(token, gender, people_only) or (
                not subject and _rival_organization(token, gender, article.span_of, heads)
            ):
                return None
    return None


def _name_gender(span) -> str | None:
    """The gender the name's words agree on; where the tagger misreads a surname («Марину
    Лебедеву» as a man's), the given name's own gender in the dictionary decides."""
    genders = {t.feats.get("Gender") for t in span.tokens} - {None}
    if len(genders) == 1:
        return genders.pop()
    first = span.tokens[0]
    case = _CASES.get(first.feats.get("Case"))
    given = {
        str(p.tag.gender)
        for p in morph().parse(first.text)
        if "Name" in p.tag.grammemes and (case is None or case in p.tag.grammemes)
    }
    return _GENDERS.get(given.pop()) if len(given) == 1 else None


_GENDERS = {"masc": "Masc", "femn": "Fem"}
_CASES = {"Nom": "nomn", "Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}


def _topic(tokens: list, span, span_of: dict) -> bool:
    """The name is its sentence's subject, or titles the subject («Министр ... Валентина Гусева
    ушла в отставку»), or is the one person of a sentence without a verb."""
    ids = {t.id for t in span.tokens}
    by_id = {t.id: t for t in tokens}
    for token in span.tokens:
        head = by_id.get(token.head_id)
        if token.rel in _SUBJECT_RELS:
            return True
        titled = head is not None and head.id not in ids and token.rel in _TITLE_RELS
        if titled and head.rel in _SUBJECT_RELS and head.pos == "NOUN" and head.feats.get("Animacy") == "Anim":
            return True
    verbless = not any(t.pos in {"VERB", "AUX"} for t in tokens)
    others = {id(span_of[t.id]) for t in tokens if t.id in span_of and span_of[t.id].type == "PER"} - {id(span)}
    return verbless and not others


def _alone_of_its_gender(tokens: list, span, gender: str, span_of: dict, people_only: bool = False) -> bool:
    """No one else of the gender in the name's sentence, so a pronoun of it can mean only this
    name: «Губернатор назначил Марину Лебедеву ... Она ...» (the governor is a «он»)."""
    others = {id(span_of[t.id]): span_of[t.id] for t in tokens if t.id in span_of and span_of[t.id].type == "PER"}
    others.pop(id(span), None)
    if any(_name_gender(other) in {gender, None} for other in others.values()):
        return False
    return not any(_rival_subject(t, gender, people_only) for t in tokens if t.id not in {w.id for w in span.tokens})


def _rival_organization(token, gender: str, span_of: dict, heads: dict) -> bool:
    """An organization of the pronoun's gender named in any case: «... о компании «Вектор». Она
    ...» may mean the company; not the owner of a post («пост директора завода»), which a reader
    takes as part of the post."""
    feats = token.feats
    if token.pos not in {"NOUN", "PROPN"} or feats.get("Number") != "Sing" or feats.get("Gender") != gender:
        return False
    current = token
    for _ in range(4):  # up the noun phrase: «поста директора | завода | «Электроприбор»»
        head = heads.get(current.id) if current.rel in _TITLE_RELS else None
        if head is None:
            break
        if head.lemma in POSITION_NOUNS:
            return False
        current = head
    span = span_of.get(token.id)
    return (
        CLASS_NOUNS.get(token.lemma) == ORGANIZATION
        or token.lemma in INSTITUTION_NOUNS
        or (span is not None and span.type == "ORG")
    )


def _rival_subject(token, gender: str, people_only: bool = False) -> bool:
    """Another subject the pronoun could mean: a noun of its gender and number (animate, when only
    a person can be meant)."""
    feats = token.feats
    if people_only and feats.get("Animacy") == "Inan":
        return False
    return (
        token.rel in _SUBJECT_RELS
        and token.pos in {"NOUN", "PROPN"}
        and feats.get("Number") == "Sing"
        and feats.get("Gender") == gender
    )
