"""An edit form's text is never older than the version it says it started from.

A save landing while the form is being opened used to pair the older text with the newer
version; saving that form then quietly undid the save in between (the citation race found it).
"""

import pytest
from django.urls import reverse

from articles.models import Commentary
from tests.wiki.conftest import COMMENTARY, logged_in
from versions import saving as editing

pytestmark = pytest.mark.django_db


def test_a_save_landing_while_the_form_opens_survives_the_forms_save(article, editor, monkeypatch):
    commentary = Commentary.objects.create(article=article, body=COMMENTARY)
    read_version = editing.latest_version

    def version_then_someone_saves(obj):
        version = read_version(obj)
        other = Commentary.objects.get(pk=obj.pk)
        other.body = other.body.replace("has a dead hand", "has a dead hand (Bea)")
        other.save()
        return version

    monkeypatch.setattr(editing, "latest_version", version_then_someone_saves)
    url = reverse("articles:commentary-edit", args=[commentary.pk])
    client = logged_in(editor)
    form = client.get(url).context["form"]
    monkeypatch.undo()

    assert "(Bea)" in form["body"].value()  # the text is at least as new as its version
    mine = form["body"].value().replace("once it is racked", "once it is racked (Ada)")
    data = {"body": mine, "author": "", "reviewed_on": "", "edit_summary": ""}
    response = client.post(url, {**data, "base_version": form["base_version"].value()})
    assert response.status_code == 302
    commentary.refresh_from_db()
    assert "(Bea)" in commentary.body and "(Ada)" in commentary.body
