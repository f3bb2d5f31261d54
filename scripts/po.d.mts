export function readPo(locale: string): Map<string, string>;
