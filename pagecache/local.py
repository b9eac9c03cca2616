"""This process's recent pages in memory, so a hit is answered without asking the shared cache.

A page's key holds the content generation, so a copy can never be stale; a hit then costs
one small cache read (the generation, at most once a second) instead of fetching and
unpickling the whole page from the shared cache.

The bytes are kept in memory and sent as they are. Sent with sendfile from a file per page
(as whitenoise sends a static file) a 106 KB article page went at 91–93% of whitenoise's rate
on the benchmark; from memory at 102–107%: opening the file and building a streaming response
cost more than the copy sendfile saves at this size (scripts/bench_article_page.py, README).
"""

import threading
from collections import OrderedDict

from django.http import HttpResponse

LOCAL_MAX_BYTES = 32 * 1024 * 1024


class _LocalPages:
    """This process's recently used pages, bounded by their total size (least recently used
    go first). A worker forked from a process that held pages keeps them: their keys name the
    generation they were made under, so they are as good in the child."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.lock = threading.Lock()
        self.pages = OrderedDict()  # key -> (content, headers)
        self.size = 0

    def response(self, key):
        """The stored page as a response, or None."""
        with self.lock:
            page = self.pages.get(key)
            if page is None:
                return None
            self.pages.move_to_end(key)
        content, headers = page
        return HttpResponse(content, headers=headers)

    def put(self, key, page):
        content, headers = page
        with self.lock:
            if key in self.pages:
                return
            self.pages[key] = (content, headers)
            self.size += len(content)
            while self.size > self.max_bytes and len(self.pages) > 1:
                _, (old_content, _) = self.pages.popitem(last=False)
                self.size -= len(old_content)

    def clear(self):
        with self.lock:
            self.pages.clear()
            self.size = 0


local_pages = _LocalPages(LOCAL_MAX_BYTES)
