import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../auth";

interface StoryPictureProps {
  src: string;
  alt: string;
  loading?: "lazy" | "eager";
}

/**
 * A story picture. Public stories' pictures load as plain, cacheable images; a private story's
 * pictures are only served to its owner, and <img> cannot send a token, so when the plain load
 * fails the picture is fetched once more with the viewer's ID token and shown from memory.
 */
export function StoryPicture({ src, alt, loading }: StoryPictureProps) {
  const { getIdToken } = useAuth();
  const [authorized, setAuthorized] = useState<{ src: string; objectUrl: string } | null>(null);
  const retried = useRef<string | null>(null);

  useEffect(() => {
    if (!authorized) return;
    return () => URL.revokeObjectURL(authorized.objectUrl);
  }, [authorized]);

  async function retryWithToken() {
    if (retried.current === src) return;
    retried.current = src;
    const token = await getIdToken();
    if (!token) return;
    try {
      const response = await fetch(src, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) return;
      setAuthorized({ src, objectUrl: URL.createObjectURL(await response.blob()) });
    } catch (error) {
      console.warn("Could not load a story picture", error);
    }
  }

  const shown = authorized?.src === src ? authorized.objectUrl : src;
  return <img src={shown} alt={alt} loading={loading} onError={() => void retryWithToken()} />;
}
