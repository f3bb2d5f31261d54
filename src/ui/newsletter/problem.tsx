// A newsletter call that got no verdict: no answer or a server failure (retry), or too many attempts.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { NewsletterFailure } from '../../machines/newsletter';

export function NewsletterProblem({ failure, onRetry }: { failure: NewsletterFailure | null; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="form-problem" role="alert">
      <p>
        {failure === 'rateLimited'
          ? i18n._(msg`Too many attempts. Please wait a minute and try again.`)
          : i18n._(msg`This did not work right now. Please try again.`)}
      </p>
      <button type="button" className="button secondary" onClick={onRetry}>
        {i18n._(msg`Try again`)}
      </button>
    </div>
  );
}
