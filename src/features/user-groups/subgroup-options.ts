import { groupDisplayName } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import { ancestorPaths, parentIndex } from './grants';

export interface SubgroupCandidate {
  group: UserGroup;
  /** Why it cannot be added; null when it can. */
  reason: string | null;
}

/**
 * Which groups may become subgroups of `groupId`. Not this group itself, and not any group that already
 * contains it at any depth (that would form a cycle, which the server refuses); not a current direct
 * subgroup either. Deactivated groups are left out entirely: they are never offered anywhere.
 */
export function subgroupCandidates(groupId: number, groups: readonly UserGroup[]): SubgroupCandidate[] {
  const self = groups.find((g) => g.id === groupId);
  const name = (id: number) => {
    const g = groups.find((x) => x.id === id);
    return g ? groupDisplayName(g) : `group ${id}`;
  };
  // Every group above this one, with the chain that makes it so.
  const above = ancestorPaths([groupId], parentIndex(groups));
  const current = new Set(self?.direct_subgroup_ids ?? []);
  return groups
    .filter((g) => !g.deactivated)
    .map((group): SubgroupCandidate => {
      if (group.id === groupId) return { group, reason: 'A group cannot be its own subgroup.' };
      const chain = above.get(group.id);
      if (chain) {
        const text = chain.map(name).join(' ⊂ ');
        return {
          group,
          reason: `${groupDisplayName(group)} already contains this group (${text}), so adding it would form a cycle.`,
        };
      }
      if (current.has(group.id)) return { group, reason: 'Already a subgroup.' };
      return { group, reason: null };
    });
}
