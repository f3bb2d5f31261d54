// /newsletter/unsubscribe/{emailHash}: the unsubscribe link of every newsletter mail (and the target
// of the DE legacy redirect): one step, then /newsletter/unsubscribe/success.

import { useParams } from '@tanstack/react-router';
import { UnsubscribeView } from '../../ui/newsletter/unsubscribe-view';
import { ScreenPage } from '../screen-page';

export default function NewsletterUnsubscribePage() {
  const { emailHash } = useParams({ strict: false }) as { emailHash?: string };
  return (
    <ScreenPage screen="newsletterUnsubscribe">
      <UnsubscribeView key={emailHash ?? ''} emailHash={emailHash ?? null} />
    </ScreenPage>
  );
}
