// A pasted payment link finds exactly its checkout. When it finds none, the link may have been
// cut off (a chat app, a line break): look for checkouts whose id starts with what is left,
// and say so either way, rather than only "no match".
import { defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useCheckoutSearch } from '../../api/queries.ts';
import { Ltr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';

/** The search matches ids anywhere; only those that start with the id are counted. */
const LOOK_AT = 20;

const m = defineMessages<{
  none: { id: MessageValue };
  some: { count: number; more: string; id: MessageValue };
  show: { count: number };
}>({
  none: {
    id: 'checkouts.cut.none',
    defaultMessage: 'No checkout with an id starting “{id}”.',
  },
  some: {
    id: 'checkouts.cut.some',
    defaultMessage:
      '{more, select, yes {The link may be cut off: {count, number}+ checkouts have an id starting “{id}”.} other {{count, plural, one {The link may be cut off: # checkout has an id starting “{id}”.} other {The link may be cut off: # checkouts have an id starting “{id}”.}}}}',
    description: 'more is yes when there are more than count; id is the start of a checkout id',
  },
  show: {
    id: 'checkouts.cut.show',
    defaultMessage: '{count, plural, one {Show it} other {Show them}}',
  },
});

export function CutLinkHint({ id, onShow }: { id: string; onShow(): void }) {
  const intl = useIntl();
  const q = useCheckoutSearch({ query: id, limit: LOOK_AT, offset: 0 });
  if (!q.data || q.isPlaceholderData) return null;
  const n = q.data.data.filter((c) => c.id.startsWith(id)).length;
  const shownId = <Ltr>{id}</Ltr>;
  if (n === 0) {
    return <p className="muted">{intl.formatMessage(m.none, { id: shownId })}</p>;
  }
  const more = n === LOOK_AT && q.data.total > LOOK_AT ? 'yes' : 'no';
  return (
    <>
      <p className="muted">{intl.formatMessage(m.some, { count: n, more, id: shownId })}</p>
      <Button variant="primary" onClick={onShow}>
        {intl.formatMessage(m.show, { count: n })}
      </Button>
    </>
  );
}
