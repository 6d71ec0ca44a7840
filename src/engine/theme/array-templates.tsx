/**
 * Arrays of things a person adds and removes (a profile's people): the texts come from the array's uiSchema
 * ('ui:options'), so the theme knows nothing of what the items are. `addText` names the add button; `itemTitle`
 * is the legend of each item's fieldset (so the item's fields are a group named by it), `removeText` names the
 * item's remove button; `{number}` in either is the item's 1-based position. Without them, rjsf's icon buttons.
 * After an add, the keyboard's focus goes to the new item's first field (else it stays on the add button, far from
 * what was added).
 */
import { Box, Button, Fieldset, Group } from '@mantine/core';
import type { ArrayFieldItemTemplateProps, IconButtonProps } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';
import MantineTemplates from '@rjsf/mantine/lib/templates/index.js';
import { useEffect, useRef, type MouseEvent } from 'react';
import { textOption } from './widget-support.ts';

const numbered = (text: string, index: number) => text.replaceAll('{number}', String(index + 1));

const MantineAddButton = MantineTemplates.ButtonTemplates!.AddButton!;

const ITEM = ':scope > .rjsf-array-item';
const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Focuses the first field of the item the array (the fieldset holding `button`) gains next, once it is shown; the
 * returned function stops waiting.
 */
function focusAddedItem(button: HTMLElement): () => void {
  const list = button.closest('fieldset')?.querySelector<HTMLElement>('.rjsf-array-item-list');
  if (!list) return () => undefined;
  const before = list.querySelectorAll(ITEM).length;
  const observer = new MutationObserver(() => {
    const items = list.querySelectorAll<HTMLElement>(ITEM);
    const field = items.length > before ? items[items.length - 1]?.querySelector<HTMLElement>(FIELD) : undefined;
    if (!field) return;
    observer.disconnect();
    field.focus();
  });
  observer.observe(list, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function AddButton(props: IconButtonProps) {
  const addText = textOption(getUiOptions(props.uiSchema), 'addText', '');
  const stopWaiting = useRef<() => void>(undefined);
  useEffect(() => () => stopWaiting.current?.(), []);
  const add = (event: MouseEvent<HTMLButtonElement>) => {
    stopWaiting.current?.();
    stopWaiting.current = focusAddedItem(event.currentTarget);
    props.onClick?.(event);
  };
  if (!addText) return <MantineAddButton {...props} onClick={add} />;
  return (
    <Button id={props.id} className={props.className} variant="light" disabled={props.disabled} onClick={add}>
      {addText}
    </Button>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, hasToolbar, buttonsProps, parentUiSchema, uiSchema, registry } = props;
  const options = getUiOptions(parentUiSchema);
  const itemTitle = textOption(options, 'itemTitle', '');
  const removeText = textOption(options, 'removeText', '');
  const ButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  const otherButtons = removeText ? { ...buttonsProps, hasRemove: false } : buttonsProps;
  const hasOtherButtons = otherButtons.hasCopy || otherButtons.hasMoveUp || otherButtons.hasMoveDown || otherButtons.hasRemove;
  const toolbar = hasToolbar && (
    <Group gap="xs" justify="flex-end">
      {hasOtherButtons && <ButtonsTemplate {...otherButtons} />}
      {removeText && buttonsProps.hasRemove && (
        <Button
          id={`${buttonsProps.fieldPathId.$id}__remove`}
          variant="subtle"
          color="red"
          size="compact-sm"
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          onClick={buttonsProps.onRemoveItem}
        >
          {numbered(removeText, index)}
        </Button>
      )}
    </Group>
  );
  if (!itemTitle) {
    return (
      <Box className={props.className} mb="xs">
        {children}
        {toolbar}
      </Box>
    );
  }
  return (
    <Fieldset className={props.className} legend={numbered(itemTitle, index)} mb="sm" style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' }}>
      {children}
      {toolbar}
    </Fieldset>
  );
}
