from pathlib import Path

import pytest

from deepref.worker.settings import Settings, redact_url

DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def test_every_setting_is_documented():
    text = DOC.read_text()
    missing = [name for name in Settings.model_fields if f"`DEEPREF_{name.upper()}`" not in text]
    assert not missing, f"document these in docs/configuration.md: {missing}"


def test_env_prefix_and_secrets(monkeypatch):
    monkeypatch.setenv("DEEPREF_LLM_API_KEY", "sk-very-secret")
    monkeypatch.setenv("DEEPREF_DENY_HOSTS", '["a.example"]')
    settings = Settings()
    assert settings.deny_hosts == ["a.example"]
    assert "sk-very-secret" not in repr(settings) and "sk-very-secret" not in settings.model_dump_json()


def test_invalid_values_are_rejected(monkeypatch):
    monkeypatch.setenv("DEEPREF_FETCH_CONCURRENCY", "0")
    with pytest.raises(ValueError, match="fetch_concurrency"):
        Settings()


def test_redact_url():
    assert redact_url("redis://:pw@host:6379/0") == "redis://:***@host:6379/0"
    assert redact_url("redis://user:pw@host/1") == "redis://user:***@host/1"
    assert redact_url("redis://host/1") == "redis://host/1"


def test_docker_compose_settings_are_valid(monkeypatch):
    """Every DEEPREF_ variable docker-compose sets is a known setting with a valid value."""
    import yaml

    compose = yaml.safe_load((DOC.parents[1] / "docker-compose.yml").read_text())
    for name, service in compose["services"].items():
        if name == "redis":
            continue
        env = {k: v for k, v in (service.get("environment") or {}).items() if k.startswith("DEEPREF_")}
        assert env, name
        unknown = [k for k in env if k.removeprefix("DEEPREF_").lower() not in Settings.model_fields]
        assert not unknown, (name, unknown)
        for key, value in env.items():
            monkeypatch.setenv(key, str(value))
        Settings()  # raises on a bad value
