/**
 * The employer's additional-service products and their price options; saved as one list. A price stays as typed
 * (no clamping): the server refuses a negative one and its message shows at the field. The description and each
 * option have a Spanish version beside the English (optional; spanish-versions.tsx marks and counts those without).
 */
import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import type { StaffProduct, StaffProductOption as ProductOption } from '../api/types.ts';
import { FailureAlert, fieldErrorOf } from '../layout/failure-alert.tsx';
import { useEditableList } from '../layout/use-editable-list.ts';
import { SavedNote } from '../layout/saved-note.tsx';
import { lacksSpanish, MissingSpanishCount, NoSpanishBadge } from './spanish-versions.tsx';

/** A price option as edited: the price input's value, a number or the text being typed ('', '-'), sent as it is. */
type EditedOption = Omit<ProductOption, 'cost'> & { cost: number | string };
type EditedProduct = Omit<StaffProduct, 'options'> & { options: EditedOption[] };

const blank = (): EditedProduct => ({
  productname: '',
  vendorname: '',
  description: '',
  description_es: null,
  subcategory: null,
  taxstatus: 'Post-Tax',
  active: true,
  options: [{ option: '', cost: 0 }],
});
const TAX_STATUSES = ['Post-Tax', 'Pre-Tax'] as const;

export function ProductsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/products`;
  const list = useEditableList<EditedProduct>(path, 'products');
  const products = list.items;
  const setProducts = list.update;

  const change = (index: number, patch: Partial<EditedProduct>) => {
    setProducts((current) => current.map((product, i) => (i === index ? { ...product, ...patch } : product)));
  };
  const changeOption = (index: number, optionIndex: number, patch: Partial<EditedOption>) =>
    change(index, { options: products[index]!.options.map((option, j) => (j === optionIndex ? { ...option, ...patch } : option)) });

  const texts = products.flatMap((product) => [
    { english: product.description, spanish: product.description_es },
    ...product.options.map((option) => ({ english: option.option, spanish: option.option_es })),
  ]);
  const written = texts.filter((text) => text.english.trim() !== '');
  const missing = written.filter((text) => lacksSpanish(text.english, text.spanish)).length;
  const spanishNote = (english: string, spanish: string | null | undefined) => (lacksSpanish(english, spanish) ? <NoSpanishBadge /> : undefined);

  return (
    <Stack>
      <FailureAlert error={list.readError ?? list.saveError} onReload={list.reload} />
      <MissingSpanishCount missing={missing} total={written.length} />
      {products.map((product, i) => {
        const n = i + 1;
        return (
          <Fieldset key={product.id ?? `new-${i}`} legend={`Service ${n}: ${product.productname || 'new'}`} disabled={!canChange}>
            <Stack gap="xs">
              <Group grow>
                <TextInput label={`Service ${n} name`} value={product.productname} onChange={(e) => change(i, { productname: e.currentTarget.value })} />
                <TextInput label={`Service ${n} vendor`} value={product.vendorname} onChange={(e) => change(i, { vendorname: e.currentTarget.value })} />
              </Group>
              <Group grow align="start">
                <TextInput label={`Service ${n} description`} value={product.description} onChange={(e) => change(i, { description: e.currentTarget.value })} />
                <TextInput
                  label={`Service ${n} description in Spanish`}
                  lang="es"
                  description={spanishNote(product.description, product.description_es)}
                  value={product.description_es ?? ''}
                  onChange={(e) => change(i, { description_es: e.currentTarget.value })}
                />
              </Group>
              <Group grow align="end">
                <TextInput
                  label={`Service ${n} subcategory`}
                  value={product.subcategory ?? ''}
                  onChange={(e) => change(i, { subcategory: e.currentTarget.value === '' ? null : e.currentTarget.value })}
                />
                <NativeSelect
                  label={`Service ${n} tax status`}
                  data={[...TAX_STATUSES]}
                  value={product.taxstatus ?? 'Post-Tax'}
                  onChange={(e) => change(i, { taxstatus: e.currentTarget.value as StaffProduct['taxstatus'] })}
                />
                <Checkbox label={`Service ${n} offered`} checked={product.active} onChange={(e) => change(i, { active: e.currentTarget.checked })} />
              </Group>
              {product.options.map((option, j) => (
                <Group key={j} grow align="start">
                  <TextInput label={`Service ${n} option ${j + 1}`} value={option.option} onChange={(e) => changeOption(i, j, { option: e.currentTarget.value })} />
                  <TextInput
                    label={`Service ${n} option ${j + 1} in Spanish`}
                    lang="es"
                    description={spanishNote(option.option, option.option_es)}
                    value={option.option_es ?? ''}
                    onChange={(e) => changeOption(i, j, { option_es: e.currentTarget.value })}
                  />
                  <NumberInput
                    label={`Service ${n} option ${j + 1} monthly price ($)`}
                    min={0}
                    clampBehavior="none"
                    decimalScale={2}
                    value={option.cost}
                    error={fieldErrorOf(list.saveError, `/products/${i}/options/${j}/cost`)}
                    onChange={(value) => changeOption(i, j, { cost: value })}
                  />
                </Group>
              ))}
              <Group>
                <Button variant="default" size="xs" onClick={() => change(i, { options: [...product.options, { option: '', cost: 0 }] })}>
                  Add price option to service {n}
                </Button>
                <Button variant="subtle" color="red" size="xs" onClick={() => setProducts((current) => current.filter((_, j) => j !== i))}>
                  Remove service {n}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {canChange && (
        <Group>
          <Button variant="default" disabled={!list.loaded} onClick={() => setProducts((current) => [...current, blank()])}>
            Add Service
          </Button>
          <Button onClick={() => void list.save()} disabled={!list.loaded}>Save Services</Button>
        </Group>
      )}
      <SavedNote shown={list.saved} text="Services saved." />
    </Stack>
  );
}
