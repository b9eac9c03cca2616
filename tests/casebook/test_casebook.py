"""The casebook, as a director, an editor and a reader meet it: a decided case is proposed
with every name, table and round the log knows removed; the proposer's fellow director
cannot review it; an editor who does not direct the tournament publishes it on its ruling's
page, in its rule set's casebook, search, the API and the feed; a proposal is nowhere public."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from appeals.models import Appeal, AppealRules
from articles.models import Ruling
from casebook.models import Case
from tests.clients import client_for
from tests.tournaments.tournament_factories import editor, td, tournament, user
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

RULING = "give-back-a-racked-call"
# Planted in the log: none of them may reach a published case.
PLANTED = ["Annabel", "Quist", "Okafor", "Carolyn", "Dimitrova", "table 14", "round 3"]
STATEMENTS = ["Statement-of-the-appellant", "Statement-of-the-other-side"]


@pytest.fixture
def event(content):
    head, floor = td("case-head"), td("case-floor")
    head.first_name, head.last_name = "Hedda", "Marchetti"
    head.save()
    made = tournament("case-open", status=Tournament.Status.PUBLISHED, directors=[head, floor])
    AppealRules.objects.create(tournament=made, head_td=head)
    entry = LoggedRuling.objects.create(
        tournament=made,
        table="14",
        round=3,
        players="Annabel Quist, Mrs. Okafor",
        what_happened=(
            "At table 14 in round 3 Annabel Quist called a discard from Mrs. Okafor, racked "
            "it, then tried to give the called tile back."
        ),
        outcome="Annabel must use the racked tile; Hedda was called over.",
        recorded_by=floor,
    )
    appeal = Appeal.objects.create(
        logged_ruling=entry,
        appellant="Carolyn Dimitrova",
        appellant_statement=STATEMENTS[0],
        other_statement=STATEMENTS[1],
        decision=Appeal.Decision.UPHELD,
        reason="Carolyn's partner Annabel had racked it: a call is a pick from the wall.",
        decided_at=timezone.now(),
        decided_by=head,
    )
    return {"tournament": made, "head": head, "floor": floor, "entry": entry, "appeal": appeal}


def propose(event, person=None):
    url = reverse("casebook:propose", args=["case-open", event["entry"].pk])
    return client_for(person or event["floor"]).post(url)


def review_and_publish(case, person, reasoning="Racking a called tile is the same as a pick."):
    client = client_for(person)
    edit = reverse("casebook:case-edit", args=[case.pk])
    form = client.get(edit).context["form"]
    data = {name: form.initial.get(name) or "" for name in form.fields}
    data.update(ruling=Ruling.objects.get(slug=RULING).pk, reasoning=reasoning)
    assert client.post(edit, data).status_code == 302
    return client.post(reverse("casebook:publish", args=[case.pk]))


def test_a_director_proposes_a_decided_case_with_names_tables_and_rounds_removed(event):
    assert propose(event).status_code == 302
    case = Case.objects.get()
    text = " ".join([case.what_happened, case.ruling_given, case.decision])
    for planted in PLANTED + STATEMENTS + ["Hedda"]:
        assert planted.lower() not in text.lower(), planted
    assert "A player called a discard from a player" in case.what_happened
    assert case.decision.startswith("The first ruling stands.")
    assert not case.is_published


def test_a_case_whose_appeal_is_not_decided_cannot_be_proposed_yet(event):
    Appeal.objects.filter(pk=event["appeal"].pk).update(decision="")
    followed = client_for(event["floor"]).post(
        reverse("casebook:propose", args=["case-open", event["entry"].pk]), follow=True
    )
    assert "appeal is not decided yet" in followed.content.decode()
    assert not Case.objects.exists()


def test_a_reader_or_another_tournaments_director_cannot_propose(event):
    outsider = td("outside-td")
    for person in (user("case-reader"), outsider):
        assert propose(event, person).status_code in (403, 404)
    assert not Case.objects.exists()


def test_the_proposers_fellow_director_cannot_review_or_publish_even_as_an_editor(event):
    propose(event)
    case = Case.objects.get()
    fellow = event["head"]
    fellow.groups.add(editor("make-the-group").groups.get())
    assert client_for(fellow).get(reverse("casebook:case-edit", args=[case.pk])).status_code == 403
    published = client_for(fellow).post(reverse("casebook:publish", args=[case.pk]))
    assert published.status_code == 403
    case.refresh_from_db()
    assert not case.is_published


def test_a_case_is_not_published_without_its_ruling_and_reasoning(event):
    propose(event)
    case = Case.objects.get()
    followed = client_for(editor("hasty-editor")).post(
        reverse("casebook:publish", args=[case.pk]), follow=True
    )
    assert "add the League ruling it applies and the reasoning" in followed.content.decode()
    case.refresh_from_db()
    assert not case.is_published


def test_a_proposal_is_private_until_published(event):
    propose(event)
    case = Case.objects.get()
    for person in (None, user("curious-reader"), td("outside-director")):
        assert client_for(person).get(case.get_absolute_url()).status_code == 404
    anonymous = Client()
    assert anonymous.get("/api/v1/cases/").json()["count"] == 0
    assert case.title not in anonymous.get("/casebook/nmjl/").content.decode()
    assert b"<entry>" not in anonymous.get("/casebook/nmjl/feed/").content
    found = anonymous.get("/search/", {"q": "racked tile", "format": "json", "kind": "case"})
    assert found.json()["results"] == []


def test_a_published_case_shows_on_its_ruling_in_its_casebook_api_and_feed_with_no_name(event):
    propose(event)
    case = Case.objects.get()
    assert review_and_publish(case, editor("case-reviewer")).status_code == 302
    case.refresh_from_db()
    assert case.is_published
    reader = Client()
    pages = [
        reader.get(case.get_absolute_url()).content.decode(),
        reader.get(reverse("articles:ruling", args=[RULING])).content.decode(),
        reader.get("/casebook/nmjl/").content.decode(),
        reader.get("/casebook/nmjl/feed/").content.decode(),
        reader.get("/api/v1/cases/").content.decode(),
        reader.get(f"/api/v1/cases/{case.pk}/").content.decode(),
    ]
    for page in pages:
        assert "Racking a called tile is the same as a pick." in page or case.title in page
        for planted in PLANTED + STATEMENTS + ["Hedda", "Marchetti", "case-floor"]:
            assert planted not in page, planted
    assert case.get_absolute_url() in pages[1]  # on its ruling's page
    assert "See the check" in pages[0] or "Checked by the rules engine" in pages[0]


def test_a_published_case_is_found_by_search_from_its_rulings_words(event):
    propose(event)
    review_and_publish(Case.objects.get(), editor("search-reviewer"))
    case = Case.objects.get()
    # The ruling's question, not the case's own text, names "give back".
    assert "give back" not in case.what_happened.lower()
    found = Client().get(
        "/search/", {"q": "give back a called tile", "format": "json", "kind": "case"}
    )
    urls = [hit["url"] for hit in found.json()["results"]]
    assert case.get_absolute_url() in urls
    labels = {hit["label"] for hit in found.json()["results"]}
    assert labels == {"Decided case"}
