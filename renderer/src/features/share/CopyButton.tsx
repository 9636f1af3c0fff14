import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { Button, type ButtonProps } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';

export function CopyButton({
  text,
  label = 'Copy link',
  copiedAriaLabel,
  ...rest
}: {
  text: string;
  label?: string;
  /**
   * The name while "✓ Copied" shows, when the button has an aria-label ("Copy link for Tea"
   * becomes "Copied link for Tea"): a name that still said "Copy" would not match the
   * words on the button (WCAG 2.5.3, axe label-content-name-mismatch).
   */
  copiedAriaLabel?: string;
} & ButtonProps) {
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
        announce(
          ok ? 'Link copied to the clipboard' : 'Could not copy: select the link and copy it',
        );
      }}
    >
      {/* Both labels are laid out in one cell and the hidden one keeps its width, so the
          button (and its neighbours in a table row) do not move when the label changes. */}
      <span className="label-swap">
        <span className={copied ? 'label-off' : undefined} aria-hidden={copied || undefined}>
          {label}
        </span>
        <span className={copied ? undefined : 'label-off'} aria-hidden={!copied || undefined}>
          ✓ Copied
        </span>
      </span>
    </Button>
  );
}
