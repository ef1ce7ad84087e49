#!/usr/bin/env bash
# schemathesis against a running instance, signed in as an administrator (docs/decisions/122).
# usage: ST_BASE=http://localhost:4321/api ST_EMAIL=… ST_PASSWORD=… tests/schemathesis/run.sh <schemathesis bin> [seed] [extra args]
# Excluded: the routes that would end the run's own session (sign-in, refresh, sign-out, password
# change) and those that send mail to the outside world (SMTP tests, replies, newsletter subscribe and send).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
st="$1"; seed="${2:-1}"; shift $(( $# >= 2 ? 2 : 1 ))
scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
cd "$scratch" # schemathesis writes .schemathesis/ and .hypothesis/ here
SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$here" "$st" --config-file "$here/schemathesis.toml" run "$ST_BASE/openapi.json" \
  --url "$ST_BASE" --checks all --phases examples,coverage,fuzzing,stateful --max-examples 50 --seed "$seed" --workers 1 \
  --exclude-path-regex '^/(auth/(login|logout|refresh|change-password)|smtp/(test-config|accounts/\{id\}/test)|email-responses/(send|quick-reply)|newsletter/(subscribe|admin/send))$' \
  "$@"
