import type { ChildProcess } from "node:child_process";

export function readableLogLine(line: string): string;
export interface StartedProcess {
  name: string;
  child: ChildProcess;
  ready: Promise<RegExpMatchArray | null>;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output(): string;
  stop(timeoutMs?: number): Promise<void>;
}
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options?: {
    env?: Record<string, string | undefined>;
    cwd?: string;
    readyPattern?: RegExp;
    quiet?: boolean;
  },
): StartedProcess;
