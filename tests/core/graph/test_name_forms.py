"""The nominative of a name the dictionary does not know, read from how the month writes it."""

from dagster_project.core.extraction.triplets import RawTriplet, triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets


def _fact(subject, written, normal, *, article="a1", index=0) -> RawTriplet:
    return RawTriplet(
        article_id=article, subject=subject, relation="heads", object=written, extractor="test",
        sentence_index=index, sentence="", subject_normal=subject, subject_type="PER", subject_descriptor="",
        verb="возглавлять", complement="", preposition="", case="accs", object_normal=normal,
        object_type="ORG", object_descriptor="ооо",
    )  # fmt: skip


def test_a_name_quoted_after_its_legal_form_is_the_nominative_the_dictionary_misreads():
    # «Тальмост-Ярга» is unknown to the dictionary, which reads «Ярга» as a genitive of «Ярг»
    raw = triplets_frame([
        _fact("Олег Ким", "Тальмост-Ярга", "Тальмост-Ярг", article="a1"),
        _fact("Олег Ким", "«Тальмост-Ярги»", "Тальмост-Ярги", article="a2"),
        _fact("Олег Ким", "ООО «Тальмост-Ярга»", "Тальмост-Ярга", article="a3"),
    ])  # fmt: skip
    frame = normalize_triplets(raw, {})
    assert frame["object_key"].nunique() == 1
    assert set(frame["canonical_object"]) == {"Тальмост-Ярга"}


def test_a_name_after_a_preposition_is_no_apposition():
    raw = triplets_frame([
        _fact("Олег Ким", "Бергранит", "Бергранит", article="a1"),
        _fact("Олег Ким", "у «Бергранита»", "Бергранита", article="a2"),
    ])  # fmt: skip
    assert set(normalize_triplets(raw, {})["canonical_object"]) == {"Бергранит"}


def _place_fact(subject, written, normal, sentence, *, article="a1") -> RawTriplet:
    return RawTriplet(
        article_id=article, subject=subject, relation="took_place_in", object=written, extractor="test",
        sentence_index=0, sentence=sentence, subject_normal=subject, subject_type="EVENT", subject_descriptor="",
        verb="пройти", complement="", preposition="в", case="loct", object_normal=normal,
        object_type="LOC", object_descriptor="",
    )  # fmt: skip


def test_a_town_takes_the_nominative_whose_paradigm_covers_the_forms_the_month_writes():
    # «в Тальгане» reads as a feminine «Тальгана»; the month also writes «Тальган», which only «Тальган» has
    sentences = ["Форум «Тальга-Инвест» прошёл в Тальгане.", "Ярмарка прошла в Тальгане, мэр Тальгана доволен.",
                 "Тальган принял гостей."]  # fmt: skip
    raw = triplets_frame([
        _place_fact("Тальга-Инвест", "Тальгане", "Тальгана", sentences[0]),
        _place_fact("Ярмарка", "Тальгане", "Тальгана", sentences[1], article="a2"),
        _place_fact("Парад", "Тальгане", "Тальгана", sentences[2], article="a3"),
    ])  # fmt: skip
    assert set(normalize_triplets(raw, {})["canonical_object"]) == {"Тальган"}


def test_without_a_form_only_another_paradigm_has_the_town_keeps_its_name():
    sentences = ["Форум прошёл в Тальгане.", "Мэр Тальгана доволен."]
    raw = triplets_frame([
        _place_fact("Форум", "Тальгане", "Тальгана", sentences[0]),
        _place_fact("Ярмарка", "Тальгане", "Тальгана", sentences[1], article="a2"),
    ])  # fmt: skip
    assert set(normalize_triplets(raw, {})["canonical_object"]) == {"Тальгана"}
