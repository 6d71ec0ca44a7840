/**
 * Four eyes on guarded texts (docs/staff.md, Guarded texts): a draft that changes a text the base document guards
 * (money, law or a person's choice) says so above Publish, lists each such text with why it is guarded and its new
 * words, and who saved the draft. Another implementer or admin approves it here; the one who saved it last cannot.
 * The approval holds for the draft as it is: a save after it asks for a new one. Publish stays off until then.
 */
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { DraftApproval, GuardedTextChange } from '#contracts/publish-proof.ts';
import { LANGUAGE_NAMES, isLanguage } from '#contracts/language.ts';

/** Whether the draft waits for a second staff member before it may be published. */
export const awaitsApproval = (approval: DraftApproval | null | undefined): boolean => !!approval && approval.guardedTexts.length > 0 && approval.approvedBy === null;

const languageName = (language: string) => (language === 'en' ? 'English' : isLanguage(language) ? `${LANGUAGE_NAMES[language]}, ${language}` : language);

function GuardedTexts({ texts }: { texts: GuardedTextChange[] }) {
  return (
    <List size="sm">
      {texts.map((text) => (
        <List.Item key={`${text.language}${text.pointer}`}>
          <Text span fw={600} size="sm">
            {text.pointer} ({languageName(text.language)})
          </Text>
          : {text.why} New text: {text.after === null ? '(removed)' : `“${text.after}”`}
        </List.Item>
      ))}
    </List>
  );
}

type Props = {
  approval: DraftApproval | null | undefined;
  /** Whether the person may approve (an implementer or admin); the server checks it too. */
  canChange: boolean;
  /** The draft in the editor differs from the one stored: approve what is stored only once it is seen as it is. */
  dirty: boolean;
  busy: boolean;
  onApprove: () => void;
};

export function DraftApprovalPanel({ approval, canChange, dirty, busy, onApprove }: Props) {
  if (!approval || approval.guardedTexts.length === 0) return null;
  if (approval.approvedBy !== null) {
    const when = approval.approvedAt ? ` on ${new Date(approval.approvedAt).toLocaleString('en-US')}` : '';
    return (
      <Alert color="green" title="Guarded texts approved" role="status">
        <Stack gap="xs">
          <Text size="sm">
            {approval.approvedBy} approved this draft{when}: it may be published. Saving it again asks for a new approval.
          </Text>
          <GuardedTexts texts={approval.guardedTexts} />
        </Stack>
      </Alert>
    );
  }
  const saver = approval.savedByYou ? 'you' : (approval.savedBy ?? 'someone');
  return (
    <Alert color="yellow" title="Needs approval by a second staff member" role="region" aria-label="Needs approval by a second staff member">
      <Stack gap="xs">
        <Text size="sm">
          This draft changes texts that state money, law or a person's choice. It is published only once a second staff member (an implementer or an admin other than {saver}, who saved it last) has read these texts and approved them:
        </Text>
        <GuardedTexts texts={approval.guardedTexts} />
        {approval.savedByYou ? (
          <Text size="sm">You saved this draft last, so you cannot approve it: ask another implementer or admin to open this page and approve it.</Text>
        ) : (
          canChange && (
            <>
              {dirty && <Text size="sm">Your edits are not saved: approve the draft as it is stored, or save your edits (which then need another staff member's approval).</Text>}
              <Button onClick={onApprove} loading={busy} disabled={dirty} w="fit-content">
                Approve
              </Button>
            </>
          )
        )}
      </Stack>
    </Alert>
  );
}
