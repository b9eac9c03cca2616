"""The rules engine: tiles, the table, rule options and the rules of each rule set.

Pure Python. Nothing here may import Django (tests/engine/test_no_django.py checks it).
"""

# Part of every cached scenario result's key: bump it whenever a ruling may change.
ENGINE_VERSION = "1"
