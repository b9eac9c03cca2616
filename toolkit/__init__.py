"""The TD's toolkit: what a tournament director needs during an event.

A rulings log per tournament (private to its directors and the League's editors), the guided
picker that finds a ruling by what happened, offline copies and printouts that know their
version. It sits above `tournaments` (it logs rulings at a tournament and reads its house
rules) and below `search`.
"""
