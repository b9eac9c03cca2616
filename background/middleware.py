"""`/healthz`: what a load balancer or an uptime check asks, answered before anything else.

First in MIDDLEWARE: before SecurityMiddleware (which would redirect a plain-HTTP probe to
HTTPS), before the page cache, and before anything calls `request.get_host()`, so it
answers whatever the `Host` header says (a probe often sends the machine's address, which
ALLOWED_HOSTS rightly refuses). Never cached. It tells states and ages, nothing private.
"""

from django.http import HttpResponseNotAllowed, JsonResponse

from background.health import site_health

PATHS = {"/healthz", "/healthz/"}


class HealthMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info not in PATHS:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        healthy, answer = site_health()
        response = JsonResponse(answer, status=200 if healthy else 503)
        response["Cache-Control"] = "no-store"
        response["X-Content-Type-Options"] = "nosniff"
        return response
