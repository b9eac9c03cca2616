"""Editing scenarios in the browser: who may, saving into history, conflicts, live checks."""

import pytest
from django.urls import reverse

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, MISTYPED, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS

CHECK = "/scenarios/check/"


@pytest.fixture
def calling(article):
    return Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)


def edit_url(slug="calling"):
    return reverse("rulings:scenario-edit", args=[slug])


def form_data(client, url):
    """What the browser would post back: the form's initial values."""
    form = client.get(url).context["form"]
    return {name: form[name].value() or "" for name in ("text", "summary", "base_history_id")}


def test_anonymous_visitor_is_sent_to_log_in(client, calling):
    response = client.get(edit_url())
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_signed_in_non_editor_is_refused(client, calling, reader):
    client.force_login(reader)
    assert client.get(edit_url()).status_code == 403
    assert client.post(edit_url(), {"text": CALLING}).status_code == 403


def test_editor_saves_with_a_summary_that_goes_into_history(client, calling, editor):
    client.force_login(editor)
    data = form_data(client, edit_url())
    data.update(text=CALLING.replace("A pair lets you call", "A pair calls"), summary="Shorter")
    response = client.post(edit_url(), {**data, "action": "save"})
    assert response.status_code == 302
    calling.refresh_from_db()
    assert "Scenario: A pair calls" in calling.text
    latest = calling.history.first()
    assert latest.history_change_reason == "Shorter"
    assert latest.history_user == editor


def test_a_saved_text_is_run_once_by_the_save_not_again_for_a_page_never_shown(
    client, calling, editor, runs
):
    client.force_login(editor)
    data = form_data(client, edit_url())
    text = CALLING.replace("A pair lets you call", "A pair calls")
    runs.clear()
    response = client.post(edit_url(), {**data, "text": text, "action": "save"})
    assert response.status_code == 302
    assert runs == [text]  # the save warms its result; the redirect shows no report


def test_editing_the_tags_moves_the_links_in_the_same_history_entry(
    client, calling, other_article, editor
):
    client.force_login(editor)
    data = form_data(client, edit_url())
    data["text"] = CALLING.replace("@article:nmjl-calling", "@article:nmjl-6")
    before = calling.history.count()
    client.post(edit_url(), {**data, "action": "save"})
    assert [a.key for a in calling.articles.all()] == ["nmjl-6"]
    assert calling.history.count() == before + 1
    assert [a.article.key for a in calling.history.first().articles.all()] == ["nmjl-6"]


