"""Markdown → safe HTML for every piece of content.

markdown-it-py renders; nh3 sanitises what comes out, so nothing a user types can run
script in a reader's browser. Cross-links ([[nmjl-24]], "Article 24"), tile pictures
(:7D:) and glossary links are added by the wiki work.
"""

import nh3
from markdown_it import MarkdownIt

_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")

ALLOWED_TAGS = {
    "a",
    "abbr",
    "blockquote",
    "br",
    "code",
    "em",
    "h2",
    "h3",
    "h4",
    "hr",
    "img",
    "li",
    "ol",
    "p",
    "pre",
    "span",
    "strong",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class"},
    "img": {"src", "alt", "title", "class", "width", "height"},
    "span": {"class", "title"},
    "abbr": {"title"},
}


def sanitise(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


def render_markdown(text: str) -> str:
    """Render Markdown to HTML that is safe to mark safe in a template."""
    return sanitise(_markdown.render(text or ""))
