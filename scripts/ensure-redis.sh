#!/usr/bin/env bash
# Make sure a Redis answers on 127.0.0.1:6379; install and start one if not.
set -euo pipefail
ping_redis() {
  if command -v redis-cli >/dev/null 2>&1; then
    redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG
  else
    (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null
  fi
}
if ping_redis; then exit 0; fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "ensure-redis: apt-get install redis-server (Debian's package; no Redis answers on 127.0.0.1:6379)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
mkdir -p /tmp/deepref-redis
redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
  --dir /tmp/deepref-redis --logfile /tmp/deepref-redis/redis.log
for _ in $(seq 1 50); do ping_redis && exit 0; sleep 0.1; done
echo "ensure-redis: Redis did not start; see /tmp/deepref-redis/redis.log" >&2
exit 1
