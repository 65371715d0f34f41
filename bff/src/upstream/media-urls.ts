// The story pictures the api serves at /v1/media/<id>, as the bff serves them: same-origin, at
// /media/<id> (transport/media-proxy.ts streams them from the api), so answers and pages name the
// bff's address and never the api's.

/** Where the bff serves the api's pictures. */
export const MEDIA_PATH = "/media";
/** Where the api serves them. */
export const API_MEDIA_PATH = "/v1/media/";

/** The api's `/v1/media/<id>` as the BFF serves it: `/media/<id>`. */
export function sameOriginMediaUrl(apiUrl: string): string {
  return apiUrl.startsWith(API_MEDIA_PATH)
    ? `${MEDIA_PATH}/${apiUrl.slice(API_MEDIA_PATH.length)}`
    : apiUrl;
}
