#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (installing it first if needed) and makes sure the test role
# and database exist. Prints the URL to use as HABITFLOW_TEST_POSTGRES_URL.
# `start-postgres.sh faults` does the same for a second cluster, `faults` on port 5433, that the
# fault tests may restart without disturbing the other suites; it prints the URL, then on a second
# line the command that restarts that cluster.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
cluster=${1:-main}

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
port=5432
if [ "$cluster" != main ]; then
  port=5433
  if [ ! -d "/etc/postgresql/$version/$cluster" ]; then
    pg_createcluster "$version" "$cluster" --port "$port" >&2
  fi
fi
if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c && $4 == "online"' | grep -q .; then
  pg_ctlcluster "$version" "$cluster" start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 1
done

run_sql() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
if [ "$(run_sql "SELECT 1 FROM pg_roles WHERE rolname = 'habitflow'")" != "1" ]; then
  run_sql "CREATE ROLE habitflow LOGIN SUPERUSER PASSWORD 'habitflow'" >&2
fi
if [ "$(run_sql "SELECT 1 FROM pg_database WHERE datname = 'habitflow_test'")" != "1" ]; then
  su postgres -c "createdb -p $port -O habitflow habitflow_test" >&2
fi
echo "postgres://habitflow:habitflow@127.0.0.1:$port/habitflow_test"
if [ "$cluster" != main ]; then
  echo "pg_ctlcluster $version $cluster restart"
fi
