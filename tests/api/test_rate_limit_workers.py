"""The API's rate limit is counted once for all workers: two gunicorn workers without Redis
(the README's recipe) refuse the request past the limit, whichever of them answers it."""

import subprocess
import time
import urllib.error
import urllib.request

import pytest

from tests.pagecache.test_workers import GUNICORN, ROOT, _free_port, _manage, _production_env

LIMIT = 12


def _get(url):
    """(status, which worker answered)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["X-Worker"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers["X-Worker"]


@pytest.fixture
def two_api_workers(tmp_path):
    env = _production_env(tmp_path)
    env["DJANGO_API_REQUESTS_PER_MINUTE"] = str(LIMIT)
    _manage(env, "migrate", "--noinput")
    port = _free_port()
    server = subprocess.Popen(
        [str(GUNICORN), "tests.pagecache.worker_wsgi", "-w", "2", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/", timeout=10).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/api/v1/sources/"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_two_workers_share_one_count_per_client_address(two_api_workers):
    if time.time() % 60 > 45:  # not across a minute's edge: the count starts again there
        time.sleep(61 - time.time() % 60)
    answers = []
    # Until both workers have answered (the OS hands connections to either) and the limit
    # is passed: at most 200 requests, a few seconds.
    while len(answers) < 200 and (
        len(answers) < LIMIT + 4 or len({worker for _, worker in answers}) < 2
    ):
        answers.append(_get(two_api_workers))
    assert len({worker for _, worker in answers}) == 2, "both workers should have answered"
    statuses = [status for status, _ in answers]
    # Neither worker let through more than the one limit they share.
    assert statuses[:LIMIT] == [200] * LIMIT
    assert set(statuses[LIMIT:]) == {429}
