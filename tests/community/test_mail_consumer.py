"""Mail to a watcher goes through the real task queue: the save leaves it queued, and
`manage.py run_huey` (as `make run` starts it) sends it. Subprocesses on a file database,
as tests/test_queue.py does; mail goes to files (Django's file backend)."""

import subprocess
import sys
import time

from tests.test_queue import ROOT, environment, manage, running_consumer

SETUP = """
from django.contrib.auth.models import User
from articles.models import Article, RuleSet
from community.models import Watch
nmjl = RuleSet.objects.create(key="nmjl", name="NMJL")
article = Article.objects.create(ruleset=nmjl, key="nmjl-6", number="6", title="Exposures")
wanda = User.objects.create_user("wanda", "wanda@example.org", "pw")
ada = User.objects.create_user("ada", "ada@example.org", "pw")
Watch.objects.create(user=wanda, article=article)
article._history_user = ada
article._change_reason = "Clearer ruling"
article.ruling = "Allowed until the discard."
article.save()
"""

PENDING = """
from huey.contrib.djhuey import HUEY
names = [task.name for task in HUEY.pending()]
print("mail tasks:", sum(name.endswith("send_notice_mail") for name in names))
"""


def test_the_edit_queues_the_watchers_mail_and_the_consumer_sends_it(tmp_path):
    outbox = tmp_path / "mail"
    outbox.mkdir()
    env = environment(tmp_path)
    env.update(
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(outbox),
    )
    manage(env, "migrate", "--noinput")
    manage(env, "shell", "-c", SETUP)
    assert list(outbox.iterdir()) == []  # the save sent nothing
    pending = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PENDING],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "mail tasks: 1" in pending.stdout, pending.stdout + pending.stderr

    with running_consumer(env) as consumer:
        deadline = time.monotonic() + 60
        while not list(outbox.iterdir()) and time.monotonic() < deadline:
            assert consumer.poll() is None, consumer.stdout.read()
            time.sleep(0.2)
        sent = [path.read_text() for path in outbox.iterdir()]
        assert len(sent) == 1
        assert "To: wanda@example.org" in sent[0]
        assert "Article 6 Exposures was edited by ada: Clearer ruling" in sent[0]
