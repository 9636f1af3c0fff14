// Settings → Other screens (issue 25): this console serves its screens to tablets and
// phones on the shop's network. The owner pairs one with a QR code (or its short code),
// approves it with a role (Watch, Till, Owner), renames it, changes its role or revokes it.
import { useId, useState } from 'react';
import {
  defineMessages,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
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

type None = NoMessageValues;
// The values each message takes, so a missing or misspelt placeholder is a type error.
const m = defineMessages<{
  title: None;
  readFailed: { reason: string };
  loading: None;
  toggle: None;
  toggleHint: None;
  changeFailed: { reason: string };
  address: None;
  addressOption: { address: string; name: string };
  opensAt: { url: MessageValue };
  plainHttp: None;
  pairAnnounce: { code: string };
  pairFailed: { reason: string };
  newCode: None;
  pair: None;
  expired: None;
  qrAlt: None;
  drawing: None;
  scanOrOpen: { url: MessageValue };
  codeLabel: { code: string };
  oneUse: { time: MessageValue };
  loadingScreens: None;
  listFailed: { reason: string };
  none: None;
  caption: None;
  colName: None;
  colRole: None;
  colAddress: None;
  colLastSeen: None;
  colActions: None;
  deviceFailed: { name: string; reason: string };
  renamed: { name: string };
  newName: { name: string };
  save: None;
  connected: None;
  asks: None;
  revoked: None;
  roleOf: { name: string };
  roleFor: { name: string };
  roleNow: { name: string; role: string };
  now: None;
  approve: None;
  approved: { name: string; role: string };
  rename: None;
  revoke: None;
  revokeLabel: { name: string };
  revokedAnnounce: { name: string };
  watch: None;
  till: None;
  owner: None;
  watchHint: None;
  tillHint: None;
  ownerHint: None;
}>({
  title: { id: 'screens.title', defaultMessage: 'Other screens' },
  readFailed: {
    id: 'screens.readFailed',
    defaultMessage: 'Other screens could not be read: {reason}',
  },
  loading: { id: 'screens.loading', defaultMessage: 'Loading other screens' },
  toggle: {
    id: 'screens.toggle',
    defaultMessage: 'Show this console on other screens in the shop',
  },
  toggleHint: {
    id: 'screens.toggleHint',
    defaultMessage:
      'Tablets and phones on the shop’s network open it in their browser, each with the role you give it: Watch (live payments), Till (also new links) or Owner.',
  },
  changeFailed: {
    id: 'screens.changeFailed',
    defaultMessage: 'Could not change other screens: {reason}',
  },
  address: { id: 'screens.address', defaultMessage: 'Network address' },
  addressOption: {
    id: 'screens.addressOption',
    defaultMessage: '{address} ({name})',
    description: 'An address of this computer and the network it is on (Wi-Fi, this computer only)',
  },
  opensAt: { id: 'screens.opensAt', defaultMessage: 'Screens open {url}' },
  plainHttp: {
    id: 'screens.plainHttp',
    defaultMessage:
      'Plain HTTP on the shop’s network: anyone on this Wi-Fi who sees the code can ask to pair; you approve each device.',
  },
  pairAnnounce: {
    id: 'screens.pairAnnounce',
    defaultMessage: 'Pairing code {code}, valid for 5 minutes',
  },
  pairFailed: {
    id: 'screens.pairFailed',
    defaultMessage: 'Could not make a pairing code: {reason}',
  },
  newCode: { id: 'screens.newCode', defaultMessage: 'New pairing code' },
  pair: { id: 'screens.pair', defaultMessage: 'Pair a screen' },
  expired: {
    id: 'screens.expired',
    defaultMessage: 'The pairing code expired. Make a new one to pair a screen.',
  },
  qrAlt: { id: 'screens.qrAlt', defaultMessage: 'QR code to pair a screen' },
  drawing: { id: 'screens.drawing', defaultMessage: 'Drawing QR code' },
  scanOrOpen: {
    id: 'screens.scanOrOpen',
    defaultMessage: 'Scan it on the tablet or phone, or open {url} there and type:',
  },
  codeLabel: {
    id: 'screens.codeLabel',
    defaultMessage: 'Pairing code {code}',
    description: 'Read aloud: the code is spelt out letter by letter',
  },
  oneUse: { id: 'screens.oneUse', defaultMessage: 'One use; expires at {time}' },
  loadingScreens: { id: 'screens.loadingScreens', defaultMessage: 'Loading screens' },
  listFailed: {
    id: 'screens.listFailed',
    defaultMessage: 'The screens could not be listed: {reason}',
  },
  none: { id: 'screens.none', defaultMessage: 'No screen has asked to pair yet.' },
  caption: { id: 'screens.caption', defaultMessage: 'Paired screens' },
  colName: { id: 'screens.col.name', defaultMessage: 'Name' },
  colRole: { id: 'screens.col.role', defaultMessage: 'Role' },
  colAddress: { id: 'screens.col.address', defaultMessage: 'Address' },
  colLastSeen: { id: 'screens.col.lastSeen', defaultMessage: 'Last seen' },
  colActions: { id: 'screens.col.actions', defaultMessage: 'Actions' },
  deviceFailed: {
    id: 'screens.deviceFailed',
    defaultMessage: 'Could not change “{name}”: {reason}',
  },
  renamed: { id: 'screens.renamed', defaultMessage: 'Renamed to “{name}”' },
  newName: { id: 'screens.newName', defaultMessage: 'New name for {name}' },
  save: { id: 'screens.save', defaultMessage: 'Save' },
  connected: {
    id: 'screens.connected',
    defaultMessage: 'Connected',
    description: 'Badge: the screen has the console open right now',
  },
  asks: { id: 'screens.asks', defaultMessage: 'Asks to pair' },
  revoked: {
    id: 'screens.revoked',
    defaultMessage: 'Revoked',
    description: 'Badge: the screen may no longer use the console',
  },
  roleOf: { id: 'screens.roleOf', defaultMessage: 'Role of {name}' },
  roleFor: { id: 'screens.roleFor', defaultMessage: 'Role for {name}' },
  roleNow: { id: 'screens.roleNow', defaultMessage: '“{name}” is now {role}' },
  now: {
    id: 'screens.now',
    defaultMessage: 'Now',
    description: 'Last seen: the screen is connected at this moment',
  },
  approve: { id: 'screens.approve', defaultMessage: 'Approve' },
  approved: { id: 'screens.approved', defaultMessage: 'Approved “{name}” as {role}' },
  rename: { id: 'screens.rename', defaultMessage: 'Rename' },
  revoke: { id: 'screens.revoke', defaultMessage: 'Revoke' },
  revokeLabel: { id: 'screens.revokeLabel', defaultMessage: 'Revoke {name}' },
  revokedAnnounce: { id: 'screens.revokedAnnounce', defaultMessage: 'Revoked “{name}”' },
  watch: {
    id: 'screens.role.watch',
    defaultMessage: 'Watch',
    description: 'Role of a paired screen that only watches payments arrive',
  },
  till: {
    id: 'screens.role.till',
    defaultMessage: 'Till',
    description: 'Role of a paired screen at the till: also makes payment links',
  },
  owner: {
    id: 'screens.role.owner',
    defaultMessage: 'Owner',
    description: 'Role of a paired screen that may do everything',
  },
  watchHint: { id: 'screens.role.watchHint', defaultMessage: 'live payments and today’s totals' },
  tillHint: {
    id: 'screens.role.tillHint',
    defaultMessage: 'also new links, QR codes and checkouts',
  },
  ownerHint: { id: 'screens.role.ownerHint', defaultMessage: 'everything, settings included' },
});

const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  watch: m.watch,
  till: m.till,
  owner: m.owner,
};
const ROLE_HINTS: Record<Role, MessageDescriptor> = {
  watch: m.watchHint,
  till: m.tillHint,
  owner: m.ownerHint,
};
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
