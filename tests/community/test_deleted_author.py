"""A talk thread whose author's account was deleted still reads: its page and its history
name the author as gone, never a server error (history rows keep the old id)."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from community.models import Reply, Thread


@pytest.fixture
def thread_of_a_deleted_author(db, article):
    carl = User.objects.create_user("carl", password="pw-for-tests")
    thread = Thread.objects.create(article=article, title="Who calls first?", started_by=carl)
    reply = Reply.objects.create(thread=thread, author=carl, body="Nearest in turn, I think.")
    reply.body = "Nearest in turn order."
    reply.save()
    carl.delete()
    return thread


def test_a_thread_whose_author_was_deleted_reads_on_its_page_and_history(
    thread_of_a_deleted_author,
):
    for name in ("community:thread", "community:thread-history"):
        response = Client().get(reverse(name, args=[thread_of_a_deleted_author.pk]))
        assert response.status_code == 200, name
        assert "Nearest in turn order." in response.content.decode()
