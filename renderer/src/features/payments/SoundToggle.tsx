// The payment chime, switchable right where payments arrive (also in Settings).
import { useIntl } from 'react-intl';
import { useSaveSettings } from '../../api/mutations.ts';
import { useSettings } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { chime } from '../../lib/alerts.ts';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

export function SoundToggle() {
  const intl = useIntl();
  const settings = useSettings();
  const save = useSaveSettings({
    onError: (e) =>
      announce(
        intl.formatMessage(
          { id: 'common.saveFailed', defaultMessage: 'Could not save: {reason}' },
          { reason: errorText(intl, e) },
        ),
      ),
  });
  if (!settings.data) return null;
  return (
    <Toggle
      label={intl.formatMessage({
        id: 'payments.sound',
        defaultMessage: 'Sound',
        description: 'Switch: a chime for each payment',
      })}
      checked={settings.data.sound}
      onChange={(v) => {
        save.mutate({ sound: v });
        if (v) chime();
      }}
    />
  );
}
