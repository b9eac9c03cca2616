"""A list of sources is drawn by the `citation_links` tag, in Python (a page holds thirty lists
and more): it draws exactly what the template it replaced drew, in every case a citation can be."""

import pytest
from django.template import Context, Template

from articles.models import Citation, Source

# The list as articles/_citations_list.html drew it with the template language: the reference.
TEMPLATE_LIST = (
    '{% load sources %}{% if citations %}<p class="cites"><span class="cites__label">Sources:'
    "</span>\n{% for publication, group in citations|by_publication %}"
    '<span class="cites__group">{% for citation in group %}'
    '<a href="{{ citation.source.get_absolute_url }}">{% if forloop.first %}'
    "{{ citation.source }}{% else %}{% if citation.source.year %}{{ citation.source.year }}"
    "{% endif %}{% if citation.source.locator %}{% if citation.source.year %}, {% endif %}"
    "{{ citation.source.locator }}{% endif %}{% if not citation.source.year and not "
    "citation.source.locator %}{{ citation.source }}{% endif %}{% endif %}</a>"
    "{% if citation.locator %} ({{ citation.locator }}){% endif %}"
    '{% if citation.relation != "supports" %} <em>({{ citation.get_relation_display }})</em>'
    '{% endif %}{% if citation.note %} <span class="cites__note">— {{ citation.note }}</span>'
    '{% endif %}{% if is_editor and cite.version %} <span class="part-tools">[<a href="'
    "{% url 'articles:citation-edit' citation.pk %}\" aria-label=\"Edit citation: "
    '{{ citation.source }}{% if citation.locator %} ({{ citation.locator }}){% endif %}">'
    "edit citation</a>]</span>{% endif %}{% if not forloop.last %}; {% endif %}{% endfor %}"
    "</span>{% if not forloop.last %} · {% endif %}\n{% endfor %}</p>{% endif %}\n"
)
TAG_LIST = "{% load sources %}{% citation_links citations %}\n"


def _citations():
    bulletin = {"publication": Source.Publication.NMJL_BULLETIN}
    sources = [
        Source(pk=1, key="b-1990", year=1990, locator="p. 3 & 4", **bulletin),
        Source(pk=2, key="b-1991", year=1991, **bulletin),
        Source(pk=3, key="b-x", locator="<item 7>", **bulletin),
        Source(pk=4, key="b-none", **bulletin),
        Source(pk=5, key="mjme", publication=Source.Publication.MJME, year=2024, month=3),
    ]
    rows = [
        (1, "", "supports", ""),
        (2, "¶2", "differs", 'says "no" <b>'),
        (3, "", "supersedes", ""),
        (4, "q & a", "supports", "not in MJME"),
        (5, "page 9", "supports", ""),
    ]
    return [
        Citation(pk=10 + n, source=sources[s - 1], locator=loc, relation=rel, note=note)
        for n, (s, loc, rel, note) in enumerate(rows)
    ]


@pytest.mark.parametrize(
    "context",
    [
        {},
        {"is_editor": True, "cite": {"version": 14}},
        {"is_editor": True, "cite": {"version": None}},
        {"is_editor": False, "cite": {"version": 14}},
    ],
    ids=["reader", "editor-live-page", "editor-no-version", "reader-with-version"],
)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_the_tag_draws_a_source_list_as_the_template_did(context, count):
    citations = _citations()[:count]
    expected = Template(TEMPLATE_LIST).render(Context({**context, "citations": citations}))
    drawn = Template(TAG_LIST).render(Context({**context, "citations": citations}))
    assert drawn == expected
    if count and context.get("cite", {}).get("version") and context.get("is_editor"):
        assert "edit citation" in drawn
