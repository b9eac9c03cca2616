"""Citations grouped by publication, and the small timeline of an article's sources by year."""

from collections import defaultdict

from django import template

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
        groups.setdefault(citation.source.publication_label, []).append(citation)
    return list(groups.items())


# How a count of one publication's texts reads: "21 NMJL Bulletins".
PLURALS = {
    "NMJL Bulletin": "NMJL Bulletins",
    "League letter": "League letters",
    "League clarification": "League clarifications",
    "Answers page": "Answers pages",
    "Calling guide": "Calling guides",
    "Public web page": "public web pages",
}


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
        elif label in PLURALS:
            name = f"{count} {PLURALS[label]}"
        else:
            name = f"{label} ({count} places)"
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
        label = next(iter(by_year.values()))[0].publication_label
        y = TOP + index * LANE + LANE / 2
        dots = [
            {
                "x": x(year),
                "year": year,
                "title": "; ".join(sorted(str(source) for source in by_year[year])),
            }
            for year in sorted(by_year)
        ]
        rows.append({"label": label, "publication": publication, "y": y, "dots": dots})
        listed = ", ".join(str(year) for year in sorted(by_year))
        count = len(by_year)
        summary.append(f"{label}: {count} year{'s' if count != 1 else ''} ({listed})")
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
        + (f". {len(undated)} undated source(s) not shown." if undated else "."),
    }


@register.inclusion_tag("articles/_timeline.html")
def source_timeline(sources, title="Sources by year"):
    """{% source_timeline sources %}: an inline SVG chart with a text alternative."""
    return {"chart": timeline(sources), "title": title}
