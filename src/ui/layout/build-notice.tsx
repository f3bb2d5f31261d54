// Tells the seller when a new build of the shop is live and offers a reload, but only at a safe
// moment: never while a form field has the focus, and never on the checkout (it waits until the
// checkout is submitted and the thank-you page shows). The page mounts it (and so loads its code) when
// the first check is due, one interval after start, in production builds only (src/routes/root.tsx);
// it checks at once, then every interval (src/services/build-check.ts).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

const isEditing = () =>
  document.activeElement instanceof HTMLElement && document.activeElement.matches('input, textarea, select, [contenteditable]');

export function BuildNotice({ intervalMs }: { intervalMs: number }) {
  const { i18n } = useLingui();
  const screen = useRouterState({ select: (s) => s.matches.at(-1)?.staticData.screen });
  const [newBuild, setNewBuild] = useState(false);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let active = true;
    let stop = () => undefined as void;
    void import('../../services/build-check').then(({ watchBuilds }) => {
      if (!active) return;
      stop = watchBuilds({
        currentBuildId: import.meta.env.VITE_BUILD_ID,
        intervalMs,
        firstCheckInMs: 0,
        onNewBuild: () => setNewBuild(true),
      });
    });
    return () => {
      active = false;
      stop();
    };
  }, [intervalMs]);

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
