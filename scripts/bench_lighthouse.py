#!/usr/bin/env python
"""Lighthouse performance (mobile, its simulated slow 4G and CPU) on the pages a reader meets
first, served as in production.

    .venv/bin/python scripts/bench_lighthouse.py [--runs 3] [--redis-db 7]

Builds a throwaway SQLite database with the seed content (fixtures/) under production
settings (DEBUG off, hashed static files from whitenoise, the page cache in Redis), serves it
with gunicorn (two workers) and runs Lighthouse (tests/checkers/lighthouse.mjs: npm, pinned;
`make checkers` installs it) `--runs` times over the home page, an article, a ruling, the hand
check and the picker, one Chromium a run. Prints each page's performance score of every run
and the median Largest Contentful Paint, Cumulative Layout Shift and Total Blocking Time.
The target is 100 on every page. The first run meets the pages uncached, as a reader after an
edit does; the later runs meet the cached pages.

Needs Node, Debian's Chromium (/usr/bin/chromium) and Redis on 127.0.0.1:6379; only the chosen
Redis database is flushed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.bench_article_page import ROOT, build_content, configure, free_port, serve  # noqa: E402
from tests.checkers.test_outside_checkers import PAGES  # noqa: E402

LIGHTHOUSE = ROOT / "tests" / "checkers" / "lighthouse.mjs"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs over every page")
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database to use")
    return parser.parse_args()


def lighthouse(urls):
    """One Lighthouse process over these addresses: {address: its result}."""
    finished = subprocess.run(
        ["node", str(LIGHTHOUSE), "performance", *urls],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
    )
    return json.loads(finished.stdout)


def lighthouse_run(base, retries=2):
    """One run over every page: {page name: its result}. A page whose trace Lighthouse could
    not record (its NO_NAVSTART, a known flake of headless Chromium) is run again alone, up
    to `retries` times; a page that still has none is reported with its error."""
    results = lighthouse([base + path for path in PAGES.values()])
    for _ in range(retries):
        failed = [url for url, result in results.items() if result["runtimeError"]]
        if not failed:
            break
        results.update(lighthouse(failed))
    return {name: results[base + path] for name, path in PAGES.items()}


def main():
    args = parse_args()
    if not (ROOT / "node_modules" / "lighthouse").is_dir():
        sys.exit("Lighthouse is not installed: make checkers, then run this again.")
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as folder:
        env, _ = configure(Path(folder), args.redis_db)
        build_content("nmjl-6", 0)
        port = free_port()
        server = serve(env, port, ready="/")
        try:
            runs = [lighthouse_run(f"http://127.0.0.1:{port}") for _ in range(args.runs)]
        finally:
            server.terminate()
            server.wait()
    print(
        f"Lighthouse performance (mobile), {args.runs} runs; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (target: 100 on every page)"
    )
    print(f"{'page':<12} {'scores':<14} {'LCP ms':>8} {'CLS':>7} {'TBT ms':>7}  below 100 because")
    for name in PAGES:
        results = [run[name] for run in runs]
        scores = ", ".join(str(result["scores"]["performance"]) for result in results)
        # A run Lighthouse could not finish has no metric: the median of the others.
        metrics = {
            key: statistics.median(
                [r["metrics"][key] for r in results if r["metrics"][key] is not None] or [0]
            )
            for key in ("lcp_ms", "cls", "tbt_ms")
        }
        failing = sorted({audit for result in results for audit in result["failing"]})
        failing += sorted({r["runtimeError"] for r in results if r["runtimeError"]})
        print(
            f"{name:<12} {scores:<14} {metrics['lcp_ms']:>8.0f} {metrics['cls']:>7.3f} "
            f"{metrics['tbt_ms']:>7.0f}  {'; '.join(failing) or '-'}"
        )


if __name__ == "__main__":
    main()
