"""What is translatable, declared by the app that owns it in its `ready()`:

    translations.register(Article, key="key", paragraphs=("body",), whole=("title",))

Each paragraph of a `paragraphs` field (split as the merge splits, `versions.merge`) and each
`whole` field is a unit with a stable id (`translations.units`), kept in step on every save of
the object. Who may translate is the wiki's to say (`allow`), as this app imports none."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models.signals import post_save

_REGISTRY: dict[type, Translatable] = {}


@dataclass(frozen=True)
class Translatable:
    model: type
    key: str  # the field naming it stably in the content files (an article's key, a slug)
    paragraphs: tuple[str, ...] = ()
    whole: tuple[str, ...] = ()
    kind: str = ""  # as the content files name it: "article", "ruling", "term", "choice"

    @property
    def fields(self) -> tuple[str, ...]:
        return self.whole + self.paragraphs


def register(model, *, key: str, kind: str, paragraphs=(), whole=()) -> Translatable:
    if model in _REGISTRY:
        raise ValueError(f"{model._meta.label} is registered with translations twice.")
    entry = Translatable(model, key, tuple(paragraphs), tuple(whole), kind)
    _REGISTRY[model] = entry
    post_save.connect(_source_saved, sender=model, dispatch_uid=f"translations-{model}")
    return entry


def _source_saved(sender, instance, raw=False, **kwargs):
    """After a translatable object is saved, its units follow its English text."""
    from translations import units  # its models load after this package is imported

    if not raw:
        units.sync(instance, _REGISTRY[sender])


def entry_for(model) -> Translatable | None:
    return _REGISTRY.get(model)


def registered() -> list[Translatable]:
    return list(_REGISTRY.values())


def by_kind(kind: str) -> Translatable | None:
    return next((entry for entry in _REGISTRY.values() if entry.kind == kind), None)


def _nobody(user) -> bool:
    return False


_translators = {"may_translate": _nobody}


def allow(may_translate) -> None:
    """Say who may translate (`may_translate(user) -> bool`): the wiki's editors."""
    _translators["may_translate"] = may_translate


def may_translate(user) -> bool:
    return bool(_translators["may_translate"](user))
