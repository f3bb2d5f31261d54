import { ThankYou } from '../../ui/checkout/thank-you';
import { ScreenPage } from '../screen-page';

export default function ThankYouPage() {
  return (
    <ScreenPage screen="thankYou">
      <ThankYou />
    </ScreenPage>
  );
}
