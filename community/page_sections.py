"""The tournament page's Discussion line and star (the `page_sections` hook of
`articles.sections.page_sections`), as the article page gets them from `article_sections.py`."""

from articles.sections import Section

from .talk import open_thread_count


def sections(page, **context):
    tournament = context.get("tournament")
    if page != "tournament" or tournament is None:
        return []
    data = {
        "kind": "tournament",
        "key": tournament.slug,
        "open_threads": open_thread_count(tournament=tournament),
    }
    return [Section("community/_talk_line.html", data)]
