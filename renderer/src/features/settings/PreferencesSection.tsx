// Sound, notifications and theme. Theme applies at once from the UI store and is also kept
// in the engine's settings.
import {
  defineMessages,
  useIntl,
  type MessageDescriptor,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useSaveSettings } from '../../api/mutations.ts';
import type { Settings } from '#shared/domain.ts';
import { transport } from '../../bridge/index.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { askNotificationPermission, chime, notificationsSupported } from '../../lib/alerts.ts';
import { useUiPick, type Theme } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  saveFailed: { reason: MessageValue };
  sound: NoMessageValues;
  testSound: NoMessageValues;
  notify: NoMessageValues;
  noNotifications: NoMessageValues;
  blocked: NoMessageValues;
  keep: NoMessageValues;
  keepHint: NoMessageValues;
  theme: NoMessageValues;
  system: NoMessageValues;
  light: NoMessageValues;
  dark: NoMessageValues;
}>({
  title: { id: 'settings.prefs.title', defaultMessage: 'Alerts and appearance' },
  saveFailed: { id: 'common.saveFailed', defaultMessage: 'Could not save: {reason}' },
  sound: { id: 'settings.prefs.sound', defaultMessage: 'Play a sound for each payment' },
  testSound: { id: 'settings.prefs.testSound', defaultMessage: 'Test sound' },
  notify: {
    id: 'settings.prefs.notify',
    defaultMessage: 'Desktop notification for each payment',
  },
  noNotifications: {
    id: 'settings.prefs.noNotifications',
    defaultMessage: 'This browser cannot show notifications.',
  },
  blocked: {
    id: 'settings.prefs.blocked',
    defaultMessage: 'The browser blocked notifications; allow them in its site settings.',
  },
  keep: {
    id: 'settings.prefs.keep',
    defaultMessage: 'Keep receiving payments when the window is closed',
  },
  keepHint: {
    id: 'settings.prefs.keepHint',
    defaultMessage: 'The console stays in the tray (on macOS, in the Dock); Quit stops it.',
    description: 'Quit is the tray menu’s item of that name',
  },
  theme: { id: 'settings.prefs.theme', defaultMessage: 'Theme' },
  system: {
    id: 'settings.prefs.theme.system',
    defaultMessage: 'System',
    description: 'Theme: as the computer is set',
  },
  light: { id: 'settings.prefs.theme.light', defaultMessage: 'Light' },
  dark: { id: 'settings.prefs.theme.dark', defaultMessage: 'Dark' },
});

const THEMES: { value: Theme; label: MessageDescriptor }[] = [
  { value: 'system', label: m.system },
  { value: 'light', label: m.light },
  { value: 'dark', label: m.dark },
];

export function PreferencesSection({ settings }: { settings: Settings }) {
  const intl = useIntl();
  const { theme, setTheme } = useUiPick('theme', 'setTheme');
  const save = useSaveSettings(
    {
      onError: (e) => announce(intl.formatMessage(m.saveFailed, { reason: errorText(intl, e) })),
    },
    { optimistic: true },
  );
  const themeLabel = intl.formatMessage(m.theme);
  return (
    <section className="card" aria-labelledby="prefs-title">
      <div className="card-head">
        <h2 id="prefs-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <div className="row wrap">
        <Toggle
          label={intl.formatMessage(m.sound)}
          checked={settings.sound}
          onChange={(v) => save.mutate({ sound: v })}
        />
        <Button size="sm" variant="ghost" onClick={chime}>
          {intl.formatMessage(m.testSound)}
        </Button>
      </div>
      <Toggle
        label={intl.formatMessage(m.notify)}
        checked={settings.notifications}
        hint={
          transport === 'web' && !notificationsSupported()
            ? intl.formatMessage(m.noNotifications)
            : undefined
        }
        onChange={async (v) => {
          if (v && transport === 'web') {
            const perm = await askNotificationPermission();
            if (perm !== 'granted') announce(intl.formatMessage(m.blocked));
          }
          save.mutate({ notifications: v });
        }}
      />
      {transport === 'electron' ? (
        <Toggle
          label={intl.formatMessage(m.keep)}
          checked={settings.keep_receiving_when_closed}
          hint={intl.formatMessage(m.keepHint)}
          onChange={(v) => save.mutate({ keep_receiving_when_closed: v })}
        />
      ) : null}
      <div className="field">
        <span className="field-label" id="theme-label">
          {themeLabel}
        </span>
        <Segmented
          label={themeLabel}
          value={theme}
          options={THEMES.map((t) => ({ value: t.value, label: intl.formatMessage(t.label) }))}
          onChange={(t) => {
            setTheme(t);
            save.mutate({ theme: t });
          }}
        />
      </div>
    </section>
  );
}
