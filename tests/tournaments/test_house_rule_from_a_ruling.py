"""A director writes a house rule from the ruling it changes: step 1 finds the ruling by its
words, step 2 asks "How does your tournament rule it?" and offers only the readings that change
one of the ruling's checks, each as a sentence (never an option's key or a reading's name),
plus their own words; the published sheet then lists the ruling with both answers."""

import datetime
import re

import pytest
from django.urls import reverse
from mahjong_rules.engine.options import OPTIONS

from articles.models import Ruling
from tournaments.models import HouseRule
from tournaments.ruling_choices import readings_changing
from tournaments.versions import publish

from .tournament_factories import house_rule, td, tournament, user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

RACKED = "return-a-call-not-yet-racked"  # League: yes, it goes back
WINDOW = "joker-exchange-ends-the-change-window"  # League: no, since the 2025 Bulletin
OWN_HAND = "no-declaring-her-own-hand-dead"  # no option changes it
TOUCHED = "A called tile the caller has touched must be taken."

# Every option's key and every reading's name: none may be on a director's screen.
ENGINE_WORDS = re.compile(
    r"\b(?:"
    + "|".join(
        re.escape(name)
        for name in sorted(
            {*OPTIONS, *(r.name for o in OPTIONS.values() for r in o.readings)},
            key=len,
            reverse=True,
        )
    )
    + r")\b"
)


def ruling(slug):
    return Ruling.objects.select_related("article").get(slug=slug)


def screen(response):
    """The text a reader sees: no tags, no attributes (a radio's value is not on screen)."""
    body = response.content.decode()
    body = re.sub(r"(?s)<(script|style|head)\b.*?</\1>", "", body)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


@pytest.fixture
def director():
    return td("spring-td")


@pytest.fixture
def event(content, director):
    return tournament("spring-open", directors=[director])


