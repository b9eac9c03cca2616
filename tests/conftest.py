"""Shared test setup: tests run with debug on and plain static storage."""
