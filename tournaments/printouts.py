"""Printouts that know they are old: a QR code and a short link to the exact version printed.

A sheet printed last week may still lie on a table after the rules changed. Each printed
sheet carries the address of the version it shows; opening it shows that version, with a
banner when a newer one is in force.
"""

from functools import lru_cache

import segno
from django.urls import reverse
from django.utils.safestring import mark_safe


def version_path(tournament, number) -> str:
    """The short, stable address of one published version of a tournament's sheet."""
    return reverse("tournaments:version-short", args=[tournament.slug, number])


@lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (no XML declaration, sized by CSS)."""
    # Error correction "M": a sheet folded or marked with a pen still scans.
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=3, border=2, dark="#000", light="#fff", omitsize=True)
    # segno's SVG holds only the path it drew from the URL; nothing else is interpolated.
    return mark_safe(svg.replace("<svg ", '<svg role="img" aria-label="QR code" ', 1))
