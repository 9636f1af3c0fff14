import { useId, type ReactNode } from 'react';

export function Toggle(props: {
  label: ReactNode;
  checked: boolean;
  onChange(v: boolean): void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="toggle-row">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={props.checked}
        className="toggle"
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onClick={() => props.onChange(!props.checked)}
      >
        <span className="toggle-knob" aria-hidden="true" />
      </button>
      <div>
        <label htmlFor={id} className="toggle-label">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="field-hint">
            {props.hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
