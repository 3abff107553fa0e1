import { Alert, List, Text } from '@mantine/core';
import { dismissSkippedRecords, useSkippedRecords } from '../client/skipped-records';
import { describeSkippedRecord } from '../shared/bff/skipped-records';

const SHOWN = 5;

/**
 * Names the records the chat server sent that the console could not read. The pages show everything else, so
 * one odd record (a field a newer or older server spells differently) costs that record, not the page.
 */
export function SkippedRecordsBanner() {
  const reads = useSkippedRecords();
  const records = reads.flatMap((read) => read.records);
  if (records.length === 0) return null;
  const count = records.length === 1 ? '1 record' : `${records.length} records`;
  return (
    <Alert
      color="yellow"
      mb="md"
      title={`The chat server sent ${count} the console could not read`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismissSkippedRecords}
    >
      <Text size="sm">Everything else is shown and used. Left out:</Text>
      <List size="sm" mt={4}>
        {records.slice(0, SHOWN).map((record, i) => (
          <List.Item key={i}>{describeSkippedRecord(record)}</List.Item>
        ))}
      </List>
      {records.length > SHOWN ? (
        <Text size="sm" mt={4}>
          and {records.length - SHOWN} more.
        </Text>
      ) : null}
    </Alert>
  );
}
