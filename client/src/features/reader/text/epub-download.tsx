import { useState } from "react";
import { useAuth } from "../../auth";
import "../../../components/form.css";
import "./epub-download.css";

// "Download EPUB" (docs/product.md#epub-downloads): the bff's /epub/<publicId> with the reader's
// token, so the book holds what they may read, saved through a link to the downloaded bytes.

export const EPUB_MESSAGES = {
  download: "Download EPUB",
  preparing: "Preparing EPUB...",
  includeDiscussion: "Include the discussion",
  failed: "Could not download the story.",
} as const;

interface EpubDownloadProps {
  publicId: string;
  /** The discussion is open on this story: offer its notes and comments as endnotes. */
  withDiscussion: boolean;
}

/** The file name the server gave (Content-Disposition's UTF-8 one first), else story.epub. */
function fileNameOf(disposition: string | null): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // Malformed: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? "story.epub";
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click's task is over.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function EpubDownload({ publicId, withDiscussion }: EpubDownloadProps) {
  const { getIdToken } = useAuth();
  const [includeDiscussion, setIncludeDiscussion] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const token = await getIdToken();
      const query = withDiscussion && includeDiscussion ? "?discussion=true" : "";
      const response = await fetch(`/epub/${encodeURIComponent(publicId)}${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`download answered ${response.status}`);
      save(await response.blob(), fileNameOf(response.headers.get("content-disposition")));
    } catch (error) {
      console.warn("Could not download the story", error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="epub-download">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy}
        onClick={() => void download()}
      >
        {busy ? EPUB_MESSAGES.preparing : EPUB_MESSAGES.download}
      </button>
      {withDiscussion ? (
        <label className="checkbox epub-download__option">
          <input
            type="checkbox"
            checked={includeDiscussion}
            onChange={(event) => setIncludeDiscussion(event.target.checked)}
          />
          <span>{EPUB_MESSAGES.includeDiscussion}</span>
        </label>
      ) : null}
      {failed ? (
        <p className="epub-download__error" role="alert">
          {EPUB_MESSAGES.failed}
        </p>
      ) : null}
    </div>
  );
}
