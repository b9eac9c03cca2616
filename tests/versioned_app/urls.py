"""The site's URLs and the note's, for the test settings only."""

from django.urls import include, path

from tests.versioned_app import views
from tests.versioned_app.models import Note
from versions.urls import for_model

notes = ([*for_model(Note, edit=views.edit)], "notes")

urlpatterns = [path("", include(notes)), path("", include("config.urls"))]
