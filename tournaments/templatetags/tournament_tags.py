"""Template tags for tournaments: rulings in a reader's words, and the engine's for authors."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from articles.printouts import qr_svg
from mahjong_rules import plain
from rulings import option_words, reader_words
from tournaments import matrix, printouts, ruling_choices

register = template.Library()


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
        return _("%(verdict)s by %(rule)s (%(article)s)") % {
            "verdict": step.verdict,
            "rule": step.rule,
            "article": step.article,
        }
    return step.verdict


@register.filter
def answered_by(answered, rule):
    """The rulings one house rule changes (`ruling_answers.answers_by_rule`, computed by the
    view: no query here)."""
    return (answered or {}).get(rule.number, [])


@register.filter
def differing(rulings):
    """The comparisons that rule differently under the tournament's house rules."""
    return [ruling for ruling in rulings if ruling.differs]


@register.filter
def unchanged(rulings):
    """The comparisons that rule as under League rules (or could not be compared)."""
    return [ruling for ruling in rulings if not ruling.differs]


@register.filter
def plain_verdict(step):
    """ "Not allowed: West touched 8B …" for an action step, in a reader's words."""
    if step is None or not step.verdict:
        return ""
    reason = reader_words.engine_sentence(plain.with_option_titles(step.reason or ""))
    word = reader_words.verdict_word(step.verdict)
    return format_html("{}: {}", word, reason) if reason else word


@register.filter
def plain_ruling(result):
    """A check's ruling: the verdict of its last action ("Allowed"), or its state."""
    step = plain.ruling_step(result)
    if step:
        return reader_words.verdict_word(step.verdict)
    return reader_words.state_word(result.status)


@register.filter
def first_sentence(text):
    """A house rule's first sentence: its name as the sheet states it."""
    return plain.first_sentence(text)


@register.filter
def reading_sentence(rule):
    """The reading a house rule chooses, as players read it (never its name)."""
    return ruling_choices.reading_sentence(rule.option, rule.value)


@register.filter
def option_titles(names):
    return ", ".join(f"“{option_words.title(name)}”" for name in names)


@register.inclusion_tag("_printed_version.html", takes_context=True)
def printed_version(context, tournament, number):
    """The print-only footer of a published sheet: a QR code and short link to this version."""
    request = context.get("request")
    path = printouts.version_path(tournament, number)
    url = request.build_absolute_uri(path) if request is not None else path
    return {"url": url, "qr": qr_svg(url), "number": number}
