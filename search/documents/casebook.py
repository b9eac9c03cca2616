"""What the casebook puts in the index: each published case, as readers read it.

A proposal is private until an editor publishes it, so it is never indexed. A case's
keywords carry its League ruling's question and address, so a search in the ruling's words
finds the cases that apply it.
"""

from __future__ import annotations

from collections.abc import Iterable

from casebook.models import Case
from search.index import Document, remove_document, store, url_of

KIND = "case"


def case_document(case: Case) -> Document:
    parts = [case.what_happened, case.ruling_given, case.decision, case.reasoning]
    ruling = case.ruling
    about = f"{ruling.slug} {ruling.question} {ruling.article.key}" if ruling else ""
    return Document(
        kind=KIND,
        key=str(case.pk),
        title=f"Case: {case.title}",
        body="\n\n".join(part for part in parts if part),
        url=url_of(case),
        ruleset=case.ruleset.key,
        keywords=f"casebook case appeal decided {about}",
    )


def _published():
    return Case.objects.published().select_related("ruleset", "ruling__article")


def all_documents() -> Iterable[Document]:
    for case in _published():
        yield case_document(case)


def index_case(pk) -> None:
    case = _published().filter(pk=pk).first()
    if case is None:
        remove_document(KIND, pk)
    else:
        store(case_document(case))
