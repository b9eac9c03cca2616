"""Every versioned model: a save that lands while a restore waits for the row lock stops it.

The race on two servers (tests/test_racing_restores.py) shows no acknowledged save is lost;
this shows why, deterministically and in-process: a competing save is made at the very
moment the restore asks for the row lock. A stale check made before the lock (as scenarios'
and tournaments' restores once did) lets the restore through and undoes that save; the one
check, made under the lock, refuses it with the page shown again (409).
"""

import pytest

import versions
from tests.test_racing_restores import CASES, _marked

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_save_landing_as_a_restore_takes_the_lock_makes_the_restore_stale(
    client, monkeypatch, key
):
    case = CASES[key]
    entry = next(e for e in versions.registered() if e.key == key)
    thing, (restorer, _) = case.make()
    shown = len(entry.history.entries(entry, thing))
    manager = entry.model.objects
    locking = manager.select_for_update

    def someone_saves_first(*args, **kwargs):
        monkeypatch.setattr(manager, "select_for_update", locking)
        meanwhile = entry.model.objects.get(pk=thing.pk)
        fields = _marked({case.field: getattr(meanwhile, case.field)}, case, key, "meanwhile")
        setattr(meanwhile, case.field, fields[case.field])
        meanwhile.save()
        return locking(*args, **kwargs)

    monkeypatch.setattr(manager, "select_for_update", someone_saves_first)
    client.force_login(restorer)
    response = client.post(entry.reverse_restore(thing, shown - 1), {"latest": shown})

    assert response.status_code == 409
    assert "meanwhile" in getattr(entry.model.objects.get(pk=thing.pk), case.field)
    assert len(entry.history.entries(entry, thing)) == shown + 1  # only the save landed
