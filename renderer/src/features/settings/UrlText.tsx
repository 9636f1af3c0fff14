// An address that wraps only after a "/", never inside a part: a webhook or tunnel URL broken
// mid-word ("…example-t" / "unnel.com…") reads like two addresses, or like a typo.
import { Fragment } from 'react';

/** "https://host/", then each path part with its "/" (the scheme stays with its host). */
export function urlParts(url: string): string[] {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/]*\/?)(.*)$/i.exec(url);
  const head = m?.[1] ?? '';
  const rest = m ? (m[2] ?? '') : url;
  return [head, ...rest.split(/(?<=\/)/)].filter((p) => p !== '');
}

export function UrlText({ url }: { url: string }) {
  const parts = urlParts(url);
  return (
    // Left to right in every language, isolated from the sentence around it.
    <bdi dir="ltr" className="mono url-text">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span className="url-part">{part}</span>
        </Fragment>
      ))}
    </bdi>
  );
}
