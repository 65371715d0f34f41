#!/usr/bin/env bash
# Storyloom's GraphQL API with curl (docs/graphql.md): a visitor's query, signing in with the Auth
# emulator, a signed-in query, and what errors look like. Needs curl and jq.
#
#   STORYLOOM_URL=http://127.0.0.1:4000 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 bash curl-walkthrough.sh
set -euo pipefail

STORYLOOM_URL="${STORYLOOM_URL:-http://127.0.0.1:4000}"
FIREBASE_AUTH_EMULATOR_HOST="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
GRAPHQL="$STORYLOOM_URL/graphql"

echo "1. A visitor lists the newest stories (no token needed)"
curl -sS "$GRAPHQL" \
  -H 'content-type: application/json' \
  -d '{"query":"{ stories(first: 3) { edges { node { publicId title } } pageInfo { hasNextPage endCursor } } }"}' |
  jq -e '.data.stories.pageInfo'

echo "2. Sign up with the Auth emulator and keep the ID token"
EMAIL="curl-$(date +%s%N)@example.com"
TOKEN=$(curl -sS "http://$FIREBASE_AUTH_EMULATOR_HOST/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key" \
  -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"correct-horse-1\",\"returnSecureToken\":true}" |
  jq -er '.idToken')
echo "token: ${TOKEN:0:12}…"

echo "3. The same endpoint, signed in: the token goes in the Authorization header"
curl -sS "$GRAPHQL" \
  -H 'content-type: application/json' \
  -H "authorization: Bearer $TOKEN" \
  -d '{"query":"{ viewer { username email } }"}' |
  jq -e --arg email "$EMAIL" '.data.viewer | select(.email == $email)'

echo "4. A bad token is UNAUTHENTICATED"
curl -sS "$GRAPHQL" \
  -H 'content-type: application/json' \
  -H 'authorization: Bearer not-a-token' \
  -d '{"query":"{ viewer { username } }"}' |
  jq -e '.errors[0].extensions.code == "UNAUTHENTICATED"'

echo "5. An operation over a limit is refused before it runs: QUERY_TOO_COMPLEX"
curl -sS "$GRAPHQL" \
  -H 'content-type: application/json' \
  -d '{"query":"{ stories(first: 100) { edges { node { comments { replies { replies { replies { replies { replies { replies { replies { id } } } } } } } } } } } }"}' |
  jq -e '.errors[0].extensions.code == "QUERY_TOO_COMPLEX"'

echo "6. A GET without a JSON content type is a simple request: CSRF prevention refuses it"
curl -sS "$GRAPHQL?query=%7B__typename%7D" |
  jq -e '.errors[0].message | test("CSRF")'

echo "Done."
