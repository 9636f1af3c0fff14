// Settings → Other screens (issue 25): this console serves its screens to tablets and
// phones on the shop's network. The owner pairs one with a QR code (or its short code),
// approves it with a role (Watch, Till, Owner), renames it, changes its role or revokes it.
import { useId, useState } from 'react';
import type { Output } from '#shared/contract.ts';
import type { ScreenDevice } from '#shared/domain.ts';
import { ROLES, type Role } from '#shared/roles.ts';
import { errorMessage } from '../../bridge/index.ts';
import { useQrDataUrl } from '../../lib/qr.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Notice, Spinner } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';
import {
  useChangeDevice,
  usePairScreen,
  useScreenDevices,
  useScreensStatus,
  useSetScreens,
} from '../../api/screens.ts';

const ROLE_NAMES: Record<Role, string> = { watch: 'Watch', till: 'Till', owner: 'Owner' };
const ROLE_HINTS: Record<Role, string> = {
  watch: 'live payments and today’s totals',
  till: 'also new links, QR codes and checkouts',
  owner: 'everything, settings included',
};

export function OtherScreensSection() {
  const status = useScreensStatus();
  const set = useSetScreens();
  const pickerId = useId();
  const s = status.data;
  const devices = useScreenDevices(s?.enabled === true);
  return (
    <section className="card" aria-labelledby="screens-title">
      <div className="card-head">
        <h2 id="screens-title">Other screens</h2>
      </div>
      {!s ? (
        status.isError ? (
          <Notice tone="error">
            Other screens could not be read: {errorMessage(status.error)}
          </Notice>
        ) : (
          <Spinner label="Loading other screens" />
        )
      ) : (
        <>
          <Toggle
            label="Show this console on other screens in the shop"
            checked={s.enabled}
            disabled={set.isPending}
            hint="Tablets and phones on the shop’s network open it in their browser, each with the role you give it: Watch (live payments), Till (also new links) or Owner."
            onChange={(enabled) =>
              set.mutate(
                { enabled },
                { onError: (e) => announce(`Could not change other screens: ${errorMessage(e)}`) },
              )
            }
          />
          {s.addresses.length > 1 ? (
            <div className="field">
              <label className="field-label" htmlFor={pickerId}>
                Network address
              </label>
              <select
                id={pickerId}
                value={s.address ?? ''}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ address: e.target.value })}
              >
                {s.addresses.map((a) => (
                  <option key={a.address} value={a.address}>
                    {a.address} ({a.name})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {s.error ? <Notice tone="error">{s.error}</Notice> : null}
          {s.enabled && s.url ? (
            <>
              <p className="small">
                Screens open <span className="mono">{s.url}</span>
              </p>
              <Notice tone="warn">
                Plain HTTP on the shop’s network: anyone on this Wi-Fi who sees the code can ask to
                pair; you approve each device.
              </Notice>
              <PairScreen />
              <DeviceList
                devices={devices.data?.devices ?? []}
                loading={devices.isLoading}
                error={devices.isError ? errorMessage(devices.error) : null}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function PairScreen() {
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
                announce(`Pairing code ${p.code}, valid for 5 minutes`);
              },
              onError: (e) => announce(`Could not make a pairing code: ${errorMessage(e)}`),
            })
          }
        >
          {pairing ? 'New pairing code' : 'Pair a screen'}
        </Button>
      </div>
      {pairing && !expired ? <PairingCode pairing={pairing} /> : null}
      {pairing && expired ? (
        <p className="small muted">The pairing code expired. Make a new one to pair a screen.</p>
      ) : null}
    </div>
  );
}

function PairingCode({ pairing }: { pairing: Output<'screens.pair'> }) {
  const src = useQrDataUrl(pairing.url);
  return (
    <figure className="qr pair-qr">
      {src ? (
        <img src={src} alt="QR code to pair a screen" width={220} height={220} />
      ) : (
        <Spinner label="Drawing QR code" />
      )}
      <figcaption>
        <p className="small">
          Scan it on the tablet or phone, or open{' '}
          <span className="mono">{pairing.url.replace(/#.*$/, '')}</span> there and type:
        </p>
        <strong
          className="qr-amount mono"
          aria-label={`Pairing code ${pairing.code.split('').join(' ')}`}
        >
          {pairing.code}
        </strong>
        <span className="qr-hint">
          One use; expires at{' '}
          <time dateTime={pairing.expires_at}>{exactTime(pairing.expires_at)}</time>
        </span>
      </figcaption>
    </figure>
  );
}

function DeviceList(props: { devices: ScreenDevice[]; loading: boolean; error: string | null }) {
  if (props.loading) return <Spinner label="Loading screens" />;
  if (props.error)
    return <Notice tone="error">The screens could not be listed: {props.error}</Notice>;
  if (props.devices.length === 0)
    return <p className="small muted">No screen has asked to pair yet.</p>;
  return (
    <table className="devices">
      <caption className="sr-only">Paired screens</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
          <th scope="col">Address</th>
          <th scope="col">Last seen</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
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
  const change = useChangeDevice();
  const now = useNow(15_000);
  const [role, setRole] = useState<Role>(d.role ?? 'watch');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(d.name);
  const done = (what: string) => ({
    onSuccess: () => announce(what),
    onError: (e: unknown) => announce(`Could not change “${d.name}”: ${errorMessage(e)}`),
  });
  const roleSelect = (label: string, value: Role, onPick: (r: Role) => void) => (
    <select
      aria-label={label}
      value={value}
      disabled={change.isPending}
      onChange={(e) => onPick(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r} title={ROLE_HINTS[r]}>
          {ROLE_NAMES[r]}
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
                { ...done(`Renamed to “${name.trim()}”`), onSettled: () => setRenaming(false) },
              );
            }}
          >
            <input
              aria-label={`New name for ${d.name}`}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm">
              Save
            </Button>
          </form>
        ) : (
          <span className="truncate">{d.name}</span>
        )}{' '}
        {d.connected ? <Badge tone="ok">Connected</Badge> : null}
        {d.status === 'pending' ? <Badge tone="warn">Asks to pair</Badge> : null}
        {d.status === 'revoked' ? <Badge tone="muted">Revoked</Badge> : null}
      </th>
      <td>
        {d.status === 'active' && d.role
          ? roleSelect(`Role of ${d.name}`, d.role, (r) =>
              change.mutate(
                { kind: 'update', input: { id: d.id, role: r } },
                done(`“${d.name}” is now ${ROLE_NAMES[r]}`),
              ),
            )
          : d.status === 'pending'
            ? roleSelect(`Role for ${d.name}`, role, setRole)
            : '—'}
      </td>
      <td className="mono small">{d.address ?? '—'}</td>
      <td className="small">
        {d.connected ? (
          'Now'
        ) : d.last_seen_at ? (
          <time dateTime={d.last_seen_at} title={exactTime(d.last_seen_at)}>
            {relativeTime(d.last_seen_at, now)}
          </time>
        ) : (
          '—'
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
                  done(`Approved “${d.name}” as ${ROLE_NAMES[role]}`),
                )
              }
            >
              Approve
            </Button>
          ) : null}
          {d.status === 'active' && !renaming ? (
            <Button size="sm" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          ) : null}
          {d.status !== 'revoked' ? (
            <Button
              size="sm"
              variant="danger"
              busy={change.isPending}
              aria-label={`Revoke ${d.name}`}
              onClick={() =>
                change.mutate({ kind: 'revoke', input: { id: d.id } }, done(`Revoked “${d.name}”`))
              }
            >
              Revoke
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
