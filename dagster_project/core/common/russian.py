"""Russian language helpers: the Natasha pipeline, lemmas and inflection with pymorphy3.

Models are loaded once per process (Natasha's embeddings and taggers ship inside its packages,
so nothing is downloaded).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pymorphy3

from . import tokens

_WORD_RE = re.compile(r"[0-9A-Za-zА-Яа-яЁё]+(?:[-'][0-9A-Za-zА-Яа-яЁё]+)*")

# Natasha's UD case names -> pymorphy3 grammemes.
UD_CASE_TO_PYMORPHY = {
    "Nom": "nomn",
    "Gen": "gent",
    "Dat": "datv",
    "Acc": "accs",
    "Ins": "ablt",
    "Loc": "loct",
    "Par": "gent",
    "Voc": "nomn",
}


@dataclass(frozen=True)
class NatashaPipeline:
    segmenter: object
    morph_vocab: object
    morph_tagger: object
    syntax_parser: object
    ner_tagger: object


@lru_cache(maxsize=1)
def natasha() -> NatashaPipeline:
    from natasha import (
        MorphVocab,
        NewsEmbedding,
        NewsMorphTagger,
        NewsNERTagger,
        NewsSyntaxParser,
        Segmenter,
    )

    embedding = NewsEmbedding()
    return NatashaPipeline(
        segmenter=Segmenter(),
        morph_vocab=MorphVocab(),
        morph_tagger=NewsMorphTagger(embedding),
        syntax_parser=NewsSyntaxParser(embedding),
        ner_tagger=NewsNERTagger(embedding),
    )


def parse_document(text: str, *, syntax: bool = True):
    """Segment, tag, (optionally) parse and run NER; tokens get lemmas and spans normal forms. The
    natasha.Doc its own methods make, with less work around the models (natasha_parse.py); read-only."""
    from .natasha_parse import parse_with_models

    return parse_with_models(text, natasha(), syntax=syntax)


def restore_yo(normal: str, surface: str) -> str:
    """Put back the letter ё that normalization replaced with е ("Ковалев" -> "Ковалёв")."""
    if "ё" not in surface.lower():
        return normal
    surface_words = [w for w in re.split(r"\W+", surface) if "ё" in w.lower()]
    out = []
    for word in normal.split(" "):
        for candidate in surface_words:
            prefix = 0
            while prefix < min(len(word), len(candidate)) and fold(word[prefix]) == fold(candidate[prefix]):
                prefix += 1
            positions = [i for i, ch in enumerate(candidate[:prefix]) if ch in "ёЁ"]
            # the same word in another form differs in its ending alone (one letter past a whole
            # shorter form, «озёр» -> «озеро»): «лёд» is not in «ледяных», nor «Пётр» in «Петров»
            ending = 1 if prefix == len(candidate) else 2
            if positions and prefix >= 3 and len(word) - prefix <= ending:
                chars = list(word)
                for i in positions:
                    chars[i] = "Ё" if chars[i].isupper() else "ё"
                word = "".join(chars)
                break
        out.append(word)
    return " ".join(out)


_UD_NUMBER = {"Sing": "sing", "Plur": "plur"}
_UD_POS = {"NOUN": {"NOUN"}, "PROPN": {"NOUN"}, "ADJ": {"ADJF", "PRTF"}}


_UD_GENDER = {"Masc": "masc", "Fem": "femn", "Neut": "neut"}


def token_nominative(text: str, pos: str, feats: dict, gender: str = "") -> str:
    """Nominative of one tagged token, choosing the pymorphy3 reading that matches Natasha's tags
    (and, for adjectives, the gender of the noun they agree with)."""
    if pos not in _UD_POS or (len(text) > 1 and text.isupper()):
        return text  # an abbreviation in capitals does not decline: «ректор КГМУ» is of the «КГМУ»
    case = _case_to_undo(text, pos, feats)
    if case is None:
        return text
    number = _UD_NUMBER.get(feats.get("Number", ""), "")
    gender = gender or _UD_GENDER.get(feats.get("Gender", ""), "")
    grammemes = {"nomn"} | ({number} if number else set())
    if pos == "ADJ" and gender and number != "plur":
        grammemes.add(gender)
    found = _reading_nominative(text, frozenset(_UD_POS[pos]), case, number, frozenset(grammemes))
    if found is None and pos == "ADJ":
        return _regular_adjective_nominative(text, gender if number != "plur" else "plur")
    if found is None and pos == "PROPN" and _only_case(text) not in {None, "nomn"}:
        # the tagger gave a case the word cannot have («Главой Сопкинска»: an instrumental streak);
        # a name with one oblique reading («Сопкинска» is a genitive only) is that case
        found = _reading_nominative(text, frozenset(_UD_POS[pos]), _only_case(text), number, frozenset(grammemes))
    return found or text


def _only_case(text: str) -> str | None:
    """The one case every pymorphy3 reading of the word has, or None."""
    cases = {p.tag.case for p in morph().parse(text)}
    return cases.pop() if len(cases) == 1 else None


@lru_cache(maxsize=100_000)  # names recur through a month; ranking and inflecting their readings is slow
def _reading_nominative(
    text: str, tags: frozenset[str], case: str, number: str, grammemes: frozenset[str]
) -> str | None:
    """`text` put into `grammemes` from its likeliest pymorphy3 reading of the given POS, case and number."""
    for parse in sorted(morph().parse(text), key=_guess_rank):
        if parse.tag.POS in tags and parse.tag.case == case and (not number or parse.tag.number == number):
            form = parse.inflect(grammemes)
            if form is not None:
                return _restore_case(text, form.word.replace("ё", "е") if "ё" not in text.lower() else form.word)
    return None


def _guess_rank(parse) -> int:
    """Dictionary readings first; of guessed ones, a stressed «-ой» nominative last: an unknown
    place adjective «Тихоморского» is far likelier «Тихоморский» than «Тихоморской»."""
    if parse.is_known:
        return 0
    return 2 if parse.normal_form.endswith("ой") else 1


# Oblique adjective endings, longest first, and the nominative that replaces them by gender.
_OBLIQUE_ADJECTIVE = re.compile(r"(ыми|ими|ого|его|ому|ему|ым|им|ом|ем|ой|ей|ую|юю|ых|их)$")
_NOMINATIVE_ADJECTIVE = {"masc": ("ый", "ий"), "femn": ("ая", "яя"), "neut": ("ое", "ее"), "plur": ("ые", "ие")}


def adjectival(word: str) -> bool:
    """Whether a word ends as a full adjective does, in any case («-ского», «-ая»; not «Бережанска»)."""
    return bool(_OBLIQUE_ADJECTIVE.search(word.lower())) or word.lower().endswith(_ADJECTIVE_ENDINGS)


def _regular_adjective_nominative(text: str, gender: str) -> str:
    """The nominative of an adjective pymorphy3 reads only as something else («Каменногорском»,
    a guessed case of «Каменногорск»): its oblique ending replaced by the regular nominative one,
    soft after a soft ending, «-ий» after к/г/х/ж/ш/ч/щ (spelling rule)."""
    match = _OBLIQUE_ADJECTIVE.search(text)
    if match is None or gender not in _NOMINATIVE_ADJECTIVE:
        return text
    stem = text[: match.start()]
    hard, soft = _NOMINATIVE_ADJECTIVE[gender]
    soft_stem = match.group(1)[0] in "еиюя" or (gender in {"masc", "plur"} and stem[-1:].lower() in "кгхжшчщ")
    return stem + (soft if soft_stem else hard)


def _case_to_undo(text: str, pos: str, feats: dict) -> str | None:
    """The pymorphy3 case a token is in, or None when it is (or may be) nominative already."""
    case = UD_CASE_TO_PYMORPHY.get(feats.get("Case", ""), "")
    if case and case != "nomn":
        return case
    # Trust the tagger unless the word cannot be nominative at all ("Верхнеозёрска").
    parses = [p for p in morph().parse(text) if p.tag.POS in _UD_POS[pos]]
    if not parses or any(p.tag.case == "nomn" for p in parses):
        return None
    return str(parses[0].tag.case)


def span_nominative(tokens, kind: str) -> str:
    """Nominative of a named-entity span. Person and place names change as a whole
    ("Ольгу Дёмину" -> "Ольга Дёмина", "Тверской области" -> "Тверская область"); an organization
    changes up to its head noun ("Северореченской областной больницы" -> "... больница")."""
    words = []
    changing = True
    tokens = [_as_adjective(t, tokens) for t in tokens]
    head = next((t for t in tokens if t.pos in {"NOUN", "PROPN"}), None)
    head_gender = ""
    if head is not None:
        head_nominative = token_nominative(head.text, head.pos, head.feats)
        parsed = _best_nominative(head_nominative)
        head_gender = str(parsed.tag.gender) if parsed is not None and parsed.tag.gender else ""
        head_gender = abbreviation_gender(head_nominative) or head_gender  # «Тихоморское УФАС»
    for token in tokens:
        if not changing or token.pos not in _UD_POS:
            words.append(token.text)
            if kind == "ORG" and token.pos in {"NOUN", "PROPN"}:
                changing = False
            continue
        gender = head_gender if token.pos == "ADJ" else ""
        feats = token.feats
        if token.pos == "ADJ" and head is not None and token.start < head.start and head.feats.get("Case"):
            feats = {**feats, "Case": head.feats["Case"]}  # it agrees with its noun: «Тихоморской ... больницы»
        words.append(token_nominative(token.text, token.pos, feats, gender))
        if kind == "ORG" and token.pos in {"NOUN", "PROPN"}:
            changing = False
    if kind == "PER":
        words = surname_agreeing(words)
    return restore_yo(_spaced(words, tokens), _spaced([t.text for t in tokens], tokens))


_FEMININE_SURNAME = re.compile(r"(?:ов|ев|ёв|ин|ын)а$")
_MASCULINE_SURNAME = re.compile(r"(?:ов|ев|ёв|ин|ын)$")


def surname_agreeing(words: list[str]) -> list[str]:
    """A surname in «-ов / -ин» takes its first name's gender: «(сменил) Евгения Ромашина» is «Евгений
    Ромашин», not «Евгений Ромашина» (the tagger may read the surname alone as a woman's)."""
    if len(words) < 2 or not words[0][:1].isupper():
        return words
    genders = {str(p.tag.gender) for p in morph().parse(words[0]) if "Name" in p.tag and "nomn" in p.tag}
    last = words[-1]
    if genders == {"masc"} and _FEMININE_SURNAME.search(last):
        return [*words[:-1], last[:-1]]
    if genders == {"femn"} and _MASCULINE_SURNAME.search(last):
        return [*words[:-1], last + "а"]
    return words


def _spaced(words: list[str], tokens) -> str:
    """Words joined as their tokens stand in the text: «Н. А. Черкашина», not «Н . А . Черкашина»."""
    pairs = zip(tokens, tokens[1:], strict=False)
    glued = [getattr(t, "start", 1) == getattr(before, "stop", 0) for before, t in pairs]
    return "".join(w if i == 0 or glued[i - 1] else f" {w}" for i, w in enumerate(words))


def _as_adjective(token, tokens):
    """A capitalized adjective the tagger took for a name before the noun of its span («Главой
    Кимрского муниципального округа» tags «Кимрского» a proper noun): an adjective, when every
    likeliest reading of the word is one and the parser attached it as a modifier (or it has no
    reading as a name)."""
    # the noun may be an abbreviation the tagger also takes for a name («Кимрского УФАС»), and
    # then the parser hangs the adjective on it as a genitive owner: the abbreviation settles it
    after = [t for t in tokens if t.start > token.start]
    before_abbreviation = any(t.pos == "PROPN" and abbreviation_gender(t.text) for t in after)
    if token.pos != "PROPN" or not (before_abbreviation or any(t.pos == "NOUN" for t in after)):
        return token
    readings = morph().parse(token.text)
    named = any({"Name", "Surn", "Patr"} & p.tag.grammemes for p in readings)
    if readings[0].tag.POS != "ADJF" or (named and token.rel != "amod" and not before_abbreviation):
        return token
    copy = type(token)(**{name: getattr(token, name) for name in token.__attributes__})  # a natasha record
    copy.pos = "ADJ"
    return copy


def syntax_normal_form(tokens) -> str:
    """Nominative form of a phrase given as Natasha tokens (head and its adjectives inflected)."""
    from natasha.norm import syntax_normalize

    return " ".join(syntax_normalize(natasha().morph_vocab, tokens).split())


@lru_cache(maxsize=1)
def morph() -> pymorphy3.MorphAnalyzer:
    return _RememberingAnalyzer()


class _RememberingAnalyzer(pymorphy3.MorphAnalyzer):
    """pymorphy3's analyzer, remembering its readings of the words it was last asked about: the
    grammars ask about the same names and nouns sentence after sentence. Each call gets its own
    list of the (immutable) readings."""

    def __init__(self):
        super().__init__()
        self._readings = lru_cache(maxsize=100_000)(self._read)

    def parse(self, word):
        return list(self._readings(word))

    def _read(self, word: str) -> tuple:
        return tuple(super().parse(word))


def fold(text: str) -> str:
    """Case- and ё-insensitive form used for comparisons."""
    return text.lower().replace("ё", "е")


def words(text: str) -> list[str]:
    return [t.text for t in tokens.tokenize(text) if _WORD_RE.fullmatch(t.text)]


@lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    if word.isdigit():
        return word
    return analysis(word)[0]


@lru_cache(maxsize=200_000)
def analysis(word: str) -> tuple[str, frozenset[str], str | None]:
    """What the stages ask pymorphy3 of a word, from one lookup: its likeliest lemma, every lemma it
    can be read as (folded) and the part of speech of its likeliest reading."""
    parses = morph().parse(word)
    lemmas_ = [fold(p.normal_form) for p in parses]
    if any(p.tag.POS == "ADJF" and _STRESSED_ENDING.search(f) for p, f in zip(parses, lemmas_, strict=True)):
        known = parses[0].is_known
        lemmas_ = [_unstressed_ending(f, p.tag.POS, known) for p, f in zip(parses, lemmas_, strict=True)]
    return lemmas_[0], frozenset(lemmas_), parses[0].tag.POS


# An oblique form of an adjective pymorphy3 does not know («Тихоморского», «Приозёрного») does not tell
# «-ий»/«-ый» from the stressed «-ой», and its guess follows whatever known word ends alike («морской»),
# so the nominative and the genitive of one name would get two lemmas. Unknown words take the
# unstressed ending, the commoner one; known ones («морской», «донской») keep their own.
_STRESSED_ENDING = re.compile(r"(?<=[а-я])ой$")


def _unstressed_ending(lemma_: str, pos: str | None, known: bool) -> str:
    if known or pos != "ADJF" or not _STRESSED_ENDING.search(lemma_):
        return lemma_
    return lemma_[:-2] + ("ий" if lemma_[-3] in "кгхжшщч" else "ый")


def is_word(token: str) -> bool:
    """A token `words` keeps: letters or digits, with inner hyphens or apostrophes."""
    return _WORD_RE.fullmatch(token) is not None


def joined_digit_groups(text: str) -> str:
    """Numbers written with thin or plain spaces between digit groups, joined ("2 139" -> "2139")."""
    return re.sub(r"(?<=\d)[\s\u00a0\u202f](?=\d{3}\b)", "", text)


def lemmas(text: str) -> list[str]:
    """Lemmas of the words of `text`; numbers written with thin or plain spaces are joined ("2 139")."""
    return [lemma(w) for w in words(joined_digit_groups(text))]


@lru_cache(maxsize=200_000)
def lemma_key(text: str) -> str:
    """The lemmas of `text` joined by spaces: the key names and answers are compared by (remembered,
    since the filters ask it of the same names question after question)."""
    return " ".join(lemmas(text))


_FUNCTION_POS = {"PREP", "CONJ", "PRCL", "INTJ", "NPRO", "PRED"}


@lru_cache(maxsize=100_000)
def is_content_lemma(lemma_: str) -> bool:
    """A lemma that carries meaning for retrieval: not a function word, a number counts."""
    if any(ch.isdigit() for ch in lemma_):
        return True
    return analysis(lemma_)[2] not in _FUNCTION_POS and len(lemma_) > 1


# --- inflection -------------------------------------------------------------------------------

_NOMINAL = {"NOUN", "ADJF", "PRTF", "NUMR"}


_NAME_GRAMMEMES = {"Name", "Surn", "Patr"}


def _best_nominative(word: str, person: bool = False):
    """The most likely nominative reading; for people, a first name, surname or patronymic."""
    parses = [p for p in morph().parse(word) if p.tag.POS in _NOMINAL and p.tag.case == "nomn"]
    names = [p for p in parses if _NAME_GRAMMEMES & p.tag.grammemes]
    others = [p for p in parses if not _NAME_GRAMMEMES & p.tag.grammemes]
    parses = (names or others) if person else (others or names)
    return parses[0] if parses else None


def _restore_case(original: str, new: str) -> str:
    """Give `new` the capitalization of `original`, part by part for hyphenated words, and letter
    by letter over the stem they share («АкваРемСтроя» -> «АкваРемСтрой», as the company writes it)."""
    if original.isupper() and len(original) > 1:
        return new.upper()
    old_parts, new_parts = original.split("-"), new.split("-")
    if len(old_parts) != len(new_parts):
        old_parts, new_parts = [original], [new]
    return "-".join(_restore_part_case(o, n) for o, n in zip(old_parts, new_parts, strict=True))


def _restore_part_case(original: str, new: str) -> str:
    letters = list(new[:1].upper() + new[1:] if original[:1].isupper() else new)
    for index, (old, letter) in enumerate(zip(original, new, strict=False)):
        if old.lower() != letter.lower():
            break
        if old.isupper():
            letters[index] = letter.upper()
    return "".join(letters)


_ADJECTIVE_ENDINGS = ("ая", "яя", "ий", "ый", "ой", "ое", "ее", "ие", "ые")


def _adjective_reading(word: str):
    for candidate in (word, word.lower()):
        for parse in morph().parse(candidate):
            if parse.tag.POS == "ADJF" and parse.tag.case == "nomn":
                return parse
    return None


def inflect_phrase(phrase: str, case: str, *, person: bool = False) -> str:
    """Put a nominative noun phrase into `case` (pymorphy3 grammeme: gent, datv, accs, ablt, loct).

    Inflects the leading run of nominative adjectives and nouns (all parts of a person's name
    when `person`); quoted names, genitive modifiers and abbreviations stay as they are.
    """
    if case in {"nomn", "", "date"}:
        return phrase
    animacy = "anim" if person or is_animate(phrase) else "inan"
    tokens = phrase.split(" ")
    out: list[str] = []  # the inflected leading run; the tokens after it stay as written
    seen_noun = False
    for position, token in enumerate(tokens):
        parse = _inflectable_reading(token, person, followed=position + 1 < len(tokens))
        if parse is None:
            break
        name_part = person or bool(_NAME_GRAMMEMES & parse.tag.grammemes)
        if seen_noun and not name_part:
            break  # a modifier after the head noun
        inflected = parse.inflect(_target_grammemes(parse, case, animacy))
        out.append(_kept_e(token, _restore_case(token, inflected.word)) if inflected else token)
        if parse.tag.POS == "NOUN":
            seen_noun = True
            if not name_part:
                break
    return " ".join(out + tokens[len(out) :])


def _kept_e(original: str, new: str) -> str:
    """`new` with «е» wherever `original` writes «е» and the dictionary put «ё»: «Вельозерская» ->
    «Вельозерской», never «Вельозёрской» (the name is written as its texts write it)."""
    return "".join(
        ("е" if c == "ё" else "Е") if c in "ёЁ" and i < len(original) and original[i] in "еЕ" else c
        for i, c in enumerate(new)
    )


def _inflectable_reading(token: str, person: bool, *, followed: bool):
    """The nominative reading of a plain word that may be inflected; None for a quoted or bracketed
    part, an abbreviation, a number or a word with no nominative reading."""
    bare = token.strip("«»\"()")
    if not bare or token != bare or bare.isupper() or not bare.replace("-", "").isalpha():
        return None
    parse = _best_nominative(bare, person)
    if parse is not None and parse.tag.POS == "NOUN" and not person and followed and bare.endswith(_ADJECTIVE_ENDINGS):
        # "Тверская область": a place name that is also an adjective modifies the next noun
        parse = _adjective_reading(bare) or parse
    return parse


def _target_grammemes(parse, case: str, animacy: str) -> set[str]:
    """The grammemes of a word in `case`: its number and, for adjectives, gender and animacy."""
    is_noun = parse.tag.POS == "NOUN"
    grammemes = {case}
    if parse.tag.number:
        grammemes.add(str(parse.tag.number))
    if not is_noun and parse.tag.gender:
        grammemes.add(str(parse.tag.gender))
    if not is_noun and case == "accs" and (parse.tag.gender == "masc" or parse.tag.number == "plur"):
        grammemes.add(animacy)  # "Каменногорский комбинат" stays, "Олега" changes
    return grammemes


def grammatical_gender(phrase: str) -> str:
    """Gender (masc/femn/neut) or 'plur' of a nominative phrase's first noun; masc when unknown."""
    for token in phrase.split(" "):
        bare = token.strip('«»"()')
        if not bare.isalpha():
            continue
        if abbreviation_gender(bare):
            return abbreviation_gender(bare)
        parse = _best_nominative(bare)
        if parse is None or parse.tag.POS != "NOUN":
            continue
        if parse.tag.number == "plur":
            return "plur"
        return str(parse.tag.gender or "masc")
    return "masc"


def can_be_dative(word: str, lemma_: str) -> bool:
    """True when `word` is also a dative form of `lemma_` ("компании": genitive or dative)."""
    return any(p.tag.case == "datv" and fold(p.normal_form) == fold(lemma_) for p in morph().parse(word))


def is_animate(phrase: str) -> bool:
    for token in phrase.split(" "):
        bare = token.strip('«»"()')
        parse = _best_nominative(bare) if bare.isalpha() else None
        if parse is not None and parse.tag.POS == "NOUN":
            return "anim" in parse.tag
    return False


@lru_cache(maxsize=10_000)
def verb_form(verb_lemma: str, gender: str = "masc") -> str:
    """A finite form for questions: past tense for perfective verbs, present for imperfective.

    `gender` is the subject's gender (masc/femn/neut) or 'plur'.
    """
    parses = [p for p in morph().parse(verb_lemma) if p.tag.POS == "INFN"]
    if not parses:
        return verb_lemma
    parse = parses[0]
    number = "plur" if gender == "plur" else "sing"
    if parse.tag.aspect == "impf":
        form = parse.inflect({"pres", "3per", number})
    else:
        grammemes = {"past", "plur"} if number == "plur" else {"past", gender, "sing"}
        form = parse.inflect(grammemes)
    return form.word if form else verb_lemma


def inflect_adjective(adjective: str, gender: str, case: str, animate: bool = False) -> str:
    """Inflect an adjective-like word such as 'который' or 'какой' for gender, number and case."""
    parse = morph().parse(adjective)[0]
    grammemes = {case}
    if gender == "plur":
        grammemes.add("plur")
    else:
        grammemes |= {gender, "sing"}
    if case == "accs" and (gender in {"masc", "plur"}):
        grammemes.add("anim" if animate else "inan")
    form = parse.inflect(grammemes)
    return form.word if form else adjective


# --- orthography of prepositions --------------------------------------------------------------

# «с» and «в» take a vowel before a cluster that starts like them: «со стартапом», «во Владимире».
PREPOSITION_VOWEL = {"с": "сзшжщ", "в": "вф"}
_VOWELS = "аеёиоуыэюяьъ"
_PREPOSITION_BEFORE_WORD = re.compile(r"(?<![\w-])([СсВв])\s+([«\"]?)([А-Яа-яЁё])([А-Яа-яЁё])")


def needs_vowel(preposition: str, word: str) -> bool:
    """Does «с»/«в» before `word` become «со»/«во»?"""
    word = word.lower().lstrip("«\"")
    clusters = PREPOSITION_VOWEL.get(preposition.lower(), "")
    return len(word) > 1 and word[0] in clusters and word[1] not in _VOWELS


def with_preposition_vowels(text: str) -> str:
    """«подписала соглашение с стартапом» -> «... со стартапом»."""

    def repair(match: re.Match) -> str:
        preposition, quote, first, second = match.groups()
        if not needs_vowel(preposition, first + second):
            return match.group(0)
        return f"{preposition}о {quote}{first}{second}"

    return _PREPOSITION_BEFORE_WORD.sub(repair, text)


# --- the gender of an abbreviation ----------------------------------------------------------------

# An abbreviation read letter by letter takes the gender of its head word, which the dictionary
# does not know: «ГКУ» is an «учреждение» («ГКУ «Дирекция» подало иск»), «УФАС» an «управление»
# («Тихоморское УФАС отклонило жалобу»), «ЦРБ» a «больница», «ЦБК» a «комбинат».
_ABBREVIATION_HEADS = {
    "neut": "ооо оао зао ао пао нао муп гуп фгуп нпо нпп гбу гбуз мбу мау гау фгбу фгбоу мку гку фку мбоу "
    "маоу мадоу мбдоу гбоу гбпоу гапоу кфх мвд мчс умвд жкх",
    "femn": "ано нко гк фас фнс фсб фсин гибдд црб цгб црбп гкб тэц гэс аэс грэс",
    "masc": "спк цбк гок мфц нии вуз тюз",
}
_ABBREVIATION_GENDERS = {word: gender for gender, words in _ABBREVIATION_HEADS.items() for word in words.split()}
# «Управление Федеральной ... службы»: «УФАС», «УФНС», «УФСИН», «УФССП» are all an «управление».
_FEDERAL_OFFICE = re.compile(r"УФ[А-ЯЁ]{2,4}")


def abbreviation_gender(word: str) -> str | None:
    """The gender of an abbreviation by its head word, or None when unknown; a known one may come in
    small letters, as a class noun does («гку»)."""
    if not word.isalpha():
        return None
    return _ABBREVIATION_GENDERS.get(word.lower()) or ("neut" if _FEDERAL_OFFICE.fullmatch(word) else None)
