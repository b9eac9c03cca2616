"""The picker's first question on the home page and on every tournament page (found by the
wiki's page-section discovery, `articles.sections.page_sections`)."""

from articles.sections import Section

from .picker import read_tree


def sections(page, **context):
    if page not in ("home", "tournament"):
        return []
    tree = read_tree()
    if not tree.roots:
        return []
    return [
        Section(
            "toolkit/_picker.html",
            {"choices": tree.roots, "tournament": context.get("tournament")},
        )
    ]
