// A part of an account screen whose data could not be loaded: what failed and a retry button.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

export function QueryProblem({ text, onRetry, retrying }: { text: string; onRetry: () => void; retrying: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className="form-problem" role="alert">
      <p>{text}</p>
      <button type="button" className="button secondary" onClick={onRetry} disabled={retrying}>
        {i18n._(msg`Try again`)}
      </button>
    </div>
  );
}
