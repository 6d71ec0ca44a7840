/** The employer's contacts (types 1 to 5, shown by name), and which of them the employee sees; saved as one list. */
import { Button, Checkbox, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { CONTACT_TYPE_NAMES } from '#domain/employer/contacts.ts';
import type { StaffContact as EmployerContact } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { useEditableList } from '../layout/use-editable-list.ts';
import { SavedNote } from '../layout/saved-note.tsx';

const TYPES = ([1, 2, 3, 4, 5] as const).map((type) => ({ value: String(type), label: CONTACT_TYPE_NAMES[type] }));
const blank = (): EmployerContact => ({ contacttype: 1, displaytoemployee: true, firstname: '', middlename: null, lastname: '', emailaddress: null, phonenumber: null });

export function ContactsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/contacts`;
  const list = useEditableList<EmployerContact>(path, 'contacts');
  const contacts = list.items;
  const setContacts = list.update;

  const change = (index: number, patch: Partial<EmployerContact>) => {
    setContacts((current) => current.map((contact, i) => (i === index ? { ...contact, ...patch } : contact)));
  };
  const text = (value: string) => (value === '' ? null : value);

  return (
    <Stack>
      <FailureAlert error={list.readError ?? list.saveError} onReload={list.reload} />
      {/* Scrolls on its own on a phone rather than widening the page past the screen. */}
      <Table.ScrollContainer minWidth={760}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>First Name</Table.Th>
              <Table.Th>Last Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Shown to Employees</Table.Th>
              <Table.Th>Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((contact, i) => {
              const n = i + 1;
              return (
                <Table.Tr key={i}>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Contact ${n} type`}
                      disabled={!canChange}
                      data={TYPES}
                      value={String(contact.contacttype)}
                      onChange={(e) => change(i, { contacttype: Number(e.currentTarget.value) as EmployerContact['contacttype'] })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Contact ${n} first name`} disabled={!canChange} value={contact.firstname} onChange={(e) => change(i, { firstname: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Contact ${n} last name`} disabled={!canChange} value={contact.lastname} onChange={(e) => change(i, { lastname: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Contact ${n} email`} disabled={!canChange} value={contact.emailaddress ?? ''} onChange={(e) => change(i, { emailaddress: text(e.currentTarget.value) })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Contact ${n} phone`} disabled={!canChange} value={contact.phonenumber ?? ''} onChange={(e) => change(i, { phonenumber: text(e.currentTarget.value) })} />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Contact ${n} shown to employees`}
                      disabled={!canChange}
                      checked={contact.displaytoemployee}
                      onChange={(e) => change(i, { displaytoemployee: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button variant="subtle" color="red" disabled={!canChange} onClick={() => setContacts((current) => current.filter((_, j) => j !== i))}>
                      Remove contact {n}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canChange && (
        <Group>
          <Button variant="default" disabled={!list.loaded} onClick={() => setContacts((current) => [...current, blank()])}>
            Add Contact
          </Button>
          <Button onClick={() => void list.save()} disabled={!list.loaded}>Save Contacts</Button>
        </Group>
      )}
      <SavedNote shown={list.saved} text="Contacts saved." />
    </Stack>
  );
}
