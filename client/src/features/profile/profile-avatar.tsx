import { useState } from "react";
import "./profile.css";

interface ProfileAvatarProps {
  username: string;
  avatarUrl: string | null | undefined;
  size?: number;
}

/**
 * A person's picture: an https address the api checked, shown as a plain <img> the site's image
 * policy allows, without a referrer, and the first letter of the name when there is none or it
 * fails to load (docs/decisions/025).
 */
export function ProfileAvatar({ username, avatarUrl, size = 96 }: ProfileAvatarProps) {
  const [failed, setFailed] = useState(false);
  if (avatarUrl && !failed) {
    return (
      <img
        className="profile-avatar"
        src={avatarUrl}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="profile-avatar profile-avatar--initial"
      style={{ width: size, height: size, fontSize: size / 2.4 }}
      aria-hidden="true"
    >
      {username.charAt(0).toUpperCase() || "?"}
    </span>
  );
}
