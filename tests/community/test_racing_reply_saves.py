"""Reply edits raced against two server processes: no acknowledged edit is ever lost."""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from articles.models import Article, RuleSet
from articles.permissions import EDITORS
from community import talk
from community.models import Reply
from tests.racing import add_to_paragraph, race

pytestmark = pytest.mark.django_db(transaction=True)


def test_four_editors_editing_one_reply_at_once_lose_no_acknowledged_edit(race_servers):
    group = Group.objects.get_or_create(name=EDITORS)[0]
    editors = [User.objects.create_user(f"moderator{n}") for n in range(4)]
    for user in editors:
        user.groups.add(group)
    ruleset = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    article = Article.objects.create(ruleset=ruleset, key="nmjl-6", number="6", title="Calls")
    thread = talk.start_thread(
        editors[0], "Locking", "First point.\n\nSecond point.", article=article
    )
    reply = thread.replies.get()
    url = reverse("community:reply-edit", args=[reply.pk])
    browsers = race_servers.browsers(editors)

    with race_servers.sharing():
        tally = race(browsers, url, [add_to_paragraph("body", n % 2) for n in range(4)], rounds=2)

    assert tally.errors == []
    assert len(tally.acknowledged) == 8
    body = Reply.objects.get(pk=reply.pk).body
    assert [marker for marker in tally.acknowledged if marker not in body] == []
    assert tally.conflicts >= 1 and tally.merged >= 1
    assert Reply.history.filter(id=reply.pk).count() == 1 + 8
