"""A tournament's history on the site: its details and house rules as one list of versions,
any two compared word by word, an old one restored as a new version by those who may edit."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.comparison import tournament_page
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

from .tournament_factories import (
    MAY_EDIT,
    ROLES,
    article,
    client_for,
    house_rule,
    tournament,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_cached_pages")]

TOUCHED = "A touched tile is a taken tile."


def saved(obj, reason, **changes):
    for name, value in changes.items():
        setattr(obj, name, value)
    obj._change_reason = reason
    obj.save()
    return obj


@pytest.fixture
def harbour(people):
    """Created, a house rule added, published as version 1, then the rule reworded."""
    made = tournament("harbour-open", directors=[people["director"]], name="Harbour Open")
    rule = house_rule(made, TOUCHED, "touched-tile-is-taken", True, article("nmjl-6", "6"))
    publish(made, people["director"])
    saved(rule, "Say when the tile counts as touched", text="A tile you touch is yours.")
    made.refresh_from_db()
    return made


def url(name, *args, slug="harbour-open"):
    return reverse(f"tournaments:tournament-{name}", args=[slug, *args])


def test_the_history_lists_details_house_rules_and_publishing_with_who_what_and_why(
    client, people, harbour
):
    # Its director reads the working copy too (the rewording after the publish).
    html = client_for(client, people, "director").get(url("history")).content.decode()
    rows = html[html.index("<tbody>") :]
    assert "tournament created" in rows
    assert "house rule added: “A touched tile is a taken tile.”" in rows
    assert "published version 1" in rows and "director" in rows
    assert "house rule changed: “A tile you touch is yours.”" in rows
    assert "Say when the tile counts as touched" in rows
    # Newest first: the rewording above the publish, the publish above the creation.
    assert rows.index("house rule changed") < rows.index("published version 1")
    assert rows.index("published version 1") < rows.index("tournament created")


def test_the_tournament_page_links_its_history(client, harbour):
    page = client.get(harbour.get_absolute_url()).content.decode()
    assert url("history") in page


def test_comparing_two_versions_shows_the_house_rules_word_by_word(client, people, harbour):
    client = client_for(client, people, "director")
    versions = client.get(url("history")).context["versions"]
    newest = versions[0].number
    published = next(v.number for v in versions if v.what == "published version 1")
    html = client.get(url("compare") + f"?a={published}&b={newest}").content.decode()
    assert "1. A <del>touched </del>tile <ins>you touch </ins>is " in html
    assert "<del>a taken tile.</del><ins>yours.</ins>" in html
    assert (
        "departs from nmjl-6" in html and "option touched-tile-is-taken: touched-is-taken" in html
    )
    assert "Details <small>(unchanged)</small>" in html


@pytest.mark.parametrize("query", ["", "?a=1", "?a=1&b=1", "?a=x&b=2", "?a=0&b=2", "?a=1&b=999"])
def test_comparing_with_missing_or_garbled_versions_goes_back_to_the_history(
    client, harbour, query
):
    response = client.get(url("compare") + query)
    assert response.status_code == 302
    assert response["Location"] == url("history")


@pytest.mark.parametrize("role", ROLES)
def test_a_drafts_history_is_seen_only_by_its_directors_and_staff(client, people, role):
    tournament("quiet-draft", directors=[people["director"]])
    client = client_for(client, people, role)
    history = client.get(url("history", slug="quiet-draft"))
    compare = client.get(url("compare", slug="quiet-draft") + "?a=1&b=1")
    expected = 200 if role in MAY_EDIT else 404
    assert history.status_code == expected
    assert compare.status_code == (302 if role in MAY_EDIT else 404)


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_restore_an_old_version(client, people, harbour, role):
    client = client_for(client, people, role)
    opened = client.get(url("restore", 2))
    latest = len(client.get(url("history")).context["versions"])
    response = client.post(url("restore", 2), {"latest": latest})
    text = harbour.house_rules.get().text
    if role in MAY_EDIT:
        assert (opened.status_code, response.status_code) == (200, 302)
        assert text == TOUCHED
    else:
        expected = 302 if role == "anonymous" else 403
        assert (opened.status_code, response.status_code) == (expected, expected)
        assert text == "A tile you touch is yours."


def test_restoring_brings_back_an_old_working_copy_as_new_versions_and_rewrites_nothing(
    client, people, harbour
):
    rule = harbour.house_rules.get()
    rule_id = rule.pk
    saved(harbour, "Moved", place="Harbour Hall")
    rule.delete()
    client.force_login(people["director"])
    versions = client.get(url("history")).context["versions"]
    published = next(v.number for v in versions if v.what == "published version 1")
    entries_before = Tournament.history.count() + HouseRule.history.count()

    page = client.get(url("restore", published)).content.decode()
    assert "What restoring changes" in page and "Harbour Hall" in page
    response = client.post(url("restore", published), {"latest": len(versions)})

    assert response.status_code == 302
    harbour.refresh_from_db()
    assert harbour.place == ""
    [back] = harbour.house_rules.all()
    assert (back.pk, back.text, back.option, back.value) == (
        rule_id,
        TOUCHED,
        "touched-tile-is-taken",
        "touched-is-taken",  # on, kept as the reading it means
    )
    assert back.departs_from.key == "nmjl-6"
    # Two new entries (details, the rule), each naming the version; none removed.
    assert Tournament.history.count() + HouseRule.history.count() == entries_before + 2
    assert back.history.latest().history_change_reason == (
        f"Restored version {published} of the history"
    )
    # The working copy changed; players still read what was published until a publish.
    assert tournament_page(harbour).sheet.rules[0].text == TOUCHED
    assert harbour.versions.count() == 1


def test_restoring_removes_house_rules_added_since(client, people, harbour):
    client.force_login(people["director"])
    versions = client.get(url("history")).context["versions"]
    house_rule(harbour, "A rule added later.")
    client.post(url("restore", versions[0].number), {"latest": len(versions) + 1})
    assert [r.text for r in harbour.house_rules.all()] == ["A tile you touch is yours."]


def test_a_restore_confirmed_after_someone_saved_shows_the_page_again_and_changes_nothing(
    client, people, harbour
):
    client.force_login(people["director"])
    latest = len(client.get(url("history")).context["versions"])
    house_rule(harbour, "Saved meanwhile.")
    response = client.post(url("restore", 2), {"latest": latest})
    assert response.status_code == 409
    assert "Nothing was restored" in response.content.decode()
    assert harbour.house_rules.count() == 2


def test_restoring_a_version_that_does_not_exist_is_not_found(client, people, harbour):
    client.force_login(people["director"])
    assert client.get(url("restore", 999)).status_code == 404
    assert client.post(url("restore", 0), {"latest": 1}).status_code == 404


def test_a_huge_version_number_is_not_found_rather_than_a_server_error(client, people, harbour):
    client.force_login(people["director"])
    assert client.get(url("restore", 10**30)).status_code == 404
    response = client.get(url("compare") + f"?a=1&b={10**30}")
    assert response.status_code == 302


def test_the_history_page_costs_the_same_queries_however_many_versions(client, people, harbour):
    client.force_login(people["director"])
    client.get(url("history"))  # warm the session and the user
    with CaptureQueriesContext(connection) as few:
        client.get(url("history"))
    for n in range(4):
        house_rule(harbour, f"Rule {n}.")
        publish(harbour, people["staff"])
    with CaptureQueriesContext(connection) as many:
        html = client.get(url("history")).content.decode()
    assert "published version 5" in html
    assert len(many.captured_queries) == len(few.captured_queries)
