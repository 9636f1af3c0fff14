// The Day screen (Alt+5): the open period as an X report, Close the day (confirmed in the
// console's own dialog), past closes, and the day's settings.
import { useState } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useCloseDay } from '../../api/mutations.ts';
import { useDayCurrent } from '../../api/day-queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
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

const m = defineMessages<{
  title: NoMessageValues;
  lead: NoMessageValues;
  closed: { number: MessageValue };
  open: NoMessageValues;
  close: NoMessageValues;
  readFailed: NoMessageValues;
  reading: NoMessageValues;
  settings: NoMessageValues;
  confirmTitle: NoMessageValues;
  confirmAs: { number: MessageValue };
}>({
  title: { id: 'day.title', defaultMessage: 'Day', description: 'The Day screen’s heading' },
  lead: {
    id: 'day.lead',
    defaultMessage:
      'Every payment belongs to exactly one report: the one open when the console recorded it.',
  },
  closed: { id: 'day.closedToast', defaultMessage: 'Day closed as Z report #{number}' },
  open: { id: 'day.open', defaultMessage: 'Open period' },
  close: { id: 'day.close', defaultMessage: 'Close the day…' },
  readFailed: { id: 'day.report.readFailed', defaultMessage: 'The report could not be read' },
  reading: { id: 'day.reading', defaultMessage: 'Reading the open period' },
  settings: { id: 'day.settings.title', defaultMessage: 'Day settings' },
  confirmTitle: { id: 'day.confirm.title', defaultMessage: 'Close the day?' },
  confirmAs: { id: 'day.confirm.as', defaultMessage: 'Close as #{number}' },
});

export function DayScreen() {
  const intl = useIntl();
  const q = useDayCurrent();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const close = useCloseDay({
    onSuccess: (z) => {
      setProblem(null);
      announce(intl.formatMessage(m.closed, { number: z.number ?? '' }));
      setOpened(z.number);
    },
    onError: (e) => setProblem(errorText(intl, e)),
  });
  const x = q.data;
  // A paired Watch or Till screen sees the X report; closing, past closes and settings are the owner's.
  const role = useRole();
  const owner = canCall(role, 'day.close');
  return (
    <section className="screen day-screen" aria-labelledby="day-title">
      <header className="screen-head">
        <h1 id="day-title">{intl.formatMessage(m.title)}</h1>
        <p className="muted">{intl.formatMessage(m.lead)}</p>
      </header>

      <section className="card" aria-labelledby="day-open-title">
        <div className="card-head">
          <h2 id="day-open-title">{intl.formatMessage(m.open)}</h2>
          {x && owner ? (
            <Button variant="danger" busy={close.isPending} onClick={() => setConfirming(true)}>
              {intl.formatMessage(m.close)}
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
            title={intl.formatMessage(m.readFailed)}
            message={errorText(intl, q.error)}
            onRetry={() => void q.refetch()}
          />
        ) : !x ? (
          <Spinner label={intl.formatMessage(m.reading)} />
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
            <h2 id="day-settings-title">{intl.formatMessage(m.settings)}</h2>
          </div>
          <DaySettings />
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming && x !== undefined}
        title={intl.formatMessage(m.confirmTitle)}
        confirmLabel={intl.formatMessage(m.confirmAs, { number: x?.next_number ?? '' })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (x) close.mutate(x.next_number);
        }}
      >
        {x ? (
          <p>
            <FormattedMessage
              id="day.confirm.text"
              defaultMessage="This freezes the report from {from} until now as Z report #{number}. A closed report never changes; payments from now on go into the next one."
              values={{ from: when(x.opened_at), number: x.next_number }}
            />
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
