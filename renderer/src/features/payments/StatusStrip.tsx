// Is the console able to hear payments? Receiver, the tunnel in front of it, webhook
// registration, last event, gaps, and the live link to the engine — each in plain words with
// the fix next to it. When all of it is well the strip is one line ("Receiving payments"),
// with the cells a click away, so a short window shows payments rather than status.
import { useEffect, useId, useState } from 'react';
import { useRegisterWebhook } from '../../api/mutations.ts';
import { canCall, useRole } from '../../app/role.ts';
import { useActiveProfile, useReceiver, useTunnel } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { linkState, onLinkState, type LinkState } from '../../bridge/connection.ts';
import { clockTime, exactTime, relativeTime } from '../../lib/time.ts';
import { tunnelLine, tunnelTone, usesTool } from '../../lib/tunnel-words.ts';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { useUiPick } from '../../state/ui-store.ts';
import { ReachItem, ReachNotice, reachFailed } from './ReachStatus.tsx';

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
  const q = useReceiver();
  const link = useLinkState();
  const now = useNow(15_000);
  const { gapsSeen, dismissGaps, go } = useUiPick('gapsSeen', 'dismissGaps', 'go');
  const tunnel = useTunnel();
  const active = useActiveProfile();
  const needsTunnel = active?.kind === 'live' && tunnel.data?.mode === 'off';
  const t = tunnel.data;
  const showTunnel = active?.kind === 'live' && usesTool(t);
  const canRegister = canCall(useRole(), 'webhook.register');
  const [details, setDetails] = useState(false);
  const cellsId = useId();
  const register = useRegisterWebhook({
    onSuccess: () => announce('Webhook registered'),
    onError: (e) => announce(`Webhook registration failed: ${errorMessage(e)}`),
  });
  const s = q.data;
  if (!s) {
    return (
      <div className="status status-line" role="group" aria-label="Receiver status">
        {q.isError ? (
          <span>Receiver status unavailable: {errorMessage(q.error)}</span>
        ) : (
          <span className="muted">Checking receiver…</span>
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
  const allWell =
    s.listening &&
    !s.error &&
    s.webhook.registered &&
    !s.webhook.error &&
    !reachFailed(s.reach) &&
    link === 'live' &&
    !needsTunnel &&
    (!showTunnel || t?.state === 'up') &&
    !latest;
  const folded = allWell && !details;
  return (
    <>
      <div className="status" role="group" aria-label="Receiver status">
        {allWell ? (
          <p className="status-line">
            <Dot tone="ok" />
            <span className="status-line-text">
              <strong>Receiving payments</strong>
              <span className="muted">
                {' · '}
                {s.last_event_at ? (
                  <>
                    Last event{' '}
                    <time dateTime={s.last_event_at} title={exactTime(s.last_event_at)}>
                      {relativeTime(s.last_event_at, now)}
                    </time>
                  </>
                ) : (
                  'No event yet'
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
              {details ? 'Hide details' : 'Details'}
            </button>
          </p>
        ) : null}
        <dl
          id={cellsId}
          hidden={folded}
          className={`status-strip ${showTunnel ? 'status-strip-6' : 'status-strip-5'}${reachFailed(s.reach) ? ' status-strip-warn' : ''}`}
        >
          <div>
            <dt>Receiver</dt>
            <dd>
              <Dot tone={s.listening ? 'ok' : 'error'} />
              <span className="truncate" title={s.address ?? undefined}>
                {s.listening ? `Listening on ${s.address ?? 'loopback'}` : 'Not listening'}
              </span>
            </dd>
          </div>
          {showTunnel && t ? (
            <div>
              <dt>Tunnel</dt>
              <dd>
                <Dot tone={tunnelTone(t)} />
                <span className="truncate" title={s.webhook.url ?? t.public_url ?? undefined}>
                  {tunnelLine(t)}
                </span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Webhook</dt>
            <dd>
              <Dot tone={s.webhook.registered ? 'ok' : 'warn'} />
              {s.webhook.registered ? (
                <span className="truncate" title={s.webhook.url ?? ''}>
                  Registered{s.webhook.signed ? ' · signed' : ''}
                </span>
              ) : (
                <>
                  Not registered{' '}
                  {canRegister ? (
                    <Button size="sm" busy={register.isPending} onClick={() => register.mutate()}>
                      Register now
                    </Button>
                  ) : null}
                </>
              )}
            </dd>
          </div>
          <ReachItem reach={s.reach} />
          <div>
            <dt>Last event</dt>
            <dd>
              {s.last_event_at ? (
                <time dateTime={s.last_event_at} title={exactTime(s.last_event_at)}>
                  {relativeTime(s.last_event_at, now)}
                </time>
              ) : (
                'None yet'
              )}
            </dd>
          </div>
          <div>
            <dt>Live updates</dt>
            <dd>
              <Dot tone={link === 'live' ? 'ok' : 'warn'} />
              {link === 'live' ? 'Connected' : 'Reconnecting…'}
            </dd>
          </div>
        </dl>
      </div>
      {s.error ? <Notice tone="error">Receiver problem: {s.error}</Notice> : null}
      {active?.kind === 'live' && usesTool(t) && t.state === 'down' ? (
        <Notice tone="warn">
          The {t.mode} tunnel is down, so the service cannot reach this computer; the console is
          restarting it.{t.error ? ` ${t.error}` : ''}
        </Notice>
      ) : null}
      <ReachNotice reach={s.reach} />
      {needsTunnel ? (
        <Notice tone="info">
          The real service cannot reach this computer’s local address, so live payments will not
          arrive until it has a public address (a tunnel).{' '}
          <button type="button" className="link" onClick={() => go('settings')}>
            Set it up in Settings
          </button>
        </Notice>
      ) : null}
      {s.webhook.error ? <Notice tone="warn">Webhook: {s.webhook.error}</Notice> : null}
      {latest ? (
        <Notice tone="warn">
          <strong>Possible missed payments.</strong>{' '}
          {latest.cause === 'asleep' ? (
            <>
              {gaps.length === 1 ? null : `The receiver was away ${gaps.length} times. Latest: `}
              Computer asleep <Time iso={latest.from} />–
              <Time iso={latest.to} short={sameLocalDay(latest.from, latest.to)} />.
            </>
          ) : (
            <>
              The receiver was not running{' '}
              {gaps.length === 1 ? null : `${gaps.length} times, most recently `}
              from <Time iso={latest.from} /> to <Time iso={latest.to} />.
            </>
          )}{' '}
          The service retries deliveries, but check your payments there for{' '}
          {gaps.length === 1 ? 'that time' : 'those times'}.{' '}
          {/* One click hides every gap shown: all of them end at or before the latest. */}
          <button type="button" className="link" onClick={() => dismissGaps(profileId, latest.to)}>
            Dismiss
          </button>
        </Notice>
      ) : null}
    </>
  );
}
