"""The site's URLs and the note's, for the test settings only (the site's patterns added as
they are, not included: Django refuses language patterns in an included URLconf)."""

from django.urls import include, path

from config.urls import urlpatterns as site
from tests.versioned_app import views
from tests.versioned_app.models import Note
from versions.urls import for_model

notes = ([*for_model(Note, edit=views.edit)], "notes")

urlpatterns = [path("", include(notes)), *site]
