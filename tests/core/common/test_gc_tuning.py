import gc

import pytest

from dagster_project.core.common.gc_tuning import FIRST_GENERATION_THRESHOLD, fewer_collections


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def test_the_youngest_generation_is_collected_less_often_and_the_older_ones_as_before(thresholds):
    gc.set_threshold(700, 10, 10)
    fewer_collections()
    assert gc.get_threshold() == (FIRST_GENERATION_THRESHOLD, 10, 10)


def test_a_higher_threshold_set_by_the_deployment_is_kept(thresholds):
    gc.set_threshold(FIRST_GENERATION_THRESHOLD * 5, 20, 30)
    fewer_collections()
    assert gc.get_threshold() == (FIRST_GENERATION_THRESHOLD * 5, 20, 30)


def test_the_pipeline_definitions_raise_it():
    import dagster_project.definitions  # noqa: F401  (importing them is what a run's process does)

    assert gc.get_threshold()[0] >= FIRST_GENERATION_THRESHOLD
