"""The consumer's heartbeat: every 10 s, run through the queue like any task, it records
that a consumer is there and getting through the work (read by background.health).

Huey's periodic tasks run at most once a minute (they take a crontab), so the heartbeat
schedules its own next beat. Each consumer start begins one chain under a fresh token (a
startup hook, run by each worker as it starts): a beat whose token is no longer the latest
ends its chain, so restarts and several workers never pile up heartbeats. A worker that
stops cleanly forgets the heartbeat (a shutdown hook): a consumer stopped on purpose is
then missed only once work waits for it, one that vanished is missed at once.
"""

import uuid

from huey.contrib.djhuey import HUEY, on_shutdown, on_startup, task

from background import health

BEAT_EVERY_S = 10
CHAIN_KEY = "background:heartbeat-chain"


@task()
def heartbeat(chain):
    health.record_heartbeat()
    if HUEY.get(CHAIN_KEY, peek=True) == chain:
        heartbeat.schedule((chain,), delay=BEAT_EVERY_S)


@on_startup()
def start_heartbeat():
    chain = uuid.uuid4().hex
    HUEY.put(CHAIN_KEY, chain)
    heartbeat(chain)


@on_shutdown()
def stop_heartbeat():
    health.forget_heartbeat()
