// The words of Settings → Other screens (OtherScreensSection.tsx), and the names and hints
// of the three roles, kept apart so the section stays one screen's worth of code.
import {
  defineMessages,
  type MessageDescriptor,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import type { Role } from '#shared/roles.ts';

type None = NoMessageValues;
// The values each message takes, so a missing or misspelt placeholder is a type error.
export const m = defineMessages<{
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

export const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  watch: m.watch,
  till: m.till,
  owner: m.owner,
};
export const ROLE_HINTS: Record<Role, MessageDescriptor> = {
  watch: m.watchHint,
  till: m.tillHint,
  owner: m.ownerHint,
};
