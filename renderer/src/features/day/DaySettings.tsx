// When the business day rolls over, and the automatic close (off unless a time is set).
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import { ClockTime } from '#shared/day.ts';
import { useSaveSettings } from '../../api/mutations.ts';
import { useSettings } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  saved: NoMessageValues;
  notSaved: { reason: MessageValue };
  rollsAt: NoMessageValues;
  timeLike: { example: MessageValue };
  rollsHint: NoMessageValues;
  auto: NoMessageValues;
  autoAt: NoMessageValues;
  autoHint: NoMessageValues;
  save: NoMessageValues;
}>({
  saved: { id: 'day.settings.saved', defaultMessage: 'Day settings saved' },
  notSaved: { id: 'day.settings.notSaved', defaultMessage: 'Not saved: {reason}' },
  rollsAt: { id: 'day.settings.rollsAt', defaultMessage: 'Business day starts at' },
  timeLike: {
    id: 'day.settings.timeLike',
    defaultMessage: 'Enter a time like {example}',
    description: 'example is a 24-hour time such as 04:00',
  },
  rollsHint: {
    id: 'day.settings.rollsHint',
    defaultMessage:
      'A bar open past midnight can start its day at 04:00: a close at 02:30 counts for the day before.',
  },
  auto: { id: 'day.settings.auto', defaultMessage: 'Close the day automatically' },
  autoAt: { id: 'day.settings.autoAt', defaultMessage: 'Close automatically at' },
  autoHint: {
    id: 'day.settings.autoHint',
    defaultMessage:
      'It closes even when nobody is at the screen; if the console was not running then, it closes at the next start. An empty day is not closed.',
  },
  save: { id: 'day.settings.save', defaultMessage: 'Save day settings' },
});

export function DaySettings() {
  const s = useSettings().data;
  if (!s) return null;
  return <DaySettingsForm rollsAt={s.day_rolls_at} autoAt={s.day_auto_close_at} />;
}

function DaySettingsForm(props: { rollsAt: string; autoAt: string | null }) {
  const intl = useIntl();
  const [rollsAt, setRollsAt] = useState(props.rollsAt);
  const [autoOn, setAutoOn] = useState(props.autoAt !== null);
  const [autoAt, setAutoAt] = useState(props.autoAt ?? '23:00');
  const save = useSaveSettings({
    onSuccess: () => announce(intl.formatMessage(m.saved)),
    onError: (e) => announce(intl.formatMessage(m.notSaved, { reason: errorText(intl, e) })),
  });
  const rollsOk = ClockTime.safeParse(rollsAt).success;
  const autoOk = !autoOn || ClockTime.safeParse(autoAt).success;
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!rollsOk || !autoOk) return;
        save.mutate({ day_rolls_at: rollsAt, day_auto_close_at: autoOn ? autoAt : null });
      }}
    >
      <Field
        label={intl.formatMessage(m.rollsAt)}
        type="time"
        value={rollsAt}
        onChange={(e) => setRollsAt(e.target.value)}
        error={rollsOk ? undefined : intl.formatMessage(m.timeLike, { example: '04:00' })}
        hint={intl.formatMessage(m.rollsHint)}
      />
      <Toggle
        label={intl.formatMessage(m.auto)}
        checked={autoOn}
        onChange={(on) => setAutoOn(on)}
      />
      {autoOn ? (
        <Field
          label={intl.formatMessage(m.autoAt)}
          type="time"
          value={autoAt}
          onChange={(e) => setAutoAt(e.target.value)}
          error={autoOk ? undefined : intl.formatMessage(m.timeLike, { example: '23:00' })}
          hint={intl.formatMessage(m.autoHint)}
        />
      ) : null}
      <div className="row">
        <Button type="submit" busy={save.isPending}>
          {intl.formatMessage(m.save)}
        </Button>
      </div>
    </form>
  );
}
