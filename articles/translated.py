"""What a reader of a translated page sees (issue 32): each unit in the reader's language
where its translation is current, else the English (marked `lang="en"`), with a banner
naming what changed where the translation is outdated and the English beside it; a
quotation of a source stays in its language with the translation beside it, marked.

Worked out by the views, so the templates run no query; an English reader costs nothing
(`None`), and so does a page nothing of which is translated."""

from __future__ import annotations

from dataclasses import dataclass

from translations.reading import ENGLISH, Shown, reading_language, shown_for

from .markup import render
from .wiki.linking import link_context

LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}


@dataclass
class Paragraph:
    """One paragraph of a translated text, its HTML already made."""

    shown: Shown
    html: str  # as the reader reads it: the translation where current, else the English
    english_html: str
    translation_html: str = ""  # a quotation's translation, or an outdated one's

    @property
    def in_english(self) -> bool:
        return self.shown.is_quotation or not self.shown.is_translated


@dataclass
class TranslatedArticle:
    language: str
    prevailing: str  # the language whose text prevails ("en")
    whole: dict  # field -> Shown: title, summary, ruling
    ruling_html: str  # the short ruling as the reader reads it
    body: list[Paragraph]

    @property
    def outdated(self) -> list[Shown]:
        """Every outdated unit of the page, what its banner names."""
        units = [*self.whole.values(), *(p.shown for p in self.body)]
        return [shown for shown in units if shown.is_outdated]


def _html(text, links) -> str:
    return render(text, links).html if text else ""


def _whole(found, field_names) -> dict:
    """{object pk: {field: Shown}} for whole fields (one per object and field)."""
    by_object: dict = {}
    for (_, object_id, field), units in found.items():
        if field in field_names and units:
            by_object.setdefault(object_id, {})[field] = units[0]
    return by_object


def _any_translated(found) -> bool:
    return any(shown.translation for units in found.values() for shown in units)


def translate_wholes(objects, fields, language=None) -> bool:
    """Give each object `translated` ({field: Shown}) for a translated page; False (and
    nothing set) for an English reader or where nothing is translated."""
    language = language or reading_language()
    objects = list(objects)
    if language == ENGLISH or not objects:
        return False
    found = shown_for(objects, language)
    if not _any_translated(found):
        return False
    by_object = _whole(found, fields)
    for obj in objects:
        obj.translated = by_object.get(obj.pk, {})
    return True


def translated_article(article, rulings=(), language=None) -> TranslatedArticle | None:
    """The article (and its rulings, each given `translated`) as a reader of `language`
    reads it; None for English, or where nothing of it is translated yet."""
    language = language or reading_language()
    if language == ENGLISH:
        return None
    found = shown_for([article], language)
    rulings_translated = translate_wholes(rulings, ("question", "answer", "reason"), language)
    if not _any_translated(found) and not rulings_translated:
        return None
    links = link_context()
    whole = _whole(found, ("title", "summary", "ruling")).get(article.pk, {})
    ruling = whole.get("ruling")
    body = []
    for key, units in found.items():
        if key[2] != "body":
            continue
        for shown in units:
            english_html = _html(shown.english, links)
            translation = shown.translation.text if shown.translation else ""
            html = _html(shown.text, links) if not shown.is_quotation else english_html
            beside = _html(_unquoted(translation, shown), links) if translation else ""
            body.append(Paragraph(shown, html, english_html, beside))
    return TranslatedArticle(
        language=language,
        prevailing=article.prevailing_language,
        whole=whole,
        ruling_html=_html(ruling.text, links) if ruling and ruling.is_translated else "",
        body=body,
    )


def _unquoted(text: str, shown: Shown) -> str:
    """A quotation's translation is shown beside the quotation, not as a quotation."""
    if not shown.is_quotation:
        return text
    return "\n".join(line.removeprefix(">").removeprefix(" ") for line in text.splitlines())


def translate_terms(terms, language=None) -> None:
    """Glossary terms for a translated page: `translated` as for any whole field, and the
    definition's HTML where its translation is current (`translated_definition_html`)."""
    terms = list(terms)
    if not translate_wholes(terms, ("term", "definition"), language):
        return
    links = link_context()
    for term in terms:
        shown = term.translated.get("definition")
        term.translated_definition_html = (
            _html(shown.text, links) if shown is not None and shown.is_translated else ""
        )
