"""Search: the results page, and the same results as JSON for the search box."""

from django.urls import path

from . import views

app_name = "search"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("tiles/<str:code>/", views.tile, name="tile"),
]
