import type { IncomingHttpHeaders } from "node:http";
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}
export function rawRequest(
  baseUrl: string,
  request: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  },
): Promise<RawResponse>;
