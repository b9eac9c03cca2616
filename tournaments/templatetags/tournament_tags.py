"""Template tags for tournaments: the article page's matrix and plain-word status labels."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

from tournaments import matrix, printouts

register = template.Library()


@register.simple_tag
def matrix_cells(row):
    """A matrix row's cells. Built here with plain escaping rather than in the template or
    with format_html: an article with twenty scenario texts has hundreds of cells, and their
    cost per cell would take most of the first view's 50 ms after an edit."""
    cells = []
    for cell in row.cells:
        cause = f'<span class="because"> ({escape(cell.cause)})</span>' if cell.cause else ""
        cells.append(
            f'<td class="status {escape(cell.css_class)}">{escape(cell.label)}{cause}</td>'
        )
    return mark_safe("".join(cells))  # every value above is escaped


@register.filter
def full_stop(title):
    """ "." to end a sentence after a title, or "" when the title already ends one: "Departs
    from Can I add a tile later?" must not read "…later?."."""
    return "" if str(title).rstrip().endswith((".", "?", "!", "…")) else "."


@register.filter
def status_label(status):
    """A status as a word ("passes", "differs"), never only as a colour."""
    return matrix.status_label(status)


@register.filter
def verdict_text(step):
    """ "allowed by rule_name (article-key)" for an action step, or "" when it made none."""
    if step is None or not step.verdict:
        return ""
    if step.rule:
        return f"{step.verdict} by {step.rule} ({step.article})"
    return step.verdict


@register.filter
def differing(rulings):
    """The comparisons that rule differently under the tournament's house rules."""
    return [ruling for ruling in rulings if ruling.differs]


@register.filter
def unchanged(rulings):
    """The comparisons that rule as under League rules (or could not be compared)."""
    return [ruling for ruling in rulings if not ruling.differs]


@register.inclusion_tag("tournaments/_printed_version.html", takes_context=True)
def printed_version(context, tournament, number):
    """The print-only footer of a published sheet: a QR code and short link to this version."""
    request = context.get("request")
    path = printouts.version_path(tournament, number)
    url = request.build_absolute_uri(path) if request is not None else path
    return {"url": url, "qr": printouts.qr_svg(url), "number": number}
