// The HTTP server's listening, as the start-up line reports it.
import type http from "node:http";

/** Listens on `host`:`port` (0: any free port); resolves to the URL listened on. */
export function listen(server: http.Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve(`http://${host}:${bound}`);
    });
  });
}
