#!/usr/bin/env bash
# Adds people to the real Zulip server's dev organization for the bench's `people` rows (bench/real.ts), with
# Zulip's own bulk path (zerver.lib.bulk_create.bulk_create_users, the one populate_db uses: about 25 s for
# 10,000), through manage.py shell as the kit runs it (../shared/real-zulip/creds.sh). Nothing removes them but
# the kit's reset-db.sh, which recreates the whole database: run it right after the bench.
#   bench/real-people.sh 10000          add 10,000 people (bench-<tag>-<n>@zulip.com)
#   bench/real-people.sh 50 --dry-run   the same in a transaction rolled back: checks the script, adds nobody
# Settings: REAL_ZULIP_KIT (../shared/real-zulip), and the kit's own (lib.sh). Run as root, as the kit is.
set -eu
COUNT=${1:?how many people}
DRY=${2:-}
KIT=${REAL_ZULIP_KIT:-/work/shared/real-zulip}
. "$KIT/lib.sh"
TAG=$(date +%s)
(cd "$Z" && setpriv --reuid="$ZUSER" --regid="$ZUSER" --init-groups \
    env COUNT="$COUNT" TAG="$TAG" DRY="$DRY" bash -c ". '$D/env.sh'; ./manage.py shell -v 0 -c '
import os, time
from django.db import transaction
from zerver.lib.bulk_create import bulk_create_users
from zerver.lib.cache import active_user_ids_cache_key, cache_delete, realm_user_dicts_cache_key
from zerver.models import UserProfile
from zerver.models.realms import get_realm

class RolledBack(Exception):
    pass

count, tag, dry = int(os.environ[\"COUNT\"]), os.environ[\"TAG\"], os.environ[\"DRY\"] == \"--dry-run\"
realm = get_realm(\"zulip\")
people = {(f\"bench-{tag}-{i}@zulip.com\", f\"Bench person {tag} {i:05d}\", True) for i in range(count)}
started = time.monotonic()
try:
    with transaction.atomic():
        bulk_create_users(realm, people, timezone=\"UTC\")
        active = UserProfile.objects.filter(realm=realm, is_active=True).count()
        print(f\"added {count} people in {time.monotonic() - started:.1f} s; {active} active in the organization\")
        if dry:
            raise RolledBack()
except RolledBack:
    print(\"dry run: rolled back\")
# bulk_create_users leaves the cached user lists as they were: GET /users would go on answering without them.
cache_delete(realm_user_dicts_cache_key(realm.id))
cache_delete(active_user_ids_cache_key(realm.id))
'")
