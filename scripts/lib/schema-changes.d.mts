import type { Change } from "@graphql-inspector/core";
export function schemaChanges(
  baselineSdl: string,
  currentSdl: string,
): Promise<{ changes: Change[]; breaking: Change[] }>;
