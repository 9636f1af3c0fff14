// Is the console able to hear payments? Receiver, the tunnel in front of it, webhook
// registration, last event, gaps, and the live link to the engine — each in plain words with
// the fix next to it. When all of it is well the strip is one line ("Receiving payments"),
// with the cells a click away, so a short window shows payments rather than status.
import { useEffect, useId, useState } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useRegisterWebhook } from '../../api/mutations.ts';
import { canCall, useRole } from '../../app/role.ts';
import { useActiveProfile, useHub, useReceiver, useTunnel } from '../../api/queries.ts';
import { linkState, onLinkState, type LinkState } from '../../bridge/connection.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { clockTime, exactTime, relativeTime } from '../../lib/time.ts';
import { tunnelLine, tunnelTone, usesTool } from '../../lib/tunnel-words.tsx';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { EngineWords, Ltr } from '../../ui/Bidi.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';
import { useUiPick } from '../../state/ui-store.ts';
import { reachFailed } from '../../lib/reach-words.ts';
import { ReachItem, ReachNotice } from './ReachStatus.tsx';
import { HubLine } from './HubLine.tsx';

const m = defineMessages<{
  label: NoMessageValues;
  unavailable: { reason: MessageValue };
  checking: NoMessageValues;
  receiving: NoMessageValues;
  noEvent: NoMessageValues;
  details: NoMessageValues;
  hideDetails: NoMessageValues;
  receiver: NoMessageValues;
  listening: { address: MessageValue };
  loopback: NoMessageValues;
  notListening: NoMessageValues;
  tunnel: NoMessageValues;
  webhook: NoMessageValues;
  registered: { signed: string };
  notRegistered: NoMessageValues;
  registerNow: NoMessageValues;
  registeredToast: NoMessageValues;
  registerFailed: { reason: MessageValue };
  lastEvent: NoMessageValues;
  noneYet: NoMessageValues;
  liveUpdates: NoMessageValues;
  connected: NoMessageValues;
  reconnecting: NoMessageValues;
  receiverProblem: { error: MessageValue };
  tunnelDown: { tool: MessageValue };
  needsTunnel: NoMessageValues;
  setUp: NoMessageValues;
  webhookError: { error: MessageValue };
  gapTitle: NoMessageValues;
  dismiss: NoMessageValues;
}>({
  label: { id: 'strip.label', defaultMessage: 'Receiver status' },
  unavailable: { id: 'strip.unavailable', defaultMessage: 'Receiver status unavailable: {reason}' },
  checking: { id: 'strip.checking', defaultMessage: 'Checking receiver…' },
  receiving: {
    id: 'strip.receiving',
    defaultMessage: 'Receiving payments',
    description: 'All is well: the console hears payments',
  },
  noEvent: { id: 'strip.noEvent', defaultMessage: 'No event yet' },
  details: { id: 'strip.details', defaultMessage: 'Details' },
  hideDetails: { id: 'strip.hideDetails', defaultMessage: 'Hide details' },
  receiver: { id: 'strip.receiver', defaultMessage: 'Receiver' },
  listening: {
    id: 'strip.listening',
    defaultMessage: 'Listening on {address}',
    description: 'address is host:port',
  },
  loopback: { id: 'strip.loopback', defaultMessage: 'this computer only' },
  notListening: { id: 'strip.notListening', defaultMessage: 'Not listening' },
  tunnel: { id: 'strip.tunnel', defaultMessage: 'Tunnel' },
  webhook: { id: 'strip.webhook', defaultMessage: 'Webhook' },
  registered: {
    id: 'strip.registered',
    defaultMessage: '{signed, select, yes {Registered · signed} other {Registered}}',
  },
  notRegistered: { id: 'strip.notRegistered', defaultMessage: 'Not registered' },
  registerNow: { id: 'strip.registerNow', defaultMessage: 'Register now' },
  registeredToast: { id: 'strip.registeredToast', defaultMessage: 'Webhook registered' },
  registerFailed: {
    id: 'strip.registerFailed',
    defaultMessage: 'Webhook registration failed: {reason}',
  },
  lastEvent: { id: 'strip.lastEvent', defaultMessage: 'Last event' },
  noneYet: { id: 'strip.noneYet', defaultMessage: 'None yet' },
  liveUpdates: {
    id: 'strip.liveUpdates',
    defaultMessage: 'Live updates',
    description: 'Status strip cell: the page’s live link to the engine',
  },
  connected: { id: 'strip.connected', defaultMessage: 'Connected' },
  reconnecting: { id: 'strip.reconnecting', defaultMessage: 'Reconnecting…' },
  receiverProblem: { id: 'strip.receiverProblem', defaultMessage: 'Receiver problem: {error}' },
  tunnelDown: {
    id: 'strip.tunnelDown',
    defaultMessage:
      'The {tool} tunnel is down, so the service cannot reach this computer; the console is restarting it.',
  },
  needsTunnel: {
    id: 'strip.needsTunnel',
    defaultMessage:
      'The real service cannot reach this computer’s local address, so live payments will not arrive until it has a public address (a tunnel).',
  },
  setUp: { id: 'strip.setUp', defaultMessage: 'Set it up in Settings' },
  webhookError: { id: 'strip.webhookError', defaultMessage: 'Webhook: {error}' },
  gapTitle: { id: 'strip.gap.title', defaultMessage: 'Possible missed payments.' },
  dismiss: { id: 'strip.gap.dismiss', defaultMessage: 'Dismiss' },
});

