"""The offline hand check's engine: the rules library run in the browser by Pyodide.

`make engine` builds OUR wheel of `mahjong_rules` and copies Pyodide's runtime (the npm
package pinned in package.json) into engine-build/, served as /static/engine/ (see
config/settings.py). The hand check page names them, with this app's own `hand_check`
module (served as its source: the same code the server runs) and the card to judge by, for
static/js/hand-engine.js, which loads them after the page is drawn when a copy is kept, and
"Keep for offline use" saves them all. Importing the card modules needs no other wheel: the
Gherkin and Cucumber packages are the scenario language's, which the hand check never imports.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET
from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS

from . import hand_check
from .models import Card

# Pyodide's files a page loads (its loader fetches the rest by these names from its folder).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]


def _built() -> Path | None:
    build = getattr(settings, "ENGINE_BUILD", None)
    if build is None or not (build / "pyodide" / "pyodide.mjs").is_file():
        return None
    return build


def engine_urls() -> dict | None:
    """Where the page finds the engine: Pyodide's folder, our wheel, the hand check module;
    None when `make engine` has not run (the hand check then answers only online)."""
    build = _built()
    wheels = sorted((build / "wheels").glob("mahjong_rules-*.whl")) if build else []
    if not wheels:
        return None
    # Plain /static/ names, not a deploy's hashed ones: Pyodide's loader asks for its own
    # files by their plain names, and the worker must keep what the loader will ask for.
    base = settings.STATIC_URL + "engine/"
    return {
        "pyodide": base + "pyodide/",
        "wheel": base + "wheels/" + wheels[-1].name,
        "module": reverse("cards:hand-engine-module"),
    }


def engine_assets() -> list[str]:
    """Every file the engine needs offline, for "Keep for offline use"."""
    urls = engine_urls()
    if urls is None:
        return []
    return [*(urls["pyodide"] + name for name in PYODIDE_FILES), urls["wheel"], urls["module"]]


@require_GET
def module_source(request):
    """The server's hand check module, as it is: Pyodide runs this very code offline."""
    source = Path(hand_check.__file__).read_text(encoding="utf-8")
    return HttpResponse(source, content_type="text/x-python; charset=utf-8")


def kept_card(request, card) -> dict:
    """The card to judge by offline, as `/hand/card.json` gives it: a shipped card by name,
    a site card with its text — only one this reader may see (the choice is the page's)."""
    data = {"name": card.name, "shipped": card.name in SHIPPED_CARDS}
    if not data["shipped"]:
        visible = Card.objects.visible_to(request.user).filter(name=card.name)
        data["text"] = visible.values_list("text", flat=True).first()
    return data
