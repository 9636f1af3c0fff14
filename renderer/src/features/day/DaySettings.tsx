// When the business day rolls over, and the automatic close (off unless a time is set).
import { useState } from 'react';
import { ClockTime } from '#shared/day.ts';
import { useSaveSettings } from '../../api/mutations.ts';
import { useSettings } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';

export function DaySettings() {
  const s = useSettings().data;
  if (!s) return null;
  return <DaySettingsForm rollsAt={s.day_rolls_at} autoAt={s.day_auto_close_at} />;
}

function DaySettingsForm(props: { rollsAt: string; autoAt: string | null }) {
  const [rollsAt, setRollsAt] = useState(props.rollsAt);
  const [autoOn, setAutoOn] = useState(props.autoAt !== null);
  const [autoAt, setAutoAt] = useState(props.autoAt ?? '23:00');
  const save = useSaveSettings({
    onSuccess: () => announce('Day settings saved'),
    onError: (e) => announce(`Not saved: ${errorMessage(e)}`),
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
        label="Business day starts at"
        type="time"
        value={rollsAt}
        onChange={(e) => setRollsAt(e.target.value)}
        error={rollsOk ? undefined : 'Enter a time like 04:00'}
        hint="A bar open past midnight can start its day at 04:00: a close at 02:30 counts for the day before."
      />
      <Toggle
        label="Close the day automatically"
        checked={autoOn}
        onChange={(on) => setAutoOn(on)}
      />
      {autoOn ? (
        <Field
          label="Close automatically at"
          type="time"
          value={autoAt}
          onChange={(e) => setAutoAt(e.target.value)}
          error={autoOk ? undefined : 'Enter a time like 23:00'}
          hint="It closes even when nobody is at the screen; if the console was not running then, it closes at the next start. An empty day is not closed."
        />
      ) : null}
      <div className="row">
        <Button type="submit" busy={save.isPending}>
          Save day settings
        </Button>
      </div>
    </form>
  );
}
