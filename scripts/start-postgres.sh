#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (installing it first if needed) and makes sure the test role
# and database exist. Prints the URL to use as HABITFLOW_TEST_POSTGRES_URL.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online"' | grep -q .; then
  pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q" && break
  sleep 1
done

run_sql() { su postgres -c "psql -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
if [ "$(run_sql "SELECT 1 FROM pg_roles WHERE rolname = 'habitflow'")" != "1" ]; then
  run_sql "CREATE ROLE habitflow LOGIN SUPERUSER PASSWORD 'habitflow'" >&2
fi
if [ "$(run_sql "SELECT 1 FROM pg_database WHERE datname = 'habitflow_test'")" != "1" ]; then
  su postgres -c "createdb -O habitflow habitflow_test" >&2
fi
echo "postgres://habitflow:habitflow@127.0.0.1:5432/habitflow_test"
