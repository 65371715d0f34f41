-- People: reading preferences kept with the account, and subscriptions to authors
-- (docs/decisions/025-people-profiles-subscriptions-and-account-deletion.md).

-- Null: not chosen, the client follows the system (theme) or its default (font).
alter table users
  add column theme text check (theme in ('light', 'dark')),
  add column reader_font text check (
    reader_font in ('Roboto', 'Open Sans', 'Lato', 'Merriweather', 'Source Serif Pro', 'Inter')
  );

-- A reader follows an author: one row per (subscriber, author); subscribing twice is still one.
-- Either account's deletion removes the row.
create table subscriptions (
  id text primary key,
  subscriber_id text not null references users(id) on delete cascade,
  author_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (subscriber_id, author_id),
  check (subscriber_id <> author_id)
);
-- GET /subscriptions/my, most recent first, keyset-paged by (created_at, id); also the feed's
-- followed authors.
create index subscriptions_subscriber_created_idx
  on subscriptions (subscriber_id, created_at desc, id desc);
-- GET /subscriptions/users/{id}/subscribers and the subscriber count.
create index subscriptions_author_created_idx on subscriptions (author_id, created_at desc, id desc);

-- An author's listed stories, newest published first: the profile's stories, its story count and
-- the subscription feed.
create index stories_author_listed_idx on stories (author_id, published_at desc, id desc)
  where status = 'completed' and is_public and moderation_status = 'approved';
