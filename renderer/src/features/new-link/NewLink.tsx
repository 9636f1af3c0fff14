// New payment link: options, line items, saved items, and a summary bar with the live
// total and product name computed by the service's own rules.
import { useMemo, useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { LIMITS } from '#shared/checkout-rules.ts';
import { useCreateCheckout } from '../../api/mutations.ts';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { toEngineError, type EngineError } from '../../bridge/index.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { useDraft } from '../../state/draft-store.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Isolate, isolate } from '../../ui/Bidi.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';
import { SPACE } from '../../ui/space.ts';
import { CurrencyPicker } from './CurrencyPicker.tsx';
import { checkDraft, fieldLabel, serviceFieldMessage } from './draft-rules.ts';
import { ItemsEditor } from './ItemsEditor.tsx';
import { LinkAccount } from './LinkAccount.tsx';
import { LinkCreated } from './LinkCreated.tsx';
import { SavedItems } from './SavedItems.tsx';
import { SummaryName } from './SummaryName.tsx';

type None = NoMessageValues;
const m = defineMessages<{
  created: { amount: string };
  title: None;
  lead: None;
  notCreated: None;
  kept: None;
  toFix: { count: number };
  about: { field: string; problem: string };
  join: { before: string; after: string };
  items: None;
  count: { count: number; max: number };
  saved: None;
  options: None;
  urlLabel: None;
  urlPlaceholder: None;
  urlHint: None;
  active: None;
  activeOn: None;
  activeOff: None;
  summary: None;
  product: None;
  total: None;
  create: None;
}>({
  created: {
    id: 'newLink.createdFor',
    defaultMessage: 'Payment link created for {amount}',
  },
  title: { id: 'newLink.title', defaultMessage: 'New payment link' },
  lead: {
    id: 'newLink.lead',
    defaultMessage: 'Add what the customer is paying for. The total is worked out for you.',
  },
  notCreated: { id: 'newLink.notCreated', defaultMessage: 'The link was not created.' },
  kept: { id: 'newLink.kept', defaultMessage: 'Your draft is kept.' },
  toFix: {
    id: 'newLink.toFix',
    defaultMessage: '{count, plural, one {One thing to fix:} other {# things to fix:}}',
  },
  about: {
    id: 'newLink.problem.about',
    defaultMessage: '{field} — {problem}',
    description: 'A field’s name (Line 2 price) and what is wrong with it',
  },
  join: {
    id: 'newLink.problem.join',
    defaultMessage: '{before}; {after}',
    description: 'Joins two problems in the list of things to fix',
  },
  items: { id: 'newLink.items', defaultMessage: 'Items' },
  count: {
    id: 'newLink.items.count',
    defaultMessage: '{count, number} of {max, number}',
    description: 'How many lines of the most allowed',
  },
  saved: { id: 'newLink.savedItems', defaultMessage: 'Saved items' },
  options: { id: 'newLink.options', defaultMessage: 'Options' },
  urlLabel: { id: 'newLink.url.label', defaultMessage: 'Success URL (optional)' },
  urlPlaceholder: {
    id: 'newLink.url.placeholder',
    defaultMessage: 'https://your-shop.example/thanks',
    description: 'An example address; translate the words in it, keep it a web address',
  },
  urlHint: { id: 'newLink.url.hint', defaultMessage: 'Where the customer lands after paying.' },
  active: { id: 'newLink.active', defaultMessage: 'Active' },
  activeOn: {
    id: 'newLink.active.on',
    defaultMessage: 'Customers can pay as soon as it is created.',
  },
  activeOff: { id: 'newLink.active.off', defaultMessage: 'Created switched off.' },
  summary: { id: 'newLink.summary', defaultMessage: 'Summary' },
  product: { id: 'newLink.productName', defaultMessage: 'Product name' },
  total: { id: 'newLink.total', defaultMessage: 'Total' },
  create: { id: 'newLink.create', defaultMessage: 'Create payment link' },
});

