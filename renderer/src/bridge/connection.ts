// Whether pushes are flowing. The web transport can lose its event stream (server restart,
// laptop sleep); the app shows it and refetches once the stream is back so nothing is missed.
export type LinkState = 'live' | 'connecting' | 'reconnecting';

type Listener = (state: LinkState, reconnected: boolean) => void;

let state: LinkState = 'live';
const listeners = new Set<Listener>();

export function linkState(): LinkState {
  return state;
}

export function setLinkState(next: LinkState): void {
  const reconnected = next === 'live' && state === 'reconnecting';
  if (next === state) return;
  state = next;
  for (const l of listeners) l(next, reconnected);
}

export function onLinkState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
