"""Whole-page cache for readers, invalidated by a content generation number.

A TD at the table is an anonymous reader; their pages come straight from the cache.
Any save or delete of content (articles and rulings apps) bumps the generation, so a
cached page is never served after the content under it changed. With several app
servers the cache must be shared (REDIS_URL), or each keeps its own generation.
"""
