// The frame of a screen: its localized heading (also what the document title names) and its content.

import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { SCREEN_TITLES, type PageScreen } from './screens';

export function ScreenPage({ screen, title, children }: { screen: PageScreen; title?: string; children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <article className={`screen screen-${screen}`} data-screen={screen}>
      <h1>{title ?? i18n._(SCREEN_TITLES[screen])}</h1>
      {children}
    </article>
  );
}
