"""A test client signed in as someone (or no one): the tests of the log, the event, appeals,
the casebook and private names each read pages as several people."""

from django.test import Client


def client_for(person):
    """A client signed in as `person`; anonymous when `person` is None."""
    client = Client()
    if person is not None:
        client.force_login(person)
    return client
