// /newsletter/enrich/{emailHash}?confirm=… (the confirmation link of the double opt-in mail) and
// /newsletter/enrich (logged in): confirm, then first name and interests.

import { useParams, useRouterState } from '@tanstack/react-router';
import { useAccount } from '../../ui/account/account-provider';
import { LoadingNote } from '../../ui/account/account-gate';
import { EnrichView } from '../../ui/newsletter/enrich-view';
import { ScreenPage } from '../screen-page';
import '../../ui/newsletter/newsletter.css';

export default function NewsletterEnrichPage() {
  const { emailHash } = useParams({ strict: false }) as { emailHash?: string };
  // Read from the raw query: the router's parser would turn a number-like token into a number.
  const confirmToken = useRouterState({ select: (state) => new URLSearchParams(state.location.searchStr).get('confirm') });
  const account = useAccount();
  const needsAccount = emailHash === undefined;
  return (
    <ScreenPage screen="newsletterEnrich">
      {needsAccount && !account.ready ? (
        <LoadingNote />
      ) : (
        <EnrichView
          key={`${emailHash ?? ''}|${confirmToken ?? ''}|${account.isLoggedIn}`}
          emailHash={emailHash ?? null}
          confirmToken={confirmToken}
          loggedIn={account.isLoggedIn}
          accessToken={account.getAccessToken}
        />
      )}
    </ScreenPage>
  );
}
