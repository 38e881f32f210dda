#!/usr/bin/env bash
# Installs the real agent CLIs used by the end-to-end suite (test/e2e/) into .tools/ (git-ignored),
# at pinned versions. They are test tools, not dependencies of the package.
#   scripts/install-agent-clis.sh            install what is missing
#   scripts/install-agent-clis.sh --check    exit 1 when something is missing
set -euo pipefail
cd "$(dirname "$0")/.."

# name@version pairs; bump deliberately (the e2e suite knows their quirks).
PINNED=(
  "@anthropic-ai/claude-code@2.1.197"
  "@openai/codex@0.171.0"
  "opencode-ai@1.18.33"
)
TOOLS=".tools"

installed_version() {
  local package="$1"
  node -e "try{console.log(require('./${TOOLS}/node_modules/${package}/package.json').version)}catch{process.exit(1)}" 2>/dev/null
}

missing=()
for pinned in "${PINNED[@]}"; do
  package="${pinned%@*}"
  version="${pinned##*@}"
  if [[ "$(installed_version "$package" || true)" != "$version" ]]; then missing+=("$pinned"); fi
done

if [[ "${1:-}" == "--check" ]]; then
  if ((${#missing[@]} > 0)); then echo "missing: ${missing[*]}" >&2; exit 1; fi
  exit 0
fi

if ((${#missing[@]} == 0)); then
  echo "agent CLIs up to date in ${TOOLS}/"
  exit 0
fi

mkdir -p "$TOOLS"
[[ -f "$TOOLS/package.json" ]] || echo '{ "private": true, "name": "ocpp-agent-clis" }' > "$TOOLS/package.json"
echo "installing ${missing[*]} into ${TOOLS}/"
npm install --prefix "$TOOLS" --no-audit --no-fund --no-save --save-exact "${missing[@]}"
for pinned in "${PINNED[@]}"; do
  package="${pinned%@*}"
  echo "$package $(installed_version "$package")"
done