/** Between the strip's headline and its last event: a mark, not a word. */
const SEP = ' · ';

export function useLinkState(): LinkState {
  const [state, setState] = useState(linkState);
  useEffect(() => onLinkState((s) => setState(s)), []);
  return state;
}

function sameLocalDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/** `short`: only the clock time (the end of a span that began the same day). */
function Time({ iso, short = false }: { iso: string; short?: boolean }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {short ? clockTime(iso) : exactTime(iso)}
    </time>
  );
}

function Dot({ tone }: { tone: 'ok' | 'warn' | 'error' }) {
  return <span className={`dot dot-${tone}`} aria-hidden="true" />;
}

export function StatusStrip() {
  const intl = useIntl();
  const q = useReceiver();
  const link = useLinkState();
  const now = useNow(15_000);
  const { gapsSeen, dismissGaps, go } = useUiPick('gapsSeen', 'dismissGaps', 'go');
  const tunnel = useTunnel();
  const hub = useHub();
  const active = useActiveProfile();
  const needsTunnel = active?.kind === 'live' && tunnel.data?.mode === 'off';
  const t = tunnel.data;
  const showTunnel = active?.kind === 'live' && usesTool(t);
  const canRegister = canCall(useRole(), 'webhook.register');
  const [details, setDetails] = useState(false);
  const cellsId = useId();
  const register = useRegisterWebhook({
    onSuccess: () => announce(intl.formatMessage(m.registeredToast)),
    onError: (e) => announce(intl.formatMessage(m.registerFailed, { reason: errorText(intl, e) })),
  });
  const s = q.data;
  if (!s) {
    return (
      <div className="status status-line" role="group" aria-label={intl.formatMessage(m.label)}>
        {q.isError ? (
          <span>{intl.formatMessage(m.unavailable, { reason: errorText(intl, q.error) })}</span>
        ) : (
          <span className="muted">{intl.formatMessage(m.checking)}</span>
        )}
      </div>
    );
  }
  // The engine lists only gaps worth a warning (a registered webhook, a few seconds or more).
  const profileId = active?.id ?? '';
  const seen = gapsSeen[profileId];
  const gaps = s.gaps.filter((g) => seen === undefined || Date.parse(g.to) > Date.parse(seen));
  // The most recent gap by its end, whatever order the list comes in (newest first today).
  const latest = gaps.reduce<(typeof gaps)[number] | undefined>(
    (a, g) => (a === undefined || Date.parse(g.to) > Date.parse(a.to) ? g : a),
    undefined,
  );
  // Everything that would show a warning, a fix or a notice is absent.
  const tillOnHub = hub.data?.role === 'till';
  const allWell =
    s.listening &&
    !s.error &&
    // A till on a hub never registers: the receiving node does (docs/hub.md).
    (s.webhook.registered || tillOnHub) &&
    !s.webhook.error &&
    !reachFailed(s.reach) &&
    link === 'live' &&
    !needsTunnel &&
    (!showTunnel || t?.state === 'up') &&
    !latest;
  const folded = allWell && !details;
  return (
    <>
      <div className="status" role="group" aria-label={intl.formatMessage(m.label)}>
        <HubLine />
        {allWell ? (
          <p className="status-line">
            <Dot tone="ok" />
            <span className="status-line-text">
              <strong>{intl.formatMessage(m.receiving)}</strong>
              <span className="muted">
                {SEP}
                {s.last_event_at ? (
                  <FormattedMessage
                    id="strip.lastEventAgo"
                    defaultMessage="Last event {when}"
                    description="when is a relative time such as “3 min ago”"
                    values={{
                      when: (
                        <time dateTime={s.last_event_at} title={exactTime(s.last_event_at)}>
                          {relativeTime(s.last_event_at, now)}
                        </time>
                      ),
                    }}
                  />
                ) : (
                  intl.formatMessage(m.noEvent)
                )}
              </span>
            </span>
            <button
              type="button"
              className="link"
              aria-expanded={details}
              aria-controls={cellsId}
              onClick={() => setDetails((d) => !d)}
            >
              {intl.formatMessage(details ? m.hideDetails : m.details)}
            </button>
          </p>
        ) : null}
        <dl
          id={cellsId}
          hidden={folded}
          className={`status-strip ${showTunnel ? 'status-strip-6' : 'status-strip-5'}${reachFailed(s.reach) ? ' status-strip-warn' : ''}`}
        >
          <div>
            <dt>{intl.formatMessage(m.receiver)}</dt>
            <dd>
              <Dot tone={s.listening ? 'ok' : 'error'} />
              <span className="truncate" title={s.address ?? undefined}>
                {s.listening
                  ? intl.formatMessage(m.listening, {
                      address: s.address ? (
                        <Ltr key="a">{s.address}</Ltr>
                      ) : (
                        intl.formatMessage(m.loopback)
                      ),
                    })
                  : intl.formatMessage(m.notListening)}
              </span>
            </dd>
          </div>
          {showTunnel && t ? (
            <div>
              <dt>{intl.formatMessage(m.tunnel)}</dt>
              <dd>
                <Dot tone={tunnelTone(t)} />
                <span className="truncate" title={s.webhook.url ?? t.public_url ?? undefined}>
                  {tunnelLine(intl, t)}
                </span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{intl.formatMessage(m.webhook)}</dt>
            <dd>
              <Dot tone={s.webhook.registered ? 'ok' : 'warn'} />
              {s.webhook.registered ? (
                <span className="truncate" title={s.webhook.url ?? ''}>
                  {intl.formatMessage(m.registered, { signed: s.webhook.signed ? 'yes' : 'no' })}
                </span>
              ) : (
                <>
                  {intl.formatMessage(m.notRegistered)}
                  {canRegister ? (
                    <>
                      {SPACE}
                      <Button size="sm" busy={register.isPending} onClick={() => register.mutate()}>
                        {intl.formatMessage(m.registerNow)}
                      </Button>
                    </>
                  ) : null}
                </>
              )}
            </dd>
          </div>
          <ReachItem reach={s.reach} />
          <div>
            <dt>{intl.formatMessage(m.lastEvent)}</dt>
            <dd>
              {s.last_event_at ? (
                <time dateTime={s.last_event_at} title={exactTime(s.last_event_at)}>
                  {relativeTime(s.last_event_at, now)}
                </time>
              ) : (
                intl.formatMessage(m.noneYet)
              )}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.liveUpdates)}</dt>
            <dd>
              <Dot tone={link === 'live' ? 'ok' : 'warn'} />
              {intl.formatMessage(link === 'live' ? m.connected : m.reconnecting)}
            </dd>
          </div>
        </dl>
      </div>
      {s.error ? (
        <Notice tone="error">
          {intl.formatMessage(m.receiverProblem, {
            error: <EngineWords key="e">{s.error}</EngineWords>,
          })}
        </Notice>
      ) : null}
      {active?.kind === 'live' && usesTool(t) && t.state === 'down' ? (
        <Notice tone="warn">
          {intl.formatMessage(m.tunnelDown, { tool: <Ltr key="t">{t.mode}</Ltr> })}
          {t.error ? (
            <>
              {SPACE}
              <EngineWords>{t.error}</EngineWords>
            </>
          ) : null}
        </Notice>
      ) : null}
      <ReachNotice reach={s.reach} />
      {needsTunnel ? (
        <Notice tone="info">
          {intl.formatMessage(m.needsTunnel)}
          {SPACE}
          <button type="button" className="link" onClick={() => go('settings')}>
            {intl.formatMessage(m.setUp)}
          </button>
        </Notice>
      ) : null}
      {s.webhook.error ? (
        <Notice tone="warn">
          {intl.formatMessage(m.webhookError, {
            error: <EngineWords key="e">{s.webhook.error}</EngineWords>,
          })}
        </Notice>
      ) : null}
      {latest ? (
        <Notice tone="warn">
          <strong>{intl.formatMessage(m.gapTitle)}</strong>
          {SPACE}
          {latest.cause === 'asleep' ? (
            <FormattedMessage
              id="strip.gap.asleep"
              defaultMessage="{count, plural, one {Computer asleep {from}–{to}.} other {The receiver was away # times. Latest: Computer asleep {from}–{to}.}}"
              description="from and to are dates and times"
              values={{
                count: gaps.length,
                from: <Time iso={latest.from} />,
                to: <Time iso={latest.to} short={sameLocalDay(latest.from, latest.to)} />,
              }}
            />
          ) : (
            <FormattedMessage
              id="strip.gap.stopped"
              defaultMessage="{count, plural, one {The receiver was not running from {from} to {to}.} other {The receiver was not running # times, most recently from {from} to {to}.}}"
              description="from and to are dates and times"
              values={{
                count: gaps.length,
                from: <Time iso={latest.from} />,
                to: <Time iso={latest.to} />,
              }}
            />
          )}
          {SPACE}
          <FormattedMessage
            id="strip.gap.check"
            defaultMessage="{count, plural, one {The service retries deliveries, but check your payments there for that time.} other {The service retries deliveries, but check your payments there for those times.}}"
            values={{ count: gaps.length }}
          />
          {SPACE}
          {/* One click hides every gap shown: all of them end at or before the latest. */}
          <button type="button" className="link" onClick={() => dismissGaps(profileId, latest.to)}>
            {intl.formatMessage(m.dismiss)}
          </button>
        </Notice>
      ) : null}
    </>
  );
}
