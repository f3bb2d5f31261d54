import { ScreenPage } from '../screen-page';

export default function ClarificationPage() {
  return <ScreenPage screen="clarification" />;
}
