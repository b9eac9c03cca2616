"""Markdown → safe HTML for every piece of content.

markdown-it-py parses; the wiki's own marks are added on its token stream, never by
pattern-matching HTML, so nothing inside a link or inline code is touched:

- ``[[nmjl-24]]`` and plain mentions like "Article 24" link to the article, or, when it is
  not written yet, to its "wanted" page with class ``wanted``;
- ``:7D:`` shows the tile's picture;
- the first mention of a glossary term links to the glossary, but never inside a quotation
  (between “ and ” or straight double quotes, or in a block quote: the quoted words are the
  source's, not ours) nor inside a book's title ("Mah Jongg Made Easy" is not a mention of
  "mah jongg").

Which articles and terms exist comes from a ``LinkContext``, built once per render (or per
batch) so the rendering itself stays pure and testable without a database. nh3 sanitises
the result last, so nothing a user types can run script in a reader's browser.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from html import escape

import nh3
from django.utils.translation import gettext
from mahjong_rules.engine.tiles import TILES, tile_name
from markdown_it import MarkdownIt
from markdown_it.token import Token

_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")

ALLOWED_TAGS = {
    "a",
    "abbr",
    "blockquote",
    "br",
    "code",
    "del",
    "em",
    "h2",
    "h3",
    "h4",
    "hr",
    "img",
    "ins",
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

# The same picture the {% tile %} tag shows, but by its plain static path: stored HTML must
# outlive a deploy, and whitenoise serves the unhashed file too.
TILE_STATIC_PATH = "tiles/{code}.svg"
# Every picture in static/tiles/ is drawn 60 by 80; saying so lets the browser keep the
# room before the picture arrives (no layout shift). CSS sets the size shown.
TILE_WIDTH, TILE_HEIGHT = 60, 80

WANTED_TITLE = "not written yet"
# Titles of books and publications cited on the site: their words are not glossary mentions.
BOOK_TITLES = ("Mah Jongg Made Easy", "Matjok Rulebook", "NMJL Bulletin")
_BOOK_TITLE = re.compile("|".join(re.escape(t) for t in BOOK_TITLES), re.IGNORECASE)
# Marks that open or close a quotation. Single quotes are left alone: ’ is also an apostrophe.
_OPENING_QUOTE, _CLOSING_QUOTE, _STRAIGHT_QUOTE = "“", "”", '"'
_QUOTE_MARK = re.compile('[“”"]')
# An "Article N" mention means the NMJL article numbered N.
NUMBERED_RULESET = "nmjl"


def wanted_key_for_number(number: str) -> str:
    """The key an NMJL article numbered `number` would have: "nmjl-24"."""
    return f"{NUMBERED_RULESET}-{number}"


def wanted_label(key: str) -> str:
    """What a reader calls an article by its key: "Article 24" for nmjl-24, else the key."""
    number = key.removeprefix(f"{NUMBERED_RULESET}-")
    return f"Article {number}" if number != key and number.isdigit() else key


def wanted_label_for_reader(key: str) -> str:
    """`wanted_label` in the reader's language, for a page's heading (the rendered texts
    keep the English one: they are stored)."""
    number = key.removeprefix(f"{NUMBERED_RULESET}-")
    if number != key and number.isdigit():
        return gettext("Article %(number)s") % {"number": number}
    return key


@dataclass(frozen=True)
class LinkContext:
    """What the renderer needs to know about the site: existing articles and terms.

    ``articles`` maps existing keys to titles; ``numbers`` maps an NMJL article number to
    its key; ``terms`` lists (name, slug) for every term and alias. ``resolve=False`` means
    the site is unknown: cross-links are made but never marked wanted.
    """

    articles: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, str] = field(default_factory=dict)
    terms: Iterable[tuple[str, str]] = ()
    article_url: Callable[[str], str] = lambda key: f"/articles/{key}/"
    wanted_url: Callable[[str], str] = lambda key: f"/wanted/{key}/"
    glossary_url: Callable[[str], str] = lambda slug: f"/glossary/#{slug}"
    static_url: str = "/static/"
    resolve: bool = True

    @classmethod
    def unresolved(cls) -> LinkContext:
        return cls(resolve=False)

    def key_for_number(self, number: str) -> str:
        return self.numbers.get(number) or wanted_key_for_number(number)

    def exists(self, key: str) -> bool:
        return not self.resolve or key in self.articles

    def term_pattern(self) -> re.Pattern | None:
        names = sorted({name for name, _ in self.terms if name.strip()}, key=len, reverse=True)
        if not names:
            return None
        alternatives = "|".join(re.escape(name) for name in names)
        return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)

    def term_slug(self, text: str) -> str | None:
        lowered = text.lower()
        for name, slug in self.terms:
            if name.lower() == lowered:
                return slug
        return None


@dataclass
class Rendered:
    """Rendered HTML and the article keys it links to (written or wanted)."""

    html: str
    linked_keys: set[str]


_CROSS_MARKS = re.compile(
    r"\[\[(?P<key>[a-z0-9][a-z0-9-]*)(?:\|(?P<label>[^\]\n]+))?\]\]"
    r"|(?<![\w-])(?P<mention>[Aa]rticle (?P<number>\d+))(?![\w-])"
    # Any short code of the tile table, exactly as written (":7D:", ":RD:").
    rf"|:(?P<tile>{'|'.join(sorted(TILES, key=len, reverse=True))}):"
)


def sanitise(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


def render_markdown(text: str, links: LinkContext | None = None) -> str:
    """Render Markdown to HTML that is safe to mark safe in a template.

    The site's articles and terms come from ``links`` (``articles.wiki.linking.link_context()``
    for the site as it is); without one, cross-links are made but never marked wanted.
    """
    return render(text, links).html


def render(text: str, links: LinkContext | None = None) -> Rendered:
    """Render Markdown and report which articles it links to."""
    if links is None:
        links = LinkContext.unresolved()
    tokens = _markdown.parse(text or "")
    linked: set[str] = set()
    glossary = _Glossary(links)
    blockquotes = 0
    for token in tokens:
        if token.type == "blockquote_open":
            blockquotes += 1
        elif token.type == "blockquote_close":
            blockquotes -= 1
        elif token.type == "inline" and token.children:
            # Each paragraph starts outside a quotation; a block quote is all quotation.
            glossary.quoted = blockquotes > 0
            glossary.blockquote = blockquotes > 0
            token.children = _mark_inline(token.children, links, linked, glossary)
    html = _markdown.renderer.render(tokens, _markdown.options, {})
    return Rendered(sanitise(html), linked)


class _Glossary:
    """Links the first mention of each term, once per text."""

    def __init__(self, links: LinkContext):
        self.links = links
        self.pattern = links.term_pattern()
        self.seen: set[str] = set()
        self.quoted = False  # inside a quotation at this point of the paragraph
        self.blockquote = False  # the whole paragraph is quoted

    def unquoted_parts(self, text):
        """[(start, end, quoted)] pieces of text, following quotation marks from where the
        previous text of the paragraph left off."""
        parts, position = [], 0
        for mark in _QUOTE_MARK.finditer(text):
            parts.append((position, mark.end() if self.quoted else mark.start(), self.quoted))
            position = mark.end() if self.quoted else mark.start()
            if mark.group(0) == _OPENING_QUOTE:
                self.quoted = True
            elif mark.group(0) == _CLOSING_QUOTE:
                self.quoted = self.blockquote
            else:  # a straight quote opens or closes
                self.quoted = self.blockquote or not self.quoted
        parts.append((position, len(text), self.quoted))
        return [(start, end, quoted) for start, end, quoted in parts if end > start]


def _mark_inline(children, links, linked, glossary) -> list[Token]:
    marked: list[Token] = []
    link_depth = 0
    for child in children:
        if child.type == "link_open":
            link_depth += 1
        elif child.type == "link_close":
            link_depth -= 1
        if child.type == "text" and link_depth == 0:
            marked.extend(_mark_text(child.content, links, linked, glossary))
        else:
            marked.append(child)
    return marked


def _mark_text(text, links, linked, glossary) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    for match in _CROSS_MARKS.finditer(text):
        tokens.extend(_mark_terms(text[position : match.start()], links, glossary))
        position = match.end()
        if match["tile"]:
            tokens.append(_tile_token(match["tile"], links))
            continue
        if match["key"]:
            key = match["key"]
            # A bare [[nmjl-24]] reads as "Article 24" until the article exists to give a title.
            label = (match["label"] or "").strip() or links.articles.get(key) or wanted_label(key)
        else:
            key = links.key_for_number(match["number"])
            label = match["mention"]
        linked.add(key)
        tokens.extend(_article_link(key, label, links))
    tokens.extend(_mark_terms(text[position:], links, glossary))
    return tokens


def _mark_terms(text, links, glossary) -> list[Token]:
    if not text:
        return []
    if glossary.pattern is None:
        return [_text(text)]
    tokens: list[Token] = []
    for start, end, quoted in glossary.unquoted_parts(text):
        if quoted:
            tokens.append(_text(text[start:end]))
        else:
            tokens.extend(_link_terms(text[start:end], links, glossary))
    return tokens


def _link_terms(text, links, glossary) -> list[Token]:
    """Link the first mention of each term in text, skipping the words of book titles."""
    titles = [match.span() for match in _BOOK_TITLE.finditer(text)]
    tokens: list[Token] = []
    position = 0
    for match in glossary.pattern.finditer(text):
        if any(match.start() < end and start < match.end() for start, end in titles):
            continue
        slug = links.term_slug(match.group(0))
        if slug is None or slug in glossary.seen:
            continue
        glossary.seen.add(slug)
        if match.start() > position:
            tokens.append(_text(text[position : match.start()]))
        tokens.extend(_link(links.glossary_url(slug), match.group(0), css="term"))
        position = match.end()
    if position < len(text):
        tokens.append(_text(text[position:]))
    return tokens


def _article_link(key, label, links) -> list[Token]:
    if links.exists(key):
        return _link(links.article_url(key), label)
    link = _link(links.wanted_url(key), label, css="wanted", title=WANTED_TITLE)
    # Said in words inside the link, not by colour: "Article 24 (not written yet)".
    note = Token("html_inline", "", 0)
    note.content = f' <span class="wanted__note">({WANTED_TITLE})</span>'
    return [*link[:-1], note, link[-1]]


def _link(href, label, css=None, title=None) -> list[Token]:
    opening = Token("link_open", "a", 1)
    opening.attrSet("href", href)
    if css:
        opening.attrSet("class", css)
    if title:
        opening.attrSet("title", title)
    return [opening, _text(label), Token("link_close", "a", -1)]


def _text(content) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _tile_token(code, links) -> Token:
    name = tile_name(code)
    src = links.static_url + TILE_STATIC_PATH.format(code=code)
    token = Token("html_inline", "", 0)
    token.content = tile_picture(src, name)
    return token


def tile_picture(src, name) -> str:
    """The one <img> of a tile, in Markdown and in templates ({% tile %})."""
    return (
        f'<img class="tile" src="{escape(src)}" alt="{escape(name)}"'
        f' width="{TILE_WIDTH}" height="{TILE_HEIGHT}">'
    )
