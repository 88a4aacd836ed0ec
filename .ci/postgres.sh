#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on 127.0.0.1 and a free port, and prints
#   export DATABASE_URL=postgres://...
# for the caller to eval:  eval "$(bash .ci/postgres.sh)"
# Run as root. Installs Debian's postgresql when initdb/pg_ctl are missing. Progress goes to stderr.
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

find_bin() {
  local name=$1
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
  local d
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/$name" ]; then echo "$d/$name"; return; fi
  done
}

if [ -z "$(find_bin initdb)" ] || [ -z "$(find_bin pg_ctl)" ]; then
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
INITDB=$(readlink -f "$(find_bin initdb)")
PG_CTL=$(readlink -f "$(find_bin pg_ctl)")
BIN_DIR=$(dirname "$INITDB")
[ -n "$INITDB" ] && [ -n "$PG_CTL" ] || { log "initdb or pg_ctl not found"; exit 1; }
id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql --shell /bin/bash postgres

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DATA=$(mktemp -d /tmp/pgdata.XXXXXX)
chown postgres:postgres "$DATA"
chmod 700 "$DATA"
as_pg() { runuser -u postgres -- "$@"; }

log "initdb in $DATA"
as_pg "$INITDB" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null 2>&1 \
  || as_pg "$INITDB" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C >/dev/null
as_pg "$PG_CTL" -D "$DATA" -l "$DATA/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null
as_pg "$BIN_DIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres rewards_test
log "PostgreSQL $("$BIN_DIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (data $DATA; stop with: runuser -u postgres -- $PG_CTL -D $DATA stop)"
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/rewards_test"
echo "export PGDATA_DIR=$DATA"
