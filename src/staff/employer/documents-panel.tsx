/** The documents (forms and the enrollment flow) an employer's employees get, each opening its editor. */
import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type { ContentSummary } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';

export function DocumentsPanel({ accountid }: { accountid: string }) {
  const { data, error } = useSWR<ContentSummary[]>('/api/staff/content');
  return (
    <>
      <FailureAlert error={error} />
      {data && (
        <List aria-label="Documents">
          {data.map((document) => (
            <List.Item key={document.id}>
              <Anchor component={Link} to={`/employers/${accountid}/documents/${document.id}`}>
                {document.title || document.id}
              </Anchor>{' '}
              ({document.kind} {document.id})
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
