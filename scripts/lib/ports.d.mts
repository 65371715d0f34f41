export function freePort(): Promise<number>;
export function isPortFree(port: number, host?: string): Promise<boolean>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
