-- The rate limits' counters, shared by every api replica (docs/decisions/017): one row per limit
-- and key, `points` turns taken in the window that ends at `expire`; rate-limiter-flexible's
-- RateLimiterDrizzle keeps them with one atomic upsert per turn.
--
-- Unlogged: a turn is written on every anonymous request, and a counter is worth no WAL write or
-- flush. A clean restart keeps the table; only recovery from a crash empties it, which at worst
-- gives everyone a fresh window.
create unlogged table rate_limits (
  key text primary key,
  points integer not null,
  expire timestamptz
);
-- The sweep of windows that ended an hour ago.
create index rate_limits_expire_idx on rate_limits (expire);
