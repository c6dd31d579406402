// Types for sql-scan.mjs (plain ESM JavaScript), for TypeScript importers.

export type TokenKind = "ws" | "semi" | "word" | "variable" | "other";
export interface Token {
  kind: TokenKind;
  text: string;
}
export interface SqlParam {
  index: number;
  name: string | null;
}

export function tokenize(sql: string): Token[];
export function countStatements(sql: string): number;
export function sqlParameters(sql: string): SqlParam[];
export function isExplain(sql: string): boolean;
