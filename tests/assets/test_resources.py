"""Resources built from the environment."""

import pytest


def test_llm_configuration_from_the_environment_and_a_missing_model_is_a_clear_error():
    from dagster import EnvVar

    from dagster_project.resources import LLMResource, build_resources

    resources = build_resources(
        {"RAGBENCH_LLM_BASE_URL": "http://127.0.0.1:9/v1", "RAGBENCH_LLM_MODEL": "big",
         "RAGBENCH_LLM_QA_MODEL": "qa-small", "RAGBENCH_LLM_MAX_WORKERS": "8", "RAGBENCH_LLM_RPM": "120",
         "RAGBENCH_CLOSED_BOOK_MODELS": "a, b", "RAGBENCH_JUDGE_CRITERIA": "grammar,clarity"}
    )  # fmt: skip
    llm = resources["llm"]
    assert llm.is_configured and llm.max_workers == 8 and llm.requests_per_minute == 120
    assert (llm.model_for("extraction"), llm.model_for("qa"), llm.model_for("judge")) == ("big", "qa-small", "big")
    assert llm.closed_book_models == ["a", "b"]
    assert resources["benchmark"].thresholds()["judge_criteria"] == ["grammar", "clarity"]
    with pytest.raises(ValueError, match="RAGBENCH_LLM_MODEL"):
        LLMResource(base_url="http://127.0.0.1:9/v1").model_for("extraction")
    with pytest.raises(ValueError, match="RAGBENCH_LLM_MAX_WORKERS"):
        build_resources({"RAGBENCH_LLM_MAX_WORKERS": "many"})
    assert isinstance(LLMResource(api_key=EnvVar("RAGBENCH_LLM_API_KEY")).api_key, EnvVar)
