// A pasted payment link finds exactly its checkout. When it finds none, the link may have been
// cut off (a chat app, a line break): look for checkouts whose id starts with what is left,
// and say so either way, rather than only "no match".
import { useCheckoutSearch } from '../../api/queries.ts';
import { Button } from '../../ui/Button.tsx';

/** The search matches ids anywhere; only those that start with the id are counted. */
const LOOK_AT = 20;

export function CutLinkHint({ id, onShow }: { id: string; onShow(): void }) {
  const q = useCheckoutSearch({ query: id, limit: LOOK_AT, offset: 0 });
  if (!q.data || q.isPlaceholderData) return null;
  const n = q.data.data.filter((c) => c.id.startsWith(id)).length;
  if (n === 0) {
    return <p className="muted">No checkout with an id starting “{id}”.</p>;
  }
  const more = n === LOOK_AT && q.data.total > LOOK_AT ? '+' : '';
  return (
    <>
      <p className="muted">
        The link may be cut off: {n}
        {more} {n === 1 ? 'checkout has' : 'checkouts have'} an id starting “{id}”.
      </p>
      <Button variant="primary" onClick={onShow}>
        {n === 1 ? 'Show it' : 'Show them'}
      </Button>
    </>
  );
}
