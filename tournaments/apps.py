from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: their house rules, published versions, and what those change in the rulings."""

    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from pagecache import variants
        from rulings import card_sources
        from tournaments import cards, chosen, signals, versioned  # noqa: F401 (declares history)

        signals.connect()
        # Scenario runs in rulings find the site's cards through this (rulings cannot import us).
        card_sources.register(cards.lookup_for)
        # Readers' pages depend on the tournament they chose: one stored copy per published one.
        variants.register("tournament", chosen.page_cache_variant)
        # What tournaments add to the wiki's and rulings' pages and to the content commands.
        import hooks
        from tournaments import article_sections, content, page_sections, ruling_answers

        hooks.register("article_sections", article_sections.sections, order=hooks.TOURNAMENTS)
        hooks.register("under_ruling", article_sections.under_ruling, order=hooks.TOURNAMENTS)
        hooks.register("page_sections", page_sections.sections, order=hooks.TOURNAMENTS)
        hooks.register("ruling_answers", ruling_answers.answers_for_page, order=hooks.TOURNAMENTS)
        hooks.register("import_content", content.import_content, order=hooks.TOURNAMENTS)
        hooks.register("export_content", content.export_content, order=hooks.TOURNAMENTS)
