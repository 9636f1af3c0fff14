// Which account a new link is created in, and whether its money is real: said on the screen
// itself, next to the title, so it is there at every window width.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useProfiles } from '../../api/queries.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';

const m = defineMessages({
  live: { id: 'newLink.account.live', defaultMessage: 'Live', description: 'Badge: real money' },
  test: { id: 'newLink.account.test', defaultMessage: 'Test', description: 'Badge: test money' },
});

export function LinkAccount() {
  const intl = useIntl();
  const profiles = useProfiles().data;
  const active = profiles?.profiles.find((p) => p.id === profiles.active_id);
  if (!active) return null;
  const live = active.kind === 'live';
  return (
    <p className="link-account" data-testid="link-account">
      {live ? (
        <Badge tone="ok">{intl.formatMessage(m.live)}</Badge>
      ) : (
        <Badge tone="info">{intl.formatMessage(m.test)}</Badge>
      )}
      {SPACE}
      <span>
        {intl.formatMessage(
          // Inline: a rich-text tag's value (strong) has no place in defineMessages' types.
          {
            id: 'newLink.account.where',
            defaultMessage:
              '{kind, select, live {Creates the link in <strong>{name}</strong>: customers pay real money.} other {Creates the link in <strong>{name}</strong>: test money, nothing is charged.}}',
            description: 'name is the account’s name; kind is live or test',
          },
          {
            kind: live ? 'live' : 'test',
            name: <Isolate>{active.name}</Isolate>,
            strong: (words: ReactNode[]) => <strong>{words}</strong>,
          },
        )}
      </span>
    </p>
  );
}
