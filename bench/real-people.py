# Run by bench/real-people.sh inside the real server's `manage.py shell`: adds the people of $PEOPLE (JSON lines
# from bench/sim-people.ts) to the dev organization with Zulip's own bulk path, then gives each what the
# simulator gives them and the users page shows: role, address visibility, time zone, join date, last seen.
# DRY=--dry-run does it all in a transaction rolled back.
import json
import os
import time
from datetime import datetime, timedelta

from django.db import transaction
from django.utils.timezone import now as timezone_now

from zerver.lib.bulk_create import bulk_create_users
from zerver.lib.cache import active_user_ids_cache_key, cache_delete, realm_user_dicts_cache_key
from zerver.lib.create_user import get_display_email_address
from zerver.models import NamedUserGroup, UserGroupMembership, UserPresence, UserProfile
from zerver.models.realms import get_realm


class RolledBack(Exception):
    pass


def give_roles(realm, profiles, wanted):
    """Roles other than member, with the system group membership a role change gives (bulk_create_users makes
    everyone a member: direct member of Members and Full members)."""
    changed = [p for p in profiles if wanted[p.delivery_email]["role"] != UserProfile.ROLE_MEMBER]
    groups = {g.name: g for g in NamedUserGroup.objects.filter(realm=realm, is_system_group=True)}
    UserGroupMembership.objects.filter(
        user_profile__in=changed, user_group__in=list(groups.values())
    ).delete()
    memberships = []
    for p in changed:
        p.role = wanted[p.delivery_email]["role"]
        name = NamedUserGroup.SYSTEM_USER_GROUP_ROLE_MAP[p.role]["name"]
        memberships.append(UserGroupMembership(user_profile=p, user_group=groups[name]))
    UserGroupMembership.objects.bulk_create(memberships)


def give_details(realm, profiles, wanted, now):
    for p in profiles:
        person = wanted[p.delivery_email]
        p.email_address_visibility = person["email_address_visibility"]
        p.email = get_display_email_address(p)
        p.timezone = person["timezone"]
        p.date_joined = datetime.fromisoformat(person["date_joined"])
    UserProfile.objects.bulk_update(
        profiles,
        ["role", "email_address_visibility", "email", "timezone", "date_joined"],
        batch_size=1000,
    )
    UserPresence.objects.bulk_create(
        UserPresence(
            user_profile=p,
            realm=realm,
            last_active_time=now - timedelta(seconds=wanted[p.delivery_email]["active_seconds_ago"]),
            last_connected_time=now - timedelta(seconds=wanted[p.delivery_email]["connected_seconds_ago"]),
        )
        for p in profiles
        if wanted[p.delivery_email]["active_seconds_ago"] is not None
    )


def main():
    dry = os.environ["DRY"] == "--dry-run"
    with open(os.environ["PEOPLE"]) as f:
        wanted = {p["email"]: p for p in (json.loads(line) for line in f if line.strip())}
    realm = get_realm("zulip")
    started = time.monotonic()
    try:
        with transaction.atomic():
            bulk_create_users(
                realm, {(e, p["full_name"], p["is_active"]) for e, p in wanted.items()}, timezone="UTC"
            )
            profiles = list(UserProfile.objects.filter(realm=realm, delivery_email__in=list(wanted)))
            give_roles(realm, profiles, wanted)
            give_details(realm, profiles, wanted, timezone_now())
            active = UserProfile.objects.filter(realm=realm, is_active=True).count()
            print(
                f"added {len(profiles)} people in {time.monotonic() - started:.1f} s; "
                f"{active} active in the organization"
            )
            if dry:
                raise RolledBack()
    except RolledBack:
        print("dry run: rolled back")
    # The bulk path leaves the cached user lists as they were: GET /users would go on answering without them.
    cache_delete(realm_user_dicts_cache_key(realm.id))
    cache_delete(active_user_ids_cache_key(realm.id))


main()
