// Sound, notifications and theme. Theme applies at once from the UI store and is also kept
// in the engine's settings.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/domain.ts';
import { qk } from '../../api/keys.ts';
import { errorMessage, merchant, transport } from '../../bridge/index.ts';
import { askNotificationPermission, chime, notificationsSupported } from '../../lib/alerts.ts';
import { useUi, type Theme } from '../../state/ui-store.ts';
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
  const client = useQueryClient();
  const { theme, setTheme } = useUi();
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => merchant.settings.set(patch),
    onMutate: (patch) => {
      client.setQueryData<Settings>(qk.settings, (s) => (s ? { ...s, ...patch } : s));
    },
    onSuccess: (s) => client.setQueryData(qk.settings, s),
    onError: (e) => {
      void client.invalidateQueries({ queryKey: qk.settings });
      announce(`Could not save: ${errorMessage(e)}`);
    },
  });
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
