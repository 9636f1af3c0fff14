#!/usr/bin/env bash
# The whole test suite: Vitest (unit, integration, keychain) then Playwright (Chromium, and
# Electron where its binary exists). On Linux the suite runs inside a private D-Bus session
# with a throw-away gnome-keyring, so keychain tests use a real Secret Service and never
# touch the user's own keyring.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside-session" ] && [ "$(uname -s)" = "Linux" ] &&
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

if [ "${1:-}" = "--inside-session" ]; then
  # The keyring is unlocked with a throw-away password fed on stdin.
  eval "$(printf 'test-only-password' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL MERCHANT_KEYCHAIN_TEST=1
fi

# The browser tests serve the built app: build it unless the build is newer than every source.
if [ ! -f out/renderer/index.html ] ||
  [ -n "$(find renderer shared electron sandbox electron.vite.config.ts -newer out/renderer/index.html -type f -print -quit)" ]; then
  npx electron-vite build
fi
mkdir -p test-results
rm -f test-results/vitest.json test-results/conformance.json test-results/playwright.json
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
# The conformance suite, against the sandbox (CHECKOUT_BASE_URL is for `npm run conformance`).
env -u CHECKOUT_BASE_URL -u CHECKOUT_API_KEY npx vitest run --config test/conformance/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json=test-results/conformance.json || status=$?
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json ||
  status=$?
node test/support/summary.ts test-results/vitest.json test-results/conformance.json test-results/playwright.json
exit "$status"
