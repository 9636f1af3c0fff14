#!/usr/bin/env bash
# The whole test suite (`npm test`, run by scripts/ensure-node.sh with a recent enough Node):
# Vitest (unit, integration, keychain), the conformance suite, then Playwright (Chromium, and
# Electron where its binary exists). On Linux the suite runs inside a private D-Bus session
# with a throw-away gnome-keyring, so keychain tests use a real Secret Service and never
# touch the user's own keyring. System packages that are missing are named first, with the
# command that installs them; outside CI only the part that needs them is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside-session" ]; then
  status=0
  needs="$(node test/support/system-needs.ts)" || status=$?
  eval "$needs"
  export MERCHANT_SKIP_KEYCHAIN="${MERCHANT_SKIP_KEYCHAIN:-}" MERCHANT_SKIP_BROWSER="${MERCHANT_SKIP_BROWSER:-}"
  export MERCHANT_NEEDS_STATUS="$status"
  if [ "$(uname -s)" = "Linux" ] && [ -z "$MERCHANT_SKIP_KEYCHAIN" ] &&
    command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
    # Keep finding browsers Playwright installed under the real HOME.
    export PLAYWRIGHT_BROWSERS_PATH="${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"
    export KEYRING_HOME
    KEYRING_HOME="$(mktemp -d)"
    trap 'rm -rf "$KEYRING_HOME"' EXIT
    exec_status=0
    HOME="$KEYRING_HOME" XDG_DATA_HOME="$KEYRING_HOME/.local/share" \
      dbus-run-session -- bash "$0" --inside-session || exec_status=$?
    exit "$exec_status"
  fi
fi

if [ "${1:-}" = "--inside-session" ]; then
  # The keyring is unlocked with a throw-away password fed on stdin.
  eval "$(printf 'test-only-password' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL MERCHANT_KEYCHAIN_TEST=1
fi

status="${MERCHANT_NEEDS_STATUS:-0}"
# The browser tests serve the built app: build it unless out/ is newer than every source.
node scripts/launch/build-if-stale.ts
mkdir -p test-results
rm -f test-results/vitest.json test-results/conformance.json test-results/playwright.json
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
# The conformance suite, against the sandbox (CHECKOUT_BASE_URL is for `npm run conformance`).
env -u CHECKOUT_BASE_URL -u CHECKOUT_API_KEY npx vitest run --config test/conformance/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json=test-results/conformance.json || status=$?

projects=(--project chromium --project electron)
[ -z "${MERCHANT_SKIP_BROWSER:-}" ] || projects=(--project electron)
# Electron needs a display; on a headless Linux with xvfb-run, give it a virtual one.
display=()
if [ "$(uname -s)" = "Linux" ] && [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] &&
  command -v xvfb-run >/dev/null; then
  display=(xvfb-run -a)
fi
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  ${display[@]+"${display[@]}"} npx playwright test "${projects[@]}" --reporter=list,json || status=$?
node test/support/summary.ts test-results/vitest.json test-results/conformance.json test-results/playwright.json
exit "$status"
