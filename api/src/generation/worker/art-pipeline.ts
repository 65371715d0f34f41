import { requestOf, storedChapters } from "../checkpoint-rules.js";
import type { JobContext } from "./job-context.js";

/**
 * Regenerate images (POST /stories/{id}/regenerate_art): new pictures for a story that is already
 * written (ready_for_review or completed), the cover alone when album_art_only was asked. The
 * status stays as it is; another variant makes the offline illustrator draw different pictures.
 */
export async function redrawArt(job: JobContext): Promise<void> {
  const { story } = job;
  const chapters = storedChapters(story);
  const albumArtOnly = story.imagesAlbumArtOnly;
  const images = await job.illustrator.illustrate(
    requestOf(story),
    { title: story.title, description: story.description ?? "", chapters },
    { albumArtOnly, signal: job.signal, variant: story.imagesVariant },
  );
  await job.finish(
    { imagesState: "done", imagesAlbumArtOnly: false, error: null },
    images,
    albumArtOnly ? "cover" : "all",
  );
}
