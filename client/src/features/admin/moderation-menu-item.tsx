import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { isModerator, ModerationViewerQuery } from "./moderation-queries";

interface ModerationMenuItemProps {
  /** Asked only once the menu opens, so closed menus cost no request. */
  active: boolean;
  className: string;
  onNavigate: () => void;
}

/** The user menu's "Moderation" entry, shown only to moderators and admins. */
export function ModerationMenuItem({ active, className, onNavigate }: ModerationMenuItemProps) {
  const { data } = useQuery(ModerationViewerQuery, { skip: !active });
  if (!isModerator(data?.viewer?.roles)) return null;
  return (
    <li>
      <Link className={className} to="/admin" onClick={onNavigate}>
        Moderation
      </Link>
    </li>
  );
}
