from django.apps import AppConfig


class ToolkitConfig(AppConfig):
    """The TD's toolkit: the rulings log, the picker, offline copies and printouts."""

    name = "toolkit"
    verbose_name = "TD's toolkit"

    def ready(self):
        import hooks
        from toolkit import content, page_sections, versioned  # noqa: F401 (versioned: history)

        # The picker and offline copies on the home and tournament pages; the picker's content.
        hooks.register("page_sections", page_sections.sections, order=hooks.TOOLKIT)
        hooks.register("import_content", content.import_content, order=hooks.TOOLKIT)
        hooks.register("export_content", content.export_content, order=hooks.TOOLKIT)
        # The picker's choices may be translated, each whole (translations/).
        import translations
        from toolkit.models import PickerChoice

        translations.register(
            PickerChoice, key="key", kind="choice", whole=("label", "next_question")
        )
