-- Web push (docs/decisions/063-web-push.md): the browsers a reader allowed to show notifications,
-- and one delivery per new inbox item and browser, sent by a leased background worker.

-- One browser's push subscription (PushSubscription.toJSON()): the push service's endpoint and
-- the keys its messages are encrypted to. An endpoint is one browser profile; whoever registered
-- it last is its owner.
create table push_subscriptions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- One inbox item to push to one browser. Only a new item makes one: an event collapsed into an
-- unread item (count + 1) updates it and pushes nothing more, so a flood is one push. Claimed with
-- a lease like notification_jobs; sent_at is kept for the per-reader rate limit.
create table push_deliveries (
  id text primary key default gen_random_uuid()::text,
  notification_id text not null references notifications (id) on delete cascade,
  subscription_id text not null references push_subscriptions (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  run_after timestamptz not null default now(),
  attempts integer not null default 0,
  lease_owner text,
  lease_expires_at timestamptz,
  last_error text,
  sent_at timestamptz,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  unique (notification_id, subscription_id)
);
create index push_deliveries_due on push_deliveries (run_after) where done_at is null;
create index push_deliveries_sent on push_deliveries (user_id, sent_at) where sent_at is not null;

-- New inbox items (not collapsed ones: an insert … on conflict do update lists only the rows it
-- inserted here) whose reader turned push on for the kind become one delivery per browser of
-- theirs, in the transaction that recorded them: one statement per fan-out batch, whatever made it.
create function notifications_push_deliveries() returns trigger
  language plpgsql as $$
begin
  insert into push_deliveries (notification_id, subscription_id, user_id)
  select n.id, s.id, n.user_id
  from new_rows as n
  join push_subscriptions as s on s.user_id = n.user_id
  where exists (select 1 from notification_preferences as p
    where p.user_id = n.user_id and p.kind = n.kind and p.channel = 'push' and p.enabled)
  on conflict do nothing;
  return null;
end $$;

create trigger notifications_push after insert on notifications
  referencing new table as new_rows
  for each statement execute function notifications_push_deliveries();