def test_an_unknown_article_key_is_refused_and_the_text_is_kept(client, calling, editor):
    client.force_login(editor)
    data = form_data(client, edit_url())
    data["text"] = CALLING.replace("@article:nmjl-calling", "@article:nmjl-999")
    response = client.post(edit_url(), {**data, "action": "save"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "No article has the key “nmjl-999”" in html
    assert "@article:nmjl-999" in html  # what the editor typed is still in the box
    calling.refresh_from_db()
    assert "@article:nmjl-calling" in calling.text


def test_check_button_shows_results_without_saving(client, calling, editor):
    client.force_login(editor)
    data = form_data(client, edit_url())
    data["text"] = MISTYPED
    response = client.post(edit_url(), {**data, "action": "check"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Line 5" in html
    assert "<code>West calls 7D</code>" in html  # the nearest phrase, as a suggestion
    calling.refresh_from_db()
    assert calling.text == CALLING


def test_a_save_in_between_to_the_same_scenario_shows_both_texts_and_keeps_mine(
    client, calling, editor
):
    client.force_login(editor)
    data = form_data(client, edit_url())
    # Someone else saves while this editor is typing, in the same scenario.
    theirs = CALLING.replace("A pair lets you call", "Two of a kind call")
    calling.text = theirs
    calling.save()
    mine = CALLING.replace("A pair lets you call", "Two tiles let you call")
    response = client.post(edit_url(), {**data, "text": mine, "action": "save"})
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone saved this scenario while you were editing" in html
    assert "Two of a kind call" in html and "Two tiles let you call" in html
    calling.refresh_from_db()
    assert calling.text == theirs
    # Having seen theirs, saving again is this editor's decision, and it goes through.
    again = response.context["form"]["base_history_id"].value()
    response = client.post(
        edit_url(), {"text": mine, "base_history_id": again, "summary": "", "action": "save"}
    )
    assert response.status_code == 302
    calling.refresh_from_db()
    assert calling.text == mine


def test_a_save_in_between_to_another_scenario_of_the_feature_is_merged_with_mine(
    client, calling, editor
):
    client.force_login(editor)
    data = form_data(client, edit_url())
    calling.text = CALLING.replace("A single tile does not", "One tile is not enough")
    calling.save()
    mine = CALLING.replace("A pair lets you call", "Two tiles let you call")
    response = client.post(edit_url(), {**data, "text": mine, "action": "save"}, follow=True)
    assert "were merged" in response.content.decode()
    calling.refresh_from_db()
    assert "One tile is not enough" in calling.text
    assert "Two tiles let you call" in calling.text
    assert calling.history.first().history_change_reason.endswith(
        "(merged with an edit saved meanwhile)"
    )


def test_a_save_that_does_not_say_where_it_started_is_never_taken_over_a_newer_text(
    client, calling, editor
):
    client.force_login(editor)
    calling.text = CALLING.replace("A single tile does not", "One tile is not enough")
    calling.save()
    mine = CALLING.replace("A pair lets you call", "Two tiles let you call")
    response = client.post(edit_url(), {"text": mine, "summary": "", "action": "save"})
    assert response.status_code == 409
    calling.refresh_from_db()
    assert "One tile is not enough" in calling.text


def test_editor_creates_a_new_scenario_linked_by_its_tags(client, article, editor):
    client.force_login(editor)
    response = client.post(
        reverse("rulings:scenario-create"),
        {"slug": "pairs", "text": CALLING, "summary": "New", "action": "save"},
    )
    assert response.status_code == 302
    scenario = Scenario.objects.get(slug="pairs")
    assert scenario.title == "Calling a discard"
    assert [a.key for a in scenario.articles.all()] == ["nmjl-calling"]
    (entry,) = scenario.history.all()  # one entry: the text and its links together
    assert entry.history_change_reason == "New"
    assert entry.history_user == editor
    assert [link.article.key for link in entry.articles.all()] == ["nmjl-calling"]


def test_a_new_scenario_may_not_take_a_page_name_as_its_address(client, article, editor):
    client.force_login(editor)
    response = client.post(
        reverse("rulings:scenario-create"), {"slug": "steps", "text": CALLING, "action": "save"}
    )
    assert response.status_code == 200
    assert not Scenario.objects.filter(slug="steps").exists()


def test_live_check_returns_errors_at_their_lines_with_the_nearest_phrases(client, editor, article):
    client.force_login(editor)
    report = client.post(CHECK, {"text": MISTYPED}).json()
    assert report["status"] == "undefined"
    line = next(entry for entry in report["lines"] if entry["line"] == 5)
    assert line["label"] == "undefined" and line["mark"] == "?"
    assert "West calls 7D" in line["suggestions"]
    skipped = next(entry for entry in report["lines"] if entry["line"] == 6)
    assert skipped["label"] == "skipped"


def test_live_check_reports_a_parse_error_at_its_line(client, editor, article):
    client.force_login(editor)
    broken = "Feature: Broken\n  Scenario: A\n    Given West holds 7D\n  | a |\n  Scenario B\n"
    report = client.post(CHECK, {"text": broken}).json()
    assert report["status"] == "parse error"
    assert report["lines"] and all(entry["messages"] for entry in report["lines"])


def test_live_check_names_what_would_stop_a_save(client, editor, article):
    client.force_login(editor)
    text = CALLING.replace("@article:nmjl-calling", "@article:nmjl-999")
    report = client.post(CHECK, {"text": text}).json()
    assert report["blocking"] == [
        "No article has the key “nmjl-999”. Check the @article: tags against the article pages."
    ]


@pytest.mark.parametrize(
    "body",
    [
        b"text=\xff\xfe\xfa\x00garbage",
        b"text=" + b"Feature: x\n" * 10_000,
        b"\x00\x01\x02",
        b"text=%00%00Feature%3A",
        b"text=" + "Funktionalität: 🀄".encode(),
    ],
    ids=["non-utf8", "huge", "binary", "nul", "unicode"],
)
def test_live_check_never_fails_with_a_server_error_on_garbage(client, editor, body):
    client.force_login(editor)
    response = client.post(CHECK, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 400)
    assert response.json()


def test_live_check_is_for_editors_only(client, reader):
    assert client.post(CHECK, {"text": CALLING}).status_code == 403
    client.force_login(reader)
    assert client.post(CHECK, {"text": CALLING}).status_code == 403


def test_live_check_needs_the_csrf_token(editor):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    assert client.post(CHECK, {"text": CALLING}).status_code == 403


def test_live_check_does_not_fill_the_cache_with_drafts(client, editor, article):
    from django.core.cache import cache

    from rulings import checks

    client.force_login(editor)
    client.post(CHECK, {"text": MISTYPED})
    assert cache.get(checks.result_key(MISTYPED)) is None
