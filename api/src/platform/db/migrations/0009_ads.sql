-- House ads and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md): admins run
-- them, the api serves and counts them itself (no third-party script, no cookie), and no raw
-- address is stored: a viewer is a key, a hash that changes every day.

-- An ad an admin runs in one placement: the home feed or between passages of the reader.
create table ads (
  id text primary key,
  title text not null,
  body text not null default '',
  -- Shown beside the text; https only (the site's Content-Security-Policy allows https images).
  image_url text check (image_url like 'https://%'),
  target_url text not null check (target_url like 'https://%' or target_url like 'http://%'),
  placement text not null check (placement in ('home', 'reader')),
  -- Its share of the slot against the other ads running in the placement.
  weight integer not null default 1 check (weight between 1 and 100),
  -- Its window; null: from now on, or without end.
  starts_at timestamptz,
  ends_at timestamptz,
  paused boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or ends_at > starts_at)
);
create index ads_placement_idx on ads (placement) where not paused;

-- One ad served to one viewer: its nonce is the one-time token its view and click are counted
-- by. A view counts when the offer is fresh and not yet viewed; a click when it was viewed and
-- not yet clicked. Offers older than a week are of no use and may be deleted.
create table ad_offers (
  nonce text primary key,
  ad_id text not null references ads(id) on delete cascade,
  viewer_key text not null,
  served_at timestamptz not null default now(),
  viewed_at timestamptz,
  clicked_at timestamptz
);
-- The per-viewer daily cap: the views of a viewer key (which changes every day).
create index ad_offers_viewer_idx on ad_offers (viewer_key) where viewed_at is not null;
-- The admin's counted figures.
create index ad_offers_ad_idx on ad_offers (ad_id);

-- Every view and click request on an offer, counted or not (a repeat, a stale nonce, a bot, an
-- admin): the raw figures the admin sees beside the counted ones, one row per ad and day.
create table ad_raw_counts (
  ad_id text not null references ads(id) on delete cascade,
  day date not null,
  views integer not null default 0,
  clicks integer not null default 0,
  primary key (ad_id, day)
);

-- An affiliate link: shown to readers under a story as "Recommended", with its disclosure.
create table affiliate_links (
  id text primary key,
  label text not null,
  target_url text not null check (target_url like 'https://%' or target_url like 'http://%'),
  -- Shown beside the link; null: the site's own ("Affiliate link · Storyloom may earn a commission").
  disclosure text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Every click on an affiliate link, counted or not. One counted click per viewer, link and hour
-- (the unique index); a bot, an admin or a repeat is kept with its reason, uncounted.
create table affiliate_clicks (
  id bigint generated always as identity primary key,
  link_id text not null references affiliate_links(id) on delete cascade,
  viewer_key text not null,
  hour_bucket timestamptz not null,
  counted boolean not null,
  reason text check (reason in ('repeat', 'bot', 'admin', 'head')),
  clicked_at timestamptz not null default now(),
  check (counted = (reason is null))
);
create unique index affiliate_clicks_once_idx on affiliate_clicks (link_id, viewer_key, hour_bucket)
  where counted;
create index affiliate_clicks_link_idx on affiliate_clicks (link_id);
