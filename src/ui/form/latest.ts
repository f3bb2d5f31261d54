// The latest value of a render for callbacks that outlive it (a form machine's save actor is made
// once, with the first render; the account data it saves against changes after each save).

import { useEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
