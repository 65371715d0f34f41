-- Profiles of people signed in with Firebase Auth. Later tables reference users(id) ON DELETE
-- CASCADE, so deleting the row deletes everything a person owns (DELETE /auth/delete-account).
create table users (
  id text primary key,
  firebase_uid text not null unique,
  email text,
  username text not null,
  display_name text,
  avatar_url text,
  bio text,
  -- Pictures show only to premium readers; everyone is premium until payments exist
  -- (docs/decisions/005-everyone-premium-for-now.md).
  is_premium boolean not null default true,
  roles text[] not null default '{}' check (roles <@ array['admin', 'moderator']::text[]),
  age_verified_at timestamptz,
  tos_accepted_at timestamptz,
  privacy_policy_accepted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Usernames are unique ignoring case, as /profile/{username} links read them.
create unique index users_username_lower_key on users (lower(username));
