"""The Atom format of every feed of the site (the wiki's, each tournament's, the League's
changes): what an entry says is what people typed, so it is text, never HTML."""

from django.utils.feedgenerator import Atom1Feed


class TextAtomFeed(Atom1Feed):
    """Atom whose entry summaries are `type="text"`.

    Django writes an item's description as `<summary type="html">`, which tells a feed reader
    to render it as HTML: a `<script>` typed into an edit summary, a tournament's name or a
    withdrawal reason would be live there. Titles and author names are text already."""

    def add_item_elements(self, handler, item):
        super().add_item_elements(handler, {**item, "description": None})
        if item["description"] is not None:
            handler.addQuickElement("summary", item["description"], {"type": "text"})
