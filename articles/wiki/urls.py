"""Editing pages (wiki), included at "" in articles/urls.py under the "articles" namespace."""

from django.urls import include, path, register_converter

from articles.wiki import views
from articles.wiki.kinds import KINDS, ROUTES
from versions.urls import for_model


class RowId:
    """A database id: at most 18 digits, so no URL can overflow a 64-bit integer column."""

    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(RowId, "rowid")

urlpatterns = [
    path("articles/new/", views.create, {"kind": "article"}, name="article-create"),
    path(
        "articles/<slug:key>/commentary/new/",
        views.create,
        {"kind": "commentary"},
        name="commentary-create",
    ),
    path(
        "articles/<slug:key>/questions/new/",
        views.create,
        {"kind": "question"},
        name="question-create",
    ),
    path(
        "articles/<slug:key>/citations/new/",
        views.create,
        {"kind": "citation"},
        name="citation-create",
    ),
    path(
        "articles/<slug:key>/rulings/new/",
        views.create,
        {"kind": "ruling"},
        name="ruling-create",
    ),
    path("terms/new/", views.create, {"kind": "term"}, name="term-create"),
    path("articles/<slug:key>/links-here/", views.links_here, name="article-links-here"),
    path("articles/<slug:key>/review/", views.review, name="article-review"),
    path("articles/<slug:key>/ruling/review/", views.ruling_review, name="ruling-review"),
    path("changes/", views.recent_changes, name="recent-changes"),
    path("wanted/", views.wanted_list, name="wanted"),
    # Before wanted/<key>/: "rulings" is this list, never a wanted article's key.
    path("wanted/rulings/", views.wanted_rulings, name="wanted-rulings"),
    path("wanted/<slug:key>/", views.wanted_article, name="wanted-article"),
    path("unreviewed/", views.unreviewed, name="unreviewed"),
]

# An article's history is the page's one history (its parts and linked scenarios too), and
# each of its versions can be read as it stood.
urlpatterns += [
    path("articles/<slug:key>/history/", views.page_history, name="article-history"),
    path(
        "articles/<slug:key>/version/<int:number>/",
        views.page_version,
        name="article-version",
    ),
]

# Each kind's edit page and history pages, from the versions app (articles/versioned.py).
for kind in ROUTES:
    patterns = for_model(
        KINDS[kind].model, history=kind != "article", edit=views.edit, edit_kwargs={"kind": kind}
    )
    urlpatterns += [path("", include(patterns))]
