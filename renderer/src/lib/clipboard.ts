// Copies text; falls back to a hidden textarea where the async clipboard is refused
// (an unfocused window, or a browser without permission).
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.className = 'sr-only';
    document.body.appendChild(ta);
    ta.select();
    // execCommand is deprecated but is the only fallback without clipboard permission.
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}
