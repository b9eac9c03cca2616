"""The site in English and Dutch: pages by language (`/nl/…`, English unprefixed), the
reader's language on a first visit, and the links between a page's two languages.

Not a Django app (it has no models): `middleware.FirstVisitLanguage` runs before the page
cache, `context_processors.languages` gives every page its switcher and `hreflang` links,
and `views.switch` remembers a reader's choice. Django's `LocaleMiddleware` activates the
language the address names; the catalogue is `locale/nl/LC_MESSAGES/django.po`, compiled by
`make setup` with Babel (no GNU gettext needed).
"""
