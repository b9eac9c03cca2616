"""This process's recent pages as files, so a hit is sent with sendfile as whitenoise does.

A page's key holds the content generation, so a copy can never be stale; a hit then costs
one small cache read (the generation) instead of fetching and unpickling the whole page
from the shared cache and copying it through Python.
"""

import atexit
import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
from collections import OrderedDict

from django.http import FileResponse, HttpResponse

LOCAL_MAX_BYTES = 32 * 1024 * 1024


class _LocalPages:
    """This process's recently used pages, on disk, bounded by their total size (LRU)."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.lock = threading.Lock()
        self.pid = None
        self._reset()

    def _reset(self):
        self.pages = OrderedDict()  # key -> (path, headers, size)
        self.size = 0
        self.folder = None

    def _folder(self):
        # Created after the fork, so each worker writes its own files.
        if self.pid != os.getpid():
            self._reset()
            self.pid = os.getpid()
        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="page-cache-")
            atexit.register(shutil.rmtree, self.folder, True)
        return self.folder

    def response(self, key, request):
        """The stored page as a response, or None. Under a server that can send files
        (wsgi.file_wrapper: gunicorn's sendfile) it is streamed from its file."""
        with self.lock:
            if self.pid != os.getpid() or key not in self.pages:
                return None
            self.pages.move_to_end(key)
            path, headers, _ = self.pages[key]
        try:
            # By descriptor, so the file's name does not become a Content-Disposition.
            file = os.fdopen(os.open(path, os.O_RDONLY), "rb")
        except OSError:  # removed behind our back (a tmp cleaner): fetch it again
            return None
        if not request.META.get("wsgi.file_wrapper"):
            with file:
                return HttpResponse(file.read(), headers=headers)
        headers = dict(headers)
        return FileResponse(file, content_type=headers.pop("Content-Type", None), headers=headers)

    def put(self, key, page):
        content, headers = page
        with self.lock:
            if key in self.pages and self.pid == os.getpid():
                return
            path = os.path.join(self._folder(), hashlib.sha256(key.encode()).hexdigest())
            with open(path, "wb") as file:
                file.write(content)
            self.pages[key] = (path, headers, len(content))
            self.size += len(content)
            while self.size > self.max_bytes and len(self.pages) > 1:
                _, (old_path, _, old_size) = self.pages.popitem(last=False)
                self.size -= old_size
                with contextlib.suppress(OSError):
                    os.remove(old_path)

    def clear(self):
        with self.lock:
            for path, _, _ in self.pages.values():
                with contextlib.suppress(OSError):
                    os.remove(path)
            self.pages.clear()
            self.size = 0


local_pages = _LocalPages(LOCAL_MAX_BYTES)
