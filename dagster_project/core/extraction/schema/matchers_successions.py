"""Successions said with «сменить ... на посту» in the forms news uses, and who led a district named
before, found by the December audit.

- The one replaced hangs on the post: «Артём Пичугин сменил на посту Анатолия Гуляева» (the parser
  takes «Анатолия Гуляева» for the post's owner, though a post with no role noun has none).
- A gerund or a participle on the new one: «Олег Мезенцев возглавил порт, сменив на посту Геннадия
  Чиркова», «был назначен директором, сменив Петрова на этом посту», «Иван Лаптев, сменивший на
  посту Петра Орлова, ...».
- A pronoun right after the appointment: «Совет директоров назначил директором Олега Мезенцева. Он
  сменил на посту Геннадия Чиркова» — a body («совет», «правительство») holds no post, so only a
  person can be meant by «он».

-> succeeded(new, former). Both are people; the sentence names exactly one person replaced; a
future («сменит»), a negation, a plan («может сменить») gives nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument, pronoun_argument
from .lexicon import ANAPHORIC_PLACE_SYNONYMS
from .matchers_people import _planned, finished_verbs
from .relations import PERSON

Fact = tuple[str, Argument, Argument]

_PEOPLE = frozenset({PERSON})
_POSTS = frozenset({"пост", "должность"})
_SUBJECT_RELS = ("nsubj", "nsubj:pass")


class PostSuccessions:
    """«X сменил на посту Y», «сменив на посту Y», «X, сменивший на посту Y» -> succeeded(X, Y)."""

    triggers = frozenset({"сменить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma != "сменить" or not _done(verb) or sentence.negated(verb):
                continue
            post = _post_of(sentence, verb)
            if post is None:
                continue
            new = _new_holder(sentence, verb)
            former = _replaced(sentence, verb, post)
            if new is not None and former is not None and new.normal != former.normal:
                yield "succeeded", new, former


def _done(verb) -> bool:
    """A finished past: a finite verb, a past participle or a perfective gerund («сменив»)."""
    feats = verb.feats
    if feats.get("Aspect") != "Perf" or feats.get("Voice", "Act") not in {"Act", "Mid"}:
        return False
    form = feats.get("VerbForm")
    if form == "Conv":
        return True
    return form in {"Fin", "Part"} and feats.get("Tense") == "Past"


def _post_of(sentence: ParsedSentence, verb):
    """The verb's own «на посту | должности»."""
    for child in sentence.kids(verb, "obl"):
        if child.lemma in _POSTS and child.feats.get("Case") == "Loc" and sentence.preposition(child) == "на":
            return child
    return None


def _new_holder(sentence: ParsedSentence, verb) -> Argument | None:
    """Who took the post: the verb's subject, the noun a participle qualifies, or the subject of
    the verb a gerund depends on («Мезенцев возглавил порт, сменив ...»)."""
    form = verb.feats.get("VerbForm")
    if form == "Part":
        head = sentence.head(verb) if verb.rel == "acl" else None
        return argument(sentence, head, _PEOPLE) if head is not None else None
    host = verb
    if form == "Conv":
        host = sentence.head(verb) if verb.rel == "advcl" else None
        # «возглавит порт, сменив ...»: the gerund shares its verb's time
        if host is None or host.feats.get("Tense") != "Past" or sentence.negated(host):
            return None
    subjects = [s for rel in _SUBJECT_RELS for s in sentence.kids(host, rel)]
    if len(subjects) != 1:
        return None
    subject = subjects[0]
    if subject.pos == "PRON" and subject.lemma in {"он", "она"}:
        return pronoun_argument(sentence, subject, people_only=True) or _just_appointed(sentence, subject)
    return argument(sentence, subject, _PEOPLE)


