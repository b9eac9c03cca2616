"""CSV cells a spreadsheet shows as text and never runs: the rulings log's CSV and every other
private export (the event summary) write their cells through `neutralised`."""

# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_STARTS) else value
