import { useEffect } from "react";

export const APP_NAME = "Storyloom";

export function formatDocumentTitle(title: string): string {
  return `${title} · ${APP_NAME}`;
}

/** Every page names itself in the browser tab: "<page> · Storyloom". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
