"""The versioned models, each declared once by its app (as apps declare `ModelAdmin`s).

An app declares its models in `<app>/versioned.py`, imported from its `AppConfig.ready()`:

    versions.register(Scenario, name="scenario", route="scenarios/<slug:slug>/", …)

and gets history, compare and restore pages (`versions.urls.for_model`), the one
version-checked save and restore (`versions.saving`), from that declaration alone. What it
declares: how a URL finds the thing and who may read it (a private thing is a 404 to
anyone else, and `private=` names it for the privacy walk), who may restore it, its label and
where it is read, the fields its edit form changes (text fields merge by paragraph), and,
where the defaults do not say it well, how a version is described, how two compare and how
its rows read in recent changes (`versions.recent`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from versions import records

_REGISTRY: dict[type, Versioned] = {}


def anyone(user, obj) -> bool:
    return True


def nobody(user, obj) -> bool:
    return False


@dataclass(frozen=True)
class Versioned:
    """Everything the machinery knows of one versioned model."""

    model: type
    name: str  # URL names "<name>-history", "<name>-compare", "<name>-restore"
    route: str  # the URL prefix with its converters: "scenarios/<slug:slug>/"
    find: Callable[..., object]  # (user, **the URL's keywords) → the object as user sees it, or 404
    label: Callable[[object], str]  # as a reader names it: 'Scenario “Calling”'
    url: Callable[[object], str]  # where it is read
    fields: tuple[str, ...]  # what its edit form changes, and a restore brings back
    text_fields: tuple[str, ...] = ()  # merged by paragraph; any other field by value
    namespace: str = ""  # the URL namespace its patterns are included under
    may_read: Callable[[object, object], bool] = anyone  # (user, obj); False: a 404
    may_restore: Callable[[object, object], bool] = nobody  # (user, obj); False: a 403
    sign_in_to_read: bool = False  # anonymous readers are sent to sign in first
    # (user, version) → the version as that user may see it, or None: not theirs to see (a
    # scenario's draft saves, to a reader); default: every version as saved
    shown: Callable | None = None
    # (version, previous) → what a version did; default: created / changed the … / deleted
    describe: Callable | None = None
    # (older, newer, user) → [Compared], each a version or the object; default: each field
    parts: Callable | None = None
    # Before a restore saves, under the lock: (obj, record) → None, or a refusal in words
    prepare: Callable | None = None
    may_restore_version: Callable | None = None  # (user, obj, record) → bool; False: a 403
    history: records.Records = field(default_factory=records.Records)
    note: str = ""  # a sentence under the history and restore pages' headings
    # (obj, record) → the address of the whole page as it stood with that version, or None
    stood: Callable | None = None
    # Its compare links once named history ids (?a=<id>&b=<id>): they redirect to numbers
    old_compare_ids: bool = False
    url_kwargs: Callable[[object], dict] | None = None  # (obj or a history row of it) → keywords
    # Its tables in recent changes (`versions.recent.Recent`); default: its history, every row
    recent: tuple = ()
    # The private things it holds, each with who may read them besides its keepers (its own
    # directors, its writer) and staff: "editor", "director" (of any tournament). The
    # privacy walk plants a marker in each (tests/security/privacy.py).
    private: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return self.model._meta.label_lower

    def kwargs(self, obj) -> dict:
        if self.url_kwargs is not None:
            return self.url_kwargs(obj)
        # "pk" is the thing's own id, on the thing or on a history row of it
        own = {"pk": self.model._meta.pk.attname}
        return {name: getattr(obj, own.get(name, name)) for name in _keywords(self.route)}

    def reverse(self, action: str, obj, *args) -> str:
        prefix = f"{self.namespace}:" if self.namespace else ""
        return reverse(f"{prefix}{self.name}-{action}", kwargs=self.kwargs(obj), args=args or None)

    def reverse_restore(self, obj, number: int) -> str:
        prefix = f"{self.namespace}:" if self.namespace else ""
        return reverse(
            f"{prefix}{self.name}-restore", kwargs={**self.kwargs(obj), "number": number}
        )


def _keywords(route: str) -> list[str]:
    """The keywords of a route: "t/<slug:slug>/log/<int:pk>/" → ["slug", "pk"]."""
    return [part.split(">")[0].split(":")[-1] for part in route.split("<")[1:]]


def register(model, **declared) -> Versioned:
    """Declare a versioned model; registering one twice is a mistake, said at start-up."""
    if model in _REGISTRY:
        raise ValueError(f"{model._meta.label} is registered with versions twice.")
    entry = Versioned(model=model, **declared)
    _REGISTRY[model] = entry
    return entry


def entry_for(model) -> Versioned:
    return _REGISTRY[model]


def registered() -> list[Versioned]:
    """Every declared model, in the order the apps were made ready (the layers' order)."""
    return list(_REGISTRY.values())
