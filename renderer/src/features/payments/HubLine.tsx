// The status strip's hub line (docs/hub.md): shown only when this console is on a hub. It says
// the role, whether the hub is connected, how far behind, since when it cannot be reached, and
// the last event that crossed it.
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import type { HubStatus } from '#shared/contract/hub.ts';
import { useHub } from '../../api/queries.ts';
import { clockTime, relativeTime } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { EngineWords } from '../../ui/Bidi.tsx';

/** Between the line's parts: a mark, not a word. */
const SEP = ' · ';

export const hubWords = defineMessages<{
  receiver: NoMessageValues;
  till: NoMessageValues;
  up: NoMessageValues;
  standby: NoMessageValues;
  connecting: NoMessageValues;
  down: NoMessageValues;
  downSince: { time: MessageValue };
  behind: { count: number };
  lastEvent: { when: MessageValue };
  line: { role: MessageValue; state: MessageValue };
}>({
  receiver: { id: 'hub.role.receiver', defaultMessage: 'Receiving node' },
  till: { id: 'hub.role.till', defaultMessage: 'Till' },
  up: { id: 'hub.state.up', defaultMessage: 'connected' },
  standby: {
    id: 'hub.state.standby',
    defaultMessage: 'connected, not receiving',
    description: 'a receiving node while another console holds the receiving role',
  },
  connecting: { id: 'hub.state.connecting', defaultMessage: 'connecting…' },
  down: { id: 'hub.state.down', defaultMessage: 'unreachable' },
  downSince: {
    id: 'hub.state.downSince',
    defaultMessage: 'unreachable since {time}',
    description: 'time is a clock time, e.g. 14:05',
  },
  behind: {
    id: 'hub.behind',
    defaultMessage: '{count, plural, one {behind by # event} other {behind by # events}}',
  },
  lastEvent: { id: 'hub.lastEvent', defaultMessage: 'last event {when}' },
  line: {
    id: 'hub.line',
    defaultMessage: 'Hub: {role}, {state}',
    description: 'e.g. "Hub: Till, connected"',
  },
});

/** "connected", "connected, not receiving", "unreachable since 14:05", … */
export function hubStateText(intl: ReturnType<typeof useIntl>, s: HubStatus): string {
  if (s.state === 'up') {
    return intl.formatMessage(s.receiving === false ? hubWords.standby : hubWords.up);
  }
  if (s.state === 'down') {
    return s.down_since
      ? intl.formatMessage(hubWords.downSince, { time: clockTime(s.down_since) })
      : intl.formatMessage(hubWords.down);
  }
  return intl.formatMessage(hubWords.connecting);
}

export function HubLine() {
  const intl = useIntl();
  const hub = useHub();
  const now = useNow(30_000);
  const s = hub.data;
  if (!s || s.state === 'off' || s.role === null) return null;
  const parts = [
    intl.formatMessage(hubWords.line, {
      role: intl.formatMessage(s.role === 'receiver' ? hubWords.receiver : hubWords.till),
      state: hubStateText(intl, s),
    }),
  ];
  if (s.behind !== null && s.behind > 0) {
    parts.push(intl.formatMessage(hubWords.behind, { count: s.behind }));
  }
  if (s.last_event_at) {
    parts.push(
      intl.formatMessage(hubWords.lastEvent, { when: relativeTime(s.last_event_at, now) }),
    );
  }
  // The same shape as the receiver's own line below it: a dot that says how it is, then words.
  const tone = s.state === 'down' ? 'error' : s.state === 'up' && !s.error ? 'ok' : 'warn';
  return (
    <p className={`status-line hub-line${s.state === 'down' ? ' is-down' : ''}`} role="status">
      <span className={`dot dot-${tone}`} aria-hidden="true" />
      <span className="status-line-text">
        {parts.join(SEP)}
        {s.error ? (
          <>
            {SEP}
            <EngineWords>{s.error}</EngineWords>
          </>
        ) : null}
      </span>
    </p>
  );
}
