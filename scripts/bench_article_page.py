#!/usr/bin/env python
"""Benchmark the article page against whitenoise serving the same bytes as a static file.

    .venv/bin/python scripts/bench_article_page.py [--article nmjl-calling] [--redis-db 7]
        [--tournament harbour-lights-open-2027] [--gzip] [--language nl] [--first-views-only]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_article]

1. Builds a throwaway SQLite database with the seed content (fixtures/) and 20 scenarios
   linked to one article, with production settings (DEBUG off, manifest static files).
2. First view after an edit: saves a changed scenario, then times the next anonymous GET of
   the article page in-process (server time only), several times; the target is <= 50 ms.
3. Serves the site with gunicorn (2 workers, REDIS_URL=redis://127.0.0.1:6379/<n>) and runs
   wrk against the article page and against the same bytes written under STATIC_ROOT and
   served by whitenoise, alternating rounds in the same run; prints both rates and the ratio
   (the target is >= 95%).
   --tournament SLUG: every request carries the cookie of a reader who chose that tournament
   (the page cache keeps a copy per published tournament). --gzip: every request takes gzip;
   the page cache answers with its stored compressed copy, whitenoise with the file's .gz.
   --language nl: the Dutch page (/nl/…), which the page cache keeps as a copy of its own.
   --first-views-only: stop after step 2 (no gunicorn, no wrk).
   --database-url URL: a PostgreSQL database instead of the throwaway SQLite one; it is
   dropped and created again first, so name one that holds nothing else.

Needs Redis on 127.0.0.1:6379 and wrk (installed with apt-get when missing and run as root).
Only the chosen Redis database is flushed.
"""

