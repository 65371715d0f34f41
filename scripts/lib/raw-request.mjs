// One HTTP request sent as written (the path byte for byte, any header, any body bytes), for tests
// of what a server answers to requests no browser would send.
import http from "node:http";

/**
 * @param {string} baseUrl http://host:port of the server
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string | Buffer }} request
 */
export function rawRequest(baseUrl, { method = "GET", path, headers = {}, body }) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        headers:
          body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
