// Shown when this start found the console's database damaged (issue 16 item 2): the file was
// moved aside and the console started fresh. Checkouts live on the service too, so one button
// lists them all back in (each listed page is stored by the engine); payments received
// before arrive again only through the service's webhook retries.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '#shared/checkout-rules.ts';
import { qk } from '../api/query-keys.ts';
import { useAppInfo } from '../api/queries.ts';
import { merchant } from '../bridge/index.ts';
import { Notice } from '../ui/Feedback.tsx';
import { errorMessage } from '#shared/error-message.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; n: number }
  | { kind: 'failed'; message: string };

export function DamagedDbBanner() {
  const info = useAppInfo();
  const client = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const movedTo = info.data?.damaged_db?.moved_to;
  if (!movedTo) return null;

  const reimport = async () => {
    setState({ kind: 'busy' });
    try {
      let offset = 0;
      let total = Infinity;
      while (offset < total) {
        const page = await merchant.checkouts.list({ limit: LIMITS.listLimitMax, offset });
        total = page.total;
        if (page.data.length === 0) break;
        offset += page.data.length;
      }
      await client.invalidateQueries({ queryKey: qk.checkouts });
      setState({ kind: 'done', n: offset });
    } catch (err) {
      setState({ kind: 'failed', message: errorMessage(err) });
    }
  };

  return (
    <Notice tone="warn" live>
      <strong>The console’s saved data was damaged.</strong> It was set aside as “{movedTo}” in the
      data folder and the console started fresh.{' '}
      {state.kind === 'done' ? (
        <span>Re-imported {state.n} checkouts from the service.</span>
      ) : (
        <button
          type="button"
          className="link"
          disabled={state.kind === 'busy'}
          onClick={() => void reimport()}
        >
          {state.kind === 'busy' ? 'Re-importing…' : 'Re-import checkouts from the service'}
        </button>
      )}
      {state.kind === 'failed' ? <span> Could not re-import: {state.message}</span> : null}
    </Notice>
  );
}
