"""A printed house-rules sheet's short link: the exact version printed (its QR code is drawn
by `articles.printouts.qr_svg`, which every printout shares)."""

from django.urls import reverse


def version_path(tournament, number) -> str:
    """The short, stable address of one published version of a tournament's sheet."""
    return reverse("tournaments:version-short", args=[tournament.slug, number])
