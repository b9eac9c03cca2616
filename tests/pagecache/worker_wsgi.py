"""The site's WSGI application, saying which worker process answered (tests only)."""

import os

from config.wsgi import application as site


def application(environ, start_response):
    def start(status, headers, exc_info=None):
        return start_response(status, [*headers, ("X-Worker", str(os.getpid()))], exc_info)

    return site(environ, start)
