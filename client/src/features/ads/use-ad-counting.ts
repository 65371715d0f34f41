import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import {
  RecordAdClickMutation,
  RecordAdViewMutation,
  TrackAffiliateClickMutation,
} from "./ad-queries";

// Counting never stands in the reader's way: the link opens whatever the answer, and a failed
// count is simply not counted (the api's raw figures are the admins' view of what was lost).
// Nothing is cached: each answer is about one request.

/** Records that an offer's ad was seen on screen. */
export function useRecordAdView() {
  const [record] = useMutation(RecordAdViewMutation, { fetchPolicy: "no-cache" });
  return useCallback(
    (nonce: string) => void record({ variables: { nonce } }).catch(() => {}),
    [record],
  );
}

/** Records a click on an offer's ad while the browser follows its link. */
export function useRecordAdClick() {
  const [record] = useMutation(RecordAdClickMutation, { fetchPolicy: "no-cache" });
  return useCallback(
    (nonce: string) => void record({ variables: { nonce } }).catch(() => {}),
    [record],
  );
}

/** Records a click on an affiliate link while the browser follows it. */
export function useTrackAffiliateClick() {
  const [track] = useMutation(TrackAffiliateClickMutation, { fetchPolicy: "no-cache" });
  return useCallback((id: string) => void track({ variables: { id } }).catch(() => {}), [track]);
}
