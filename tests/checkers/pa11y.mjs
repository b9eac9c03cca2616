// pa11y (WCAG 2 AA, HTML_CodeSniffer) on each address with Debian's Chromium.
//   node tests/checkers/pa11y.mjs URL...
// Prints one JSON object: for each address its errors (code, selector, message).
// Puppeteer's own browser is never downloaded (PUPPETEER_SKIP_DOWNLOAD; npm ci --ignore-scripts).
import pa11y from "pa11y";

const chromeLaunchConfig = {
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
};
const results = {};
for (const url of process.argv.slice(2)) {
  const report = await pa11y(url, { chromeLaunchConfig, standard: "WCAG2AA", timeout: 60000 });
  results[url] = report.issues
    .filter((issue) => issue.type === "error")
    .map(({ code, selector, message }) => ({ code, selector, message }));
}
process.stdout.write(JSON.stringify(results));
