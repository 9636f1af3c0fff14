// Loading, empty, error and notice blocks. Errors use role="alert" so they are announced.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './Button.tsx';

/** `label` names what is loading ("Loading settings"); the dots are added here. */
export function Spinner({ label }: { label?: string }) {
  const intl = useIntl();
  const what = label ?? intl.formatMessage({ id: 'ui.spinner.default', defaultMessage: 'Loading' });
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>
        <FormattedMessage
          id="ui.spinner.label"
          defaultMessage="{label}…"
          description="A loading label followed by an ellipsis"
          values={{ label: what }}
        />
      </span>
    </div>
  );
}

export function ErrorState(props: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{props.title}</p>
      <p>{props.message}</p>
      {props.onRetry ? (
        <Button variant="primary" onClick={props.onRetry}>
          <FormattedMessage id="ui.error.retry" defaultMessage="Try again" />
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState(props: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <p className="state-title">{props.title}</p>
      {props.children}
    </div>
  );
}

export function Notice(props: {
  tone: 'info' | 'warn' | 'error' | 'ok';
  children: ReactNode;
  live?: boolean;
}) {
  const role = props.tone === 'error' ? 'alert' : props.live ? 'status' : undefined;
  return (
    <div className={`notice notice-${props.tone}`} role={role}>
      {props.children}
    </div>
  );
}

export function Badge(props: {
  tone: 'ok' | 'warn' | 'error' | 'muted' | 'info';
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge badge-${props.tone}`} title={props.title}>
      {props.children}
    </span>
  );
}
