#!/usr/bin/env bash
# with-postgres.sh CMD...: runs CMD with TEST_DATABASE_URL pointing at a throw-away PostgreSQL
# cluster (initdb in a temp dir, loopback port, trust auth), stopped and removed afterwards.
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql-15)." >&2
  exit 1
fi

dir=$(mktemp -d /tmp/fieldhouse-pg.XXXXXX)
chmod 755 "$dir"
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  chown postgres "$dir"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

port=${PG_TEST_PORT:-55432}
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

cleanup() {
  as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $dir)"
as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log"; exit 1; }
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null ||
  { cat "$dir/server.log"; exit 1; }
as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qc 'create database fieldhouse_test' >/dev/null

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/fieldhouse_test" "$@"
