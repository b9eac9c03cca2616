"""The history, compare and restore URL patterns of one versioned model, and its edit page.

    urlpatterns += [path("", include(versions.urls.for_model(Scenario, edit=views.edit)))]

gives "<route>history/", "<route>compare/", "<route>restore/<n>/" and, with `edit`,
"<route>edit/", named "<name>-history", "<name>-compare", "<name>-restore" and "<name>-edit"
in the including app's namespace.
"""

from django.urls import path

from versions import views
from versions.registry import entry_for


def for_model(model, *, history: bool = True, edit=None, edit_kwargs=None) -> list:
    """`history=False` where the thing's history is a page of its own (an article's); `edit`:
    its edit view (`versions.editing.EditView` configured with the app's form), called with
    `edit_kwargs` besides the route's keywords."""
    entry = entry_for(model)
    patterns = [
        path(
            f"{entry.route}compare/", views.compare, {"entry": entry}, name=f"{entry.name}-compare"
        ),
        path(
            f"{entry.route}restore/<int:number>/",
            views.restore,
            {"entry": entry},
            name=f"{entry.name}-restore",
        ),
    ]
    if history:
        patterns.insert(
            0,
            path(
                f"{entry.route}history/",
                views.history,
                {"entry": entry},
                name=f"{entry.name}-history",
            ),
        )
    if edit is not None:
        patterns.insert(
            0, path(f"{entry.route}edit/", edit, edit_kwargs or {}, name=f"{entry.name}-edit")
        )
    return patterns
