// What a seller typed or chose in a server-rendered form before the page's script ran (it loads after
// the first paint, decision 062). The page's loader (server/ssr/entry-loader.ts) marks each field the
// seller changed with its value in TYPED_ATTRIBUTE; hydration then sets a controlled field back to
// its state, so each field hands the marked value to its state once it is hydrated: the form kit's
// text fields and the header search with the hook below, the device page's answers with takeTyped
// (src/ui/offer/question-list.tsx).

import { useEffect, useEffectEvent, useRef } from 'react';
import { TYPED_ATTRIBUTE } from '../contracts/page-assets';

/** The value the loader marked on a field, once (the mark is removed); null without a mark. */
export function takeTyped(field: Element | null | undefined): string | null {
  const typed = field?.getAttribute(TYPED_ATTRIBUTE) ?? null;
  if (typed !== null) field?.removeAttribute(TYPED_ATTRIBUTE);
  return typed;
}

/** A ref for a text field: once hydrated, the field gives what was typed into it before to `take`. */
export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(take: (typed: string) => void) {
  const ref = useRef<E>(null);
  const onTyped = useEffectEvent(take);
  // On hydration only: the mark is gone after it, so later renders have nothing to read.
  useEffect(() => {
    const typed = takeTyped(ref.current);
    if (typed !== null) onTyped(typed);
  }, []);
  return ref;
}
