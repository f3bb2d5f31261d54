/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Development only: `user:password` sent as basic authorisation to POST /searches (spec §7). */
  readonly VITE_SEARCH_BASIC_AUTH?: string;
}
