// /clarification/{id}/{trade}?token=…: the seller answers the clarification of a trade (the mail's
// link, or the account's without a token). The route's loader loaded the clarification (the server's
// HTML shows it; the flow starts from it) or answered the expired-link 404 page for a wrong, foreign
// or expired link; without a token the flow loads it with the session and says when that is refused.

import { ClarificationFlow } from '../../ui/clarification/clarification-view';
import { NotFoundPage } from '../not-found';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';

export default function ClarificationPage() {
  const link = usePageData('clarificationLink');
  return (
    <ClarificationFlow
      key={`${link.clarificationId}/${link.tradeNumber}`}
      link={link}
      expired={<NotFoundPage />}
      frame={(content) => <ScreenPage screen="clarification">{content}</ScreenPage>}
    />
  );
}
