#!/usr/bin/env bash
# The tests, in two passes. The first runs every suite but those that time the server under load,
# a few tests per core at once. The second runs those alone: they hold the server to deadlines
# (a check-in answered within 4 s while a 100 MB import lands, writes back within 5 s of
# PostgreSQL restarting), and on a two-core machine the rest of the suite running beside them
# used up those seconds in the test process itself, not in the server they measure.
# Arguments go to both passes: --skip and build options, not --filter (filters add up, so the
# second pass would run its suites and the filtered ones).
set -euo pipefail
cd "$(dirname "$0")/.."

timed='LargeImportTests|PostgresFaultTests|SlowCommitTests|PasswordHashingPoolTests'

swift test --skip "$timed" "$@"
swift test --skip-build --no-parallel --filter "$timed" "$@"
