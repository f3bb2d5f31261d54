// A link that leaves the widget: it opens the page in the full shop of the brand, in a new tab (the
// widget lives in a partner's frame; terms, privacy, account pages are not part of its flow). Outside a
// widget host it opens the same path of this shop in a new tab. The server renders the path alone (the
// page cache does not key on the host name); the browser then points it at the full shop's host.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { fullShopOrigin } from '../../config/hosts';

const subscribeNever = () => () => {};
const browserOrigin = () => fullShopOrigin(window.location) ?? '';
const serverOrigin = () => '';

/** The address of `path` in the full shop (this page's host while server rendering or outside a widget host). */
export function useFullShopHref(path: string): string {
  return `${useSyncExternalStore(subscribeNever, browserOrigin, serverOrigin)}${path}`;
}

export function FullShopLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <a href={useFullShopHref(to)} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="visually-hidden"> {i18n._(msg`(opens in a new tab)`)}</span>
    </a>
  );
}
