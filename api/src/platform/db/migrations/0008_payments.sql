-- Paying for stories: premium as a dated grant, priced stories, purchases driven by the payment
-- provider's webhook, the authors' ledger (docs/decisions/030-premium-prices-and-access.md,
-- docs/decisions/031-payments.md).

-- Premium was a flag every new user got (decision 005, replaced). It is now a projection of the
-- grants below: premium while premium_until is in the future; null means not premium. Whoever
-- writes a grant updates it in the same transaction. Nobody has paid yet, so nobody keeps premium.
alter table users drop column is_premium;
alter table users add column premium_until timestamptz;

-- The author's price, in minor units of the site's one currency; null: free. Only the fixed price
-- points are allowed (docs/decisions/030).
alter table stories add column price_cents integer check (price_cents in (99, 199, 299, 499));
-- When the price was last set or removed (null: never priced).
alter table stories add column priced_at timestamptz;

-- One attempt to pay: for a story (kind 'story', story_id set) or for a period of premium (kind
-- 'premium'). Its state moves forward only: pending -> paid -> refunded, pending -> expired or
-- failed. A paid story purchase is the buyer's access to that story, whatever the price later is.
-- Deleting a buyer, story or author keeps the row for the accounts (the ids become null).
create table purchases (
  id text primary key,
  user_id text references users(id) on delete set null,
  kind text not null check (kind in ('story', 'premium')),
  story_id text references stories(id) on delete set null,
  -- The story's title when bought, so the buyer's list and the ledger still read after a deletion.
  story_title text,
  author_id text references users(id) on delete set null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  -- The author's share of this sale (0 for premium).
  author_share_cents integer not null default 0 check (author_share_cents >= 0),
  -- Premium bought: how many days it adds.
  premium_days integer check (premium_days > 0),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'refunded', 'expired', 'failed')),
  provider text not null,
  provider_session_id text,
  provider_payment_id text,
  checkout_url text,
  -- Why a paid purchase was refunded: 'duplicate', 'admin', 'provider'.
  refund_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  refunded_at timestamptz,
  check ((kind = 'story') = (story_id is not null or story_title is not null)),
  unique (provider, provider_session_id),
  unique (provider, provider_payment_id)
);
-- One open (pending) or paid purchase per buyer and story: a double click or a second tab finds the
-- first one instead of starting another checkout.
create unique index purchases_one_open_story_idx on purchases (user_id, story_id)
  where kind = 'story' and status in ('pending', 'paid');
-- GET /purchases/my, newest first, keyset-paged.
create index purchases_user_created_idx on purchases (user_id, created_at desc, id desc);
-- The access check: does this reader own this story?
create index purchases_story_paid_idx on purchases (story_id, user_id) where status = 'paid';

-- Premium periods and admin grants. premium_until is the latest ends_at of the grants not revoked
-- (an admin grant with no end: 'infinity').
create table premium_grants (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  source text not null check (source in ('admin', 'purchase')),
  purchase_id text references purchases(id) on delete set null,
  granted_by text references users(id) on delete set null,
  starts_at timestamptz not null default now(),
  ends_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index premium_grants_user_idx on premium_grants (user_id, ends_at desc);

-- Every webhook event, once: the primary key is how a redelivered or concurrent duplicate is
-- recognised. The payload is kept for the admin's event log.
create table payment_events (
  provider text not null,
  event_id text not null,
  type text not null,
  purchase_id text references purchases(id) on delete set null,
  payload jsonb not null,
  -- What handling it did: 'applied', 'ignored', 'duplicate-refunded', ...
  outcome text,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
create index payment_events_purchase_idx on payment_events (purchase_id, received_at);

-- The authors' ledger: a sale's share when a purchase is paid, the same amount negative when it is
-- refunded. One row of each kind per purchase at most. Paying authors out is the next step.
create table earnings (
  id text primary key,
  author_id text references users(id) on delete cascade,
  purchase_id text not null references purchases(id) on delete cascade,
  story_id text references stories(id) on delete set null,
  kind text not null check (kind in ('sale', 'refund')),
  amount_cents integer not null,
  currency text not null,
  created_at timestamptz not null default now(),
  unique (purchase_id, kind)
);
create index earnings_author_created_idx on earnings (author_id, created_at desc, id desc);
