from django.apps import AppConfig


class CommunityConfig(AppConfig):
    """Around the rulings: watching pages, notifications (on the site and by e-mail), and
    each article's and tournament's talk page."""

    name = "community"
    verbose_name = "Watching and talk"

    def ready(self):
        from community import signals, versioned  # noqa: F401 (its rows in recent changes)

        signals.connect()
        # The Discussion line on article and tournament pages; verdict changes in the feed.
        import hooks
        from community import article_feed, article_sections, page_sections

        hooks.register("article_sections", article_sections.sections, order=hooks.COMMUNITY)
        hooks.register("page_sections", page_sections.sections, order=hooks.COMMUNITY)
        hooks.register("article_feed", article_feed.entries, order=hooks.COMMUNITY)