def _just_appointed(sentence: ParsedSentence, pronoun) -> Argument | None:
    """«Губернатор Иван Ли назначил министром Олега Рыбина. Он сменил на посту ...»: who takes a post
    right after an appointment is the appointee, not the one who appointed; only when the sentence
    before has one such appointment, its one appointee is of the pronoun's gender and no other
    person of that gender but the appointer is named there."""
    index = sentence.index
    gender = pronoun.feats.get("Gender")
    if index == 0 or gender is None or any(t.pos == "PROPN" for t in sentence.tokens if t.stop <= pronoun.start):
        return None
    article = sentence.article
    before = ParsedSentence(article.sentences[index - 1], article, index - 1)
    verbs = list(finished_verbs(before, {"назначить"}))
    if len(verbs) != 1 or _planned(before):
        return None
    # «назначил министром Олега Рыбина»: the parser may hang the appointee on the post
    heads = before.kids(verbs[0], "obj") + [
        c for post in before.kids(verbs[0], "xcomp") for c in before.kids(post, "appos", "nmod") if c.pos == "PROPN"
    ]
    appointees = [t for c in heads for t in before.conjuncts(c)]
    found = [a for a in (argument(before, t, _PEOPLE) for t in appointees) if a is not None]
    if len(appointees) != 1 or len(found) != 1 or appointees[0].feats.get("Gender") != gender:
        return None
    appointers = {id(article.span_of.get(t.id)) for s in before.kids(verbs[0], "nsubj") for t in before.subtree(s)}
    people = {
        id(span): span for t in before.tokens for span in [article.span_of.get(t.id)] if span and span.type == "PER"
    }
    others = [
        span
        for key, span in people.items()
        if key not in appointers
        and key != id(article.span_of.get(appointees[0].id))
        and {w.feats.get("Gender") for w in span.tokens} & {gender, None}
    ]
    return found[0] if not others else None


def _replaced(sentence: ParsedSentence, verb, post) -> Argument | None:
    """The one person replaced: the verb's direct object, or a person the parser hung on a post
    with no role noun («на посту Анатолия Гуляева», as its owner or apposition)."""
    heads = [c for c in sentence.kids(verb, "obj") if c.feats.get("Case") == "Acc"]
    hung = sentence.kids(post, "nmod", "appos")
    heads += [c for c in hung if c.pos == "PROPN" and c.feats.get("Case") in {"Acc", "Gen"}]
    found = {a.normal: a for h in heads for a in [argument(sentence, h, _PEOPLE)] if a is not None}
    if len(found) != 1 or any(len(sentence.conjuncts(h)) > 1 for h in heads):
        return None  # «сменил A и B»: who held which post is not said
    return next(iter(found.values()))


class PlacesLed:
    """«Анатолий Гуляев, который руководил округом с 2017 года», «Он возглавлял район 14 лет» after
    the article named the district -> formerly_headed(person, Омшанский муниципальный округ); «... ,
    который руководит районом» -> heads. The bare «округ», «район», «область» is the one place of its
    kind the article named before (matchers_posts.earlier_place); with two or none, nothing. A
    future («будет руководить»), a negation or a plan gives nothing."""

    triggers = frozenset({"руководить", "возглавлять"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active, _subject_heads  # matchers imports this module
        from .matchers_posts import earlier_place

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb) or verb.feats.get("VerbForm") != "Fin":
                continue
            relation = "heads" if _is_active(verb, "Pres", "Imp") else None
            relation = "formerly_headed" if _is_active(verb, "Past", "Imp") else relation
            places = [earlier_place(sentence, t) for t in _led_nouns(sentence, verb)]
            places = [p for p in places if p is not None]
            subjects = _subject_heads(sentence, verb)
            if relation is None or len(places) != 1 or len(subjects) != 1:
                continue
            subject = subjects[0]
            if subject.pos == "PRON" and subject.lemma in {"он", "она"}:
                person = pronoun_argument(sentence, subject, people_only=True)
            else:
                person = argument(sentence, subject, _PEOPLE)
            if person is not None:
                yield relation, person, places[0]


def _led_nouns(sentence: ParsedSentence, verb) -> list:
    """«руководил | округом» (instrumental), «возглавлял | район» (accusative), no preposition."""
    case = "Ins" if verb.lemma == "руководить" else "Acc"
    return [
        c
        for c in sentence.kids(verb, "obj", "obl")
        if c.lemma in ANAPHORIC_PLACE_SYNONYMS and c.feats.get("Case") == case and not sentence.preposition(c)
    ]


SUCCESSION_PATTERNS = (PostSuccessions(), PlacesLed())
