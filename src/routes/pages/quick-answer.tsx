import { ScreenPage } from '../screen-page';

export default function QuickAnswerPage() {
  return <ScreenPage screen="quickAnswer" />;
}
