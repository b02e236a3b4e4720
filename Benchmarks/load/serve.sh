# What the load scripts share (sourced, not run): wrk, the release `habit` to measure, a server
# on loopback with its data in a temporary folder, and accounts and a count habit on it.
# Every `swift build` here takes the shared build lock ($HABITFLOW_BUILD_LOCK).

# Installs wrk (Debian's package) when it is missing.
load_wrk() {
  command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
}

# Builds the release products named (habit by default) under the build lock and sets $bin to
# where they are, and $habit to the server: $HABIT when set (an older build, measured back to
# back with this one), and then nothing is built.
load_build() {
  if [ -n "${HABIT:-}" ]; then habit=$HABIT; return; fi
  local lock=${HABITFLOW_BUILD_LOCK:-/tmp/habitflow-build.lock} product
  for product in "${@:-habit}"; do
    flock "$lock" swift build -c release --product "$product" >/dev/null
  done
  bin=$(flock "$lock" swift build -c release --show-bin-path)
  habit=$bin/habit
}

# Waits up to $1 tenths of a second (100) for $base/healthz to answer.
load_wait() {
  for _ in $(seq 1 "${1:-100}"); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
}

# Starts `$habit serve` on $port with its data in a new temporary folder, on SQLite or on the
# PostgreSQL URL given; stops it and removes the folder on exit (and kills $load_children).
# Sets $server, $data, $base and $label.
load_serve() {
  data=$(mktemp -d)
  local args=(serve --port "$port" --data-dir "$data" --log-level error --password-cost 4)
  label=sqlite
  if [ -n "${1:-}" ]; then args+=(--database-url "$1"); label=postgres; fi
  "$habit" "${args[@]}" &
  server=$!
  load_children=
  trap 'kill $load_children $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
  base="http://127.0.0.1:$port"
  load_wait 100
}

# Prints a member of the JSON on stdin: json '["token"]'.
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

# Registers a new account whose address starts with $1; prints its session token.
load_register() {
  curl -fsS -X POST "$base/api/v1/accounts" -H 'content-type: application/json' \
    -d "{\"email\":\"$1-$(date +%s%N)@example.com\",\"password\":\"load test password\"}" | json '["token"]'
}

# Gives the account of token $1 a count habit begun 3,000 days ago (what checkin.lua taps);
# prints its id.
load_count_habit() {
  local start
  start=$(date -u -d '3000 days ago' +%Y-%m-%d)
  curl -fsS -X POST "$base/api/v1/habits" -H "authorization: Bearer $1" -H 'content-type: application/json' \
    -d "{\"title\":\"Water\",\"category\":\"health\",\"start\":\"$start\",\"measure\":{\"type\":\"count\",\"step\":1,\"target\":8}}" | json '["habit"]["id"]'
}
