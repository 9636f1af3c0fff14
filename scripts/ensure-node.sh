#!/usr/bin/env bash
# A Node that can run this project: the system's when it meets package.json's `engines`
# (type stripping of .ts files and node:sqlite's setReturnArrays need 22.18), otherwise
# Node 24 from the npm registry (the `node@24` package), fetched once into .tools/node.
# The one copy of this logic, shared by `npm start`, `npm run dev`, `npm test` and .ci/run:
#   bash scripts/ensure-node.sh <command> [args…]   runs the command with that Node first on PATH
#   source scripts/ensure-node.sh                   only puts that Node first on PATH
# Messages go to stderr (commands like `npm run -s sandbox` print JSON on stdout).
# MERCHANT_NODE_TOOLS overrides the folder (tests).

_mc_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_mc_tools="${MERCHANT_NODE_TOOLS:-$_mc_root/.tools/node}"
_mc_fetch_major=24

_mc_fail() {
  echo "$1" >&2
  exit 1
}

# Prints the minimum version from package.json's engines (">=22.18" → 22.18).
_mc_min_version() {
  sed -n 's/.*"node"[[:space:]]*:[[:space:]]*">=[[:space:]]*\([0-9][0-9.]*\)".*/\1/p' \
    "$_mc_root/package.json" | head -1
}

# Succeeds when the node binary $1 is at least version $2 (major.minor).
_mc_meets() {
  "$1" -e '
    var have = process.versions.node.split(".").map(Number);
    var want = process.argv[1].split(".").map(Number);
    var ok = have[0] > want[0] || (have[0] === want[0] && have[1] >= (want[1] || 0));
    process.exit(ok ? 0 : 1);' "$2" >/dev/null 2>&1
}

_mc_ensure_node() {
  local min system_version local_node log reason
  min="$(_mc_min_version)"
  [ -n "$min" ] || _mc_fail "scripts/ensure-node.sh: package.json has no \"engines\": {\"node\": \">=X.Y\"}."
  if command -v node >/dev/null 2>&1 && _mc_meets node "$min"; then
    return 0
  fi
  if command -v node >/dev/null 2>&1; then
    system_version="Node $(node --version 2>/dev/null | sed 's/^v//')"
  else
    system_version="no system Node"
  fi
  local_node="$_mc_tools/node_modules/.bin/node"
  if [ -x "$local_node" ] && _mc_meets "$local_node" "$min"; then
    echo "Using Node $("$local_node" --version | sed 's/^v//') from .tools/node ($system_version is older than the $min this project needs)." >&2
  else
    command -v npm >/dev/null 2>&1 ||
      _mc_fail "This project needs Node.js $min or newer, and npm to fetch it; found $system_version and no npm. Install Node.js 24 (https://nodejs.org, or nvm install 24) and try again."
    echo "$system_version is older than the $min this project needs: fetching Node $_mc_fetch_major from the npm registry into .tools/node (once, about 30 MB)." >&2
    mkdir -p "$_mc_tools"
    # The node package's install script downloads the binary; allow it (npm 11 asks).
    printf '{"name":"node-runtime","private":true,"allowScripts":{"node":true}}\n' >"$_mc_tools/package.json"
    log="$_mc_tools/fetch.log"
    # npm passes its own settings to scripts; these would point the install elsewhere.
    if ! env -u npm_config_local_prefix -u npm_config_prefix -u npm_config_allow_scripts \
      -u npm_config_global -u npm_config_loglevel \
      npm install --prefix "$_mc_tools" --no-save --no-audit --no-fund --no-package-lock \
      "node@$_mc_fetch_major" >"$log" 2>&1 ||
      ! [ -x "$local_node" ] || ! _mc_meets "$local_node" "$min"; then
      reason="$(sed -n 's/^npm \(error\|ERR!\) code //p' "$log" | head -1)"
      _mc_fail "Could not fetch Node $_mc_fetch_major from the npm registry (${reason:-npm failed}; details in $log). Install Node.js $min or newer yourself (https://nodejs.org, or nvm install $_mc_fetch_major) and try again."
    fi
    echo "Using Node $("$local_node" --version | sed 's/^v//') from .tools/node." >&2
  fi
  PATH="$(cd "$(dirname "$local_node")" && pwd):$PATH"
  export PATH
  # Native addons (keytar) are built by npm's node-gyp: tell it which Node runs them.
  export npm_node_execpath="$(cd "$(dirname "$local_node")" && pwd)/node"
  export NODE="$npm_node_execpath"
}

_mc_ensure_node

if (return 0 2>/dev/null); then
  : # sourced: PATH is set for the caller
elif [ $# -gt 0 ]; then
  exec "$@"
fi
