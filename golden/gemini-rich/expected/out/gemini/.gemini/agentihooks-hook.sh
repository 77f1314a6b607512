#!/usr/bin/env bash
# managed-by: agentihooks — regenerate with: agentihooks apply --target gemini
# Runs the agentihooks hook runtime for Gemini CLI. Editing this file changes its content hash:
# the client may ask to approve the hook again, and the next apply reports the edit as drift.
set -euo pipefail
export AGENTIHOOKS_TARGET=gemini
exec /usr/local/bin/node /opt/agentihooks/dist/runtime.cjs "$@"
