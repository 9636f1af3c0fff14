// In a browser tab, desktop notifications need the person's permission, which can only be
// asked from a click: offer the button where payments are watched.
import { useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { transport } from '../../bridge/index.ts';
import { askNotificationPermission, notificationsSupported } from '../../lib/alerts.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';

export function NotifyPermission() {
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
        announce(
          next === 'granted'
            ? 'Desktop notifications are on'
            : 'Notifications were not allowed; you can change this in the browser’s site settings.',
        );
      }}
    >
      Allow notifications
    </Button>
  );
}
