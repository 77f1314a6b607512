#!/bin/bash -p
# managed-by: agentihooks — regenerate with: agentihooks apply --target codex --scope machine
# Runs the agentihooks hook runtime for OpenAI Codex CLI. Editing this file changes its content hash:
# the client may ask to approve the hook again, and the next apply reports the edit as drift.
# $1 is the event. On an event that decides whether a tool runs, a runtime that cannot answer
# (Node or the runtime missing, killed, crashed, or past the deadline) is a deny, never a pass;
# any other event goes on without it (docs/runtime.md, "Failing closed").
set -uo pipefail
export AGENTIHOOKS_TARGET=codex
# Bash by its path, in privileged mode (-p): no PATH entry, BASH_ENV, exported function or
# SHELLOPTS of the client's environment runs before this script. The runtime reads the policy of
# the home it was installed in, and no variable loads code into it: an agent that plants such a
# variable in a shell's startup file cannot steer a later session's hooks.
# Machine scope: root's policy, never one the user's environment points at.
export AGENTIHOOKS_HOME=/etc/agentihooks
unset NODE_OPTIONS NODE_PATH
node=/usr/local/bin/node
runtime=/usr/local/lib/agentihooks/runtime/0.0.0-portable-a89eea53d1c099ab/runtime.cjs
case "${1:-}" in
  BeforeTool|PreMcpToolCall|PreToolUse|preMcpToolCall|preToolUse) deny='{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"BLOCKED: agentihooks could not check this call: its hook runtime did not answer, so the call is denied rather than let through unchecked. Run `agentihooks doctor` to find the fault (`agentihooks apply` reinstalls the runtime)."}}' ;;
  PermissionRequest|permissionRequest) deny='{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"BLOCKED: agentihooks could not check this call: its hook runtime did not answer, so the call is denied rather than let through unchecked. Run `agentihooks doctor` to find the fault (`agentihooks apply` reinstalls the runtime)."}}}' ;;
  *)
    if [ -x "$node" ] && [ -f "$runtime" ]; then exec "$node" "$runtime" "$@"; fi
    echo "agentihooks: the hook runtime cannot run ($node or $runtime is missing); nothing was checked. Run: agentihooks apply" >&2
    exit 0 ;;
esac
fail() {
  printf '%s\n' "$deny"
  printf '%s\n%s\n' 'BLOCKED: agentihooks could not check this call: its hook runtime did not answer, so the call is denied rather than let through unchecked. Run `agentihooks doctor` to find the fault (`agentihooks apply` reinstalls the runtime).' "agentihooks: $1" >&2
  exit 2
}
[ -x "$node" ] || fail "no Node at $node"
[ -f "$runtime" ] || fail "no runtime at $runtime"
# The deadline: the runtime is killed when it has not answered by then (it stops waiting for stdin
# itself at half of it). AGENTIHOOKS_DEADLINE_SECONDS can only lower it.
limit=20
case "${AGENTIHOOKS_DEADLINE_SECONDS:-}" in
  '' | *[!0-9]*) ;;
  *) if [ "$AGENTIHOOKS_DEADLINE_SECONDS" -lt "$limit" ]; then limit=$AGENTIHOOKS_DEADLINE_SECONDS; fi ;;
esac
# The runtime answers "checked and allowed" with 64 here, so a 0 means it never decided. It
# reports that code as its stdout's last line (agentihooks-exit:<code>), and the wrapper decides by
# the line, not by `wait`: bash can report -1 for a process substitution's child it already reaped.
# Its stdout is a pipe read under bash's own timer (read -t): no watchdog process. The pipe ends
# when the runtime exits (it never closes its stdout before); at the deadline the runtime is killed.
exec 3< <(AGENTIHOOKS_ALLOW_EXIT=64 exec "$node" "$runtime" "$@" 0<&0)
child=$!
out=
IFS= read -r -d '' -t "$limit" -u 3 out
case $? in
  1) ;;
  0) kill -KILL "$child" 2>/dev/null; fail "the runtime wrote a NUL byte" ;;
  *) kill -KILL "$child" 2>/dev/null; fail "the runtime did not answer within ${limit} s and was killed" ;;
esac
out=${out%$'\n'}
last=${out##*$'\n'}
out=${out%"$last"}
while [ "${out%$'\n'}" != "$out" ]; do out=${out%$'\n'}; done
case $last in
  agentihooks-exit:64) if [ -n "$out" ]; then printf '%s\n' "$out"; fi; exit 0 ;;
  agentihooks-exit:2) if [ -n "$out" ]; then printf '%s\n' "$out"; exit 2; fi; fail "the runtime denied without a reply" ;;
  *)
    wait "$child" 2>/dev/null
    fail "the runtime ended without a decision (exit status $?; 128 + n: killed by signal n)" ;;
esac
