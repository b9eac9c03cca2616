"""The scenario pages: list, one scenario, and the step reference drawn from the registry."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from mahjong_rules.scenarios.registry import PARAMETER_TYPES

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS


@pytest.fixture
def calling(article):
    return Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)


def test_scenario_page_shows_the_drawing_the_text_and_its_articles(client, calling):
    response = client.get(reverse("rulings:scenario", args=["calling"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Calling a discard</h1>" in html
    assert '<a href="/articles/nmjl-calling/">' in html
    assert 'title="confirmed">✓' in html
    assert "Given West holds 7D 7D" in html  # the text itself, under "The text"
    assert "Edit this scenario" not in html


def test_scenario_page_offers_editing_to_editors(client, calling, editor):
    client.force_login(editor)
    html = client.get(calling.get_absolute_url()).content.decode()
    assert reverse("rulings:scenario-edit", args=["calling"]) in html


def test_unknown_scenario_is_not_found(client, db):
    assert client.get("/scenarios/no-such-thing/").status_code == 404


def test_scenario_list_names_each_scenario_with_its_counts(client, calling):
    html = client.get(reverse("rulings:scenario-list")).content.decode()
    assert "Calling a discard" in html
    assert "2 checks, all confirmed" in html
    assert '<a href="/articles/nmjl-calling/">' in html and "2 pass" not in html


def test_step_reference_lists_every_phrase_of_the_registry(client, fake_engine):
    html = client.get(reverse("rulings:steps")).content.decode()
    phrases = fake_engine.registry.phrases()
    assert len(phrases) == 4
    for phrase in phrases:
        assert f"<code>{phrase.text}</code>" in html
        assert phrase.example in html
        assert phrase.help in html
    for name, _pattern, _transform, doc in PARAMETER_TYPES:
        assert f"<code>{{{name}}}</code>" in html
        assert doc.replace("'", "&#x27;") in html


def test_scenario_page_is_served_from_the_page_cache_until_it_changes(client, calling):
    url = calling.get_absolute_url()
    assert client.get(url)["X-Page-Cache"] == "miss"
    assert client.get(url)["X-Page-Cache"] == "hit"
    calling.text = CALLING.replace("A pair lets you call", "Two alike let you call")
    calling.save()
    response = client.get(url)
    assert response["X-Page-Cache"] == "miss"
    assert "Two alike let you call" in response.content.decode()


def test_step_reference_lists_every_phrase_the_real_checker_knows(client, monkeypatch):
    from mahjong_rules.scenarios import phrasebook, runner

    engine = runner.Engine(phrasebook.REGISTRY, phrasebook.new_world, None)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    html = client.get(reverse("rulings:steps")).content.decode()
    phrases = phrasebook.REGISTRY.phrases()
    assert len(phrases) > 40
    for phrase in phrases:
        assert escape(phrase.text) in html, phrase.text
        assert escape(phrase.example) in html, phrase.example


def test_only_editors_are_offered_a_new_scenario(client, calling, editor):
    create = reverse("rulings:scenario-create")
    assert create not in client.get(reverse("rulings:scenario-list")).content.decode()
    client.force_login(editor)
    assert create in client.get(reverse("rulings:scenario-list")).content.decode()


def test_admin_lists_and_shows_scenarios_with_the_links_from_their_tags(client, calling):
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_superuser("admin", password="pw-for-tests"))
    assert client.get("/admin/rulings/scenario/").status_code == 200
    page = client.get(f"/admin/rulings/scenario/{calling.pk}/change/")
    assert page.status_code == 200
    assert "nmjl-calling" in page.content.decode()
    assert client.get(f"/admin/rulings/scenario/{calling.pk}/history/").status_code == 200


def test_step_reference_lists_the_dated_rules_and_readings_phrases_with_every_readings_name(
    client, monkeypatch
):
    from mahjong_rules.engine.options import OPTIONS
    from mahjong_rules.scenarios import phrasebook, runner

    engine = runner.Engine(phrasebook.REGISTRY, phrasebook.new_world, None)
    monkeypatch.setattr(runner, "default_engine", lambda: engine)
    html = client.get(reverse("rulings:steps")).content.decode()
    assert escape("the League rules as of {date}") in html
    assert escape('the reading "{reading}" of "{name}"') in html
    for option in OPTIONS.values():
        for reading in option.readings:
            assert reading.name in html, reading.name
