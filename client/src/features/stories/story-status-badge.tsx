import { storyStatusLabel } from "../../lib/story-status";
import "./story-status-badge.css";

/**
 * Status badge colours: blue generating, yellow ready_for_review, green completed, red error,
 * grey struck-through discarded. The label carries the meaning; colour only repeats it.
 */
export function StoryStatusBadge({ status }: { status: string }) {
  return (
    <span className={`status-badge status-badge--${status.toLowerCase().replaceAll("_", "-")}`}>
      {storyStatusLabel(status)}
    </span>
  );
}
