"""A versioned model's history table as a plain queryset, for reads that count or aggregate.

django-simple-history's `Model.history` builds a new manager class on every access (its
descriptor calls `Manager.from_queryset`, which walks the queryset class's members): a
tenth of a millisecond each time, paid several times over by the article page's version
count on the first view after every edit. The table's own model and default manager are the
same rows without that cost.
"""

import functools


@functools.cache
def history_model(model):
    """The historical model that keeps `model`'s history (django-simple-history's)."""
    return model.history.model


def history_rows(model):
    """Every row of `model`'s history table, as a plain queryset."""
    return history_model(model)._default_manager.all()
