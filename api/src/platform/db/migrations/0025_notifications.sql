-- Notifications (docs/decisions/056-notifications.md): a reader's inbox, what they chose to hear
-- about per kind and channel, and the background jobs that fan an author's news out to followers.

-- One inbox item. Unread items of one kind on one story collapse into one, its count raised
-- (notifications_unread_collapse): a flood of replies is one line "12 replies", not twelve.
-- It names the story and who acted, never any text of the story or of a comment.
create table notifications (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  kind text not null check (
    kind in ('new_story', 'new_chapter', 'comment_reply', 'story_note', 'story_purchase', 'moderation_outcome')
  ),
  story_id text not null references stories (id) on delete cascade,
  -- Who acted last (the writer, the replier, the buyer); null for moderation and deleted people.
  actor_id text references users (id) on delete set null,
  -- moderation_outcome: 'approved' or 'rejected'; null otherwise.
  outcome text check (outcome in ('approved', 'rejected')),
  count integer not null default 1 check (count >= 1),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index notifications_unread_collapse on notifications (user_id, kind, story_id)
  where read_at is null;
-- The inbox, newest first, and its unread count.
create index notifications_inbox on notifications (user_id, updated_at desc, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;

-- A reader's choice for one kind on one channel; no row: the kind's default (on for the inbox,
-- off for push and e-mail).
create table notification_preferences (
  user_id text not null references users (id) on delete cascade,
  kind text not null,
  channel text not null check (channel in ('inbox', 'push', 'email')),
  enabled boolean not null,
  primary key (user_id, kind, channel)
);

-- Background work, claimed with a lease like the story writer's jobs (FOR UPDATE SKIP LOCKED):
-- fan-out of a new story or chapter to the writer's followers, in batches, its progress kept in
-- `after` so a worker that dies resumes without notifying anyone twice. `dedupe_key` makes
-- enqueuing the same news twice one job.
create table notification_jobs (
  id text primary key,
  kind text not null check (kind in ('fan_out')),
  dedupe_key text not null unique,
  payload jsonb not null,
  -- The last subscriber id already notified (fan_out), in subscriber id order.
  after text,
  run_after timestamptz not null default now(),
  attempts integer not null default 0,
  lease_owner text,
  lease_expires_at timestamptz,
  last_error text,
  done_at timestamptz,
  created_at timestamptz not null default now()
);

create index notification_jobs_due on notification_jobs (run_after) where done_at is null;
