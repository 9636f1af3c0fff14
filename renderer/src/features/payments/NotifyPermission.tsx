// In a browser tab, desktop notifications need the person's permission, which can only be
// asked from a click: offer the button where payments are watched.
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useSettings } from '../../api/queries.ts';
import { transport } from '../../bridge/index.ts';
import { askNotificationPermission, notificationsSupported } from '../../lib/alerts.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  allow: NoMessageValues;
  on: NoMessageValues;
  refused: NoMessageValues;
}>({
  allow: { id: 'payments.notify.allow', defaultMessage: 'Allow notifications' },
  on: { id: 'payments.notify.on', defaultMessage: 'Desktop notifications are on' },
  refused: {
    id: 'payments.notify.refused',
    defaultMessage:
      'Notifications were not allowed; you can change this in the browser’s site settings.',
  },
});

export function NotifyPermission() {
  const intl = useIntl();
  const settings = useSettings();
  const [perm, setPerm] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );
  if (transport !== 'web' || !settings.data?.notifications || perm !== 'default') return null;
  return (
    <Button
      size="sm"
      onClick={async () => {
        const next = await askNotificationPermission();
        setPerm(next);
        announce(intl.formatMessage(next === 'granted' ? m.on : m.refused));
      }}
    >
      {intl.formatMessage(m.allow)}
    </Button>
  );
}
