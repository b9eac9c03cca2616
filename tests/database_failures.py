"""A database that stops taking writes, for the tests of what an editor sees then."""

import contextlib

from django.db import OperationalError, connection

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextlib.contextmanager
def database_refuses_writes(why="attempt to write a readonly database", after=0):
    """Every INSERT, UPDATE and DELETE fails with OperationalError(why), as a read-only or
    full database fails; `after` writes go through first (a save that fails half-way)."""
    allowed = [after]

    def refuse(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(WRITES):
            if allowed[0] <= 0:
                raise OperationalError(why)
            allowed[0] -= 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(refuse):
        yield
