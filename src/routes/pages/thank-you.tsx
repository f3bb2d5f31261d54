import { ScreenPage } from '../screen-page';

export default function ThankYouPage() {
  return <ScreenPage screen="thankYou" />;
}
