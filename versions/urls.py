"""The history, compare and restore URL patterns of one versioned model.

    urlpatterns += [path("", include(versions.urls.for_model(Scenario)))]

gives "<route>history/", "<route>compare/" and "<route>restore/<n>/" named "<name>-history",
"<name>-compare" and "<name>-restore" in the including app's namespace.
"""

from django.urls import path

from versions import views
from versions.registry import entry_for


def for_model(model, *, history: bool = True) -> list:
    """`history=False` where the thing's history is a page of its own (an article's)."""
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
    return patterns
