// What a seller typed or chose in a server-rendered form before the page's script ran (it loads after
// the first paint, decision 062). The page's loader (server/entry-loader.ts) marks each field the
// seller changed with its value in TYPED_ATTRIBUTE; hydration then sets a controlled field back to
// its state, so each field component hands the marked value to its state once it is hydrated (the
// form kit's text fields here; the device page's answers in src/ui/offer/question-list.tsx).

import { useEffect, useRef } from 'react';
import { TYPED_ATTRIBUTE } from '../contracts/page-assets';

/** A ref for a text field: once hydrated, the field gives what was typed into it before to `take`. */
export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(take: (typed: string) => void) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const field = ref.current;
    const typed = field?.getAttribute(TYPED_ATTRIBUTE);
    if (!field || typed == null) return;
    field.removeAttribute(TYPED_ATTRIBUTE);
    take(typed);
  }, [take]);
  return ref;
}
