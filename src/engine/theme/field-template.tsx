/**
 * The field template: the widget (which shows its own label, the red asterisk when required, and its error),
 * then help. Groups (objects and arrays) have no widget to carry an error, so their errors are written here, in
 * red, under the group. Which errors reach a field at all — only those of touched fields until a submit — is
 * decided by the form (engine/react DocumentForm), so this template shows whatever it is given.
 */
import { Box, Text } from '@mantine/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';

function isGroup(schema: FieldTemplateProps['schema']): boolean {
  return schema.type === 'object' || schema.type === 'array';
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, classNames, style, label, help, displayLabel, rawDescription, hidden, schema, uiSchema, registry } = props;
  const { children, rawErrors, required, disabled, readonly, onKeyRename, onKeyRenameBlur, onRemoveProperty } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);

  if (hidden) return <Box display="none">{children}</Box>;

  const groupErrors = isGroup(schema) && rawErrors && rawErrors.length > 0 ? rawErrors : [];
  return (
    <WrapIfAdditionalTemplate
      id={id}
      classNames={classNames}
      style={style}
      label={label}
      displayLabel={displayLabel}
      rawDescription={rawDescription}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      required={required}
      disabled={disabled}
      readonly={readonly}
      onKeyRename={onKeyRename}
      onKeyRenameBlur={onKeyRenameBlur}
      onRemoveProperty={onRemoveProperty}
    >
      {children}
      {groupErrors.map((error) => (
        <Text key={error} c="red" size="sm" role="alert">
          {error}
        </Text>
      ))}
      {help}
    </WrapIfAdditionalTemplate>
  );
}
