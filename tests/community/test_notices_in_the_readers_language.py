"""Each reader is told in their own language: a notice is worded, and its e-mail written, in
the language of the reader's notice preferences, whatever language the save was made in."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from community.models import Notification, Preferences, Watch
from tests.community.conftest import make_user, signed_in
from tests.community.test_notices import edit_article_6
from tests.wiki.test_editing import form_of

pytestmark = pytest.mark.django_db


def reads_dutch(user):
    Preferences.objects.create(user=user, language="nl")
    return user


def test_an_english_editors_save_tells_a_dutch_watcher_in_dutch_and_an_english_one_in_english(
    article, editor
):
    dutch = reads_dutch(make_user("dirk", email="dirk@example.org"))
    english = make_user("wanda", email="wanda@example.org")
    for user in (dutch, english):
        Watch.objects.create(user=user, article=article)
    edit_article_6(editor)
    assert "is bewerkt door" in Notification.objects.get(user=dutch).message
    assert "was edited by" in Notification.objects.get(user=english).message
    mails = {message.to[0]: message for message in mail.outbox}
    assert mails["dirk@example.org"].subject.startswith("[Uitspraken] ")
    assert mails["wanda@example.org"].subject.startswith("[Rulings] ")


def test_a_save_made_on_a_dutch_page_still_tells_an_english_watcher_in_english(article):
    english = make_user("wanda", email="wanda@example.org")
    Watch.objects.create(user=english, article=article)
    dutch_editor = make_user("eva", "Editors")
    client = signed_in(dutch_editor)
    url = "/nl" + reverse("articles:article-edit", args=["nmjl-6"])
    data = form_of(client.get(url))
    data["ruling"], data["edit_summary"] = "Toegestaan tot de afgooi.", "Duidelijker"
    assert client.post(url, data).status_code == 302
    assert "was edited by eva" in Notification.objects.get(user=english).message


def test_logging_in_on_a_dutch_page_makes_dutch_the_readers_notice_language():
    make_user("dirk")
    Client().post("/nl/accounts/login/", {"username": "dirk", "password": "pw"})
    dirk = Preferences.objects.filter(user__username="dirk").first()
    assert dirk is not None and dirk.language == "nl"


def test_logging_in_on_an_english_page_makes_no_preferences():
    make_user("wanda")
    Client().post("/accounts/login/", {"username": "wanda", "password": "pw"})
    assert not Preferences.objects.filter(user__username="wanda").exists()


def test_a_reader_chooses_the_language_of_their_notices_on_their_preferences(watcher):
    client = signed_in(watcher)
    url = reverse("community:preferences")
    page = client.get(url).content.decode()
    assert '<option value="nl">Nederlands</option>' in page
    chosen = {**form_of(client.get(url)), "delivery": Preferences.INSTANT, "language": "nl"}
    assert client.post(url, chosen).status_code == 302
    assert Preferences.objects.get(user=watcher).language == "nl"
