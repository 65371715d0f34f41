export function databaseChecksum(
  query: (statement: string) => Promise<Array<Record<string, unknown>>>,
): Promise<() => Promise<Record<string, unknown>>>;
