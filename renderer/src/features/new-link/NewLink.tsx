// New payment link: options, line items, saved items, and a summary bar with the live
// total and product name computed by the service's own rules.
import { useMemo, useState, type FormEvent } from 'react';
import { useCreateCheckout } from '../../api/mutations.ts';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { toEngineError, type EngineError } from '../../bridge/index.ts';
import { useDraft } from '../../state/draft-store.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { ProductName } from '../../ui/ProductName.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CurrencyPicker } from './CurrencyPicker.tsx';
import { checkDraft, fieldLabel, serviceFieldMessage } from './draft-rules.ts';
import { ItemsEditor } from './ItemsEditor.tsx';
import { LinkAccount } from './LinkAccount.tsx';
import { LinkCreated } from './LinkCreated.tsx';
import { SavedItems } from './SavedItems.tsx';

export function NewLink() {
  const draft = useDraft((s) => s.draft);
  const setField = useDraft((s) => s.setField);
  const reset = useDraft((s) => s.reset);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // A service error is shown for the draft it was about; editing the draft clears it.
  const [failure, setFailure] = useState<{ error: EngineError; draft: unknown } | null>(null);
  const serverError = failure && failure.draft === draft ? failure.error : null;
  const [created, setCreated] = useState<Checkout | null>(null);
  const locale = userLocale();
  const check = useMemo(() => checkDraft(draft, locale), [draft, locale]);

  const create = useCreateCheckout({
    onSuccess: (checkout) => {
      setCreated(checkout);
      reset();
      setSubmitted(false);
      setTouched(new Set());
      setFailure(null);
      announce(`Payment link created for ${formatMoney(checkout.amount, checkout.currency)}`);
    },
    // The draft is left untouched (and persisted), so nothing typed is lost.
    onError: (e) => setFailure({ error: toEngineError(e), draft: useDraft.getState().draft }),
  });

  if (created) {
    return (
      <LinkCreated
        checkout={created}
        onAnother={() => {
          setCreated(null);
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>('[aria-label="Line 1 name"]')?.focus(),
          );
        }}
      />
    );
  }

  const serverField = serverError?.field;
  const issues = { ...check.issues };
  if (serverError && serverField) {
    issues[serverField] = serviceFieldMessage(serverField, serverError.message);
  }
  const shown = (f: string) => submitted || touched.has(f) || f === serverField;
  const touch = (f: string) => setTouched((t) => (t.has(f) ? t : new Set(t).add(f)));

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!check.complete) {
      const first = Object.keys(check.issues)[0];
      if (first) focusField(first);
      return;
    }
    create.mutate(check.body!);
  }

  const problems = submitted ? Object.entries(check.issues) : [];

  return (
    <form className="new-link" onSubmit={submit} noValidate aria-labelledby="new-link-title">
      <header className="screen-head">
        <div>
          <h1 id="new-link-title">New payment link</h1>
          <p className="muted">
            Add what the customer is paying for. The total is worked out for you.
          </p>
          <LinkAccount />
        </div>
      </header>

      {serverError ? (
        <Notice tone="error">
          <strong>The link was not created.</strong>{' '}
          {sentence(
            serverField
              ? `${fieldLabel(serverField)} — ${serviceFieldMessage(serverField, serverError.message)}`
              : serverError.message,
          )}{' '}
          <span className="muted">Your draft is kept.</span>
        </Notice>
      ) : problems.length ? (
        <Notice tone="error">
          <strong>
            {problems.length === 1 ? 'One thing to fix' : `${problems.length} things to fix`}:
          </strong>{' '}
          {problems
            .slice(0, 3)
            .map(([f, m]) => `${fieldLabel(f)} — ${m}`)
            .join('; ')}
          {problems.length > 3 ? '…' : ''}
        </Notice>
      ) : null}

      <section className="card">
        <div className="card-head">
          <h2>Items</h2>
          <span className="muted small">{draft.lines.length} of 100</span>
        </div>
        <div className="saved-items">
          <h3 className="small-title">Saved items</h3>
          <SavedItems />
        </div>
        <ItemsEditor
          issues={issues}
          lines={check.lines}
          locale={locale}
          shown={shown}
          touch={touch}
        />
      </section>

      <section className="card options">
        <h2 className="sr-only">Options</h2>
        <CurrencyPicker
          value={draft.currency}
          onChange={(c) => setField('currency', c)}
          error={shown('currency') ? issues.currency : undefined}
        />
        <Field
          label="Success URL (optional)"
          type="url"
          placeholder="https://your-shop.example/thanks"
          value={draft.successUrl}
          onChange={(e) => setField('successUrl', e.target.value)}
          onBlur={() => touch('success_url')}
          error={shown('success_url') ? issues.success_url : undefined}
          hint="Where the customer lands after paying."
        />
        <Toggle
          label="Active"
          checked={draft.active}
          onChange={(v) => setField('active', v)}
          hint={
            draft.active ? 'Customers can pay as soon as it is created.' : 'Created switched off.'
          }
        />
      </section>

      <footer className="summary-bar" aria-label="Summary">
        <div className="summary-text">
          <span className="muted small">Product name</span>
          <ProductName className="summary-name" name={check.productName} />
        </div>
        <div className="summary-total">
          <span className="muted small">Total</span>
          <output
            className="total"
            aria-live="polite"
            aria-label="Total"
            aria-describedby={check.totalNote ? 'total-note' : undefined}
          >
            {check.total === null ? '—' : formatMoney(check.total, draft.currency, locale)}
          </output>
          {/* Why "—": the sum of the valid lines alone is never shown as the total. */}
          {check.totalNote ? (
            <span className="total-note muted small" id="total-note">
              {check.totalNote}
            </span>
          ) : null}
        </div>
        <Button type="submit" variant="primary" size="lg" busy={create.isPending}>
          Create payment link
        </Button>
      </footer>
    </form>
  );
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const LINE_FIELD = /^items\[(\d+)\]\.(\w+)$/;
function focusField(field: string) {
  const m = LINE_FIELD.exec(field);
  let label: string | null = null;
  if (m) label = `Line ${Number(m[1]) + 1} ${m[2] === 'amount' ? 'unit price' : m[2]}`;
  const el = label
    ? document.querySelector<HTMLElement>(`[aria-label="${label}"]`)
    : field === 'success_url'
      ? document.querySelector<HTMLElement>('input[type="url"]')
      : field === 'items'
        ? document.querySelector<HTMLElement>('.lines-foot > button')
        : null;
  if (!el) return;
  el.focus({ preventScroll: true });
  revealAboveSummaryBar(el.closest('li') ?? el);
}

/**
 * Scrolls the screen until `target` (a whole line: its fields, what the price sends, its
 * errors and a "which amount?" choice) is in view above the sticky summary bar. focus()
 * alone keeps a field inside the window, which may be under the bar.
 */
function revealAboveSummaryBar(target: Element) {
  const main = document.getElementById('main');
  if (!main) return;
  const t = target.getBoundingClientRect();
  const view = main.getBoundingClientRect();
  const bar = document.querySelector('.summary-bar')?.getBoundingClientRect();
  const bottom = Math.min(view.bottom, bar ? bar.top : view.bottom);
  const room = 8;
  if (t.bottom + room > bottom) main.scrollBy({ top: t.bottom + room - bottom });
  else if (t.top - room < view.top) main.scrollBy({ top: t.top - room - view.top });
}
