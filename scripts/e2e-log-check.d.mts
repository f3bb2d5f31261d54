export declare const FINDINGS: readonly (readonly [string, RegExp])[];
export declare function findingsOf(line: string): string[];
