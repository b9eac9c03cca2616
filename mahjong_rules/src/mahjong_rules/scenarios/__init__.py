"""The scenario language: Gherkin texts whose steps are judged by the rules engine.

Pure Python. Nothing here may import Django.
"""
