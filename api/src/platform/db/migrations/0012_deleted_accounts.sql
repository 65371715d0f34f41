-- Deleted accounts stay deleted (docs/decisions/040-cheap-identity-revocation-and-deletion.md):
-- the Firebase uid of every deleted account, written in the transaction that deletes the profile,
-- so a request still carrying that person's token (a second tab, a cached verification) can
-- never create the profile again. Firebase never gives a uid to a second account.
create table deleted_accounts (
  firebase_uid text primary key,
  deleted_at timestamptz not null default now(),
  -- When the sign-in account was removed too; null while that is still to be retried.
  sign_in_removed_at timestamptz
);
