"""A logged ruling made into a public question names nobody the log knows, holds no contact and
no table, and its text never travels in an address: the log's button is a POST (with its CSRF
token) answered by the question form itself."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from articles.models import Question
from tests.tournaments.tournament_factories import article, editor, td, tournament, user
from toolkit.anonymise import Anonymiser
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

SLUG = "harbour-test"
# Every fragment of a name, contact or place the ruling below holds; none may be left.
FRAGMENTS = [
    "Anna", "Kowalski", "Bo", "Chen", "Okafor", "Dmitri", "Ivanov", "Carol", "Diaz", "Dias",
    "Priya", "Raman", "praman", "Sam", "Haddad", "shaddad", "anna.k@example.org", "example",
    "7946", "0958", "555", "17", "round 3", "T4",
]  # fmt: skip
WHAT_HAPPENED = (
    "At table 17 in round 3, Anna exchanged a joker for :7D: after discarding; Kowalski's "
    "neighbour Mrs. Okafor objected and bo chen called Priya over. anna said she had not "
    "racked. Dmitri, who had watched from T4, agreed with CAROL. Anna can be reached at "
    "anna.k@example.org or +44 20 7946 0958, Okafor on (555) 123-4567."
)
OUTCOME = (
    "Raman ruled that Anna's exchange stands; Okafor's objection was noted by praman and "
    "shaddad. Sam Haddad checked the wall and East's rack: 222 000 2222 6666 is on the card."
)


@pytest.fixture
def event():
    head = user("praman", first_name="Priya", last_name="Raman")
    deputy = user("shaddad", first_name="Sam", last_name="Haddad")
    made = tournament(SLUG, status=Tournament.Status.PUBLISHED, directors=[head, deputy])
    # Another entry of the same log, whose players list was corrected once.
    other = LoggedRuling.objects.create(
        tournament=made, players="Carol Dias", what_happened="A wall was short.", outcome="Ok."
    )
    other.players = "Carol Diaz"
    other.save()
    entry = LoggedRuling.objects.create(
        tournament=made,
        recorded_by=head,
        article=article("nmjl-test-6", number="6", title="Exposures"),
        table="17",
        round=3,
        players="Anna Kowalski, Bo Chen",
        what_happened=WHAT_HAPPENED,
        outcome=OUTCOME,
        appeal="Dmitri Ivanov appealed the exchange.",
    )
    return {"tournament": made, "entry": entry, "head": head, "editor": editor("ed")}


def client_for(person, **options):
    client = Client(**options)
    if person is not None:
        client.force_login(person)
    return client


def question_url(entry):
    return reverse("toolkit:log-question", args=[SLUG, entry.pk])


def left_in(text):
    return [
        fragment
        for fragment in FRAGMENTS
        if re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", text, re.IGNORECASE)
    ]


def test_a_ruling_full_of_names_becomes_a_question_that_names_nobody_the_log_knows(event):
    response = client_for(event["editor"]).post(question_url(event["entry"]))
    assert response.status_code == 200
    initial = response.context["form"].initial
    for text in (initial["question"], initial["answer"]):
        assert left_in(text) == [], text
    assert initial["question"].startswith("A player exchanged a joker for :7D: after discarding;")
    assert "a player's neighbour a player objected" in initial["question"]
    assert "an e-mail address or a phone number" in initial["question"]
    assert initial["answer"].startswith("The director ruled that a player's exchange stands;")
    # The game's words, seats and a card's hand are not names or phone numbers.
    assert (
        "checked the wall and East's rack: 222 000 2222 6666 is on the card" in (initial["answer"])
    )


def test_a_players_name_that_is_a_word_of_the_game_goes_only_where_it_is_a_name():
    anonymise = Anonymiser(players=["Rose Wall", "Rose", "Wall"])
    assert anonymise("Rose built the wall short; Wall's neighbour called.") == (
        "A player built the wall short; a player's neighbour called."
    )
    assert anonymise("Dr. Wall ruled in Article 24.") == "A player ruled in Article 24."


def test_the_question_form_is_reached_with_the_text_in_no_address(event):
    client = client_for(event["editor"])
    log_page = client.get(reverse("toolkit:log", args=[SLUG])).content.decode()
    button = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', log_page)
    assert button.group(1) == question_url(event["entry"])
    assert "csrfmiddlewaretoken" in button.group(2)

    form_page = client.post(button.group(1), follow=True)
    addresses = [url for url, _ in form_page.redirect_chain] + [
        form_page.request["PATH_INFO"] + "?" + form_page.request.get("QUERY_STRING", "")
    ]
    shown = form_page.context["form"].initial
    action = re.search(r'<form method="post" class="wiki-form" action="([^"]+)"', form_page.text)
    assert action.group(1) == reverse("articles:question-create", args=["nmjl-test-6"])
    saved = client.post(action.group(1), {**shown, "save": "1"}, follow=True)
    addresses += [url for url, _ in saved.redirect_chain]
    question = Question.objects.get(article__key="nmjl-test-6")
    assert question.question == shown["question"]
    for address in addresses:
        for words in re.findall(r"\w{4,}", shown["question"] + shown["answer"]):
            assert words not in address, (words, address)
    assert left_in(question.question + question.answer) == []


def test_opening_the_question_by_its_address_is_refused(event):
    response = client_for(event["editor"]).get(question_url(event["entry"]))
    assert response.status_code == 405
    assert "exchanged a joker" not in response.content.decode()


def test_the_button_without_its_csrf_token_is_refused(event):
    response = client_for(event["editor"], enforce_csrf_checks=True).post(
        question_url(event["entry"])
    )
    assert response.status_code == 403
    assert "exchanged a joker" not in response.content.decode()


@pytest.mark.parametrize(
    "who, status",
    [("anonymous", 404), ("member", 404), ("other_director", 404), ("own_director", 403)],
)
def test_only_an_editor_who_may_read_the_log_makes_a_question_of_it(event, who, status):
    person = {
        "anonymous": lambda: None,
        "member": lambda: user("member"),
        "other_director": lambda: td("other-td"),
        "own_director": lambda: event["tournament"].directors.get(username="praman"),
    }[who]()
    response = client_for(person).post(question_url(event["entry"]))
    assert response.status_code == status
    assert "exchanged a joker" not in response.content.decode()


def test_the_wiki_question_form_takes_no_text_from_its_address(event):
    url = reverse("articles:question-create", args=["nmjl-test-6"])
    form_page = client_for(event["editor"]).get(url, {"question": "Anna called.", "answer": "Ok"})
    assert form_page.status_code == 200
    assert form_page.context["form"].initial == {}
