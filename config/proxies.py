"""Who is on the other end: the client's address behind the deployment's trusted proxies.

DJANGO_TRUSTED_PROXY_COUNT says how many proxies of our own stand in front of the app
(nginx alone: 1). Each appends the address it was reached from to X-Forwarded-For, and the
nearest one is REMOTE_ADDR, so the client is the address just before those of our proxies.
Whatever a client writes into X-Forwarded-For itself stays to the left of that and is never
believed. With no proxy (the default, 0) the header is ignored: anyone could send it.
"""

from django.conf import settings


def client_address(request):
    """The client's IP address as login throttling counts it (AXES_CLIENT_IP_CALLABLE)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies <= 0:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    chain = [hop.strip() for hop in forwarded.split(",") if hop.strip()] + [remote]
    # Fewer hops than proxies: the request did not come through all of them; the farthest
    # address known is the best guess, and it is one our own proxies wrote.
    return chain[-(proxies + 1)] if len(chain) > proxies else chain[0]
