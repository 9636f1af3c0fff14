// The browser's preferred languages and regional format: the fallback when the transport
// does not report the computer's own (the web transport; Electron reports them in app.info).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

let last: readonly string[] = [];
function snapshot(): readonly string[] {
  const now = navigator.languages?.length ? navigator.languages : [navigator.language];
  // The same array while nothing changed, so React does not render again for nothing.
  if (now.length !== last.length || now.some((l, i) => l !== last[i])) last = [...now];
  return last;
}

export function useBrowserLanguages(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The browser's regional format: its first language, as Intl reads it. */
export function browserRegional(): string {
  try {
    return new Intl.NumberFormat(navigator.language || undefined).resolvedOptions().locale;
  } catch {
    return 'en-US';
  }
}
