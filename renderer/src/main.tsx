// Must stay the first import: zod is configured before any schema is built or run.
import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { bridgeError } from './bridge/index.ts';
import { App } from './app/App.tsx';
import { BridgeError } from './app/BridgeError.tsx';
import { createQueryClient } from './app/query-client.ts';
import { I18nProvider } from './i18n/I18nProvider.tsx';
// Order matters: theme tokens first, the narrow-window and print overrides last.
import './styles/theme.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/feedback.css';
import './styles/onboarding.css';
import './styles/new-link.css';
import './styles/lists.css';
import './styles/detail.css';
import './styles/settings.css';
import './styles/narrow.css';
import './styles/print.css';
import './styles/print-card.css';
import './styles/day.css';

const root = createRoot(document.getElementById('root')!);

if (bridgeError) {
  root.render(<BridgeError problem={bridgeError} />);
} else {
  root.render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <App />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
