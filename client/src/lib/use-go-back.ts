import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * For Cancel on the generation form and the reader's back button: history back when this app has
 * a previous entry, else `fallback`. React Router gives the first entry the key "default".
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== "default";
  return useCallback(() => {
    if (hasHistory) void navigate(-1);
    else void navigate(fallback);
  }, [fallback, hasHistory, navigate]);
}
