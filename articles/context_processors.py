"""Context for every template: what the signed-in person may do, decided before drawing."""

from articles.permissions import is_editor


def roles(request):
    """`is_editor` for the templates: only which links to show; views check again."""
    return {"is_editor": is_editor(getattr(request, "user", None))}
