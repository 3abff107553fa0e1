#!/usr/bin/env bash
# Adds the simulator's generated people (bench/sim-people.ts: the same names, addresses, roles, deactivated
# people, address visibility, time zones, join dates and last-seen times as the simulator with SIM_USERS=<count>)
# to the real Zulip server's dev organization, for the bench's `people` rows (bench/real.ts): the users page
# there against the same page on the simulator compares only with the same people on both. Zulip's own bulk path
# (zerver.lib.bulk_create.bulk_create_users, the one populate_db uses), through manage.py shell as the kit runs
# it (../shared/real-zulip/creds.sh); bench/real-people.py does the rest. Nothing removes them but the kit's
# reset-db.sh, which recreates the whole database: run it right after the bench.
#   bench/real-people.sh 10000          add the simulator's 10,000 people (<first>.<last>.<n>@demo.test)
#   bench/real-people.sh 50 --dry-run   the same in a transaction rolled back: checks the script, adds nobody
# Settings: REAL_ZULIP_KIT (../shared/real-zulip), and the kit's own (lib.sh). Run as root, as the kit is, from
# the repository (node on PATH).
set -eu
COUNT=${1:?how many people}
DRY=${2:-}
KIT=${REAL_ZULIP_KIT:-/work/shared/real-zulip}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$KIT/lib.sh"
PEOPLE=$(mktemp /tmp/real-people.XXXXXX.jsonl)
trap 'rm -f "$PEOPLE"' EXIT
(cd "$HERE/.." && npx tsx bench/sim-people.ts "$COUNT") > "$PEOPLE"
# The server's own user reads it.
chmod 644 "$PEOPLE"
CODE=$(cat "$HERE/real-people.py")
(cd "$Z" && setpriv --reuid="$ZUSER" --regid="$ZUSER" --init-groups \
    env PEOPLE="$PEOPLE" DRY="$DRY" CODE="$CODE" bash -c ". '$D/env.sh'; ./manage.py shell -v 0 -c \"\$CODE\"")
