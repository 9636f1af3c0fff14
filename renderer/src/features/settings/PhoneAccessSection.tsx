// Sandbox only: "Let phones on this Wi-Fi open sandbox links" (phone mode). The sandbox then
// also serves its pay pages, and nothing else, on this computer's network address, and new
// links use that address so their QR code opens on a phone.
import { useId } from 'react';
import { useSetPhoneAccess } from '../../api/mutations.ts';
import { usePhoneAccess } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Notice, Spinner } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

export function PhoneAccessSection() {
  const state = usePhoneAccess();
  const pickerId = useId();
  const set = useSetPhoneAccess({
    onSuccess: (s) =>
      announce(
        s.pay_base
          ? `Phones on this network can open new links at ${s.pay_base}`
          : s.enabled
            ? `Phones cannot be let in: ${s.error ?? 'unknown reason'}`
            : 'New links open only on this computer',
      ),
    onError: (e) => announce(`Could not change phone access: ${errorMessage(e)}`),
  });
  const s = state.data;
  return (
    <section className="card" aria-labelledby="phone-title">
      <div className="card-head">
        <h2 id="phone-title">Phones in the shop</h2>
      </div>
      {state.isLoading || !s ? (
        state.isError ? (
          <Notice tone="error">Phone access could not be read: {errorMessage(state.error)}</Notice>
        ) : (
          <Spinner label="Loading phone access" />
        )
      ) : (
        <>
          <Toggle
            label="Let phones on this Wi-Fi open sandbox links"
            checked={s.enabled}
            disabled={set.isPending || (!s.enabled && s.addresses.length === 0)}
            hint="The sandbox also serves its pay pages, and nothing else, on this computer’s network address, so a customer’s phone can scan a link’s QR code and pay (test money only). Its API stays on this computer."
            onChange={(v) => set.mutate({ enabled: v })}
          />
          {s.addresses.length === 0 ? (
            <p className="small">
              This computer has no network address a phone could reach. Connect it to the Wi-Fi (or
              a wired network) first.
            </p>
          ) : s.addresses.length === 1 ? (
            <p className="small">
              Network address: <span className="mono">{s.addresses[0]!.address}</span>{' '}
              <span className="muted">({s.addresses[0]!.name})</span>
            </p>
          ) : (
            <div className="field">
              <label className="field-label" htmlFor={pickerId}>
                Network address
              </label>
              <select
                id={pickerId}
                value={s.address ?? s.addresses[0]!.address}
                disabled={set.isPending}
                onChange={(e) => set.mutate({ address: e.target.value })}
              >
                {s.addresses.map((a) => (
                  <option key={a.address} value={a.address}>
                    {a.address} ({a.name})
                  </option>
                ))}
              </select>
              <p className="field-hint">The one on the same Wi-Fi as the phones.</p>
            </div>
          )}
          {s.pay_base ? (
            <Notice tone="ok" live>
              Phones on this network open new links at{' '}
              <span className="mono break">{s.pay_base}</span>.
            </Notice>
          ) : s.enabled && s.error ? (
            <Notice tone="error">{s.error}</Notice>
          ) : null}
        </>
      )}
    </section>
  );
}
