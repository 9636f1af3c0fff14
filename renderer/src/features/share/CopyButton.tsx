import { useEffect, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { copyText } from '../../lib/clipboard.ts';
import { Button, type ButtonProps } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';

type None = NoMessageValues;
const m = defineMessages<{ label: None; copied: None; done: None; failed: None }>({
  label: { id: 'share.copy.label', defaultMessage: 'Copy link' },
  copied: {
    id: 'share.copy.copied',
    defaultMessage: '✓ Copied',
    description: 'Shown on the copy button for two seconds after the link was copied',
  },
  done: { id: 'share.copy.done', defaultMessage: 'Link copied to the clipboard' },
  failed: {
    id: 'share.copy.failed',
    defaultMessage: 'Could not copy: select the link and copy it',
  },
});

export function CopyButton({
  text,
  label,
  copiedAriaLabel,
  ...rest
}: {
  text: string;
  /** The button's words; "Copy link" when not given. */
  label?: string;
  /**
   * The name while "✓ Copied" shows, when the button has an aria-label ("Copy link for Tea"
   * becomes "Copied link for Tea"): a name that still said "Copy" would not match the
   * words on the button (WCAG 2.5.3, axe label-content-name-mismatch).
   */
  copiedAriaLabel?: string;
} & ButtonProps) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      {...rest}
      {...(copied && copiedAriaLabel ? { 'aria-label': copiedAriaLabel } : {})}
      onClick={async () => {
        const ok = await copyText(text);
        setCopied(ok);
        announce(intl.formatMessage(ok ? m.done : m.failed));
      }}
    >
      {/* Both labels are laid out in one cell and the hidden one keeps its width, so the
          button (and its neighbours in a table row) do not move when the label changes. */}
      <span className="label-swap">
        <span className={copied ? 'label-off' : undefined} aria-hidden={copied || undefined}>
          {label ?? intl.formatMessage(m.label)}
        </span>
        <span className={copied ? undefined : 'label-off'} aria-hidden={!copied || undefined}>
          {intl.formatMessage(m.copied)}
        </span>
      </span>
    </Button>
  );
}
