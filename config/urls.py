from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from languages.views import switch


def favicon(request):
    """Browsers ask for /favicon.ico on pages that link no icon (the admin's): send the
    site's icon instead of a 404 in their console."""
    return redirect(static("tiles/RD.svg"))


# One language: the admin, the API (its answers are data) and the language switch itself.
urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("language/<str:code>/", switch, name="switch-language"),
    path("", include("api.urls")),
]
# Every page a reader or an editor reads, in English (unprefixed) and in Dutch (/nl/…).
urlpatterns += i18n_patterns(
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("event.urls")),
    path("", include("toolkit.urls")),
    path("", include("appeals.urls")),
    path("", include("casebook.urls")),
    path("", include("tournaments.urls")),
    path("", include("tournaments.card_urls")),
    path("", include("rulings.urls")),
    path("", include("articles.urls")),
    path("", include("translations.urls")),
    path("", include("community.urls")),
    path("", include("search.urls")),
    prefix_default_language=False,
)
