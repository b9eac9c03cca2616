// Lighthouse (mobile, its default) on each address, one after another in one Chromium.
//   node tests/checkers/lighthouse.mjs CATEGORIES URL...   (CATEGORIES: comma-separated ids)
// Prints one JSON object: for each address its category scores (0–100), the titles of the
// audits under 1 in those categories (with up to three elements each), and the Web Vitals the performance benchmark reports.
// Chromium is Debian's: CHROME_PATH (default /usr/bin/chromium).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [categories, ...urls] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
// Lighthouse's waits for a quiet page (a second each) serve its timings; the other categories
// audit the loaded page, so without performance they are cut short (a page in ~5 s, not ~8 s).
const config = categories.split(",").includes("performance")
  ? undefined
  : {
      extends: "lighthouse:default",
      settings: {
        pauseAfterFcpMs: 100,
        pauseAfterLoadMs: 100,
        networkQuietThresholdMs: 100,
        cpuQuietThresholdMs: 100,
        disableFullPageScreenshot: true,
      },
    };
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;
const results = {};
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: categories.split(","),
      logLevel: "error",
      output: "json",
    }, config);
    const scores = {};
    const failing = [];
    for (const [id, category] of Object.entries(lhr.categories)) {
      scores[id] = category.score === null ? null : Math.round(category.score * 100);
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          const where = (audit.details?.items ?? [])
            .map((item) => item.node?.selector)
            .filter(Boolean)
            .slice(0, 3);
          failing.push(`${id}: ${audit.title} (${ref.id})${where.length ? ` at ${where.join(", ")}` : ""}`);
        }
      }
    }
    results[url] = {
      scores,
      failing,
      runtimeError: lhr.runtimeError?.message ?? null,
      metrics: {
        lcp_ms: metric(lhr, "largest-contentful-paint"),
        cls: metric(lhr, "cumulative-layout-shift"),
        tbt_ms: metric(lhr, "total-blocking-time"),
      },
    };
  }
} finally {
  await chrome.kill();
}
process.stdout.write(JSON.stringify(results));
