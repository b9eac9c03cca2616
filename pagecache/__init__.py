"""The whole-page cache for anonymous readers (see pages.py)."""
