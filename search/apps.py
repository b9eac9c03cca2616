from django.apps import AppConfig


class SearchConfig(AppConfig):
    """The site search: one index of what the wiki and the rulings hold, and its pages."""

    name = "search"
    verbose_name = "Search"

    def ready(self):
        # Keeps the index current on every save and delete of what it indexes.
        from django.db.models.signals import post_migrate

        from search import signals
        from search.permissions import let_editors_keep_synonyms

        signals.connect()
        # The synonyms' part of the content commands.
        import hooks
        from search import content

        hooks.register("import_content", content.import_content, order=hooks.SEARCH)
        hooks.register("export_content", content.export_content, order=hooks.SEARCH)
        # After auth's own post_migrate receiver has created the permissions.
        post_migrate.connect(let_editors_keep_synonyms, dispatch_uid="search-editors-synonyms")
