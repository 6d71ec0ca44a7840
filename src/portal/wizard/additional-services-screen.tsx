/**
 * Additional Services (spec §2, §4 Cart): one product card with a price option dropdown, an Add To Cart / Remove
 * toggle (added means its option's cost is in the cart), and Details, which is not built yet ('In Development').
 * The products are the answer of the step's declared load call, their description and options in the page's
 * language where staff wrote them in it, else in English marked lang="en". The option first shown is the one that
 * fits the member and the dependents on file (fittingOption).
 */
import type { Product } from '#contracts/entities.ts';
import { fittingOption } from '#domain/enrollment/additional-services.ts';
import { formatCents } from '#domain/values/money.ts';
import { nextBusyProps, useLoadCalls, type StepScreenProps } from '#engine/react/index.ts';
import { langOf, locale, messages } from '#portal/messages.ts';
import { Button, Card, Center, Group, Loader, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { failureMessage, RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { useEffect, useState } from 'react';
import { callScope, useWizard } from './wizard-context.tsx';

/** The id of the load call that reads the products (flows/enrollment.flow.json). */
const PRODUCTS_CALL = 'products';

export function AdditionalServicesScreen({ step, next, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const { choices, update } = wizard;
  const products = useLoadCalls(step.calls?.load, callScope(wizard));
  const product = (products.loaded[PRODUCTS_CALL] as { productlist: Product[] } | undefined)?.productlist[0];
  const [details, setDetails] = useState(false);

  // The product as loaded now (its texts in the page's language, after a switch of language too); the choice made
  // of the same product stays.
  useEffect(() => {
    if (!product) return;
    update((current) =>
      current.service?.product.id === product.id
        ? { ...current, service: { ...current.service, product } }
        : { ...current, service: { product, optionId: fittingOption(product.options, 1 + wizard.dependents.length)?.id ?? null, added: false } },
    );
  }, [product]);

  const service = choices.service;
  const setService = (change: Partial<NonNullable<typeof service>>) =>
    update((current) => (current.service ? { ...current, service: { ...current.service, ...change } } : current));

  return (
    <Stack gap="md">
      <Title order={2}>{step.title}</Title>
      {products.loading && (
        <Center>
          <Loader aria-label={messages['loading']} />
        </Center>
      )}
      {!products.loading && !product && failureMessage(products.errors, { networkOnly: true }) && (
        <RetryAlert message={failureMessage(products.errors, { networkOnly: true })!} onRetry={products.retry} />
      )}
      {!products.loading && !product && !failureMessage(products.errors, { networkOnly: true }) && <Text c="dimmed">{messages['service-none']}</Text>}
      {product && service && (
        <Card withBorder padding="lg" maw={520}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {product.productname}
            </Title>
            <Text size="sm" c="dimmed">
              {product.vendorname}
            </Text>
            <Text size="sm" lang={langOf(product.descriptionlang)}>
              {product.description}
            </Text>
            <NativeSelect
              label={messages['service-price-option']}
              value={service.optionId ?? ''}
              disabled={service.added}
              onChange={(event) => setService({ optionId: event.currentTarget.value })}
            >
              {product.options.map((option) => (
                <option key={option.id} value={option.id} lang={langOf(option.optionlang)}>
                  {`${option.option} - ${formatCents(option.cost, locale)}`}
                </option>
              ))}
            </NativeSelect>
            <Group>
              <Button
                color={service.added ? 'red' : undefined}
                variant={service.added ? 'light' : 'filled'}
                disabled={!service.optionId}
                onClick={() => setService({ added: !service.added })}
              >
                {service.added ? messages['remove'] : messages['service-add']}
              </Button>
              <Button variant="default" onClick={() => setDetails(true)}>
                {messages['service-details']}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Group>
        <Button onClick={next} {...nextBusyProps(nextBusy)}>
          {messages['next']}
        </Button>
      </Group>
      <Modal opened={details} onClose={() => setDetails(false)} title={product?.productname} centered>
        <Text>{messages['in-development']}</Text>
      </Modal>
    </Stack>
  );
}
