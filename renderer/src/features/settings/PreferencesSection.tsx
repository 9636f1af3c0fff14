// Sound, notifications and theme. Theme applies at once from the UI store and is also kept
// in the engine's settings.
import { useSaveSettings } from '../../api/mutations.ts';
import type { Settings } from '#shared/domain.ts';
import { errorMessage, transport } from '../../bridge/index.ts';
import { askNotificationPermission, chime, notificationsSupported } from '../../lib/alerts.ts';
import { useUiPick, type Theme } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function PreferencesSection({ settings }: { settings: Settings }) {
  const { theme, setTheme } = useUiPick('theme', 'setTheme');
  const save = useSaveSettings(
    { onError: (e) => announce(`Could not save: ${errorMessage(e)}`) },
    { optimistic: true },
  );
  return (
    <section className="card" aria-labelledby="prefs-title">
      <div className="card-head">
        <h2 id="prefs-title">Alerts and appearance</h2>
      </div>
      <div className="row wrap">
        <Toggle
          label="Play a sound for each payment"
          checked={settings.sound}
          onChange={(v) => save.mutate({ sound: v })}
        />
        <Button size="sm" variant="ghost" onClick={chime}>
          Test sound
        </Button>
      </div>
      <Toggle
        label="Desktop notification for each payment"
        checked={settings.notifications}
        hint={
          transport === 'web' && !notificationsSupported()
            ? 'This browser cannot show notifications.'
            : undefined
        }
        onChange={async (v) => {
          if (v && transport === 'web') {
            const perm = await askNotificationPermission();
            if (perm !== 'granted')
              announce('The browser blocked notifications; allow them in its site settings.');
          }
          save.mutate({ notifications: v });
        }}
      />
      {transport === 'electron' ? (
        <Toggle
          label="Keep receiving payments when the window is closed"
          checked={settings.keep_receiving_when_closed}
          hint="The console stays in the tray (on macOS, in the Dock); Quit stops it."
          onChange={(v) => save.mutate({ keep_receiving_when_closed: v })}
        />
      ) : null}
      <div className="field">
        <span className="field-label" id="theme-label">
          Theme
        </span>
        <Segmented
          label="Theme"
          value={theme}
          options={THEMES}
          onChange={(t) => {
            setTheme(t);
            save.mutate({ theme: t });
          }}
        />
      </div>
    </section>
  );
}
