// One polite live region plus a short-lived toast: "Link copied", "Settings saved".
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
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <div className="toast">{message}</div> : null}
    </div>
  );
}