def add_url(event, **query):
    url = reverse("tournaments:house-rule-add", args=[event.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def choose_touched_is_taken(client, event, position=1):
    """Step 2 for the call not yet racked: "a touched tile must be taken", no text typed."""
    return client.post(
        add_url(event),
        {
            "from_ruling": RACKED,
            "choice": "touched-tile-is-taken=touched-is-taken",
            "text": "",
            "position": position,
        },
    )


# -- which readings change a ruling --------------------------------------------------------------


def test_the_touched_tile_reading_is_offered_for_a_call_not_yet_racked_and_says_no(event):
    choices = readings_changing(ruling(RACKED), event)
    assert [(c.option, c.reading, c.sentence, c.verdict) for c in choices] == [
        ("touched-tile-is-taken", "touched-is-taken", TOUCHED, "not_allowed")
    ]


def test_the_open_exposure_reading_is_offered_for_the_change_window_and_not_the_touched_tile(
    event,
):
    choices = {c.reading: c for c in readings_changing(ruling(WINDOW), event)}
    assert list(choices) == ["open-until-discard"]
    assert choices["open-until-discard"].verdict_words == "Allowed"


def test_a_ruling_no_reading_changes_offers_only_the_directors_own_words(client, event, director):
    assert readings_changing(ruling(OWN_HAND), event) == []
    client.force_login(director)
    form = client.get(add_url(event, ruling=OWN_HAND)).context["form"]
    assert [key for key, _ in form.fields["choice"].choices] == ["own"]


# -- step 1: finding the ruling ----------------------------------------------------------------


def test_step_one_finds_rulings_by_every_word_typed(client, event, director):
    client.force_login(director)
    found = client.get(add_url(event, q="caller+not+yet+racked"))
    assert found.status_code == 200
    text = screen(found)
    assert "Which ruling does your house rule change?" in text
    assert ruling(RACKED).question in text
    assert ruling(WINDOW).question not in text
    assert f"?ruling={RACKED}" in found.content.decode()


def test_step_one_says_plainly_when_nothing_has_the_words_and_escapes_them(client, event, director):
    client.force_login(director)
    found = client.get(add_url(event, q="<b>zebra</b>"))
    assert found.status_code == 200
    assert "No ruling has all of “<b>zebra</b>”" in screen(found).replace("&lt;", "<").replace(
        "&gt;", ">"
    )
    assert "<b>zebra" not in found.content.decode()


def test_a_ruling_that_is_not_the_tournaments_sends_the_director_back_to_step_one(
    client, event, director
):
    client.force_login(director)
    found = client.get(add_url(event, ruling="no-such-ruling"))
    assert found.status_code == 200
    assert "That ruling is not one of this tournament's rulings." in screen(found)


# -- step 2: how the tournament rules it -------------------------------------------------------


def test_step_two_asks_in_sentences_and_shows_a_director_no_engine_word(client, event, director):
    client.force_login(director)
    text = screen(client.get(add_url(event, ruling=RACKED)))
    assert "How does your tournament rule it?" in text
    assert f"{TOUCHED} (Not allowed)" in text
    assert "In our own words" in text
    assert ENGINE_WORDS.findall(text) == []
    assert "For scenario authors" not in text


def test_an_editor_sees_the_option_a_choice_sets_in_a_fold_for_authors(client, event):
    author = user("spring-author", "Tournament directors", "Editors")
    event.directors.add(author)
    client.force_login(author)
    page = client.get(add_url(event, ruling=RACKED)).content.decode()
    fold = page[page.index('<details class="for-authors') :]
    assert "sets <code>touched-tile-is-taken</code> to <code>touched-is-taken</code>" in fold


def test_choosing_a_reading_sets_its_option_and_states_it_when_no_text_is_typed(
    client, event, director
):
    client.force_login(director)
    response = choose_touched_is_taken(client, event)
    assert response.status_code == 302
    rule = event.house_rules.get()
    assert (rule.option, rule.value, rule.text) == (
        "touched-tile-is-taken",
        "touched-is-taken",
        TOUCHED,
    )
    assert (rule.ruling.slug, rule.ruling_verdict) == (RACKED, "not_allowed")
    assert rule.departs_from == ruling(RACKED).article


def test_own_words_without_an_answer_are_refused_plainly_and_the_text_is_kept(
    client, event, director
):
    client.force_login(director)
    typed = "A caller who touched the tile keeps it, unless a director says otherwise."
    response = client.post(
        add_url(event),
        {"from_ruling": RACKED, "choice": "own", "text": typed, "position": 1},
    )
    assert response.status_code == 200
    text = screen(response)
    assert typed in text
    assert "Say what the ruling's question gets at this tournament." in text.replace("&#x27;", "'")
    assert ENGINE_WORDS.findall(text) == []
    assert not event.house_rules.exists()


def test_a_choice_posted_by_hand_that_is_not_offered_is_refused_without_an_error_page(
    client, event, director
):
    client.force_login(director)
    response = client.post(
        add_url(event),
        {"from_ruling": RACKED, "choice": "courtesy-pass=off", "text": "x", "position": 1},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in screen(response)
    assert not event.house_rules.exists()


def test_a_second_rule_for_what_a_rule_already_rules_names_that_rule_in_plain_words(
    client, event, director
):
    house_rule(event, "A touched tile is a taken tile.", "touched-tile-is-taken", True)
    client.force_login(director)
    response = choose_touched_is_taken(client, event, position=2)
    assert response.status_code == 200
    text = screen(response)
    assert "Your house rule “A touched tile is a taken tile” already rules this" in text
    assert ENGINE_WORDS.findall(text) == []
    assert event.house_rules.count() == 1


def test_editing_a_rule_written_from_a_ruling_asks_again_with_its_choice_made(
    client, event, director
):
    rule = HouseRule.objects.create(
        tournament=event,
        option="touched-tile-is-taken",
        value="touched-is-taken",
        text=TOUCHED,
        position=1,
        ruling=ruling(RACKED),
        ruling_verdict="not_allowed",
    )
    client.force_login(director)
    shown = client.get(reverse("tournaments:house-rule-edit", args=[event.slug, rule.pk]))
    assert shown.context["form"].initial["choice"] == "touched-tile-is-taken=touched-is-taken"
    assert ENGINE_WORDS.findall(screen(shown)) == []


def test_the_desk_shows_a_director_the_reading_in_words_not_its_option(client, event, director):
    house_rule(event, "Touched is taken.", "touched-tile-is-taken", "touched-is-taken")
    client.force_login(director)
    desk = screen(client.get(reverse("tournaments:tournament-edit", args=[event.slug])))
    assert f"The checks rule by it: {TOUCHED}" in desk
    assert "Engine option" not in desk
    # the preview's fold for scenario authors holds the engine's words, as on the sheet
    assert ENGINE_WORDS.findall(desk.split("For scenario authors")[0]) == []


# -- the sheet ---------------------------------------------------------------------------------


def test_the_sheet_lists_the_ruling_a_rule_changes_with_both_answers(client, event, director):
    client.force_login(director)
    choose_touched_is_taken(client, event)
    publish(event, on=datetime.date(2026, 11, 2))
    client.logout()
    text = screen(client.get(reverse("tournaments:tournament", args=[event.slug])))
    assert (
        f"The rulings it changes: {ruling(RACKED).question} — "
        f"At Spring Open: No. {TOUCHED[:-1]} (house rule 1) · League rules: "
        f"{ruling(RACKED).answer}"
    ) in text
    assert "is not allowed here" not in text


def test_a_rule_that_changes_no_ruling_reads_as_its_reading_on_the_sheet(client, event):
    house_rule(event, "Name it, discard it.", "misnamer-discards-the-named-tile", True)
    publish(event, on=datetime.date(2026, 11, 2))
    text = screen(client.get(reverse("tournaments:tournament", args=[event.slug])))
    assert (
        "What it changes: A discarder holding the tile she named must discard that tile "
        "instead." in text
    )
