from django.urls import include, path

from . import feeds, views

app_name = "articles"

urlpatterns = [
    path("", include("articles.wiki.urls")),
    # The feeds read the wiki's lists, so they sit beside it, not inside it.
    path("changes/feed/", feeds.RecentChangesFeed(), name="recent-changes-feed"),
    path("articles/<slug:key>/feed/", feeds.ArticleFeed(), name="article-feed"),
    path("", views.home, name="home"),
    path("go/", views.go, name="go"),
    path("articles/", views.article_index, name="index"),
    path("articles/<slug:key>/", views.article_detail, name="detail"),
    path("rulings/<slug:slug>/", views.ruling_detail, name="ruling"),
    path("sources/", views.source_list, name="sources"),
    path("sources/<slug:publication>/<int:year>/", views.source_year, name="source-year"),
    path("questions/", views.question_list, name="questions"),
    path("glossary/", views.glossary, name="glossary"),
]
