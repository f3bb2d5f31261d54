/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Development only: `user:password` sent as basic authorisation to POST /searches (product §7). */
  readonly VITE_SEARCH_BASIC_AUTH?: string;
  /** The build's id (vite.config.ts), compared with builds/latest.json by the build check. */
  readonly VITE_BUILD_ID: string;
  /** Build time setting: how often a running page asks for builds/latest.json (default 300000 ms). */
  readonly VITE_BUILD_CHECK_INTERVAL_MS?: string;
  /** Build time setting: the personalisation service's event endpoint; without it events go nowhere. */
  readonly VITE_PERSONALISATION_URL?: string;
}
