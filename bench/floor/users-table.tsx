import { Table } from '@mantine/core';

export interface Member {
  user_id: number;
  full_name: string;
  email: string;
}

/** The floor pages' users table: the list's first rows, with the row roles and indexes the bench waits for. */
export function FloorUsersTable({ members }: { members: Member[] | null }) {
  return (
    <Table role="table" aria-rowcount={members ? members.length + 1 : -1}>
      <Table.Thead>
        <Table.Tr role="row" aria-rowindex={1}>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(members ?? []).slice(0, 30).map((m, i) => (
          <Table.Tr key={m.user_id} role="row" aria-rowindex={i + 2}>
            <Table.Td>{m.full_name}</Table.Td>
            <Table.Td>{m.email}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
