-- The bff's WebSocket caps, shared by every bff replica (docs/decisions/050): one row per open
-- socket counted against a key (`person:<user id>` or `address:<client address>`), held by the
-- bff replica that serves the socket until `lease_until`. A replica renews its slots' leases
-- while their sockets are open and releases a slot when its socket closes; a replica that
-- crashed stops renewing, and its slots stop counting once their leases end.
--
-- Unlogged, as rate_limits: only recovery from a crash empties it, and then every replica's
-- renewal finds its slots gone and the caps count afresh from the sockets opened after.
create unlogged table socket_slots (
  id text primary key,
  key text not null,
  lease_until timestamptz not null
);
-- Counting a key's live slots when one more is asked for.
create index socket_slots_key_idx on socket_slots (key, lease_until);
-- The sweep of ended leases.
create index socket_slots_lease_idx on socket_slots (lease_until);
