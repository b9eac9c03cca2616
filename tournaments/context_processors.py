"""`chosen_tournament` for every template: the header shows it with a way to leave."""

from .chosen import chosen_slug, chosen_tournament


def chosen(request):
    # No cookie, no query: most readers have not chosen.
    return {"chosen_tournament": chosen_tournament(request) if chosen_slug(request) else None}
