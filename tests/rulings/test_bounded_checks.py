"""The site's side of bounded checking: one parse per save and per drawing, the live check's
rate limit, texts over the step cap, and results cut short by the time budget never kept."""

import time

import pytest
from mahjong_rules.scenarios import parsing, runner
from mahjong_rules.scenarios.parsing import MAX_STEPS

from rulings import checks
from rulings.forms import ScenarioForm
from rulings.models import Scenario
from rulings.views import LIVE_CHECKS
from tests.rulings.conftest import CALLING, SCENARIO_CHECKS, forget_everything

pytestmark = SCENARIO_CHECKS

CHECK = "/scenarios/check/"


@pytest.fixture
def parses(monkeypatch):
    """Every run of the Gherkin parser, from a cold start (nothing parsed or cached yet)."""
    seen = []
    original = parsing.Parser.parse

    def counted(self, *args, **kwargs):
        seen.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(parsing.Parser, "parse", counted)
    parsing.recent.clear()
    forget_everything()
    return seen


def test_saving_a_new_scenario_parses_its_text_once(article, parses):
    form = ScenarioForm({"slug": "calling", "text": CALLING, "summary": "New"})
    assert form.is_valid(), form.errors
    scenario = form.save()
    assert scenario.title == "Calling a discard"
    assert list(scenario.articles.values_list("key", flat=True)) == ["nmjl-calling"]
    assert len(parses) == 1


def test_saving_an_edit_parses_the_new_text_once(article, parses):
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    parsing.recent.clear()
    parses.clear()
    text = CALLING.replace("A pair lets you call", "A pair calls")
    form = ScenarioForm({"text": text, "summary": "Shorter"}, instance=scenario)
    assert form.is_valid(), form.errors
    form.save()
    assert len(parses) == 1


def test_drawing_a_scenario_parses_its_text_once(article, parses):
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    parsing.recent.clear()
    forget_everything()
    parses.clear()
    [(html, statuses)] = checks.drawings_for([scenario], article_key="nmjl-calling")
    assert statuses == ["passed", "passed"]
    assert "A pair lets you call" in html
    assert len(parses) == 1


@pytest.fixture
def one_window(monkeypatch):
    """The limit counts in fixed windows of LIVE_CHECK_WINDOW seconds; a test's thirteen checks
    on a busy machine could straddle a boundary and start a fresh count, so the window is made
    a day long here."""
    monkeypatch.setattr("rulings.views.LIVE_CHECK_WINDOW", 86_400)


def test_the_live_check_refuses_a_user_checking_faster_than_anyone_types(
    client, editor, one_window
):
    client.force_login(editor)
    for _ in range(LIVE_CHECKS):
        assert client.post(CHECK, {"text": CALLING}).status_code == 200
    response = client.post(CHECK, {"text": CALLING})
    assert response.status_code == 429
    assert response.json()["error"].startswith("Checking paused")
    assert response["Retry-After"]


def test_the_check_button_counts_with_the_live_check_and_says_when_it_paused(
    client, editor, article, one_window
):
    Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    client.force_login(editor)
    for _ in range(LIVE_CHECKS):
        client.post(CHECK, {"text": CALLING})
    response = client.post(
        "/scenarios/calling/edit/", {"text": CALLING, "action": "check", "summary": ""}
    )
    assert response.status_code == 200
    assert response.context["report"]["summary"].startswith("Checking paused")
    assert "Checking paused" in response.content.decode()


def test_the_live_check_limit_is_per_user(client, editor, django_user_model, one_window):
    client.force_login(editor)
    for _ in range(LIVE_CHECKS + 1):
        client.post(CHECK, {"text": CALLING})
    other = django_user_model.objects.create_user("other-editor", password="pw-for-tests")
    other.groups.add(*editor.groups.all())
    client.force_login(other)
    assert client.post(CHECK, {"text": CALLING}).status_code == 200


def test_a_text_over_the_step_limit_cannot_be_saved(article):
    rows = "".join(f"|{n % 9 + 1}D|\n" for n in range(MAX_STEPS // 2 + 1))
    text = (
        "@article:nmjl-calling\nFeature: Too long\n  Scenario Outline: o\n"
        "    Given West holds <t>\n    When West calls 7D\n    Examples:\n|t|\n" + rows
    )
    form = ScenarioForm({"slug": "too-long", "text": text})
    assert not form.is_valid()
    assert f"{MAX_STEPS + 2:,} steps" in " ".join(form.errors["text"])


def test_a_result_cut_short_by_the_time_budget_is_shown_but_never_cached(monkeypatch, runs):
    original = runner.run_text

    def no_time_at_all(text, *args, **kwargs):
        kwargs.update(budget=-1.0)  # already late: nothing is checked
        return original(text, *args, **kwargs)

    monkeypatch.setattr(runner, "run_text", no_time_at_all)
    first = checks.results_for(CALLING)
    assert first.out_of_time
    assert all("took longer than" in s.message for s in first.scenarios)
    again = checks.results_for(CALLING)
    assert again is not first  # run again, not read from the cache
    assert checks.remembered.get_many([checks.result_key(CALLING)]) == {}


def test_a_save_past_its_warming_deadline_leaves_the_drawings_to_the_first_reader(article):
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    forget_everything()
    checks.warm_drawing(scenario, deadline=time.monotonic() - 1)
    key = checks.drawing_key(scenario, None, "nmjl-calling")
    assert checks.remembered.get_many([checks.result_key(CALLING)])  # the result is kept
    assert checks.remembered.get_many([key]) == {}
    [(html, statuses)] = checks.drawings_for([scenario], article_key="nmjl-calling")
    assert statuses == ["passed", "passed"]
    assert checks.remembered.get_many([key])  # drawn, and kept, when first read


def test_a_save_within_its_warming_deadline_draws_ahead_of_readers(article):
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    forget_everything()
    checks.warm_drawing(scenario, deadline=time.monotonic() + 60)
    assert checks.remembered.get_many([checks.drawing_key(scenario, None, "nmjl-calling")])


def test_a_stored_result_an_older_release_wrote_is_worked_out_again_not_a_server_error(
    client, article, editor
):
    """A result pickled with a class that has since moved no longer reads: the page is
    still drawn (the check run again) and the unreadable entry is replaced."""
    import pickle

    from django.core.cache import cache
    from mahjong_rules.scenarios.results import FeatureResult

    client.force_login(editor)  # a signed-in page is drawn each time, never the page cache
    Scenario.objects.create(slug="calling", title="Calling", text=CALLING)
    assert client.get("/scenarios/calling/").status_code == 200
    stored = cache._cache  # LocMemCache's own store (config/test_settings.py)
    keys = [k for k, v in stored.items() if isinstance(pickle.loads(v), FeatureResult)]
    assert keys, "the drawing stored its check's result"
    moved = b"\x80\x04cno_such_module.moved\nResult\n."  # a class an older release had
    for key in list(stored):  # the results unreadable; the drawings made from them gone
        if key in keys:
            stored[key] = moved
        else:
            cache._delete(key)  # (its expiry too)
    checks.remembered.clear()  # a new process: nothing in memory
    response = client.get("/scenarios/calling/")
    assert response.status_code == 200 and "A pair lets you call" in response.content.decode()
    assert all(stored.get(key) != moved for key in keys)
