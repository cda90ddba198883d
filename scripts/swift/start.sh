#!/usr/bin/env bash
# OpenStack Swift all-in-one with its S3 API, for tests: Debian's packages, one replica on one folder,
# tempauth (S3 access key `test:tester`, secret `testing`), memcached on loopback.
#
#   eval "$(scripts/swift/start.sh)"    # starts everything, creates the bucket, exports STORAGE=s3 S3_…
#   scripts/swift/stop.sh               # stops the processes recorded in the state folder
# In scripts under `set -e`, assign first (`env="$(scripts/swift/start.sh)"; eval "$env"`): a bare
# `eval "$(…)"` hides a failed start.
#
# Settings (environment): SWIFT_STATE_DIR (default <repo>/.tmp/swift), SWIFT_PROXY_PORT (8080),
# SWIFT_OBJECT_PORT (6200), SWIFT_CONTAINER_PORT (6201), SWIFT_ACCOUNT_PORT (6202),
# SWIFT_MEMCACHED_PORT (11211), S3_BUCKET (canal-test), SWIFT_START_TIMEOUT (30 seconds).
# Everything except the `export` lines goes to stderr, so that the output can be `eval`ed.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIR="${SWIFT_STATE_DIR:-$ROOT/.tmp/swift}"
PROXY_PORT="${SWIFT_PROXY_PORT:-8080}"
OBJECT_PORT="${SWIFT_OBJECT_PORT:-6200}"
CONTAINER_PORT="${SWIFT_CONTAINER_PORT:-6201}"
ACCOUNT_PORT="${SWIFT_ACCOUNT_PORT:-6202}"
MEMCACHED_PORT="${SWIFT_MEMCACHED_PORT:-11211}"
BUCKET="${S3_BUCKET:-canal-test}"
TIMEOUT="${SWIFT_START_TIMEOUT:-30}"
log() { echo "swift: $*" >&2; }

packages=(swift swift-proxy swift-account swift-container swift-object memcached)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi

# Swift 2.30 reads the hash prefix/suffix and the storage policies from /etc/swift/swift.conf whatever
# `swift_dir` says (swift_dir only locates the rings). Debian's package ships that file; write one
# only when it is absent.
if [ ! -f /etc/swift/swift.conf ]; then
  log "writing /etc/swift/swift.conf (absent)"
  mkdir -p /etc/swift
  cat >/etc/swift/swift.conf <<CONF
[swift-hash]
swift_hash_path_suffix = canal-test-suffix
swift_hash_path_prefix = canal-test-prefix

[storage-policy:0]
name = Policy-0
default = yes
CONF
fi

mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
if [ -f "$DIR/pids" ]; then
  while read -r name pid; do
    if kill -0 "$pid" 2>/dev/null; then
      log "$name is already running (pid $pid) from $DIR; run scripts/swift/stop.sh first"
      exit 1
    fi
  done <"$DIR/pids"
  rm -f "$DIR/pids"
fi
mkdir -p "$DIR/srv/d1" "$DIR/log"
for port in "$PROXY_PORT" "$ACCOUNT_PORT" "$CONTAINER_PORT" "$OBJECT_PORT" "$MEMCACHED_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    log "port $port on 127.0.0.1 is taken (a Swift or memcached service of the machine?); choose others with SWIFT_*_PORT"
    exit 1
  fi
done
USER_NAME="$(id -un)"

common() {
  cat <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $1
workers = 0
user = $USER_NAME
swift_dir = $DIR
devices = $DIR/srv
mount_check = false
CONF
}
# The port of the account, container or object server.
port_of() {
  case $1 in
    account) echo "$ACCOUNT_PORT" ;;
    container) echo "$CONTAINER_PORT" ;;
    object) echo "$OBJECT_PORT" ;;
  esac
}
for server in account container object; do
  {
    common "$(port_of "$server")"
    printf '\n[pipeline:main]\npipeline = %s-server\n\n[app:%s-server]\nuse = egg:swift#%s\n' \
      "$server" "$server" "$server"
  } >"$DIR/$server-server.conf"
done

cat >"$DIR/proxy-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PROXY_PORT
workers = 0
user = $USER_NAME
swift_dir = $DIR

[pipeline:main]
pipeline = catch_errors gatekeeper proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
# The region SigV4 signatures are computed for; S3 clients send us-east-1 unless told otherwise.
location = us-east-1

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
CONF

# One-replica rings with one device each; rebuilt when the ports change.
stamp="$ACCOUNT_PORT $CONTAINER_PORT $OBJECT_PORT"
if [ ! -f "$DIR/object.ring.gz" ] || [ "$(cat "$DIR/ring-ports" 2>/dev/null)" != "$stamp" ]; then
  for ring in account container object; do
    port=$(port_of "$ring")
    rm -f "$DIR/$ring.builder" "$DIR/$ring.ring.gz"
    swift-ring-builder "$DIR/$ring.builder" create 6 1 1 >&2
    swift-ring-builder "$DIR/$ring.builder" add "r1z1-127.0.0.1:$port/d1" 1 >&2
    # Exit 1 is a warning (e.g. "balance"), not a failure.
    swift-ring-builder "$DIR/$ring.builder" rebalance >&2 || [ $? -eq 1 ]
  done
  echo "$stamp" >"$DIR/ring-ports"
fi

started=()
start() { # name command…
  local name=$1
  shift
  setsid "$@" </dev/null >>"$DIR/log/$name.log" 2>&1 &
  echo "$name $!" >>"$DIR/pids"
  started+=("$!")
}
fail() {
  log "$*"
  for f in "$DIR"/log/*.log; do
    echo "--- $f" >&2
    tail -n 20 "$f" >&2
  done
  "$HERE/stop.sh" >&2 || true
  exit 1
}

began=$(date +%s)
memcached_args=(-l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0 -m 64)
[ "$(id -u)" -eq 0 ] && memcached_args+=(-u root)
start memcached memcached "${memcached_args[@]}"
for server in account container object proxy; do
  start "$server-server" "swift-$server-server" "$DIR/$server-server.conf" -v
done

# Ready when a signed S3 request answers; then the bucket is created (an existing one is fine).
export S3_ENDPOINT="http://127.0.0.1:$PROXY_PORT" S3_REGION=us-east-1 \
  S3_ACCESS_KEY_ID=test:tester S3_SECRET_ACCESS_KEY=testing
ready=false
for _ in $(seq 1 $((TIMEOUT * 4))); do
  for pid in "${started[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a server stopped at start-up (pid $pid); see the logs"
  done
  if python3 "$HERE/s3.py" ready 2>/dev/null; then
    ready=true
    break
  fi
  sleep 0.25
done
$ready || fail "the S3 API did not answer on $S3_ENDPOINT within ${TIMEOUT}s"
python3 "$HERE/s3.py" create-bucket "$BUCKET" || fail "could not create bucket $BUCKET"
log "ready on $S3_ENDPOINT in $(($(date +%s) - began))s, bucket $BUCKET, state in $DIR"

cat <<ENV
export STORAGE=s3
export S3_ENDPOINT=$S3_ENDPOINT
export S3_REGION=$S3_REGION
export S3_ACCESS_KEY_ID=$S3_ACCESS_KEY_ID
export S3_SECRET_ACCESS_KEY=$S3_SECRET_ACCESS_KEY
export S3_FORCE_PATH_STYLE=true
export S3_BUCKET=$BUCKET
ENV
