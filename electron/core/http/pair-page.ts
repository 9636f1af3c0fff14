// The page a tablet or phone opens from the pairing QR code (/pair#code=…): it asks for one
// thing, this screen's name, sends it with the code and keeps the token it gets back in
// localStorage (never in a URL); then it waits for the owner's approval and opens the
// console. Without a code in the address it asks for the code as well (typed from the
// console's screen). Plain files: the renderer's CSP allows only scripts and styles from
// this origin, so nothing here is inline.
export const DEVICE_TOKEN_KEY = 'merchant.deviceToken';

export const PAIR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pair this screen · Merchant Console</title>
<link rel="stylesheet" href="/pair.css">
</head>
<body>
<main>
<h1>Pair this screen with the Merchant Console</h1>
<form id="pair" novalidate>
<p id="code-row" hidden><label for="code">Pairing code (shown on the console)</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20"></p>
<p><label for="name">Name of this screen</label>
<input id="name" name="name" autocomplete="off" maxlength="60" placeholder="Till 2" required></p>
<p><button type="submit">Ask to pair</button></p>
</form>
<p id="status" role="status" aria-live="polite"></p>
<p class="note">The console's owner approves each screen and picks what it may do.</p>
</main>
<script src="/pair.js"></script>
</body>
</html>
`;

export const PAIR_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:28rem;margin:10vh auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #8a93a6;border-radius:8px}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#2456d6;color:#fff}
#status{min-height:1.5em}.error{color:#b00020}.note{color:#555;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#14171c;color:#e8eaf0}main{background:#1f232b}.note{color:#aab}}
`;

export const PAIR_JS = `(() => {
  const KEY = ${JSON.stringify(DEVICE_TOKEN_KEY)};
  const form = document.getElementById('pair');
  const status = document.getElementById('status');
  const nameInput = document.getElementById('name');
  const codeInput = document.getElementById('code');
  const say = (text, error) => { status.textContent = text; status.className = error ? 'error' : ''; };
  let code = new URLSearchParams(location.hash.slice(1)).get('code');
  // The code is used once; it leaves the address bar (and history) now.
  if (code) history.replaceState(null, '', '/pair');
  else document.getElementById('code-row').hidden = false;
  (code ? nameInput : codeInput).focus();

  async function wait(token) {
    form.hidden = true;
    for (;;) {
      let res;
      try {
        res = await fetch('/pair/status', { headers: { Authorization: 'Bearer ' + token } });
      } catch {
        say('The console cannot be reached. Is it still running? Trying again…', true);
        await new Promise((r) => setTimeout(r, 3000));
        continue;
      }
      const body = await res.json().catch(() => ({}));
      const state = body.data;
      if (!res.ok || !state) {
        localStorage.removeItem(KEY);
        form.hidden = false;
        say('This screen is not paired any more. Ask for a new pairing code on the console.', true);
        return;
      }
      if (state.status === 'active') { location.replace('/'); return; }
      if (state.status === 'revoked') {
        localStorage.removeItem(KEY);
        form.hidden = false;
        say('The console turned this screen away. Ask its owner for a new pairing code.', true);
        return;
      }
      say('Waiting for the owner to approve “' + state.name + '” on the console…', false);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    const typed = code || codeInput.value.trim();
    if (!typed) { say('Type the pairing code shown on the console.', true); codeInput.focus(); return; }
    if (!name) { say('Give this screen a name, such as “Till 2”.', true); nameInput.focus(); return; }
    say('Asking the console…', false);
    let res;
    try {
      res = await fetch('/pair', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: typed, name }),
      });
    } catch {
      say('The console cannot be reached. Is this device on the shop’s network?', true);
      return;
    }
    const body = await res.json().catch(() => ({}));
    if (!res.ok || !body.data || typeof body.data.token !== 'string') {
      say((body.error && body.error.message) || 'The console refused this request.', true);
      if (!code) codeInput.focus();
      code = null;
      document.getElementById('code-row').hidden = false;
      return;
    }
    localStorage.setItem(KEY, body.data.token);
    void wait(body.data.token);
  });

  const kept = localStorage.getItem(KEY);
  if (kept && !code) void wait(kept);
})();
`;
