#!/usr/bin/env bash
# managed-by: agentihooks — regenerate with: agentihooks apply --target copilot
# Runs the agentihooks hook runtime for GitHub Copilot CLI. Editing this file changes its content hash:
# the client may ask to approve the hook again, and the next apply reports the edit as drift.
set -euo pipefail
export AGENTIHOOKS_COPILOT_EVENT="${1:-}"
export AGENTIHOOKS_TARGET=copilot
exec /usr/local/bin/node /opt/agentihooks/dist/runtime.cjs "$@"
