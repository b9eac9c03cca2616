"""Tournament pages: filled by the tournaments work."""

urlpatterns = []
