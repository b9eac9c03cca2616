"""{% printed_at url number %}: the print-only foot of a page, a QR code and the address of
the version printed (articles.printouts)."""

from django import template

from articles.printouts import qr_svg

register = template.Library()


@register.inclusion_tag("_printed_version.html")
def printed_at(url, number):
    return {"url": url, "qr": qr_svg(url), "number": number}
