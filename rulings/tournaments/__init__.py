"""Tournaments and their house rules: who may do what, published versions, what they change.

- `access`: who may see, edit, publish and start tournaments;
- `versions`: the working copy, publishing numbered versions, what changed, `options_for`;
- `comparison`: every scenario check under League rules and under a tournament's rules;
- `matrix`: the article page's matrix of checks against each published tournament.

Callers use the names below (`rulings.tournaments.options_for`, …).
"""

from .access import can_create, can_edit, can_view, is_director_of
from .comparison import (
    RulingComparison,
    StepChange,
    TournamentPage,
    display_name,
    page_as_json,
    rulings_under,
    tournament_page,
    tournament_results,
)
from .matrix import (
    Matrix,
    MatrixCell,
    MatrixRow,
    matrix_for_article,
    published_rules,
    status_label,
)
from .versions import (
    Change,
    NothingToPublish,
    Sheet,
    SheetRule,
    VersionEntry,
    as_snapshot,
    changes_between,
    changes_in,
    latest_version,
    options_for,
    options_in,
    publish,
    published_sheet,
    snapshot_of,
    unpublished_changes,
    version_history,
    working_sheet,
)

__all__ = [
    "as_snapshot",
    "Change",
    "Matrix",
    "MatrixCell",
    "MatrixRow",
    "NothingToPublish",
    "RulingComparison",
    "Sheet",
    "SheetRule",
    "StepChange",
    "TournamentPage",
    "VersionEntry",
    "can_create",
    "can_edit",
    "can_view",
    "changes_between",
    "changes_in",
    "display_name",
    "is_director_of",
    "latest_version",
    "matrix_for_article",
    "options_for",
    "options_in",
    "page_as_json",
    "publish",
    "published_rules",
    "published_sheet",
    "rulings_under",
    "snapshot_of",
    "status_label",
    "tournament_page",
    "tournament_results",
    "unpublished_changes",
    "version_history",
    "working_sheet",
]
