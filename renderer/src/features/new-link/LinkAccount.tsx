// Which account a new link is created in, and whether its money is real: said on the screen
// itself, next to the title, so it is there at every window width.
import { useProfiles } from '../../api/queries.ts';
import { Badge } from '../../ui/Feedback.tsx';

export function LinkAccount() {
  const profiles = useProfiles().data;
  const active = profiles?.profiles.find((p) => p.id === profiles.active_id);
  if (!active) return null;
  const live = active.kind === 'live';
  return (
    <p className="link-account" data-testid="link-account">
      {live ? <Badge tone="ok">Live</Badge> : <Badge tone="info">Test</Badge>}{' '}
      <span>
        Creates the link in <strong>{active.name}</strong>
        {live ? ': customers pay real money.' : ': test money, nothing is charged.'}
      </span>
    </p>
  );
}
