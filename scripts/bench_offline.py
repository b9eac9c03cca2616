#!/usr/bin/env python
"""The offline copy at a venue: how big "Keep for offline use" makes it, how fast a search
answers from it, and how fast the hand check's engine loads and answers, with the network cut,
on a phone-sized Chromium slowed four times.

    .venv/bin/python scripts/bench_offline.py [--runs 3] [--tournament SLUG] [--redis-db 7]

Serves the seed content as in production (gunicorn, DEBUG off, hashed static files, the page
cache in Redis: scripts/bench_article_page.py's set-up), opens the tournament's page in
Debian's Chromium (Playwright) at 390x844, presses "Keep for offline use", sums the bytes the
saved copy holds (Cache Storage), cuts the network, slows the CPU four times (the DevTools
protocol's Emulation.setCPUThrottlingRate) and searches the saved copy for TD questions. The
times are static/js/offline-search.js's own measures: "offline search", opening the saved
search page with a question, from the query read to its results drawn (loading MiniSearch and
the saved index, building the index, searching, drawing), after the page itself has loaded,
and "offline index load", the loading and building part; then "offline query", each further
question typed into the page's field, from the keystroke to the results drawn (the page
answers as the reader types, without a page load). Target: a query within 50 ms.

Then the hand check, kept with the copy: "offline engine load" (static/js/hand-engine.js:
Pyodide, our wheel, the hand check module and the card read from the copy, Python started and
the module imported), on the page opened from the copy, where it starts once the page is
drawn; and "hand check answer" (static/js/hand-check.js), for each hand of HANDS typed into
the page's fields and checked, once the engine is loaded: from the check asked to the answer
drawn, the failed fetch to the server included. Target: within 300 ms. Each run opens a
fresh page, so the engine loads anew.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
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

# (concealed tiles, exposures) on the Practice Card: Mah Jongg, two short, thirteen tiles,
# a dead exposure, fourteen tiles on no line, one tile.
HANDS = [
    ("5D 5D 5D 5B 5B 5B RD RD RD RD", "5C 5C 5C J"),
    ("5D 5D 5D 5B 5B 5B RD RD 1D 2B", "5C 5C 5C J"),
    ("2C 2C 2C 5D 5D 5D N N N WD WD WD J", ""),
    ("2C 4C 6C 8C 1D 3D 5D 7D 9D WD", "N E W S"),
    ("1C 3C 5C 7C 9C 2D 4D 6D 8D 1B 3B 5B 7B 9B", ""),
    ("7D", ""),
]

# Every entry of Cache Storage (the saved copies and the worker's precache), and how much of
# it is the hand check's engine (/static/engine/: Pyodide and our wheel).
COPY_BYTES = """async () => {
  let bytes = 0, entries = 0, engine = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const size = (await response.blob()).size;
      bytes += size;
      entries += 1;
      if (new URL(request.url).pathname.startsWith("/static/engine/")) engine += size;
    }
  }
  return [bytes, entries, engine];
}"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="searches of every query, each run")
    parser.add_argument("--tournament", default="harbour-lights-open-2027")
    parser.add_argument("--redis-db", type=int, default=7, help="Redis database to use")
    return parser.parse_args()


def wait_until(page, expression, seconds=60):
    """Poll `expression` from here: Playwright's wait_for_function, when the answer is not
    there at once, evaluates its string inside the page, which the site's CSP (no
    'unsafe-eval') refuses. The times measured are the page's own."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > deadline:
            raise SystemExit(f"Timed out waiting for {expression}")
        time.sleep(0.005)


def measure_hand_check(page, base, tournament):
    """(engine load ms, [each hand's answer ms]) on the hand check page opened from the copy."""
    page.goto(f"{base}/hand/?tournament={tournament}")
    wait_until(page, "performance.getEntriesByName('offline engine load').length", 300)
    load = page.evaluate("performance.getEntriesByName('offline engine load')[0].duration")
    answers = []
    for number, (tiles, exposures) in enumerate(HANDS, 1):
        page.fill("#hand-tiles", tiles)
        page.fill("#hand-exposures", exposures)
        page.locator("#hand-tiles").press("Enter")  # the form's submit: checked at once
        wait_until(page, f"performance.getEntriesByName('hand check answer').length >= {number}")
        if not page.locator("#hand-answer .hand-verdict, #hand-answer .hand-error").count():
            raise SystemExit(f"No offline answer for {tiles!r}: {page.content()[:300]}")
        answers.append(
            page.evaluate(
                f"performance.getEntriesByName('hand check answer')[{number - 1}].duration"
            )
        )
    return load, answers


def measure(base, tournament, runs):
    """(bytes saved, entries saved, engine bytes, [per run: search timings, hand check
    timings])."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{base}/tournaments/{tournament}/")
        page.get_by_role("button", name="Keep for offline use").first.click()
        page.locator("#offline-status", has_text="Saved for offline use").wait_for()
        size, entries, engine = page.evaluate(COPY_BYTES)
        context.set_offline(True)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        timings = []
        for _ in range(runs):
            # A search opened from the saved copy (the index loaded and built), then every
            # query typed into its field, answered in place.
            page.goto(f"{base}/search/?q={QUERIES[0]}")
            wait_until(page, "performance.getEntriesByName('offline search').length")
            whole, load = page.evaluate(
                "['offline search', 'offline index load'].map("
                "name => performance.getEntriesByName(name)[0].duration)"
            )
            typed = []
            for number, query in enumerate(QUERIES[1:] + QUERIES[:1], 1):
                page.fill("#search-q", query)
                wait_until(
                    page, f"performance.getEntriesByName('offline query').length >= {number}"
                )
                if not page.locator(".search-results").count():
                    raise SystemExit(f"No offline answer for {query!r}: {page.content()[:300]}")
                typed.append(
                    page.evaluate(
                        f"performance.getEntriesByName('offline query')[{number - 1}].duration"
                    )
                )
            # The hand check in a fresh page (its engine loads anew each run).
            hand = context.new_page()
            hand.set_default_timeout(60_000)
            context.new_cdp_session(hand).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            timings.append(((whole, load, typed), measure_hand_check(hand, base, tournament)))
            hand.close()
        browser.close()
    return size, entries, engine, timings


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as folder:
        env, _ = configure(Path(folder), args.redis_db)
        build_content("nmjl-6", 0)
        port = free_port()
        server = serve(env, port, ready="/")
        try:
            size, entries, engine, runs = measure(
                f"http://127.0.0.1:{port}", args.tournament, args.runs
            )
        finally:
            server.terminate()
            server.wait()
    print(
        f"Offline copy of {args.tournament}: {size:,} bytes in {entries} entries, of which "
        f"the hand check's engine {engine:,}; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    print("Offline search, Chromium at 4x CPU slowdown (target: within 50 ms):")
    for number, ((whole, load, typed), _) in enumerate(runs, 1):
        print(
            f"  run {number}: opening the saved search page answers in {whole:.1f} ms (MiniSearch "
            f"and the index loaded and built in {load:.1f} ms); then each query typed answers "
            f"in a median {statistics.median(typed):.1f} ms, max {max(typed):.1f} "
            f"({len(typed)} queries, from the keystroke to the results drawn)"
        )

    print("Offline hand check, the same (target: an answer within 300 ms once loaded):")
    for number, (_, (load, answers)) in enumerate(runs, 1):
        print(
            f"  run {number}: the engine loads in {load:.0f} ms; then each hand answers in a "
            f"median {statistics.median(answers):.1f} ms, max {max(answers):.1f} "
            f"({len(answers)} hands, from the check asked to the answer drawn)"
        )


if __name__ == "__main__":
    main()
