// The payment chime, switchable right where payments arrive (also in Settings).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../../shared/domain.ts';
import { qk } from '../../api/query-keys.ts';
import { useSettings } from '../../api/queries.ts';
import { errorMessage, merchant } from '../../bridge/index.ts';
import { chime } from '../../lib/alerts.ts';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

export function SoundToggle() {
  const settings = useSettings();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (sound: boolean) => merchant.settings.set({ sound }),
    onSuccess: (s) => client.setQueryData<Settings>(qk.settings, s),
    onError: (e) => announce(`Could not save: ${errorMessage(e)}`),
  });
  if (!settings.data) return null;
  return (
    <Toggle
      label="Sound"
      checked={settings.data.sound}
      onChange={(v) => {
        save.mutate(v);
        if (v) chime();
      }}
    />
  );
}
