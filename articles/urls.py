from django.urls import include, path

from . import views

app_name = "articles"

urlpatterns = [
    path("", include("articles.wiki.urls")),
    path("", include("articles.search_urls")),
    path("", views.home, name="home"),
]
