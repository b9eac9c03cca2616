"""Editable content with history, declared once per model (docs/architecture.md)."""

from versions.registry import Versioned, entry_for, register, registered

__all__ = ["Versioned", "entry_for", "register", "registered"]
