"""The toolkit on other apps' pages (the `page_sections` hook of
`articles.sections.page_sections`, registered in `ToolkitConfig.ready()`): the picker's first
question on the home page and on every tournament page, and "Keep for offline use" on a
published tournament's page."""

from django.urls import reverse

from articles.sections import Section

from .picker import read_tree


def sections(page, **context):
    if page not in ("home", "tournament"):
        return []
    made = []
    tournament = context.get("tournament")
    tree = read_tree()
    if tree.roots:
        made.append(
            Section("toolkit/_picker.html", {"choices": tree.roots, "tournament": tournament})
        )
    if tournament is not None and tournament.is_published:
        url = reverse("toolkit:offline-pages", args=[tournament.slug])
        # At the top (`top`): a TD at the venue looks for it before the network goes.
        made.append(Section("toolkit/_offline.html", {"manifest_url": url, "top": True}))
    return made
