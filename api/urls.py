"""/api/v1/: the read API; /api/: its documentation. Every answer carries an ETag (304)."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from . import views
from .conditional import conditional

app_name = "api"


def read(view_class, last_modified=None):
    return conditional(view_class.as_view(), last_modified)


urlpatterns = [
    path("api/", views.documentation, name="documentation"),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/v1/articles/", read(views.ArticleList), name="article-list"),
    path(
        "api/v1/articles/<slug:key>/",
        read(views.ArticleDetail, views.article_last_modified),
        name="article-detail",
    ),
    path("api/v1/questions/", read(views.QuestionList), name="question-list"),
    path("api/v1/questions/<int:pk>/", read(views.QuestionDetail), name="question-detail"),
    path("api/v1/rulings/", read(views.RulingList), name="ruling-list"),
    path("api/v1/rulings/<slug:slug>/", read(views.RulingDetail), name="ruling-detail"),
    path("api/v1/sources/", read(views.SourceList), name="source-list"),
    path("api/v1/sources/<slug:key>/", read(views.SourceDetail), name="source-detail"),
    path("api/v1/glossary/", read(views.TermList), name="term-list"),
    path("api/v1/glossary/<slug:slug>/", read(views.TermDetail), name="term-detail"),
    path("api/v1/scenarios/", read(views.ScenarioList), name="scenario-list"),
    path("api/v1/scenarios/<slug:slug>/", read(views.ScenarioDetail), name="scenario-detail"),
    path("api/v1/tournaments/", read(views.TournamentList), name="tournament-list"),
    path("api/v1/tournaments/<slug:slug>/", read(views.TournamentDetail), name="tournament-detail"),
    path("api/v1/cases/", read(views.CaseList), name="case-list"),
    path("api/v1/cases/<int:pk>/", read(views.CaseDetail), name="case-detail"),
    path("api/v1/search/", read(views.Search), name="search"),
    path("api/v1/judge/", read(views.Judge), name="judge"),
    # Last: whatever else is asked under /api/v1/ gets the API's JSON 404.
    re_path(r"^api/v1/(?P<rest>.*)$", views.not_found, name="not-found"),
]
