"""Printouts that know they are old: a QR code of the exact version a page was printed at.

A sheet or an article printed last week may still lie on a table after the ruling changed.
Each printout carries the address of the version it shows (an article's page version, a
tournament's published version); opening it shows that version, and says when a newer one
exists. Here is what every printout shares: the QR code.
"""

from functools import lru_cache

import segno
from django.utils.safestring import mark_safe

QR_MASK = 0


@lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (no XML declaration, sized by CSS)."""
    # Error correction "M": a sheet folded or marked with a pen still scans. One fixed mask:
    # scoring all eight (segno's default) is most of the code's cost, paid again on the
    # first view after every edit (the URL names the page's version), and any mask scans.
    code = segno.make(url, error="m", micro=False, mask=QR_MASK)
    svg = code.svg_inline(scale=3, border=2, dark="#000", light="#fff", omitsize=True)
    # segno's SVG holds only the path it drew from the URL; nothing else is interpolated.
    return mark_safe(svg.replace("<svg ", '<svg role="img" aria-label="QR code" ', 1))
