"""Citations grouped by publication, and the small timeline of an article's sources by year."""

from collections import defaultdict

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from articles.labels import publication_label, relation_label, source_name

register = template.Library()

# Timeline geometry, in SVG user units (the picture scales to the page width).
WIDTH = 640
LABEL_WIDTH = 170
RIGHT = 24
TOP = 12
LANE = 30
AXIS = 34


@register.filter
def by_publication(citations):
    """[(publication label, [citation, …]), …] in order of first citation."""
    groups = {}
    for citation in citations:
        groups.setdefault(publication_label(citation.source.publication), []).append(citation)
    return list(groups.items())


@register.simple_tag(takes_context=True)
def citation_links(context, citations):
    """A list of citations as one paragraph, grouped by publication: the source (only its year
    and locator after the first of its publication), the citation's locator, its relation
    when not "supports", its note, and for editors on the live page, its edit link.

    Drawn here rather than in a template: a page holds thirty lists and more, and a template's
    per-citation tags were the larger part of drawing it on the first view after an edit."""
    if not citations:
        return ""
    cite = context.get("cite")
    version = cite.get("version") if isinstance(cite, dict) else getattr(cite, "version", None)
    editing = bool(context.get("is_editor")) and bool(version)
    groups = []
    for _publication, group in by_publication(citations):
        links = [_citation_link(c, first=n == 0, editing=editing) for n, c in enumerate(group)]
        groups.append(
            format_html('<span class="cites__group">{}</span>', mark_safe("; ".join(links)))
        )
    return format_html(
        '<p class="cites"><span class="cites__label">{}</span>\n{}\n</p>',
        _("Sources:"),
        mark_safe(" · \n".join(groups)),
    )


def _citation_link(citation, first, editing):
    source = citation.source
    if first or not (source.year or source.locator):
        label = conditional_escape(source_name(source))
    elif source.year and source.locator:
        label = format_html("{}, {}", source.year, source.locator)
    else:
        label = conditional_escape(source.year or source.locator)
    html = format_html('<a href="{}">{}</a>', source.get_absolute_url(), label)
    locator = format_html(" ({})", citation.locator) if citation.locator else ""
    html += locator
    if citation.relation != "supports":
        html += format_html(" <em>({})</em>", relation_label(citation.relation))
    if citation.note:
        html += format_html(' <span class="cites__note">— {}</span>', citation.note)
    if editing:
        html += format_html(
            ' <span class="part-tools">[<a href="{}" aria-label="{}">{}</a>]</span>',
            reverse("articles:citation-edit", args=[citation.pk]),
            _("Edit citation: %(source)s")
            % {
                "source": f"{source_name(source)} ({citation.locator})"
                if citation.locator
                else source_name(source)
            },
            _("edit citation"),
        )
    return html


# How a count of one publication's texts reads: "21 NMJL Bulletins".
def _plural(publication: str, count: int) -> str | None:
    plurals = {
        "nmjl-bulletin": ngettext("%(count)d NMJL Bulletin", "%(count)d NMJL Bulletins", count),
        "league-letter": ngettext("%(count)d League letter", "%(count)d League letters", count),
        "league-clarification": ngettext(
            "%(count)d League clarification", "%(count)d League clarifications", count
        ),
        "answers-page": ngettext("%(count)d Answers page", "%(count)d Answers pages", count),
        "calling-guide": ngettext("%(count)d Calling guide", "%(count)d Calling guides", count),
        "web": ngettext("%(count)d public web page", "%(count)d public web pages", count),
    }
    words = plurals.get(publication)
    return words % {"count": count} if words else None


@register.filter
def citations_summary(citations):
    """One line for a long list: "21 NMJL Bulletins, 1970–2019 · Mah Jongg Made Easy, 2024"."""
    parts = []
    for label, group in by_publication(citations):
        sources = {c.source.pk: c.source for c in group}.values()
        count = len(sources)
        years = sorted({s.year for s in sources if s.year})
        if count == 1:
            name = label
        else:
            name = _plural(group[0].source.publication, count) or ngettext(
                "%(label)s (%(count)d place)", "%(label)s (%(count)d places)", count
            ) % {"label": label, "count": count}
        if years:
            span = str(years[0]) if years[0] == years[-1] else f"{years[0]}–{years[-1]}"
            name = f"{name}, {span}"
        parts.append(name)
    return " · ".join(parts)


def timeline(sources):
    """Lanes of dots, one lane per publication, one dot per year it is cited for."""
    lanes = defaultdict(dict)
    undated = set()
    for source in sources:
        if source.year is None:
            undated.add(source.pk)
            continue
        lanes[source.publication].setdefault(source.year, []).append(source)
    if not lanes:
        return None
    years = [year for lane in lanes.values() for year in lane]
    start = min(years) // 10 * 10
    end = max(max(years) // 10 * 10 + 10, start + 10)
    span = WIDTH - LABEL_WIDTH - RIGHT

    def x(year):
        return round(LABEL_WIDTH + (year - start) / (end - start) * span, 1)

    step = 10 if end - start <= 60 else 20
    ordered = sorted(lanes.items(), key=lambda item: min(item[1]))
    rows = []
    summary = []
    for index, (publication, by_year) in enumerate(ordered):
        label = publication_label(publication)
        y = TOP + index * LANE + LANE / 2
        dots = [
            {
                "x": x(year),
                "year": year,
                "title": "; ".join(sorted(source_name(source) for source in by_year[year])),
            }
            for year in sorted(by_year)
        ]
        rows.append({"label": label, "publication": publication, "y": y, "dots": dots})
        listed = ", ".join(str(year) for year in sorted(by_year))
        count = len(by_year)
        summary.append(
            ngettext(
                "%(label)s: %(count)d year (%(years)s)",
                "%(label)s: %(count)d years (%(years)s)",
                count,
            )
            % {"label": label, "count": count, "years": listed}
        )
    axis_y = TOP + len(rows) * LANE + 6
    return {
        "width": WIDTH,
        "height": axis_y + AXIS,
        "rows": rows,
        "lane_start": LABEL_WIDTH,
        "lane_end": WIDTH - RIGHT,
        "axis_y": axis_y,
        "label_y": axis_y + 20,
        "ticks": [{"x": x(year), "year": year} for year in range(start, end + 1, step)],
        "description": ". ".join(summary)
        + (
            ". "
            + ngettext(
                "%(count)d undated source not shown.",
                "%(count)d undated sources not shown.",
                len(undated),
            )
            % {"count": len(undated)}
            if undated
            else "."
        ),
    }


@register.inclusion_tag("articles/_timeline.html")
def source_timeline(sources, title=None):
    """{% source_timeline sources %}: an inline SVG chart with a text alternative."""
    return {"chart": timeline(sources), "title": title or _("Sources by year")}
