// One polite live region plus a short-lived toast: "Link copied", "Settings saved".
import { useEffect } from 'react';
import { create } from 'zustand';

interface ToastState {
  message: string;
  n: number;
  show(message: string): void;
  hide(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useToast = create<ToastState>()((set) => ({
  message: '',
  n: 0,
  show: (message) => {
    clearTimeout(timer);
    set((s) => ({ message, n: s.n + 1 }));
    timer = setTimeout(() => set({ message: '' }), 3500);
  },
  hide: () => {
    clearTimeout(timer);
    set({ message: '' });
  },
}));

export const announce = (message: string) => useToast.getState().show(message);

/** A toast is about the screen it was shown on: leaving that screen takes it away. */
export const hideToast = () => useToast.getState().hide();

export function Announcer() {
  const message = useToast((s) => s.message);
  // Typing in the screen means the toast was read ("Sandbox ready. Create your first payment
  // link." while the first line is filled in): it goes then rather than after its seconds,
  // and its row goes back to the screen.
  useEffect(() => {
    if (!message) return;
    const main = document.getElementById('main');
    if (!main) return;
    const used = () => hideToast();
    main.addEventListener('input', used, true);
    return () => main.removeEventListener('input', used, true);
  }, [message]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <div className="toast">{message}</div> : null}
    </div>
  );
}
