// /clarification/{id}/{trade}?token=…: the seller answers the clarification of a trade (the mail's
// link, or the account's without a token). A wrong or expired link never gets here: the route's
// loader answers the expired-link 404 page.

import { ClarificationFlow } from '../../ui/clarification/clarification-view';
import { NotFoundPage } from '../not-found';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';

export default function ClarificationPage() {
  const link = usePageData('clarificationLink');
  return (
    <ScreenPage screen="clarification">
      <ClarificationFlow key={`${link.clarificationId}/${link.tradeNumber}`} link={link} expired={<NotFoundPage />} />
    </ScreenPage>
  );
}