export function NewLink() {
  const intl = useIntl();
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
  const check = useMemo(() => checkDraft(draft, locale, intl), [draft, locale, intl]);

  const create = useCreateCheckout({
    onSuccess: (checkout) => {
      setCreated(checkout);
      reset();
      setSubmitted(false);
      setTouched(new Set());
      setFailure(null);
      announce(
        intl.formatMessage(m.created, {
          amount: isolate(formatMoney(checkout.amount, checkout.currency)),
        }),
      );
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
            document.querySelector<HTMLInputElement>('[data-line="1"][data-field="name"]')?.focus(),
          );
        }}
      />
    );
  }

  const serverField = serverError?.field;
  const issues = { ...check.issues };
  if (serverError && serverField) {
    issues[serverField] = serviceFieldMessage(intl, serverField, serverError.message);
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
  const about = (field: string, problem: string) =>
    intl.formatMessage(m.about, { field: fieldLabel(intl, field), problem });

  return (
    <form className="new-link" onSubmit={submit} noValidate aria-labelledby="new-link-title">
      <header className="screen-head">
        <div>
          <h1 id="new-link-title">{intl.formatMessage(m.title)}</h1>
          <p className="muted">{intl.formatMessage(m.lead)}</p>
          <LinkAccount />
        </div>
      </header>

      {serverError ? (
        <Notice tone="error">
          <strong>{intl.formatMessage(m.notCreated)}</strong>
          {SPACE}
          {sentence(
            serverField
              ? about(serverField, serviceFieldMessage(intl, serverField, serverError.message))
              : errorText(intl, serverError),
          )}
          {SPACE}
          <span className="muted">{intl.formatMessage(m.kept)}</span>
        </Notice>
      ) : problems.length ? (
        <Notice tone="error">
          <strong>{intl.formatMessage(m.toFix, { count: problems.length })}</strong>
          {SPACE}
          {problems
            .slice(0, 3)
            .map(([f, problem]) => about(f, problem))
            .reduce((before, after) => intl.formatMessage(m.join, { before, after }))}
          {problems.length > 3 ? GLYPH.more : null}
        </Notice>
      ) : null}

      <section className="card">
        <div className="card-head">
          <h2>{intl.formatMessage(m.items)}</h2>
          <span className="muted small">
            {intl.formatMessage(m.count, { count: draft.lines.length, max: LIMITS.itemsMax })}
          </span>
        </div>
        <div className="saved-items">
          <h3 className="small-title">{intl.formatMessage(m.saved)}</h3>
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
        <h2 className="sr-only">{intl.formatMessage(m.options)}</h2>
        <CurrencyPicker
          value={draft.currency}
          onChange={(c) => setField('currency', c)}
          error={shown('currency') ? issues.currency : undefined}
        />
        <Field
          label={intl.formatMessage(m.urlLabel)}
          type="url"
          dir="ltr"
          placeholder={intl.formatMessage(m.urlPlaceholder)}
          value={draft.successUrl}
          onChange={(e) => setField('successUrl', e.target.value)}
          onBlur={() => touch('success_url')}
          error={shown('success_url') ? issues.success_url : undefined}
          hint={intl.formatMessage(m.urlHint)}
        />
        <Toggle
          label={intl.formatMessage(m.active)}
          checked={draft.active}
          onChange={(v) => setField('active', v)}
          hint={intl.formatMessage(draft.active ? m.activeOn : m.activeOff)}
        />
      </section>

      <footer className="summary-bar" aria-label={intl.formatMessage(m.summary)}>
        <div className="summary-text">
          <span className="muted small">{intl.formatMessage(m.product)}</span>
          <SummaryName name={check.productName} />
        </div>
        <div className="summary-total">
          <span className="muted small">{intl.formatMessage(m.total)}</span>
          <output
            className="total"
            aria-live="polite"
            aria-label={intl.formatMessage(m.total)}
            aria-describedby={check.totalNote ? 'total-note' : undefined}
          >
            <Isolate>
              {check.total === null ? GLYPH.none : formatMoney(check.total, draft.currency, locale)}
            </Isolate>
          </output>
          {/* Why "—": the sum of the valid lines alone is never shown as the total. */}
          {check.totalNote ? (
            <span className="total-note muted small" id="total-note">
              {check.totalNote}
            </span>
          ) : null}
        </div>
        <Button type="submit" variant="primary" size="lg" busy={create.isPending}>
          {intl.formatMessage(m.create)}
        </Button>
      </footer>
    </form>
  );
}

const sentence = (text: string) => (/[.!?。؟]$/.test(text) ? text : `${text}.`);

const LINE_FIELD = /^items\[(\d+)\]\.(\w+)$/;
function focusField(field: string) {
  const x = LINE_FIELD.exec(field);
  const line = x
    ? `[data-line="${Number(x[1]) + 1}"][data-field="${x[2] === 'amount' ? 'price' : x[2]}"]`
    : null;
  const el = line
    ? document.querySelector<HTMLElement>(line)
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
