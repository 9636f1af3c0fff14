// The page could not reach the engine (a browser tab opened without its access link). No
// engine means no settings: the words follow the browser's preferred languages.
import { useEffect, useLayoutEffect, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { BridgeProblem } from '../bridge/index.ts';
import { loadCatalogue, type Catalogue } from '../i18n/catalogues.ts';
import { SOURCE_LANGUAGE, direction, negotiate } from '../i18n/locales.ts';

function Message({ problem }: { problem: BridgeProblem }) {
  const intl = useIntl();
  return (
    <main className="onboarding">
      <div className="onboarding-card" role="alert">
        <h1>
          {intl.formatMessage({
            id: 'app.name',
            defaultMessage: 'Merchant Console',
            description: 'The product name; keep it as it is unless the product has a local name',
          })}
        </h1>
        <p>
          {problem === 'no_access_link'
            ? intl.formatMessage({
                id: 'app.bridge.noAccessLink',
                defaultMessage:
                  'This page needs its access link. Open the console from the address it printed when it started.',
              })
            : null}
        </p>
      </div>
    </main>
  );
}

export function BridgeError({ problem }: { problem: BridgeProblem }) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  useEffect(() => {
    const wanted = negotiate(
      navigator.languages?.length ? navigator.languages : [navigator.language],
    );
    loadCatalogue(wanted)
      .catch(() => loadCatalogue(SOURCE_LANGUAGE))
      .then(setCatalogue, () => setCatalogue({ lang: SOURCE_LANGUAGE, messages: {} }));
  }, []);
  useLayoutEffect(() => {
    if (!catalogue) return;
    document.documentElement.lang = catalogue.lang;
    document.documentElement.dir = direction(catalogue.lang);
  }, [catalogue]);
  if (!catalogue) return null;
  return (
    <IntlProvider
      locale={catalogue.lang}
      defaultLocale={SOURCE_LANGUAGE}
      messages={catalogue.messages}
    >
      <Message problem={problem} />
    </IntlProvider>
  );
}
