# === agentihooks ===
# Exports the agentihooks env files (e.g. copilot.env) so Copilot CLI started from this shell sees them.
agentienv() {
  setopt local_options null_glob 2>/dev/null
  local agentihooks_env was_allexport=0
  case "$-" in *a*) was_allexport=1 ;; esac
  set -a
  for agentihooks_env in /home/agent/.agentihooks/.env /home/agent/.agentihooks/*.env; do
    [ -r "$agentihooks_env" ] && . "$agentihooks_env"
  done
  [ "$was_allexport" = 1 ] || set +a
}
agentienv
# === end-agentihooks ===
