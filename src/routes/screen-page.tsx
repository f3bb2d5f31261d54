// The frame of a screen: its localized heading (also what the document title names) and its content.

import { useLingui } from '@lingui/react';
import { useEffect, type ReactNode } from 'react';
import { SCREEN_TITLES, type PageScreen } from './screens';

/**
 * Marks the document once React owns the page's own content, not only its frame: the page's module
 * hydrates after the frame (its own Suspense boundary), so the mark comes from the page. Tests and
 * the page's loader (what was typed before is marked until then, decision 062) wait for it.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export function ScreenPage({ screen, title, children }: { screen: PageScreen; title?: string; children?: ReactNode }) {
  const { i18n } = useLingui();
  useHydratedMark();
  return (
    <article className={`screen screen-${screen}`} data-screen={screen}>
      <h1>{title ?? i18n._(SCREEN_TITLES[screen])}</h1>
      {children}
    </article>
  );
}
