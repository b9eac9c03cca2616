"""The guided picker: a TD finds a ruling by what happened, in at most four taps; editors
change its choices with history and the version check; imports keep their edits."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from articles.models import Article
from tests.tournaments.tournament_factories import article, editor, user
from toolkit.models import PickerChoice
from toolkit.picker import read_tree
from versions.saving import latest_version

pytestmark = pytest.mark.django_db

SEED_ARTICLES = {
    "nmjl-6",
    "nmjl-205",
    "nmjl-calling",
    "nmjl-exposure-answer",
    "matjok-claiming",
    "nmjl-card",
    "nmjl-charleston",
    "nmjl-mah-jongg",
    "nmjl-wall",
}


@pytest.fixture
def seeded(content):
    """The seed content, imported once for the module (tests/tournaments/conftest.py)."""


def test_every_seed_article_is_reached_in_at_most_four_taps(seeded):
    tree = read_tree()
    reached = {}
    for leaf in tree.leaves():
        key = leaf.choice.article.key
        reached[key] = min(reached.get(key, 99), tree.depth_to(leaf))
    assert set(reached) >= SEED_ARTICLES
    assert max(reached[key] for key in SEED_ARTICLES) <= 4


def test_a_choice_with_choices_asks_its_question_and_lists_them(seeded):
    page = Client().get(reverse("toolkit:picker", args=["joker-exchange"]))
    text = page.content.decode()
    assert "What happened next?" in text
    assert "The player then wants to change the exposure" in text
    assert 'href="/articles/nmjl-6/#ruling-title"' in text


def test_a_last_choice_lands_on_the_articles_ruling(seeded):
    response = Client().get(reverse("toolkit:picker", args=["joker-then-change"]))
    assert response.status_code == 302
    assert response["Location"] == "/articles/nmjl-6/#ruling-title"


def test_a_last_choice_may_land_on_one_answer(seeded):
    six = Article.objects.get(key="nmjl-6")
    answer = six.questions.first()
    PickerChoice.objects.create(key="one-answer", label="One answer", article=six, answer=answer)
    response = Client().get(reverse("toolkit:picker", args=["one-answer"]))
    assert response["Location"] == f"/articles/nmjl-6/#question-{answer.pk}"


def test_an_unknown_choice_is_not_found():
    assert Client().get(reverse("toolkit:picker", args=["no-such"])).status_code == 404


def test_the_home_page_and_a_tournament_page_start_the_picker(seeded):
    home = Client().get(reverse("articles:home")).content.decode()
    assert "Find a ruling by what happened" in home
    assert reverse("toolkit:picker", args=["joker-exchange"]) in home
    sheet = Client().get(reverse("tournaments:tournament", args=["harbour-lights-open-2027"]))
    assert "Find a ruling by what happened" in sheet.content.decode()


def test_only_editors_change_the_picker():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    url = reverse("toolkit:picker-edit", args=["a-call"])
    client = Client()
    client.force_login(user("reader"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"label": "Changed", "position": 1}).status_code == 403
    choice.refresh_from_db()
    assert choice.label == "A call"


def _edit(client, choice, version, **changes):
    data = {"parent": "", "label": choice.label, "next_question": "", "article": "", "answer": ""}
    data.update({"position": choice.position, "base_version": version, **changes})
    return client.post(reverse("toolkit:picker-edit", args=[choice.key]), data)


def test_two_editors_changing_one_choices_label_get_the_conflict_page_with_both():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    version = latest_version(choice)
    first, second = Client(), Client()
    first.force_login(editor("first-ed"))
    second.force_login(editor("second-ed"))
    assert _edit(first, choice, version, label="A call for a discard").status_code == 302
    response = _edit(second, choice, version, label="Calling a tile")
    assert response.status_code == 409
    text = response.content.decode()
    assert "A call for a discard" in text and "Calling a tile" in text


def test_edits_to_different_fields_of_one_choice_both_land():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    version = latest_version(choice)
    first, second = Client(), Client()
    first.force_login(editor("first-ed"))
    second.force_login(editor("second-ed"))
    assert _edit(first, choice, version, label="A call for a discard").status_code == 302
    assert _edit(second, choice, version, next_question="When?").status_code == 302
    choice.refresh_from_db()
    assert (choice.label, choice.next_question) == ("A call for a discard", "When?")


def test_a_choice_cannot_come_after_itself():
    top = PickerChoice.objects.create(key="top", label="Top")
    under = PickerChoice.objects.create(key="under", label="Under", parent=top)
    client = Client()
    client.force_login(editor("ed"))
    response = _edit(client, top, latest_version(top), parent=under.pk)
    assert response.status_code == 400
    assert "cannot come after itself" in response.content.decode()


def test_an_answer_must_be_on_the_chosen_article():
    one, two = article("nmjl-one", "1"), article("nmjl-two", "2")
    answer = two.questions.create(answer="An answer.")
    client = Client()
    client.force_login(editor("ed"))
    response = client.post(
        reverse("toolkit:picker-add"),
        {"key": "x", "label": "X", "article": one.pk, "answer": answer.pk, "position": 1},
    )
    assert response.status_code == 400
    assert "Choose an answer on the chosen article." in response.content.decode()
    assert "X" in response.content.decode()


def test_a_choice_edited_on_the_site_survives_the_next_import(seeded):
    choice = PickerChoice.objects.get(key="wall")
    choice.label = "Something at the wall"
    choice._change_reason = "Edited"
    choice.save()
    out = io.StringIO()
    call_command("import_content", "fixtures/", stdout=out)
    choice.refresh_from_db()
    assert choice.label == "Something at the wall"
    assert "picker choice wall" in out.getvalue()


def test_a_choices_history_compares_and_restores():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    choice.label = "Calls"
    choice.save()
    client = Client()
    client.force_login(editor("ed"))
    history = client.get(reverse("toolkit:picker-history", args=["a-call"]))
    assert len(history.context["versions"]) == 2
    restore = reverse("toolkit:picker-restore", args=["a-call", 1])
    assert client.post(restore, {"latest": "2"}).status_code == 302
    choice.refresh_from_db()
    assert choice.label == "A call"
