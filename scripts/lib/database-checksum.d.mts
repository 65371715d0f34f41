export function databaseChecksum(
  query: (statement: string) => Promise<Array<Record<string, unknown>>>,
  options?: { except?: string[]; columns?: Record<string, string[]> },
): Promise<() => Promise<Record<string, unknown>>>;
