"""ETag and Last-Modified for the API, and 304 for a conditional GET that already has it.

Every answer is the same for everyone (the API signs nobody in), so it is named by what it
depends on: the address asked for, the content generation (`pagecache`: moved on by every
save of content, shared by every worker) and the engine's version (a new engine may rule a
scenario differently with no save). A repeat GET with `If-None-Match` is answered 304 before
any query for the content runs. A view may add a Last-Modified of its own (an article's
latest edit); Django's `condition` then answers `If-Modified-Since` too.
"""

import hashlib
from functools import wraps

from django.views.decorators.http import condition
from mahjong_rules.engine import ENGINE_VERSION

from pagecache.generation import current_generation

API_VERSION = "1"


def etag_for(request, *args, **kwargs) -> str:
    payload = "\n".join(
        [API_VERSION, str(current_generation()), ENGINE_VERSION, request.get_full_path()]
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def conditional(view, last_modified=None):
    """The view, answering 304 to a GET whose ETag (or date) still holds."""
    checked = condition(etag_func=etag_for, last_modified_func=last_modified)(view)

    @wraps(view)
    def answer(request, *args, **kwargs):
        response = checked(request, *args, **kwargs)
        if response.status_code not in (200, 304):
            # A 404 or a 429 is no version of the resource: nothing to revalidate against.
            for header in ("ETag", "Last-Modified"):
                if response.has_header(header):
                    del response[header]
            return response
        # Readers' copies may be kept, but asked about again: content changes at any save.
        response.setdefault("Cache-Control", "public, max-age=0, must-revalidate")
        return response

    return answer
