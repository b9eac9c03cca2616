"""What a stored page depends on besides its address: variants other apps register.

A reader's page may depend on a cookie (the tournament they said they are at). The page
cache sits below every app, so it does not know such cookies; an app registers a function
``variant(request, generation) -> str`` in its AppConfig.ready(), and the page's cache key
holds each one's answer. A variant function must answer from a small, known set of values
(an unknown cookie is "", the same as none), or a client could make the cache store a copy
per value it invents. It runs before the view on every reader's request, so it must be
cheap: no query on a hit (read what it needs once per content generation).
"""

_variants = {}


def register(name, variant):
    """Make every stored page depend on `variant(request, generation)` as well."""
    _variants[name] = variant


def variant_of(request, generation) -> str:
    """This request's variant of a page, "" when every registered variant is its default."""
    parts = []
    for name in sorted(_variants):
        value = _variants[name](request, generation)
        if value:
            parts.append(f"{name}={value}")
    return "&".join(parts)
