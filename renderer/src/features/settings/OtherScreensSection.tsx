// Settings → Other screens (issue 25): this console serves its screens to tablets and
// phones on the shop's network. The owner pairs one with a QR code (or its short code),
// approves it with a role (Watch, Till, Owner), renames it, changes its role or revokes it.
import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Output } from '#shared/contract.ts';
import type { ScreenDevice } from '#shared/domain.ts';
import { ROLES, type Role } from '#shared/roles.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { useQrDataUrl } from '../../lib/qr.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { isolate, isolateLtr, Ltr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Notice, Spinner } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';
import { SPACE } from '../../ui/space.ts';
import {
  useChangeDevice,
  usePairScreen,
  useScreenDevices,
  useScreensStatus,
  useSetScreens,
} from '../../api/screens.ts';

import { m, ROLE_HINTS, ROLE_NAMES } from './other-screens-messages.ts';

/** An empty cell: a mark, not a word. */
const NONE = '—';

const roleName = (intl: IntlShape, r: Role): string => intl.formatMessage(ROLE_NAMES[r]);

export function OtherScreensSection() {
  const intl = useIntl();
  const status = useScreensStatus();
  const set = useSetScreens();
  const pickerId = useId();
  const s = status.data;
  const devices = useScreenDevices(s?.enabled === true);
  return (
    <section className="card" aria-labelledby="screens-title">
      <div className="card-head">
        <h2 id="screens-title">{intl.formatMessage(m.title)}</h2>
      </div>
      {!s ? (
        status.isError ? (
          <Notice tone="error">
            {intl.formatMessage(m.readFailed, { reason: errorText(intl, status.error) })}
          </Notice>
        ) : (
          <Spinner label={intl.formatMessage(m.loading)} />
        )
      ) : (
        <>
          <Toggle
            label={intl.formatMessage(m.toggle)}
            checked={s.enabled}
            disabled={set.isPending}
            hint={intl.formatMessage(m.toggleHint)}
            onChange={(enabled) =>
              set.mutate(
                { enabled },
                {
                  onError: (e) =>
                    announce(intl.formatMessage(m.changeFailed, { reason: errorText(intl, e) })),
                },
              )
            }
          />
          {s.addresses.length > 1 ? (
            <div className="field">
              <label className="field-label" htmlFor={pickerId}>
                {intl.formatMessage(m.address)}
              </label>
              <select
                id={pickerId}
                value={s.address ?? ''}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ address: e.target.value })}
              >
                {s.addresses.map((a) => (
                  <option key={a.address} value={a.address}>
                    {intl.formatMessage(m.addressOption, {
                      address: isolateLtr(a.address),
                      name: isolate(a.name),
                    })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {s.error ? <Notice tone="error">{s.error}</Notice> : null}
          {s.enabled && s.url ? (
            <>
              <p className="small">
                {intl.formatMessage(m.opensAt, {
                  url: (
                    <Ltr key="url" className="mono">
                      {s.url}
                    </Ltr>
                  ),
                })}
              </p>
              <Notice tone="warn">{intl.formatMessage(m.plainHttp)}</Notice>
              <PairScreen />
              <DeviceList
                devices={devices.data?.devices ?? []}
                loading={devices.isLoading}
                error={devices.isError ? errorText(intl, devices.error) : null}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function PairScreen() {
  const intl = useIntl();
  const pair = usePairScreen();
  const [pairing, setPairing] = useState<Output<'screens.pair'> | null>(null);
  const now = useNow(1000);
  const expired = pairing !== null && Date.parse(pairing.expires_at) <= now;
  return (
    <div className="stack">
      <div className="row">
        <Button
          variant={pairing && !expired ? 'secondary' : 'primary'}
          busy={pair.isPending}
          onClick={() =>
            pair.mutate(undefined, {
              onSuccess: (p) => {
                setPairing(p);
                announce(intl.formatMessage(m.pairAnnounce, { code: isolateLtr(p.code) }));
              },
              onError: (e) =>
                announce(intl.formatMessage(m.pairFailed, { reason: errorText(intl, e) })),
            })
          }
        >
          {intl.formatMessage(pairing ? m.newCode : m.pair)}
        </Button>
      </div>
      {pairing && !expired ? <PairingCode pairing={pairing} /> : null}
      {pairing && expired ? <p className="small muted">{intl.formatMessage(m.expired)}</p> : null}
    </div>
  );
}

function PairingCode({ pairing }: { pairing: Output<'screens.pair'> }) {
  const intl = useIntl();
  const src = useQrDataUrl(pairing.url);
  return (
    <figure className="qr pair-qr">
      {src ? (
        <img src={src} alt={intl.formatMessage(m.qrAlt)} width={220} height={220} />
      ) : (
        <Spinner label={intl.formatMessage(m.drawing)} />
      )}
      <figcaption>
        <p className="small">
          {intl.formatMessage(m.scanOrOpen, {
            url: (
              <Ltr key="url" className="mono">
                {pairing.url.replace(/#.*$/, '')}
              </Ltr>
            ),
          })}
        </p>
        <strong
          className="qr-amount mono"
          aria-label={intl.formatMessage(m.codeLabel, { code: pairing.code.split('').join(' ') })}
        >
          {pairing.code}
        </strong>
        <span className="qr-hint">
          {intl.formatMessage(m.oneUse, {
            time: (
              <time key="time" dateTime={pairing.expires_at}>
                {exactTime(pairing.expires_at)}
              </time>
            ),
          })}
        </span>
      </figcaption>
    </figure>
  );
}

function DeviceList(props: { devices: ScreenDevice[]; loading: boolean; error: string | null }) {
  const intl = useIntl();
  if (props.loading) return <Spinner label={intl.formatMessage(m.loadingScreens)} />;
  if (props.error)
    return (
      <Notice tone="error">{intl.formatMessage(m.listFailed, { reason: props.error })}</Notice>
    );
  if (props.devices.length === 0)
    return <p className="small muted">{intl.formatMessage(m.none)}</p>;
  return (
    <table className="devices">
      <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(m.colName)}</th>
          <th scope="col">{intl.formatMessage(m.colRole)}</th>
          <th scope="col">{intl.formatMessage(m.colAddress)}</th>
          <th scope="col">{intl.formatMessage(m.colLastSeen)}</th>
          <th scope="col">
            <span className="sr-only">{intl.formatMessage(m.colActions)}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.devices.map((d) => (
          <DeviceRow key={d.id} device={d} />
        ))}
      </tbody>
    </table>
  );
}

function DeviceRow({ device: d }: { device: ScreenDevice }) {
  const intl = useIntl();
  const change = useChangeDevice();
  const now = useNow(15_000);
  const [role, setRole] = useState<Role>(d.role ?? 'watch');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(d.name);
  const done = (what: string) => ({
    onSuccess: () => announce(what),
    onError: (e: unknown) =>
      announce(
        intl.formatMessage(m.deviceFailed, { name: isolate(d.name), reason: errorText(intl, e) }),
      ),
  });
  const roleSelect = (label: string, value: Role, onPick: (r: Role) => void) => (
    <select
      aria-label={label}
      value={value}
      disabled={change.isPending}
      onChange={(e) => onPick(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r} title={intl.formatMessage(ROLE_HINTS[r])}>
          {roleName(intl, r)}
        </option>
      ))}
    </select>
  );
  return (
    <tr className={d.status === 'revoked' ? 'muted' : undefined} data-device-id={d.id}>
      <th scope="row">
        {renaming ? (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              change.mutate(
                { kind: 'update', input: { id: d.id, name } },
                {
                  ...done(intl.formatMessage(m.renamed, { name: isolate(name.trim()) })),
                  onSettled: () => setRenaming(false),
                },
              );
            }}
          >
            <input
              aria-label={intl.formatMessage(m.newName, { name: d.name })}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm">
              {intl.formatMessage(m.save)}
            </Button>
          </form>
        ) : (
          <span className="truncate">{d.name}</span>
        )}
        {SPACE}
        {d.connected ? <Badge tone="ok">{intl.formatMessage(m.connected)}</Badge> : null}
        {d.status === 'pending' ? <Badge tone="warn">{intl.formatMessage(m.asks)}</Badge> : null}
        {d.status === 'revoked' ? (
          <Badge tone="muted">{intl.formatMessage(m.revoked)}</Badge>
        ) : null}
      </th>
      <td>
        {d.status === 'active' && d.role
          ? roleSelect(intl.formatMessage(m.roleOf, { name: d.name }), d.role, (r) =>
              change.mutate(
                { kind: 'update', input: { id: d.id, role: r } },
                done(
                  intl.formatMessage(m.roleNow, { name: isolate(d.name), role: roleName(intl, r) }),
                ),
              ),
            )
          : d.status === 'pending'
            ? roleSelect(intl.formatMessage(m.roleFor, { name: d.name }), role, setRole)
            : NONE}
      </td>
      <td className="mono small">{d.address ?? NONE}</td>
      <td className="small">
        {d.connected ? (
          intl.formatMessage(m.now)
        ) : d.last_seen_at ? (
          <time dateTime={d.last_seen_at} title={exactTime(d.last_seen_at)}>
            {relativeTime(d.last_seen_at, now)}
          </time>
        ) : (
          NONE
        )}
      </td>
      <td>
        <div className="row">
          {d.status === 'pending' ? (
            <Button
              size="sm"
              variant="primary"
              busy={change.isPending}
              onClick={() =>
                change.mutate(
                  { kind: 'approve', input: { id: d.id, role } },
                  done(
                    intl.formatMessage(m.approved, {
                      name: isolate(d.name),
                      role: roleName(intl, role),
                    }),
                  ),
                )
              }
            >
              {intl.formatMessage(m.approve)}
            </Button>
          ) : null}
          {d.status === 'active' && !renaming ? (
            <Button size="sm" onClick={() => setRenaming(true)}>
              {intl.formatMessage(m.rename)}
            </Button>
          ) : null}
          {d.status !== 'revoked' ? (
            <Button
              size="sm"
              variant="danger"
              busy={change.isPending}
              aria-label={intl.formatMessage(m.revokeLabel, { name: d.name })}
              onClick={() =>
                change.mutate(
                  { kind: 'revoke', input: { id: d.id } },
                  done(intl.formatMessage(m.revokedAnnounce, { name: isolate(d.name) })),
                )
              }
            >
              {intl.formatMessage(m.revoke)}
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
