// /clarification/{id}/{trade}?token=…: the seller answers the clarification of a trade (the mail's
// link, or the account's without a token). A wrong or expired link answers the expired-link 404 page:
// from the route's loader when the token is refused, else when the flow's own call is refused.

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
