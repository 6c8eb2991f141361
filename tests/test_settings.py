"""settings.py is the one reader of the environment: defaults, parsing, clear errors, hidden secrets."""

import pytest

from dagster_project.cli import main
from dagster_project.core.release.hub.hf import HfHub
from dagster_project.core.release.hub.local import LocalHub
from dagster_project.settings import DEFAULT_HUB, Settings, SettingsError


def test_defaults_without_any_variable():
    settings = Settings.from_env({})
    assert settings.hub.location == DEFAULT_HUB
    assert isinstance(settings.hub.open(), LocalHub)
    assert not settings.llm.is_configured and settings.wikidata.endpoint is None
    assert settings.pipeline.top_k_per_type == 150
    assert settings.pipeline.judge_criteria[:2] == ["grammar", "clarity"]


def test_llm_options_are_parsed_and_per_stage_models_override_the_default():
    settings = Settings.from_env(
        {"RAGBENCH_LLM_BASE_URL": "http://127.0.0.1:9/v1", "RAGBENCH_LLM_MODEL": "big",
         "RAGBENCH_LLM_QA_MODEL": "qa-small", "RAGBENCH_LLM_MAX_WORKERS": "8", "RAGBENCH_LLM_RPM": "120",
         "RAGBENCH_CLOSED_BOOK_MODELS": "a, b,", "RAGBENCH_JUDGE_CRITERIA": "grammar,clarity", "RAGBENCH_TOP_K": ""}
    )  # fmt: skip
    llm = settings.llm
    assert llm.is_configured and llm.max_workers == 8 and llm.requests_per_minute == 120
    assert (llm.model_for("extraction"), llm.model_for("qa"), llm.model_for("judge")) == ("big", "qa-small", "big")
    assert llm.closed_book_models == ["a", "b"]
    assert settings.pipeline.judge_criteria == ["grammar", "clarity"]
    assert settings.pipeline.top_k_per_type == 150  # an empty value counts as unset


def test_an_endpoint_without_a_model_is_an_error_naming_the_variable():
    with pytest.raises(SettingsError, match="RAGBENCH_LLM_MODEL"):
        Settings.from_env({"RAGBENCH_LLM_BASE_URL": "http://127.0.0.1:9/v1", "RAGBENCH_LLM_QA_MODEL": "qa"})


@pytest.mark.parametrize(
    ("variable", "value"),
    [("RAGBENCH_TOP_K", "abc"), ("RAGBENCH_LLM_MAX_WORKERS", "many"), ("RAGBENCH_CLOSED_BOOK_THRESHOLD", "2")],
)
def test_a_malformed_value_is_one_error_naming_the_variable(variable, value):
    with pytest.raises(SettingsError) as error:
        Settings.from_env({variable: value})
    assert str(error.value).startswith(f"{variable}={value!r} is not valid")


def test_secrets_never_show_in_reprs_or_errors():
    secrets = {"RAGBENCH_LLM_API_KEY": "sk-settings-1", "HF_TOKEN": "hf_settings-2", "RAGBENCH_RELEASE_SECRET": "rel-3"}
    settings = Settings.from_env({**secrets, "RAGBENCH_HUB": "hf://ns"})
    for secret in secrets.values():
        assert secret not in repr(settings) and secret not in str(settings.model_dump())
    hub = settings.hub.open()
    assert isinstance(hub, HfHub) and "hf_settings-2" not in repr(hub)
    assert settings.pipeline.release_secret.get_secret_value() == "rel-3"


def test_the_cli_reports_a_bad_setting_in_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("RAGBENCH_HUB", str(tmp_path / "hub"))
    monkeypatch.setenv("RAGBENCH_TOP_K", "abc")
    assert main(["releases"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: RAGBENCH_TOP_K='abc' is not valid: Input should be a valid integer")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_every_hub_command_takes_the_hub_from_the_settings(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("RAGBENCH_HUB", str(tmp_path / "empty-hub"))
    assert main(["releases"]) == 0
    assert f"no releases in {tmp_path / 'empty-hub'}" in capsys.readouterr().out
    assert main(["baseline", "--version", "1.13.0", "--out", str(tmp_path / "b.json")]) == 2
    assert "1.13.0" in capsys.readouterr().err
