// The BIC of the bank an IBAN belongs to, shown when the seller left the optional BIC empty (issue 15
// part 4): read from the bank code table of the IBAN's country, which loads on first use. Nothing
// shows while it loads or when the bank is not known.

import { Suspense, use, type ReactNode } from 'react';
import { bicOfIban } from '../../services/bank-codes';
import './form.css';

export function DerivedBic({ iban, children }: { iban: string; children: (bic: string) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Known iban={iban}>{children}</Known>
    </Suspense>
  );
}

function Known({ iban, children }: { iban: string; children: (bic: string) => ReactNode }) {
  const bic = use(bicOfIban(iban));
  return bic === null ? null : children(bic);
}
