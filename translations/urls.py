from django.urls import include, path

from versions.urls import for_model

from . import views
from .models import Translation

app_name = "translations"

urlpatterns = [
    path("translations/outdated/", views.outdated_list, name="outdated"),
    path(
        "translations/unit/<int:unit>/<slug:language>/",
        views.add,
        name="translation-add",
    ),
    path("", include(for_model(Translation, edit=views.edit))),
]
