"""Search pages: filled by the search work."""

urlpatterns = []
