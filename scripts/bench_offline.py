#!/usr/bin/env python
"""The offline copy at a venue: how big "Keep for offline use" makes it, and how fast a search
answers from it with the network cut, on a phone-sized Chromium slowed four times.

    .venv/bin/python scripts/bench_offline.py [--runs 3] [--tournament SLUG] [--redis-db 7]

Serves the seed content as in production (gunicorn, DEBUG off, hashed static files, the page
cache in Redis: scripts/bench_article_page.py's set-up), opens the tournament's page in
Debian's Chromium (Playwright) at 390x844, presses "Keep for offline use", sums the bytes the
saved copy holds (Cache Storage), cuts the network, slows the CPU four times (the DevTools
protocol's Emulation.setCPUThrottlingRate) and searches the saved copy for TD questions. The
time of a search is static/js/offline-search.js's own measure "offline search": from the
query read to the results on the page (loading MiniSearch and the saved index, building it,
searching, drawing), after the page itself has loaded; and "offline query", the part after
MiniSearch and the saved index are loaded (building the index, searching, drawing). Target:
within 50 ms.
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.bench_article_page import build_content, configure, free_port, serve  # noqa: E402

QUERIES = [
    "touched tile",
    "give back a called tile",
    "joker exchange",
    "courtesy pass",
    "dead hand",
    "misnamed discard penalty",
    "call an older discard",
    "charleston",
]

COPY_BYTES = """async () => {
  let bytes = 0, entries = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      bytes += (await response.blob()).size;
      entries += 1;
    }
  }
  return [bytes, entries];
}"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="searches of every query, each run")
    parser.add_argument("--tournament", default="harbour-lights-open-2027")
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database to use")
    return parser.parse_args()


def measure(base, tournament, runs):
    """(bytes saved, entries saved, [per run: each query's milliseconds])."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{base}/tournaments/{tournament}/")
        page.get_by_role("button", name="Keep for offline use").first.click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()
        size, entries = page.evaluate(COPY_BYTES)
        context.set_offline(True)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        timings = []
        for _ in range(runs):
            run = []
            for query in QUERIES:
                page.goto(f"{base}/search/?q={query}")
                page.locator(".search-results, .search-note").first.wait_for()
                page.wait_for_function(
                    "performance.getEntriesByName('offline search').length"
                    " || !!document.querySelector('.search-note')?.textContent"
                )
                found = page.evaluate(
                    "['offline search', 'offline query'].map("
                    "name => performance.getEntriesByName(name)[0]?.duration)"
                )
                if found[0] is None:
                    raise SystemExit(f"No offline answer for {query!r}: {page.content()[:300]}")
                run.append(found)
            timings.append(run)
        browser.close()
    return size, entries, timings


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as folder:
        env, _ = configure(Path(folder), args.redis_db)
        build_content("nmjl-6", 0)
        port = free_port()
        server = serve(env, port, ready="/")
        try:
            size, entries, runs = measure(f"http://127.0.0.1:{port}", args.tournament, args.runs)
        finally:
            server.terminate()
            server.wait()
    print(
        f"Offline copy of {args.tournament}: {size:,} bytes in {entries} entries; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    print("Offline search, Chromium at 4x CPU slowdown (target: within 50 ms):")
    for number, run in enumerate(runs, 1):
        whole, query = [t[0] for t in run], [t[1] for t in run]
        print(
            f"  run {number}: the whole answer median {statistics.median(whole):.1f} ms, max "
            f"{max(whole):.1f}; the query once MiniSearch and the index are loaded median "
            f"{statistics.median(query):.1f} ms, max {max(query):.1f} ({len(run)} queries)"
        )


if __name__ == "__main__":
    main()
