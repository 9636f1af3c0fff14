// Sandbox only: "Let phones on this Wi-Fi open sandbox links" (phone mode). The sandbox then
// also serves its pay pages, and nothing else, on this computer's network address, and new
// links use that address so their QR code opens on a phone.
import { useId } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useSetPhoneAccess } from '../../api/mutations.ts';
import { usePhoneAccess } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { EngineWords, Ltr, isolateLtr } from '../../ui/Bidi.tsx';
import { Notice, Spinner } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  openAt: { url: MessageValue };
  cannot: { reason: MessageValue };
  unknownReason: NoMessageValues;
  localOnly: NoMessageValues;
  changeFailed: { reason: MessageValue };
  readFailed: { reason: MessageValue };
  loading: NoMessageValues;
  toggle: NoMessageValues;
  hint: NoMessageValues;
  noAddress: NoMessageValues;
  address: NoMessageValues;
  addressHint: NoMessageValues;
}>({
  title: { id: 'settings.phones.title', defaultMessage: 'Phones in the shop' },
  openAt: {
    id: 'settings.phones.openAt',
    defaultMessage: 'Phones on this network can open new links at {url}',
  },
  cannot: { id: 'settings.phones.cannot', defaultMessage: 'Phones cannot be let in: {reason}' },
  unknownReason: { id: 'settings.phones.unknownReason', defaultMessage: 'unknown reason' },
  localOnly: {
    id: 'settings.phones.localOnly',
    defaultMessage: 'New links open only on this computer',
  },
  changeFailed: {
    id: 'settings.phones.changeFailed',
    defaultMessage: 'Could not change phone access: {reason}',
  },
  readFailed: {
    id: 'settings.phones.readFailed',
    defaultMessage: 'Phone access could not be read: {reason}',
  },
  loading: { id: 'settings.phones.loading', defaultMessage: 'Loading phone access' },
  toggle: {
    id: 'settings.phones.toggle',
    defaultMessage: 'Let phones on this Wi-Fi open sandbox links',
  },
  hint: {
    id: 'settings.phones.hint',
    defaultMessage:
      'The sandbox also serves its pay pages, and nothing else, on this computer’s network address, so a customer’s phone can scan a link’s QR code and pay (test money only). Its API stays on this computer.',
  },
  noAddress: {
    id: 'settings.phones.noAddress',
    defaultMessage:
      'This computer has no network address a phone could reach. Connect it to the Wi-Fi (or a wired network) first.',
  },
  address: { id: 'settings.phones.address', defaultMessage: 'Network address' },
  addressHint: {
    id: 'settings.phones.addressHint',
    defaultMessage: 'The one on the same Wi-Fi as the phones.',
  },
});

export function PhoneAccessSection() {
  const intl = useIntl();
  const state = usePhoneAccess();
  const pickerId = useId();
  const set = useSetPhoneAccess({
    onSuccess: (s) =>
      announce(
        s.pay_base
          ? intl.formatMessage(m.openAt, { url: isolateLtr(s.pay_base) })
          : s.enabled
            ? intl.formatMessage(m.cannot, {
                reason: s.error ?? intl.formatMessage(m.unknownReason),
              })
            : intl.formatMessage(m.localOnly),
      ),
    onError: (e) => announce(intl.formatMessage(m.changeFailed, { reason: errorText(intl, e) })),
  });
  const s = state.data;
  return (
    <section className="card" aria-labelledby="phone-title">
      <div className="card-head">
        <h2 id="phone-title">{intl.formatMessage(m.title)}</h2>
      </div>
      {state.isLoading || !s ? (
        state.isError ? (
          <Notice tone="error">
            {intl.formatMessage(m.readFailed, { reason: errorText(intl, state.error) })}
          </Notice>
        ) : (
          <Spinner label={intl.formatMessage(m.loading)} />
        )
      ) : (
        <>
          <Toggle
            label={intl.formatMessage(m.toggle)}
            checked={s.enabled}
            disabled={set.isPending || (!s.enabled && s.addresses.length === 0)}
            hint={intl.formatMessage(m.hint)}
            onChange={(v) => set.mutate({ enabled: v })}
          />
          {s.addresses.length === 0 ? (
            <p className="small">{intl.formatMessage(m.noAddress)}</p>
          ) : s.addresses.length === 1 ? (
            <p className="small">
              <FormattedMessage
                id="settings.phones.oneAddress"
                defaultMessage="Network address: {address} <muted>({name})</muted>"
                description="name is the network adapter's name, e.g. Wi-Fi or eth0"
                values={{
                  address: <Ltr className="mono">{s.addresses[0]!.address}</Ltr>,
                  name: <bdi>{s.addresses[0]!.name}</bdi>,
                  muted: (chunks) => <span className="muted">{chunks}</span>,
                }}
              />
            </p>
          ) : (
            <div className="field">
              <label className="field-label" htmlFor={pickerId}>
                {intl.formatMessage(m.address)}
              </label>
              <select
                id={pickerId}
                value={s.address ?? s.addresses[0]!.address}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ address: e.target.value })}
              >
                {s.addresses.map((a) => (
                  <option key={a.address} value={a.address}>
                    {intl.formatMessage(
                      {
                        id: 'settings.phones.option',
                        defaultMessage: '{address} ({name})',
                        description: 'A network address and its adapter’s name (Wi-Fi, eth0)',
                      },
                      { address: a.address, name: a.name },
                    )}
                  </option>
                ))}
              </select>
              <p className="field-hint">{intl.formatMessage(m.addressHint)}</p>
            </div>
          )}
          {s.pay_base ? (
            <Notice tone="ok" live>
              <FormattedMessage
                id="settings.phones.openAtNotice"
                defaultMessage="Phones on this network open new links at {url}."
                values={{ url: <Ltr className="mono break">{s.pay_base}</Ltr> }}
              />
            </Notice>
          ) : s.enabled && s.error ? (
            <Notice tone="error">
              <EngineWords>{s.error}</EngineWords>
            </Notice>
          ) : null}
        </>
      )}
    </section>
  );
}
