// Tells the seller when a new build of the shop is live and offers a reload, but only at a safe
// moment: never while a form field has the focus, and never on the checkout (it waits until the
// checkout is submitted and the thank-you page shows). The check itself (src/services/build-check.ts)
// loads after the first render, in production builds only.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BUILD_CHECK_INTERVAL_MS } from '../../config/constants';

const isEditing = () =>
  document.activeElement instanceof HTMLElement && document.activeElement.matches('input, textarea, select, [contenteditable]');

export function BuildNotice() {
  const { i18n } = useLingui();
  const screen = useRouterState({ select: (s) => s.matches.at(-1)?.staticData.screen });
  const [newBuild, setNewBuild] = useState(false);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let active = true;
    let stop = () => undefined as void;
    void import('../../services/build-check').then(({ watchBuilds }) => {
      if (!active) return;
      stop = watchBuilds({
        currentBuildId: import.meta.env.VITE_BUILD_ID,
        intervalMs: Number(import.meta.env.VITE_BUILD_CHECK_INTERVAL_MS) || BUILD_CHECK_INTERVAL_MS,
        onNewBuild: () => setNewBuild(true),
      });
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  useEffect(() => {
    if (!newBuild) return;
    const update = () => setTimeout(() => setEditing(isEditing()), 0);
    update();
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, [newBuild]);

  if (!newBuild || editing || screen === 'checkout') return null;
  return (
    <div className="build-notice" role="status" data-testid="build-notice">
      <span>{i18n._(msg`A new version of the shop is available.`)}</span>{' '}
      <button type="button" className="button secondary" onClick={() => location.reload()}>
        {i18n._(msg`Reload`)}
      </button>
    </div>
  );
}
