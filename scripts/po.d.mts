export const CATALOGS: readonly string[];
export function readPo(locale: string, catalog?: string): Map<string, string>;
export function readAllPo(locale: string): Map<string, string>;
