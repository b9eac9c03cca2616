"""Translated content (issue 32): see translations/registry.py and docs/architecture.md."""

from translations.registry import allow, may_translate, register

__all__ = ["allow", "may_translate", "register"]
