"""Search: the results page, and the same results as JSON for the search box."""

from django.urls import path

from . import search_views

urlpatterns = [
    path("search/", search_views.search, name="search"),
]