import argparse
import gzip
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SETTINGS = """from config.settings import *  # noqa: F403
STATIC_ROOT = {static_root!r}
"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--article", default="nmjl-calling", help="article key to load")
    parser.add_argument("--scenarios", type=int, default=20, help="scenarios on the article")
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database to use")
    parser.add_argument("--port", type=int, default=0, help="gunicorn's port (0: a free one)")
    parser.add_argument("--duration", type=int, default=8, help="seconds per wrk round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each, alternating")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections")
    parser.add_argument("--first-views", type=int, default=7, help="edits timed")
    parser.add_argument("--tournament", default="", help="slug of the reader's chosen tournament")
    parser.add_argument("--gzip", action="store_true", help="requests take gzip")
    parser.add_argument(
        "--language", default="en", choices=["en", "nl"], help="the page's language (nl: /nl/…)"
    )
    parser.add_argument(
        "--first-views-only", action="store_true", help="time the first views, skip wrk"
    )
    parser.add_argument(
        "--database-url", default="", help="a PostgreSQL database to drop, create and use"
    )
    return parser.parse_args()


def ensure_wrk():
    if shutil.which("wrk"):
        return shutil.which("wrk")
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("Installing wrk with apt-get …")
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "wrk"],
            check=True,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
        return shutil.which("wrk")
    sys.exit("wrk is not installed: apt-get install wrk (as root), then run this again.")


def fresh_postgres(url: str):
    """Drop and create the database `url` names, so the run starts from nothing."""
    from urllib.parse import urlsplit

    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    server = parts._replace(path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def configure(workdir: Path, redis_db: int, database_url: str = ""):
    """Production settings on a throwaway database and static root; returns the env."""
    static_root = workdir / "static"
    (workdir / "bench_settings.py").write_text(SETTINGS.format(static_root=str(static_root)))
    if database_url:
        fresh_postgres(database_url)
    env = {
        "DJANGO_SETTINGS_MODULE": "bench_settings",
        "PYTHONPATH": os.pathsep.join([str(workdir), str(ROOT)]),
        "DATABASE_URL": database_url or f"sqlite:///{workdir / 'bench.sqlite3'}",
        "DJANGO_SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "REDIS_URL": f"redis://127.0.0.1:6379/{redis_db}",
        "CACHE_KEY_PREFIX": "bench",
        # The work a save queues (results and drawings) done at once, as the consumer does
        # moments after the save: the first view after an edit finds it done.
        "HUEY_IMMEDIATE": "1",
    }
    os.environ.update(env)
    sys.path[:0] = [str(workdir), str(ROOT)]
    return env, static_root


def build_content(article_key: str, count: int):
    """Seed content, then `count` scenarios (the fixtures' texts) all tagged to one article."""
    import django
    from django.core.cache import cache
    from django.core.management import call_command

    django.setup()
    cache.clear()  # only this Redis database
    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    call_command("import_content", str(ROOT / "fixtures"), verbosity=0)
    return link_scenarios(article_key, count)


def link_scenarios(article_key: str, count: int):
    """`count` scenarios (the fixtures' texts, numbered) tagged to the article `article_key`
    only; returns the article. (tests/tournaments/test_light_article_page.py uses it too.)"""
    from articles.models import Article
    from rulings.models import Scenario

    article = Article.objects.get(key=article_key)
    texts = sorted((ROOT / "fixtures" / "scenarios").glob("*.feature"))
    for n in range(count):
        text = texts[n % len(texts)].read_text(encoding="utf-8")
        text = re.sub(r"@article:\S+", "", text)
        text = re.sub(
            r"^(\s*)Feature:",
            rf"@article:{article_key}\n\1Feature: ({n + 1})",
            text,
            count=1,
            flags=re.M,
        )
        Scenario.objects.update_or_create(
            slug=f"bench-{n + 1:02}", defaults={"title": f"Bench {n + 1}", "text": text}
        )
    return article


def address(article, language="en") -> str:
    """The article page's address in a language: English unprefixed, Dutch under /nl/."""
    from django.utils import translation

    # In English: a request made in-process leaves its language active in this thread.
    with translation.override("en"):
        path = article.get_absolute_url()
    return ("" if language == "en" else f"/{language}") + path


def time_first_views(article, times: int, tournament="", language="en"):
    """Server time of the first anonymous view after each of `times` scenario edits (ms)."""
    from django.test import Client

    from rulings.models import Scenario
    from tournaments.chosen import COOKIE_NAME

    client = Client()
    if tournament:
        client.cookies[COOKIE_NAME] = tournament
    url = address(article, language)
    scenario = Scenario.objects.filter(articles=article).order_by("slug").first()
    original = scenario.text
    client.get(url)  # a server that has been up: templates compiled, connections open
    timings, cpu = [], []
    for n in range(times):
        scenario.text = original + f"\n# edit {n}\n"
        scenario.save()  # the edit; its result is computed here, as on the site
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        timings.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.status_code
        assert response.get("X-Page-Cache") == "miss", "the first view should render"
    scenario.text = original
    scenario.save()
    response = client.get(url)  # render and store the page wrk will hit
    again = client.get(url)
    return timings, cpu, response.content, again.get("X-Page-Cache")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(env, port, ready="/static/bench/article.html"):
    """gunicorn (two workers) serving the site, once the address `ready` answers."""
    command = [
        str(BIN / "gunicorn"),
        "config.wsgi",
        "--workers=2",
        f"--bind=127.0.0.1:{port}",
        "--log-level=warning",
    ]
    process = subprocess.Popen(command, env={**os.environ, **env}, cwd=ROOT)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{ready}")
            return process
        except OSError:
            time.sleep(0.1)
    process.terminate()
    sys.exit("gunicorn did not start")


def request_headers(args):
    headers = {}
    if args.tournament:
        headers["Cookie"] = f"tournament={args.tournament}"
    if args.gzip:
        headers["Accept-Encoding"] = "gzip"
    return headers


def wrk_rate(wrk, url, args):
    headers = [
        part for name, value in request_headers(args).items() for part in ("-H", f"{name}: {value}")
    ]
    output = subprocess.run(
        [wrk, "-t2", f"-c{args.connections}", f"-d{args.duration}s", *headers, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def main():
    args = parse_args()
    wrk = None if args.first_views_only else ensure_wrk()
    with tempfile.TemporaryDirectory(prefix="bench-article-") as folder:
        env, static_root = configure(Path(folder), args.redis_db, args.database_url)
        article = build_content(args.article, args.scenarios)
        timings, cpu, page, cached = time_first_views(
            article, args.first_views, args.tournament, args.language
        )
        engine = "PostgreSQL" if args.database_url else "SQLite"
        reader = f"at {args.tournament}" if args.tournament else "no tournament chosen"
        reader += ", in Dutch (/nl/)" if args.language == "nl" else ""
        print(
            f"First view after an edit, {args.scenarios} scenarios on {args.article}, "
            f"{engine}, {reader} "
            f"(target <= 50 ms):\n"
            f"  wall: median {statistics.median(timings):.1f} ms, min {min(timings):.1f} ms "
            f"(all: {', '.join(f'{t:.0f}' for t in timings)})\n"
            f"  CPU:  median {statistics.median(cpu):.1f} ms, min {min(cpu):.1f} ms\n"
            f"  next view: page cache {cached}; load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} CPUs"
        )
        if args.first_views_only:
            return
        (static_root / "bench").mkdir(parents=True, exist_ok=True)
        (static_root / "bench" / "article.html").write_bytes(page)
        # whitenoise serves a file's .gz to a client that takes gzip, as the page cache does.
        (static_root / "bench" / "article.html.gz").write_bytes(gzip.compress(page, mtime=0))
        args.port = args.port or free_port()
        server = serve(env, args.port)
        try:
            base = f"http://127.0.0.1:{args.port}"
            page_url = base + address(article, args.language)
            static_url = base + "/static/bench/article.html"
            asked = urllib.request.Request(page_url, headers=request_headers(args))
            with urllib.request.urlopen(asked) as response:
                served = response.read()
                if response.headers.get("Content-Encoding") == "gzip":
                    print(f"  sent compressed: {len(served):,} bytes")
                    served = gzip.decompress(served)
                assert served == page, "gunicorn serves different bytes than were measured"
            rates = {"static": [], "page": []}
            for _ in range(args.rounds):
                rates["static"].append(wrk_rate(wrk, static_url, args))
                rates["page"].append(wrk_rate(wrk, page_url, args))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    static_rps = statistics.median(rates["static"])
    page_rps = statistics.median(rates["page"])
    # Rounds alternate, so each page round is compared with the static round just before
    # it: on a shared machine the load moves between rounds more than between neighbours.
    ratios = [p / s for p, s in zip(rates["page"], rates["static"], strict=True)]
    reader = f"chosen tournament {args.tournament}" if args.tournament else "no tournament chosen"
    reader += ", in Dutch (/nl/)" if args.language == "nl" else ""
    print(
        f"Article page ({len(page):,} bytes), gunicorn 2 workers, Redis cache; {reader}"
        f"{', gzip' if args.gzip else ''}:"
    )
    print(f"  whitenoise static file: {static_rps:,.0f} requests/s (median; {rates['static']})")
    print(f"  article page:           {page_rps:,.0f} requests/s (median; {rates['page']})")
    print(
        f"  ratio: {statistics.median(ratios):.0%} of the static file, median of the rounds "
        f"({', '.join(f'{r:.0%}' for r in ratios)}; target >= 95%)"
    )
    print(f"  wrk -t2 -c{args.connections} -d{args.duration}s, {args.rounds} rounds each")


if __name__ == "__main__":
    main()
