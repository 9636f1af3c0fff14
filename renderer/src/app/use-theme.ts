// Light/dark: follows the system unless the person chose one (data-theme on <html>).
import { useEffect } from 'react';
import { useUi } from '../state/ui-store.ts';

export function useTheme(): void {
  const theme = useUi((s) => s.theme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
