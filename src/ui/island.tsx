// A part of the page that is seen, not used: logos, the rating seal. The server renders it with the
// page; the browser keeps the server's HTML while hydrating and loads the part's code after the
// initial scripts (decision 007). React leaves a Suspense boundary whose code has not arrived as the
// server rendered it and hydrates it when the code is there, so nothing blinks.
//
// Only a dynamic import may name the part's module (a static import, even unused, keeps it in the
// initial chunk). The server therefore loads every island before it renders (`loadIslands`).

import { lazy, Suspense, type ComponentType } from 'react';

const serverLoads: (() => Promise<unknown>)[] = [];

export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  if (import.meta.env.SSR) {
    serverLoads.push(
      () =>
        (loading ??= load().then((component) => {
          loaded = component;
        })),
    );
  }
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Island(props: P) {
    const Part = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Island;
}

/** Loads the code of every island, so a server render shows them (renderToString does not wait). */
export function loadIslands(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()));
}
