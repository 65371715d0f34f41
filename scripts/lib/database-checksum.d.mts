export function databaseChecksum(
  query: (statement: string) => Promise<Array<Record<string, unknown>>>,
  options?: { except?: string[] },
): Promise<() => Promise<Record<string, unknown>>>;
