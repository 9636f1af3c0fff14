import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useActiveProfile, useSettings } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { AccountSection } from './AccountSection.tsx';
import { CheckoutSyncSection } from './CheckoutSyncSection.tsx';
import { ExportSection } from './ExportSection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { LivePaymentsSection } from './LivePaymentsSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { PhoneAccessSection } from './PhoneAccessSection.tsx';
import { OtherScreensSection } from './OtherScreensSection.tsx';
import { HubSection } from './HubSection.tsx';
import { ProfilesSection } from './ProfilesSection.tsx';
import { ReceiverSection } from './ReceiverSection.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  lead: NoMessageValues;
  loading: NoMessageValues;
  loadFailed: NoMessageValues;
}>({
  title: { id: 'settings.title', defaultMessage: 'Settings' },
  lead: {
    id: 'settings.lead',
    defaultMessage: 'Accounts, keys, how payments reach the console, and alerts.',
  },
  loading: { id: 'settings.loading', defaultMessage: 'Loading settings' },
  loadFailed: { id: 'settings.loadFailed', defaultMessage: 'Settings could not be loaded' },
});

export function SettingsScreen() {
  const intl = useIntl();
  const settings = useSettings();
  const active = useActiveProfile();
  // Only a live profile needs a public address: the sandbox runs on this computer.
  const live = active?.kind === 'live';
  return (
    <section className="screen settings" aria-labelledby="settings-title">
      <header className="screen-head">
        <div>
          <h1 id="settings-title">{intl.formatMessage(m.title)}</h1>
          <p className="muted">{intl.formatMessage(m.lead)}</p>
        </div>
      </header>
      <ProfilesSection />
      <AccountSection />
      {settings.isLoading ? (
        <Spinner label={intl.formatMessage(m.loading)} />
      ) : settings.isError ? (
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          message={errorText(intl, settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          {live ? (
            <LivePaymentsSection key={active?.id} publicUrl={settings.data!.public_url} />
          ) : null}
          <ReceiverSection
            key={settings.data!.receiver_port}
            settings={settings.data!}
            live={live}
          />
          <PreferencesSection settings={settings.data!} />
        </>
      )}
      <LanguageSection />
      <CheckoutSyncSection />
      <ExportSection />
      <OtherScreensSection />
      <HubSection />
      {/* Last: it appears on the Sandbox profile only, and the sections above keep their place. */}
      {active?.kind === 'sandbox' ? <PhoneAccessSection /> : null}
    </section>
  );
}
