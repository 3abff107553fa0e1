import { describe, expect, it } from 'vitest';
import { SVC_PREFIX } from '../../../shared/bff/constants';
import { svcOps } from '../../../shared/svc/catalog';
import { encodeParams, fillTemplate } from '../../../shared/svc/wire';
import { USERS_LIST_PATH } from '../../../shared/bff/first-load';
import { usersQueryOptions } from './get-users';

describe('usersQueryOptions', () => {
  it('asks for the list exactly as svc() would send svcOps.getUsers with the same parameters', () => {
    const params = usersQueryOptions().queryKey[2];
    expect(svcOps.getUsers.method).toBe('GET');
    expect(svcOps.getUsers.params.safeParse(params).success).toBe(true);
    const expected = `${SVC_PREFIX}${fillTemplate(svcOps.getUsers.template, params)}?${encodeParams(params)}`;
    expect(USERS_LIST_PATH).toBe(expected);
  });
});
