"""Editing pages (wiki): filled by the wiki-editing work."""

urlpatterns = []
