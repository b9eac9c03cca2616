"""What a phone at the table needs from every reader page, measured in the browser.

Each function takes a Playwright page already on the page to check and returns a list of
findings (empty when the page is fine), so a test can report every finding at once.
"""

from axe_playwright_python.sync_playwright import Axe

PHONE_WIDTH = 360
SMALLEST_TARGET = 24  # CSS px, WCAG 2.2 success criterion 2.5.8 (target size, minimum)
SMALLEST_FIELD_TEXT = 16  # CSS px: below it iOS Safari zooms the page when the field has focus

_axe = Axe()


def axe_findings(page, impacts=("serious", "critical")):
    """axe-core's violations of the given impacts: every rule on, the whole page."""
    results = _axe.run(page, options={"resultTypes": ["violations"]})
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in results.response["violations"]
        if v["impact"] in impacts
    ]


def sideways_scroll(page, viewport=PHONE_WIDTH):
    """The page's width beyond the phone's, when anything makes it scroll sideways. Measured
    against the phone's width itself: a mobile browser may widen its layout viewport (and
    window.innerWidth) to fit an overflowing page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    if width <= viewport:
        return []
    wide = page.evaluate(
        """(limit) => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > limit + 0.5)
            .filter(e => !e.closest('.table-scroll, [data-scrolls-sideways]'))
            .slice(0, 5)
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')
                 + ' right=' + Math.round(e.getBoundingClientRect().right))""",
        viewport,
    )
    return [f"scrollWidth {width} > {viewport}: " + ", ".join(wide)]


# Controls must be 24x24 themselves. A link is exempt when it sits in a line of text
# (WCAG's inline exception) or when a 24 px circle on its centre touches no other target
# (the spacing exception).
_TARGETS_JS = """([smallest]) => {
  const visible = e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const all = Array.from(document.querySelectorAll(
      'a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button]'))
    .filter(visible);
  const isControl = e => e.tagName !== 'A' || e.closest('nav, .site-header, [role=navigation]');
  const block = e => {
    let b = e.parentElement;
    while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement;
    return b;
  };
  // In a sentence: its block holds words of its own, outside every link and control
  // (a list of links joined by " · " is not a sentence).
  const inline = e => {
    const b = block(e);
    if (!b) return false;
    const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('a, button, summary, label')) continue;
      if (/[\\p{L}\\p{N}]/u.test(node.textContent)) return true;
    }
    return false;
  };
  const rect = e => e.getBoundingClientRect();
  const small = e => rect(e).width < smallest - 0.01 || rect(e).height < smallest - 0.01;
  const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
  const distance = (p, r) => Math.hypot(
      Math.max(r.left - p[0], 0, p[0] - r.right), Math.max(r.top - p[1], 0, p[1] - r.bottom));
  const spaced = e => {
    const c = centre(rect(e));
    return all.every(o => {
      if (o === e || o.contains(e) || e.contains(o)) return true;
      const r = rect(o);
      if (distance(c, r) < smallest / 2) return false;
      if (small(o)) {
        const d = centre(r);
        return Math.hypot(c[0] - d[0], c[1] - d[1]) >= smallest;
      }
      return true;
    });
  };
  const describe = e => {
    const r = rect(e);
    const text = (e.textContent || e.value || e.name || '').trim().replace(/\\s+/g, ' ');
    return e.tagName.toLowerCase() + ' "' + text.slice(0, 40) + '" '
      + Math.round(r.width * 10) / 10 + 'x' + Math.round(r.height * 10) / 10;
  };
  return all.filter(small).filter(e => {
    if (isControl(e)) return true;
    return !inline(e) && !spaced(e);
  }).map(describe);
}"""


def small_targets(page):
    """Targets a thumb may miss: controls under 24x24 CSS px, links neither inline nor spaced."""
    return [f"too small: {t}" for t in page.evaluate(_TARGETS_JS, [SMALLEST_TARGET])]


def zooming_fields(page):
    """Text fields whose type is under 16 px, which makes a phone zoom in when tapped."""
    found = page.evaluate(
        """(smallest) => Array.from(document.querySelectorAll(
              'input:not([type=hidden]):not([type=checkbox]):not([type=radio])'
              + ':not([type=submit]):not([type=button]), select, textarea'))
            .filter(e => e.getBoundingClientRect().width > 0)
            .filter(e => parseFloat(getComputedStyle(e).fontSize) < smallest)
            .map(e => (e.name || e.id || e.tagName) + ' ' + getComputedStyle(e).fontSize)""",
        SMALLEST_FIELD_TEXT,
    )
    return [f"field text under 16px: {f}" for f in found]


def marks_outside_margin(page):
    """Disclosure triangles (a <summary>'s marker) drawn outside the column: an "outside"
    marker hangs left of its box, in the page's margin, or the summary starts off-screen."""
    found = page.evaluate(
        """() => Array.from(document.querySelectorAll('summary'))
            .filter(s => s.getBoundingClientRect().width > 0)
            .filter(s => {
              const style = getComputedStyle(s);
              const hanging = style.display === 'list-item' && style.listStyleType !== 'none'
                              && style.listStylePosition === 'outside';
              return hanging || s.getBoundingClientRect().left < 0;
            })
            .map(s => s.textContent.trim().slice(0, 40))"""
    )
    return [f"disclosure mark outside the margin: {s}" for s in found]
