// The Day screen (Alt+5): the open period as an X report, Close the day (confirmed in the
// console's own dialog), past closes, and the day's settings.
import { useState } from 'react';
import { useCloseDay } from '../../api/mutations.ts';
import { useDayCurrent } from '../../api/day-queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorState, Notice, Spinner } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { DaySettings } from './DaySettings.tsx';
import { PastCloses } from './PastCloses.tsx';
import { ReportActions } from './ReportActions.tsx';
import { ReportView } from './ReportView.tsx';
import { when } from './report-text.ts';
import { canCall, useRole } from '../../app/role.ts';

export function DayScreen() {
  const q = useDayCurrent();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const close = useCloseDay({
    onSuccess: (z) => {
      setProblem(null);
      announce(`Day closed as Z report #${z.number ?? ''}`);
      setOpened(z.number);
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const x = q.data;
  // A paired Watch or Till screen sees the X report; closing, past closes and settings are the owner's.
  const role = useRole();
  const owner = canCall(role, 'day.close');
  return (
    <section className="screen day-screen" aria-labelledby="day-title">
      <header className="screen-head">
        <h1 id="day-title">Day</h1>
        <p className="muted">
          Every payment belongs to exactly one report: the one open when the console recorded it.
        </p>
      </header>

      <section className="card" aria-labelledby="day-open-title">
        <div className="card-head">
          <h2 id="day-open-title">Open period</h2>
          {x && owner ? (
            <Button variant="danger" busy={close.isPending} onClick={() => setConfirming(true)}>
              Close the day…
            </Button>
          ) : null}
        </div>
        {problem ? (
          <Notice tone="warn">
            <span role="alert">{problem}</span>
          </Notice>
        ) : null}
        {q.isError && !x ? (
          <ErrorState
            title="The report could not be read"
            message={errorMessage(q.error)}
            onRetry={() => void q.refetch()}
          />
        ) : !x ? (
          <Spinner label="Reading the open period" />
        ) : (
          <>
            <ReportView report={x} layout="screen" />
            <ReportActions report={x} />
          </>
        )}
      </section>

      {canCall(role, 'day.closes') ? <PastCloses opened={opened} onOpen={setOpened} /> : null}

      {canCall(role, 'settings.set') ? (
        <section className="card" aria-labelledby="day-settings-title">
          <div className="card-head">
            <h2 id="day-settings-title">Day settings</h2>
          </div>
          <DaySettings />
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming && x !== undefined}
        title="Close the day?"
        confirmLabel={`Close as #${x?.next_number ?? ''}`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (x) close.mutate(x.next_number);
        }}
      >
        {x ? (
          <p>
            This freezes the report from {when(x.opened_at)} until now as Z report #{x.next_number}.
            A closed report never changes; payments from now on go into the next one.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
