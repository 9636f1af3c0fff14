// The payment chime, switchable right where payments arrive (also in Settings).
import { useSaveSettings } from '../../api/mutations.ts';
import { useSettings } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { chime } from '../../lib/alerts.ts';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

export function SoundToggle() {
  const settings = useSettings();
  const save = useSaveSettings({
    onError: (e) => announce(`Could not save: ${errorMessage(e)}`),
  });
  if (!settings.data) return null;
  return (
    <Toggle
      label="Sound"
      checked={settings.data.sound}
      onChange={(v) => {
        save.mutate({ sound: v });
        if (v) chime();
      }}
    />
  );
}
