"""The editors' list of rulings the engine disagrees with, and those no check shows."""

from django.shortcuts import render

from articles.permissions import editor_required
from rulings.agreement import agreements, published_rulings


@editor_required
def disagreeing_rulings(request):
    """`/wanted/rulings/disagreeing/`: each published ruling whose checks give another verdict
    (or no longer pass), then each whose verdict no check shows."""
    found = agreements(published_rulings())
    context = {
        "disagreeing": [agreement for agreement in found if agreement.disagrees],
        "unchecked": [agreement for agreement in found if agreement.unchecked],
        "count": len(found),
    }
    return render(request, "rulings/disagreeing_rulings.html", context)
