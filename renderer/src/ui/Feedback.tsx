// Loading, empty, error and notice blocks. Errors use role="alert" so they are announced.
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
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
          Try again
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
